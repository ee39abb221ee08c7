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
    new = sorted(old)
    if rng is not None:
        rng.shuffle(new)
    k = 0
    for z in zones[:-1]:          # hands and face-down rows: their order carries no meaning
        m = len(z)
        z[:] = sorted(new[k:k + m])
        k += m
    c.ev_deck[:] = new[k:]
    moved = dict(zip(old, [e for z in zones for e in z]))
    c.fresh = [moved.get(e, e) for e in c.fresh]      # placed face down this turn (still face down)
    c.kept = [moved.get(e, e) for e in c.kept]
    inv = sorted(c.inv)
    if rng is not None:
        rng.shuffle(inv)
    c.inv = inv
    return c
