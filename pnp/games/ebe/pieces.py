"""The pieces a seat holds and where it explores: the weight of what it carries, damage tokens, the peak of
pieces in use, the area of a played card, and the names of the dice slots (functions over facts and state)."""
from __future__ import annotations

from .facts import (
    INFO_BASE,
    Facts,
)
from .state import State
from .variants import R_DAMAGE_CAP, R_INFO_WEIGHT


def weight(f: Facts, s: State, p: int) -> int:
    r = s.res[p]
    w = r[0] + r[1] + r[2] + r[3] + s.weap[p] + len(s.items[p])
    if s.rules & R_INFO_WEIGHT:
        # variant info-weight (ruling info-cards, option count): 「情報も手札にある間は重量に数える」
        w += sum(1 for t in s.hand[p] if t >= INFO_BASE)
    return w


def damage(f: Facts, s: State, p: int, k: int) -> None:
    """Damage tokens onto a character.  The draft: 「キャラクターのライフ以上のダメージを受けても、
    キャラクターは即死しません」 — damage above life stays (and is healed token by token); death is
    checked at the end of the turn.  The damage-cap variant stops at life (and at the printed tokens)."""
    if s.rules & R_DAMAGE_CAP:
        k = min(k, f.char_life[s.chars[p]] - s.dmg[p], s.supply_dmg)
    if k > 0:
        s.dmg[p] += k
        s.supply_dmg -= k
        used = f.total_dmg - s.supply_dmg
        if used > s.peak_dmg:
            s.peak_dmg = used


def note_cubes(f: Facts, s: State) -> None:
    tot = 0
    for r in range(4):
        used = f.total_cubes - s.supply_res[r]
        tot += used
        if used > s.peak_res[r]:
            s.peak_res[r] = used
    if tot > s.peak_cubes:
        s.peak_cubes = tot
    used = f.total_weap - s.supply_weap
    if used > s.peak_weap:
        s.peak_weap = used


def ebe_count(f: Facts, s: State) -> int:
    return 2 if s.rnd == 4 and s.turn < 4 else 1


def slot_name(f: Facts, s: State, slot: int) -> str:
    if slot < s.n:
        return f"{slot + 1}番席"
    return "イーバ" if len(s.ebe_now) == 1 else f"イーバ{slot - s.n + 1}"


def played_area(f: Facts, s: State, p: int) -> int:
    t = s.played[p]
    return f.exp_area[t] if t < INFO_BASE else f.item_area[t - INFO_BASE]


def token_area(f: Facts, t: int) -> int:
    """The area a 探索 card (or a 情報 played as one) explores."""
    return f.exp_area[t] if t < INFO_BASE else f.item_area[t - INFO_BASE]
