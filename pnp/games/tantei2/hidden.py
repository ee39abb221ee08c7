"""探偵無宿２: hidden information for the search player (information set and determinization)."""
from __future__ import annotations

import random

from .state import State


def redeal_hidden(s: State, seat: int, rng: random.Random | None) -> State:
    """The event cards ``seat`` cannot see (the other seats' hands and face-down cards, the イベントの山) dealt
    back — in a fixed order when ``rng`` is None (the information set), else at random (a determinization) —
    and the 捜査デッキ likewise."""
    c = s.clone()
    zones = [c.hands[p] for p in range(c.n) if p != seat] + [c.down[p] for p in range(c.n) if p != seat]
    zones.append(c.ev_deck)
    old = [e for z in zones for e in z]
    # variant facedown-cubes: how many cubes lie on each other seat's face-down cards is public, which card
    # carries them is not
    cube_rows = [sorted(c.cubes[e] for e in c.down[p]) for p in range(c.n) if p != seat]
    for e in old:
        c.cubes[e] = 0
    new = sorted(old)
    if rng is not None:
        rng.shuffle(new)
    k = 0
    for z in zones[:-1]:          # hands and face-down rows: their order carries no meaning
        m = len(z)
        z[:] = sorted(new[k:k + m])
        k += m
    c.ev_deck[:] = new[k:]
    for row, counts in zip([c.down[p] for p in range(c.n) if p != seat], cube_rows):
        for e, cubes in zip(row, counts):
            c.cubes[e] = cubes
    moved = dict(zip(old, [e for z in zones for e in z]))
    c.fresh = [moved.get(e, e) for e in c.fresh]      # placed face down this turn (still face down)
    c.kept = [moved.get(e, e) for e in c.kept]
    inv = sorted(c.inv)
    if rng is not None:
        rng.shuffle(inv)
    c.inv = inv
    return c
