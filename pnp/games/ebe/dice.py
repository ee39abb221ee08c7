"""The dice of a turn: the leader hands each rolled die to an イーバ or a seat, then (after the cards are
played) holders of a 行動予測装置 may change one die by one."""
from __future__ import annotations

from .actions import AssignDie
from .facts import E_DICE, P_CHOOSE, P_DICE, Facts
from .pieces import slot_name
from .state import State
from .turns import reveal


def assign_legal(f: Facts, s: State) -> list[AssignDie]:
    # slots are filled in the order イーバ(s) first, then seats 0..n-1; ``s.dice`` holds what is left
    slot = s.slot
    who = slot_name(f, s, slot)
    return [AssignDie(slot, v, who) for v in sorted(set(s.dice))]


def give_die(f: Facts, s: State, slot: int, v: int) -> None:
    d = list(s.dice)
    d.remove(v)
    s.dice = tuple(d)
    if slot >= s.n:
        s.ebe_die[slot - s.n] = v
    else:
        s.die[slot] = v
    # next slot: イーバ n..n+e-1, then seats 0..n-1
    e = len(s.ebe_now)
    if slot >= s.n:
        slot += 1
        if slot >= s.n + e:
            slot = 0
    else:
        slot += 1
    s.slot = slot


def assign_rest(f: Facts, s: State) -> None:
    """Fills slots while only one value is left to give; then the plays start."""
    while s.dice and len(set(s.dice)) == 1:
        give_die(f, s, s.slot, s.dice[0])
    if not s.dice:
        ed = s.ebe_die
        rolled = sorted(ed + s.die)
        s.log_ebe_dice += ed
        # share of イーバ that got the lowest rolled value
        s.log_min_share += [1 if v == rolled[0] else 0 for v in ed]
        s.phase = P_CHOOSE
        s.cur = 0


def next_tuner(f: Facts, s: State) -> None:
    """After the reveal: each seat holding a 行動予測装置, in seat order, may change dice; then the turn."""
    p = s.pos + 1
    while p < s.n and not any(f.item_effect[i] == E_DICE for i in s.items[p]):
        p += 1
    if p < s.n:
        s.pos = p
        s.cur = p
        s.phase = P_DICE
        return
    reveal(f, s)


