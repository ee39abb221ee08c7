"""Hidden information for the search player: the face-down イーバ of this turn."""
from __future__ import annotations

import random

from .facts import Facts
from .state import State


def information_set(f: Facts, s: State, seat: int) -> State:
    """The state as ``seat`` knows it: the face-down イーバ of this turn (hidden from every seat until
    the reveal) dealt back from the unseen イーバ cards in a fixed order (see ``pnp.sim.engine``)."""
    return _redeal_hidden(f, s, seat, None)


def determinize(f: Facts, info: State, seat: int, rng: random.Random) -> State:
    """A full state ``seat`` cannot tell from ``info``: the face-down イーバ drawn at random."""
    return _redeal_hidden(f, info, seat, rng)


def _redeal_hidden(f: Facts, s: State, seat: int, rng: random.Random | None) -> State:
    c = s.clone()
    if c.revealed or not c.ebe_now:
        return c
    pool = sorted(c.ebe_deck + c.ebe_now)
    if rng is not None:
        rng.shuffle(pool)
    k = len(c.ebe_now)
    c.ebe_now = pool[:k]
    c.ebe_deck = sorted(pool[k:])
    return c


