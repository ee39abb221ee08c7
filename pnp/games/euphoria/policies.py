"""ユーフォリア: the game's own policies.

Policies (besides the generic ``random``):

``heuristic`` — 徳を貯めてから渡る (how a careful first-time player plays):
  * set-aside: the highest card (it is safe 徳 as long as the player survives);
  * while free to choose: chant, banking the highest card but keeping the single highest card of the
    hand as insurance for the forced sailing at the end; once the hand is down to about a third of
    the game (one or two rounds earlier with chance 1/2, 1/4) and nobody has sailed yet this round,
    sail — being the first sailor means any card may be played, and playing the lowest card makes the
    player the next 親, who again sails first;
  * when someone else is sailing without ever having chanted (heading for the special win) and the
    player can sail now with a number lower than any on the table, it sails to take the 親 away;
  * when sailing: the first sailor plays the lowest card; a later sailor plays the lowest playable
    card (low cards die first as the round minimum climbs).

``daring`` — 出し切り狙い: the same, but sails whenever it would be the first sailor of a round,
  from round 1 on, chasing the special win (never 読経).  Mixed with ``heuristic`` it shows what the
  special win is worth.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from .facts import CHANT, SAIL, Move
from .state import Observation


class HeuristicPolicy:
    """徳を貯めてから渡る: see the module docstring."""

    name = "heuristic"
    uses_observation = True
    enter_fraction = 3          # enter when the hand is down to about a third of the game

    def choose(self, obs: Observation, legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        value = obs.value_of
        if obs.setup:
            return max(legal, key=lambda m: (value[m.card], -m.card))
        chants = [m for m in legal if m.kind == CHANT]
        sails = [m for m in legal if m.kind == SAIL and m.card >= 0]
        if not chants:       # sailing is forced
            return min(sails, key=lambda m: (value[m.card], m.card))
        first = obs.mu < 0
        if sails and first and self._enter(obs, rng):
            return min(sails, key=lambda m: (value[m.card], m.card))
        if sails and not first and self._threatened(obs):
            low = min(value[c] for _, c in obs.table)
            stealers = [m for m in sails if value[m.card] < low]
            if stealers:      # take the 親 away from a player heading for the special win
                return min(stealers, key=lambda m: (value[m.card], m.card))
        ranked = sorted(chants, key=lambda m: (-value[m.card], m.card))
        return ranked[1] if len(ranked) > 2 else ranked[-1] if len(ranked) == 2 else ranked[0]

    def _enter(self, obs: Observation, rng: random.Random) -> bool:
        # people differ in nerve: certain at a third of the game, sometimes one or two rounds earlier
        extra = len(obs.hand) - max(2, obs.rounds_total // self.enter_fraction)
        return extra <= 0 or (extra <= 2 and rng.random() < 0.5 ** extra)

    def _threatened(self, obs: Observation) -> bool:
        """Someone else is sailing without ever having chanted: the special win is in sight."""
        return any(obs.sailed[p] and not obs.chanted[p] and not obs.out[p]
                   for p in range(obs.players) if p != obs.seat)


class DaringPolicy(HeuristicPolicy):
    """出し切り狙い: sails whenever it would be the first sailor of the round."""

    name = "daring"

    def _enter(self, obs: Observation, rng: random.Random) -> bool:
        return True

