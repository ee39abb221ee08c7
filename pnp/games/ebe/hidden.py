"""Hidden information for the search player: the face-down イーバ of this turn."""
from __future__ import annotations

import random

from .state import State
from .tables import EbeTables


class HiddenInfo(EbeTables):
    # ------------------------------------------------------------ determinization (search player)
    hidden_information = True

    def information_set(self, s: State, seat: int) -> State:
        """The state as ``seat`` knows it: the face-down イーバ of this turn (hidden from every seat until
        the reveal) dealt back from the unseen イーバ cards in a fixed order (see ``pnp.sim.engine``)."""
        return self._redeal_hidden(s, seat, None)

    def determinize(self, info: State, seat: int, rng: random.Random) -> State:
        """A full state ``seat`` cannot tell from ``info``: the face-down イーバ drawn at random."""
        return self._redeal_hidden(info, seat, rng)

    def _redeal_hidden(self, s: State, seat: int, rng: random.Random | None) -> State:
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

