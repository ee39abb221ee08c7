"""ユーフォリア: the game's own policies.

Policies (besides the generic ``random``):

``heuristic`` — 最後の親を取る (the default; the strongest of these, see the report's head-to-head
figures).  Who is 親 in the last round decides most games: the 親 sails first and may play any card,
while a later sailor needs the 無 suit or a number at least the round (above 8 in the last round
with 3 or 4 players, so only the 無 suit saves him).  So:
  * set-aside: the highest card (safe 徳 as long as the player survives);
  * while free to choose: chant the highest card, keeping the lowest card (to take the 親 with) and
    the card most likely to survive the last round as a later sailor: of the suit with most cards
    nobody has seen yet (the last 親's card sets the 無 suit), with 5 players a 7 or 8;
  * sail first (lowest card, so as to be the next 親) with 3 or 4 players once 3 rounds or fewer are
    left after this one (with odds 1/2, 1/4, … one, two, … rounds earlier, so that the seats do not
    decide who enters first); with 5 players whenever nobody has sailed yet this round (the 親 held
    from early on outweighs the 【徳】 it costs there);
  * as a later sailor, undercut the table for the 親 when 4 rounds or fewer are left; earlier only
    against someone sailing without ever having chanted (heading for the special win), and only with
    a 1, which nobody after can undercut (a follower who can be undercut is stuck sailing without the
    親);
  * once sailing: the lowest playable card.

``beginner`` — 徳を貯めてから渡る (the first heuristic, how a careful first-time player plays):
  * set-aside: the highest card;
  * while free to choose: chant, banking the second-highest card (keeping the single highest card
    as insurance); once the hand is down to about a third of the game (one or two rounds earlier
    with chance 1/2, 1/4) and nobody has sailed yet this round, sail with the lowest card;
  * takes the 親 away only from a player heading for the special win; never fights for the last 親
    otherwise, so with 3 players it is mostly knocked out in the last round.

``daring`` — 出し切り狙い: ``beginner``, but sails whenever it would be the first sailor of a round,
  from round 1 on, chasing the special win.  Mixed with the others it shows what the special win is
  worth.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from .actions import CHANT, SAIL, Move
from .state import Observation

# What each policy does and is known not to do (the report prints these next to its figures).
POLICY_NOTES: dict[str, str] = {
    "heuristic": (
        "大きい数字から読経して【徳】を積み、いちばん小さいカードと最終ラウンドを生き延びやすいカード（まだ見えて"
        "いない枚数が多いスート、5人なら7・8）を残し、3・4人では残り3ラウンドから（それより前にも1/2、1/4…の確率で）、"
        "5人では最初から、最小のカードでラウンドの最初に渡海し、残り4ラウンドからは場より小さい数字で親を奪って、"
        "最終ラウンドの親を握ります。"
        "相手の手札の推理や、親を奪い返されたときの立て直しはしません（5人では最初から渡海するため、結果として"
        "出し切り勝利になることがあります）。"),
    "beginner": (
        "はじめて遊ぶ人の慎重な打ち方で、最大のカードを伏せ、2番目に大きいカードから読経し、手札がゲームの3分の1"
        "ほどになったら最初の渡海者として最小のカードを出します。出し切りを狙う相手以外からは親を奪いに行かないため、"
        "3人では先に渡海した人に親を握られ、最終ラウンドで脱落しがちです。"),
    "daring": (
        "出し切り勝利を狙い、第1ラウンドからラウンドの最初の渡海者になれるときは必ず最小のカードで渡海します"
        "（ほかの人が先に渡海したラウンドだけ読経します）。最終ラウンドを生き延びるためのカードを残す工夫はしません。"),
    "random": (
        "合法な手（伏せ札・読経・渡海のカード）から等しい確率で1つを選びます。親や【徳】や最終ラウンドのことは"
        "考えません。"),
}


class BeginnerPolicy:
    """徳を貯めてから渡る (the first heuristic): see the module docstring."""

    name = "beginner"
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


class DaringPolicy(BeginnerPolicy):
    """出し切り狙い: sails whenever it would be the first sailor of the round."""

    name = "daring"

    def _enter(self, obs: Observation, rng: random.Random) -> bool:
        return True



def _lowest(moves: Sequence[Move], value: Sequence[int]) -> Move:
    return min(moves, key=lambda m: (value[m.card], m.card))


class HeuristicPolicy:
    """最後の親を取る: chant as long as it is safe, fight for the 親 of the last round (module docstring)."""

    name = "heuristic"
    uses_observation = True
    # Sail first, with 3 or 4 players, surely when this many rounds (or fewer) are left after this one,
    # with odds 1/2, 1/4, … one, two, … rounds earlier: players who all entered in the same round would
    # hand the game to whoever sits in the right seat (measured: the first 親 won 50% with 3 players, 4%
    # with 4).  The last round's minimum is above 8 there: only the last 親 and the 無 suit survive it.
    # With 5 players (7 rounds) sail first whenever nobody has yet: the 親 held from early on is worth more
    # than the 【徳】 it costs (measured against every other player; see the report's head-to-head figures).
    enter_left = 3
    enter_odds = 0.5
    steal_left = 4              # as a later sailor, undercut the table for the 親 this late …
    steal_sure = 1              # … or earlier against a player heading for the special win, with a 1 (nobody
    #                             after can undercut it: a tie goes to the earlier player)

    def choose(self, obs: Observation, legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        value = obs.value_of
        if obs.setup:
            return max(legal, key=lambda m: (value[m.card], -m.card))
        chants = [m for m in legal if m.kind == CHANT]
        sails = [m for m in legal if m.kind == SAIL and m.card >= 0]
        left = obs.rounds_total - obs.round          # rounds after this one
        if not chants:                               # sailing is forced: the lowest card keeps or takes the 親
            return _lowest(sails, value)
        if sails:
            if obs.mu < 0:
                if (obs.rounds_total <= 8 or self._threatened(obs)
                        or rng.random() < self.enter_odds ** max(0, left - self.enter_left)):
                    return _lowest(sails, value)
            else:
                # whoever sails lowest is the next 親, who sails first again: take that seat when possible
                low = min(value[c] for _, c in obs.table)
                stealers = [m for m in sails if value[m.card] < low]
                if stealers:
                    steal = _lowest(stealers, value)
                    if left <= self.steal_left or (self._threatened(obs) and value[steal.card] <= self.steal_sure):
                        return steal
        return self._chant(obs, chants)

    def _chant(self, obs: Observation, chants: list[Move]) -> Move:
        """Bank the highest card, but keep the lowest card (to take the 親 when entering) and the card
        most likely to survive the last round as a follower (the 無 suit is the last 親's card: count
        the suits nobody has seen yet)."""
        value, suit = obs.value_of, obs.suit_of
        if len(chants) <= 1:
            return chants[0]
        unseen = self._unseen_suits(obs)
        last = obs.rounds_total
        high_ok = last <= 8               # with 5 players the last round's minimum is 7: a 7 or 8 can follow

        def survival(c: int) -> tuple[float, int]:
            chance = unseen[suit[c]] / max(1, sum(unseen))
            if high_ok and value[c] >= last:
                chance += 0.5 * (value[c] - last + 1)
            return (chance, value[c])

        hand = [m.card for m in chants]
        lowest = min(hand, key=lambda c: (value[c], c))
        insurance = max((c for c in hand if c != lowest), key=survival)
        pool = [m for m in chants if m.card not in (lowest, insurance)]
        if not pool:                      # two cards: keep the one to survive the last round with
            return next(m for m in chants if m.card != insurance)
        return max(pool, key=lambda m: (value[m.card], -m.card))

    @staticmethod
    def _unseen_suits(obs: Observation) -> list[int]:
        counts = [8, 8, 8, 8, 8]
        suit = obs.suit_of
        seen = list(obs.hand) + list(obs.discard) + [c for _, c in obs.table] + [c for t in obs.toku for c in t]
        seen += obs.spare                 # option spare=open: the cards left out of the deal, face up
        if obs.hidden >= 0:
            seen.append(obs.hidden)
        for c in seen:
            counts[suit[c]] -= 1
        return counts

    def _threatened(self, obs: Observation) -> bool:
        """Someone else is sailing without ever having chanted: the special win is in sight."""
        return any(obs.sailed[p] and not obs.chanted[p] and not obs.out[p]
                   for p in range(obs.players) if p != obs.seat)
