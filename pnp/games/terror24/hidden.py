"""What one seat cannot see, dealt back (the search player's information set and determinization)."""
from __future__ import annotations

import random

from .actions import P_CHAL, P_KEEP, P_TAKE
from .conditions import third
from .facts import Facts
from .state import State
from .views import visible_layout


def redeal_hidden(facts: Facts, s: State, seat: int, rng: random.Random | None) -> State:
    c = s.clone()
    n = c.n
    others = [p for p in range(n) if p != seat]
    # incident cards: face-down layout places, the others' kept cards (not shown before the final
    # hand), the box and the discards
    shown = visible_layout(facts, s, seat)
    places = [i for i in range(10) if c.layout[i] >= 0 and shown[i] < 0]
    keepers = [] if third(s) else [p for p in others if c.kept[p]]
    pool = [c.layout[i] for i in places] + [x for p in keepers for x in c.kept[p]] + c.box + c.discard
    pool.sort()
    if rng is not None:
        rng.shuffle(pool)
    val = facts.card_value
    for p in keepers:                     # a 5 is never kept
        row = c.kept[p]
        for k in range(len(row)):
            j = next(j for j, x in enumerate(pool) if val[x] != 5)
            row[k] = pool.pop(j)
    for i in places:
        c.layout[i] = pool.pop()
    nd = len(c.discard)
    c.discard = pool[:nd]
    c.box = sorted(pool[nd:])
    # detective cards: each other seat's face-down placements and hand are one hidden multiset
    ph = c.phase
    resolving = P_CHAL <= ph <= P_TAKE
    for p in others:
        cells: list[tuple[list[int], int]] = []
        if not c.revealed:
            cells += [(c.p1[p], i) for i in range(5) if c.p1[p][i] >= 0]
        if resolving:
            cells += [(c.p2[p], i) for i in range(c.inc + 1, 5) if c.p2[p][i] >= 0]
        elif ph < P_KEEP:
            cells += [(c.p2[p], i) for i in range(5) if c.p2[p][i] >= 0]
        kinds = [row[i] for row, i in cells]
        hand = c.hand[p]
        for k in range(facts.n_kinds):
            kinds += [k] * hand[k]
        kinds.sort()
        if rng is not None:
            rng.shuffle(kinds)
        for j, (row, i) in enumerate(cells):
            row[i] = kinds[j]
        counts = [0] * facts.n_kinds
        for k in kinds[len(cells):]:
            counts[k] += 1
        c.hand[p] = counts
    return c
