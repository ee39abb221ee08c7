"""ユーフォリア: the invariants after every step (card conservation, the rounds' bookkeeping, the table) and the
state hash a replay must reach."""
from __future__ import annotations

import hashlib
from typing import Any

from ...messages import msg
from ...sim.engine import InvariantError
from .actions import DEAL, OVER, PLAY
from .facts import Facts
from .rules import minimum
from .state import State


def check_invariants(facts: Facts, s: State) -> None:
    """Card conservation (nothing dealt before the deal), the seats' flags, hand sizes, the table's
    無の境地 and high card, and an end by empty hands only with empty hands."""
    if not _cards_conserved(facts, s):
        return
    if s.phase in (PLAY, OVER):
        _seats_consistent(s)
    if s.phase == PLAY:
        _hand_sizes(s)
        _table_consistent(facts, s)
    if s.phase == OVER and s.end_reason == "hands_exhausted":
        if any(s.hands[p] for p in range(s.n) if not s.out[p]):
            raise InvariantError(msg("euphoria.ended_with_cards"))


def _cards_conserved(facts: Facts, s: State) -> bool:
    """Every card once in hands, 【徳】, set-aside cards, the unused, the discard and the table (none
    before the deal); the unused are what the deal left; the count of players still in.  False before
    the deal (nothing more to check)."""
    seen = []
    for h in s.hands:
        seen.extend(h)
    for t in s.toku:
        seen.extend(t)
    seen.extend(c for c in s.hidden if c >= 0)
    seen.extend(s.removed)
    seen.extend(s.discard)
    seen.extend(s.table_cards)
    if s.phase == DEAL:
        if seen:
            raise InvariantError(msg("euphoria.cards_before_deal"))
        return False
    if sorted(seen) != list(range(facts.n_cards)):
        raise InvariantError(msg("euphoria.cards_not_conserved", count=len(seen), cards=sorted(seen)))
    if len(s.removed) != facts.n_cards - s.deal_k * s.n:
        raise InvariantError(msg("euphoria.unused_count"))
    if s.alive != s.n - sum(s.out) or s.alive < 1:
        raise InvariantError(msg("euphoria.alive_count", alive=s.alive, out=s.out))
    return True


def _seats_consistent(s: State) -> None:
    """Once play begins: a set-aside card each, one parent per round (one still in), each seat's flags
    (chanted ⇔ 【徳】, a first sail once sailing, out only after sailing)."""
    if any(c < 0 for c in s.hidden):
        raise InvariantError(msg("euphoria.no_hidden_card"))
    if len(s.parents) != s.round or s.out[s.parent]:
        raise InvariantError(msg("euphoria.parent_wrong"))
    for p in range(s.n):
        if s.chanted[p] != bool(s.toku[p]):
            raise InvariantError(msg("euphoria.chanted_flag", seat=p))
        if s.sailed[p] and s.first_sail[p] == 0:
            raise InvariantError(msg("euphoria.first_sail_missing", seat=p))
        if s.out[p] and not s.sailed[p]:
            raise InvariantError(msg("euphoria.out_without_sailing", seat=p))


def _hand_sizes(s: State) -> None:
    """Every player still in the game has used one card per finished round, plus this round's turn."""
    for i, p in enumerate(s.order):
        if s.out[p]:
            continue
        used = s.round - 1 + (1 if i < s.pos else 0)
        if len(s.hands[p]) != s.hand_size - used:
            raise InvariantError(msg("euphoria.hand_size", seat=p, count=len(s.hands[p]), round=s.round,
                                     expected=s.hand_size - used))


def _table_consistent(facts: Facts, s: State) -> None:
    """The 無の境地 is the first card's suit; the high card is the highest of another suit; each card of
    another suit was above the one before and at least the round's minimum; no 無の境地 on an empty table."""
    if not s.table_cards:
        if s.mu >= 0:
            raise InvariantError(msg("euphoria.mu_on_empty_table"))
        return
    if s.mu != facts.suit_of[s.table_cards[0]]:
        raise InvariantError(msg("euphoria.mu_suit"))
    others = [facts.value_of[c] for c in s.table_cards if facts.suit_of[c] != s.mu]
    if s.high != max(others, default=0):
        raise InvariantError(msg("euphoria.high_wrong"))
    prev = 0
    for c in s.table_cards[1:]:
        if facts.suit_of[c] != s.mu:
            if facts.value_of[c] <= prev or facts.value_of[c] < minimum(s):
                raise InvariantError(msg("euphoria.played_against_rules", card=facts.card_names[c]))
            prev = facts.value_of[c]


def state_hash(facts: Facts, s: State) -> str:
    parts: tuple[Any, ...] = (s.n, s.hidden_scores, s.cap, int(s.phase), s.hands, s.hidden, s.removed, s.toku, s.discard,
             s.table_seats, s.table_cards, s.parent, s.round, s.order, s.pos, s.sailed, s.chanted, s.out,
             s.elim_round, s.first_sail, s.mu, s.high, s.parents, s.round_scores, s.end_reason)
    if s.deal_k != facts.n_cards // s.n or s.spare_open or s.chant_stay:
        # the options deal / spare / all_chant, only when set (the standard rules' logs keep their hashes)
        parts += (s.deal_k, s.spare_open, s.chant_stay)
    return hashlib.sha256(repr(parts).encode()).hexdigest()
