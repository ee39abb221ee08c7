"""One incident's resolution: the order of the challenges, the dice, injuries and deaths, the ranking (ヒーロータイム,
バッティング, the tie-breaks) and the cards awarded."""
from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ...messages import msg
from ...sim.engine import IllegalAction
from .actions import P_CHAL, P_TAKE, Roll
from .conditions import counted, final, wolf
from .facts import ST_DEATH, ST_FAIL, ST_GREAT, ST_INJ, ST_LAST_DEATHS, ST_SUCC, Facts
from .hands import end_hand
from .state import State


def start_incident(facts: Facts, s: State) -> None:
    k = s.inc
    hours = facts.kind_hours
    part = [i for i in range(s.n) if s.alive[i]]
    s.part = part
    pw = s.power
    for i in part:
        pw[i] = hours[s.p1[i][k]] + hours[s.p2[i][k]]
    pos = s.pos
    s.queue = sorted(part, key=lambda i: (pw[i], -pos[i]), reverse=True)  # pop() = next
    s.chal_order = tuple(reversed(s.queue))
    s.events.append(("start", k, tuple(pw), tuple(s.alive)))
    next_challenger(facts, s)


def next_challenger(facts: Facts, s: State) -> None:
    if s.queue:
        s.cur = s.queue.pop()
        s.phase = P_CHAL
    else:
        rank(facts, s)


def roll(facts: Facts, s: State, a: Roll) -> None:
    seat = s.chal
    d = s.det[seat]
    skills = s.hand_no >= 2
    sk = facts.sk
    mod = 1 if skills and d == (sk["wolf"] if s.notes else sk["hibachi"]) else 0
    num = s.inc + 1
    st = s.stats
    for colour, roll in ((0, a.green), (1, a.red)):
        if roll and (not (1 <= roll <= 8) or not s.dice & (1 << colour)):
            raise IllegalAction(msg("terror24.bad_roll", action=repr(a)))
    # ruling both-dice: each die on its own (variant both-must: the bonuses only when both succeed)
    void = (s.variant == "both-must" and bool(a.green) and bool(a.red)
            and not (a.green + mod > num and a.red + mod > num))
    # ドカベン's red failure: a death (ruling dokaben-red), an injury in the memo's skills and in variant
    # dokaben-red-injury
    red_injures = skills and d == sk["dokaben"] and (s.notes or s.variant == "dokaben-red-injury")
    for colour, roll in ((0, a.green), (1, a.red)):
        if not roll:
            continue
        base = 6 * colour
        if roll + mod > num:
            # ruling great-success: 「出目そのものが8のときだけ」 (variant great-modified: 8 after the +1 too)
            great = roll == 8 or (s.variant == "great-modified" and roll + mod >= 8)
            st[base + ST_SUCC] += 1
            if great:
                st[base + ST_GREAT] += 1
            if void:
                s.events.append(("die", seat, colour, roll, mod, "void", s.power[seat]))
                continue
            s.power[seat] += 1 + colour + (1 if great else 0)
            s.events.append(("die", seat, colour, roll, mod, "great" if great else "success", s.power[seat]))
        else:
            st[base + ST_FAIL] += 1
            if colour == 0 or red_injures:
                st[base + ST_INJ] += 1
                s.inj[seat] += 1
                limit = 3 if (skills and not s.notes and d == sk["dokaben"]) else 2
                dies = s.inj[seat] >= limit and s.alive[seat]
                s.events.append(("die", seat, colour, roll, mod, "injury_death" if dies else "injury",
                                 s.power[seat]))
                if s.inj[seat] >= limit:
                    die(facts, s, seat, base)
            else:
                s.events.append(("die", seat, colour, roll, mod, "death", s.power[seat]))
                die(facts, s, seat, base)
    s.dice = 0
    s.chal = -1
    next_challenger(facts, s)


def die(facts: Facts, s: State, seat: int, base: int) -> None:
    if not s.alive[seat]:
        return
    s.alive[seat] = False
    s.died[seat] = True
    s.stats[base + ST_DEATH] += 1
    if s.hand_no == s.hands:
        s.stats[ST_LAST_DEATHS + s.inc] += 1
    if s.wolf_halved and wolf(facts, s, seat):
        s.vp[seat] += 4                 # variant: at once, so the hand's halving takes half of it
    if s.death == "points" and final(s):
        # option death_rule=points, the notes: 「逆順に６−現在ラウンドという形で、初っ端で死ぬと５ＶＰ入る。
        # 最終ラウンドだと０ＶＰ」 — in the last hand only (「最終ハンドは殉職すると」)
        gain = 5 - s.inc
        s.vp[seat] += gain
        s.events.append(("death_points", seat, gain))


class _HeroTime(NamedTuple):
    """The ヒーロータイム cards of an incident and what they decide before the power counts."""
    played: list[int]       # the seats that placed one
    first: int              # the seat that ranks first by it (alone, or スコッチ in a clash), else −1
    notes_scotch: bool      # the memo's skills: スコッチ's clashing ヒーロータイム counts 3
    heroes: list[int]       # variant scotch-others-keep: every clashing ヒーロータイム ranks first


def rank(facts: Facts, s: State) -> None:
    """The ranking of an incident: ヒーロータイム first, then power, the first-row card, the play order;
    the 1位 and 2位 take the incident's cards."""
    k = s.inc
    s.incidents += 1
    ht = _hero_time(facts, s)
    pw, pos, p1 = s.power, s.pos, s.p1

    def key(i: int) -> tuple[int, int, int]:
        return (-pw[i], -counted(facts, s, i, p1[i][k], ht.notes_scotch), pos[i])

    first, heroes = ht.first, ht.heroes
    rest = [i for i in s.part if i != first and i not in heroes]
    rest.sort(key=key)
    ranked = ([first] if first >= 0 else []) + sorted(heroes, key=key) + rest
    by_first, by_order = _tie_breaks(ranked, 1 if first >= 0 else 0, heroes, key)
    s.tb_first += by_first
    s.tb_order += by_order
    s.last_rank = (k, tuple(ranked), tuple(pw), s.chal_order)
    s.events.append(("rank", k, tuple(ranked), tuple(pw), tuple(ht.played), first, by_first, by_order,
                     tuple(heroes)))
    _award_ranked(facts, s, ranked)


def _hero_time(facts: Facts, s: State) -> _HeroTime:
    """ヒーロータイム: one alone ranks first; in a clash (バッティング) none does, except スコッチ's from the
    second hand (the memo's skills: it counts 3; variant scotch-others-keep: all keep their effect)."""
    k = s.inc
    hero = facts.hero
    hts = [i for i in s.part if s.p1[i][k] == hero or s.p2[i][k] == hero]
    first = -1
    notes_scotch = False
    heroes: list[int] = []
    if not hts:
        return _HeroTime(hts, first, notes_scotch, heroes)
    s.ht_incidents += 1
    if len(hts) == 1:
        return _HeroTime(hts, hts[0], notes_scotch, heroes)
    s.clashes += 1
    scotch = facts.sk["scotch"]
    if s.hand_no >= 2:
        for i in hts:
            if s.det[i] == scotch:
                if s.notes:
                    s.power[i] += 3         # counts as 3 instead of 0
                    notes_scotch = True
                elif s.variant == "scotch-others-keep":
                    heroes = hts            # every ヒーロータイム keeps its effect: they rank first
                else:
                    first = i               # his ヒーロータイム keeps its effect
    return _HeroTime(hts, first, notes_scotch, heroes)


def _tie_breaks(ranked: list[int], lo: int, heroes: list[int],
                key: Callable[[int], tuple[int, int, int]]) -> tuple[bool, bool]:
    """Which tie-breaks decided the boundaries that matter (1st/2nd, 2nd/3rd), once per incident: the
    first-row card, or the play order."""
    by_first = by_order = False
    for j in range(lo, min(2, len(ranked) - 1)):
        if (ranked[j] in heroes) != (ranked[j + 1] in heroes):
            continue                    # a ヒーロータイム above a card: no tie to break
        a, b = key(ranked[j]), key(ranked[j + 1])
        if a[0] == b[0]:
            if a[1] != b[1]:
                by_first = True
            else:
                by_order = True
    return by_first, by_order


def _award_ranked(facts: Facts, s: State, ranked: list[int]) -> None:
    """The 1位 takes the upper card, the 2位 the lower (variant first-takes: a lone 1位 takes both; the
    memo's 火鉢 chooses which he takes)."""
    k = s.inc
    f = ranked[0] if ranked else -1
    sec = ranked[1] if len(ranked) > 1 else -1
    if f >= 0 and sec < 0 and s.variant == "first-takes":
        award(facts, s, f, 2 * k)        # variant first-takes: nobody can be 2位, the 1位 takes both
        award(facts, s, f, 2 * k + 1)
        next_incident(facts, s)
        return
    if (f >= 0 and s.notes and s.hand_no >= 2 and s.det[f] == facts.sk["hibachi"]):
        s.phase = P_TAKE
        s.cur = f
        s.take_second = sec
        return
    if f >= 0:
        award(facts, s, f, 2 * k)
    if sec >= 0:
        award(facts, s, sec, 2 * k + 1)
    next_incident(facts, s)


def award(facts: Facts, s: State, seat: int, slot: int) -> None:
    c = s.layout[slot]
    s.layout[slot] = -1
    s.won[seat].append(c)
    s.vp[seat] += facts.card_value[c]
    s.events.append(("award", seat, c, slot & 1))


def next_incident(facts: Facts, s: State) -> None:
    s.events.append(("done", tuple(s.vp), tuple(s.alive), tuple(s.inj)))
    s.take_second = -1
    s.inc += 1
    if s.inc < 5:
        start_incident(facts, s)
    else:
        end_hand(facts, s)
