"""ユーフォリア: the information-set hooks of the search player (what one seat cannot see)."""
from __future__ import annotations

import random

from .facts import Facts
from .state import State


def information_set(facts: Facts, s: State, seat: int) -> State:
    """The state as ``seat`` knows it: the cards it cannot see (other hands, other set-aside cards,
    the cards left out of the deal) dealt back in a fixed order (see ``pnp.sim.engine``)."""
    return redeal_hidden(facts, s, seat, None)


def determinize(facts: Facts, info: State, seat: int, rng: random.Random) -> State:
    """A full state ``seat`` cannot tell from ``info``: the hidden cards dealt at random."""
    return redeal_hidden(facts, info, seat, rng)


def redeal_hidden(facts: Facts, s: State, seat: int, rng: random.Random | None) -> State:
    c = s.clone()
    others = [p for p in range(c.n) if p != seat]
    pool = [x for p in others for x in c.hands[p]] + [c.hidden[p] for p in others if c.hidden[p] >= 0]
    if not c.spare_open:             # option spare=open: the cards left out are face up, known to all
        pool += c.removed
    pool.sort()
    if rng is not None:
        rng.shuffle(pool)
    old_hidden = c.hidden[:]
    k = 0
    for p in others:
        m = len(c.hands[p])
        c.hands[p] = sorted(pool[k:k + m])
        k += m
    for p in others:
        if c.hidden[p] >= 0:
            c.hidden[p] = pool[k]
            k += 1
    if not c.spare_open:
        c.removed = sorted(pool[k:])
    # the standings per round counted each set-aside card: count the re-dealt one instead
    if c.hidden_scores:
        v = facts.value_of
        for p in others:
            if old_hidden[p] >= 0 and old_hidden[p] != c.hidden[p]:
                delta = v[c.hidden[p]] - v[old_hidden[p]]
                c.round_scores = [tuple(x + delta if (i == p and x >= 0) else x for i, x in enumerate(row))
                                  for row in c.round_scores]
    return c
