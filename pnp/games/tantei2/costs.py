"""探偵無宿２: what a seat can pay — the colours on the 【捜査線】 and its own, 代用コスト, 覚醒, the cubes of
variant facedown-cubes — and which person cards may move to the 【線外】."""
from __future__ import annotations

from operator import add

from .facts import Facts
from .state import State


def avail(f: Facts, s: State, seat: int) -> list[int]:
    """The costs ``seat`` has now, by colour: the 【捜査線】, its always-on colours, this turn's 代用コスト and
    the 覚醒 colours of its face-up cards."""
    av = list(map(add, s.linecnt, s.extra[seat]))
    if s.sub_color >= 0:
        av[s.sub_color] += 1
    if f.any_awake_col:
        awc = f.ev_awake_col
        for e in s.up[seat]:
            p = awc[e]
            if p >= 0 and not s.dead[p] and is_awake(f, s, p):
                av[p] += 1
    return av


def payable(f: Facts, s: State, seat: int, e: int, av: list[int] | None = None) -> bool:
    return payable_with(f, s, e, av if av is not None else avail(f, s, seat))


def payable_with(f: Facts, s: State, e: int, av: list[int]) -> bool:
    """Every cost of ``e`` is available in ``av`` and everyone its 死亡条件 names is dead."""
    for c, k in f.ev_need[e]:
        if av[c] < k:
            return False
    dead = s.dead
    for p in f.ev_death[e]:
        if not dead[p]:
            return False
    return True


def cubes_short(f: Facts, s: State, e: int, av: list[int]) -> int:
    """Variant facedown-cubes: how many of the cubes on face-down ``e`` its costs need (any colour but
    black), or -1 when it cannot turn face up yet."""
    short = 0
    for c, k in f.ev_need[e]:
        if av[c] < k:
            if c == f.black:
                return -1
            short += k - av[c]
    if short > s.cubes[e]:
        return -1
    dead = s.dead
    for p in f.ev_death[e]:
        if not dead[p]:
            return -1
    return short


def sub_colours(f: Facts, s: State) -> list[int]:
    """The colours 代用コスト may make now: 「【捜査線】上にないコスト」, never black (「勿忘草」のコスト).
    Variant sub-any-colour: any colour but black."""
    if s.sub_any:
        return f.non_black
    cnt = s.linecnt
    return [c for c in f.non_black if not cnt[c]]


def dead_sub_free(f: Facts, s: State, seat: int) -> bool:
    """代用コスト of a dead person's colour costs no extra discard (a skill or a placed event)."""
    if s.skills and f.watashi_skill[s.watashi[seat]] == "dead_sub_free":
        return True
    free = f.ev_dead_sub_free
    return any(free[e] for e in s.up[seat])


def sub_cost(f: Facts, s: State, seat: int, c: int) -> int:
    """The hand cards 代用コスト of colour ``c`` discards: one, two for a dead person's colour, less this
    turn's discount."""
    cost = 2 if s.dead[c] and not dead_sub_free(f, s, seat) else 1
    return max(0, cost - s.sub_disc)


def movable(f: Facts, s: State) -> list[int]:
    """The persons whose top 【容疑者】 card may move to the 【線外】 (never a 覚醒 card)."""
    awake = f.pc_awake
    return [p for p, pile in enumerate(s.piles) if pile and not awake[pile[-1]]]


def is_awake(f: Facts, s: State, p: int) -> bool:
    pile = s.piles[p]
    return not pile or f.pc_awake[pile[-1]]
