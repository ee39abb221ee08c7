"""ユーフォリア（補陀落渡海）: the rules as functions over (facts, state): who moves, the legal moves, the deal,
one step of play, the rounds.

The rules are the draft's rules part (``■ 概要 補陀落渡海しよう！`` to the end); where the draft is
silent the engine follows the rulings in ``components/euphoria/rulings.yaml`` (``RULING_IDS``).
"""
from __future__ import annotations

import random
from typing import Any

from ...messages import msg
from ...sim.engine import CHANCE, TERMINAL, IllegalAction
from .actions import _KINDS_BY_NAME, CHANT, DEAL, NO_CARD, OVER, PLAY, SAIL, SET_ASIDE, SETUP, Deal, Move
from .facts import Facts
from .scoring import standing
from .state import State


def to_move(facts: Facts, s: State) -> int:
    ph = s.phase
    if ph == PLAY:
        return s.order[s.pos]
    if ph == SETUP:
        return s.pos
    if ph == DEAL:
        return CHANCE
    return TERMINAL


def minimum(s: State) -> int:
    return min(s.round, s.cap) if s.cap else s.round


def legal_actions(facts: Facts, s: State) -> list[Move]:
    if s.phase == PLAY:
        seat = s.order[s.pos]
        hand = s.hands[seat]
        mu = s.mu
        if mu < 0:                        # the first sailor of the round may play any card
            sails = list(map(facts.moves[SAIL].__getitem__, hand))
        else:
            suit_of, value_of, sail = facts.suit_of, facts.value_of, facts.moves[SAIL]
            floor = max(s.high + 1, min(s.round, s.cap) if s.cap else s.round)
            sails = [sail[c] for c in hand if suit_of[c] == mu or value_of[c] >= floor]
        if s.sailed[seat] or len(hand) == 1:
            return sails or [facts.drown]
        chants = list(map(facts.moves[CHANT].__getitem__, hand))
        chants += sails
        return chants
    if s.phase == SETUP:
        return list(map(facts.moves[SET_ASIDE].__getitem__, s.hands[s.pos]))
    return []


def chance_key(facts: Facts, s: State) -> str:
    """Common random numbers: the game's one chance step is the deal."""
    return "deal"


def decision_key(facts: Facts, s: State) -> int:
    return s.round


def sample_chance(facts: Facts, s: State, rng: random.Random) -> Deal:
    order = list(range(facts.n_cards))
    rng.shuffle(order)
    return Deal(tuple(order))


def apply(facts: Facts, s: State, a: Any) -> None:
    # the main phase first: it is nearly every step of a game (the simulator's hot path)
    if s.phase == PLAY:
        _play(facts, s, a)
    elif s.phase == SETUP:
        _set_aside(facts, s, a)
    elif s.phase == DEAL:
        _deal(facts, s, a)
    else:
        raise IllegalAction(msg("euphoria.game_over"))


def _play(facts: Facts, s: State, a: Move) -> None:
    """読経 or 渡海 by the seat whose turn it is; the round ends when everyone still in has played."""
    seat = s.order[s.pos]
    card = a.card
    if a.kind == CHANT:
        s.hands[seat].remove(card)
        s.toku[seat].append(card)
        s.chanted[seat] = True
    else:
        if not s.sailed[seat]:
            s.sailed[seat] = True
            s.first_sail[seat] = s.round
        if card == NO_CARD:
            s.out[seat] = True
            s.elim_round[seat] = s.round
            s.alive -= 1
            if s.alive == 1:
                finish(facts, s, "last_survivor")
                return
        else:
            _sail(facts, s, seat, card)
    s.pos += 1
    if s.pos == len(s.order):
        end_round(facts, s)


def _sail(facts: Facts, s: State, seat: int, card: int) -> None:
    """A card to the table: the first sets 無の境地, the others raise the highest number outside it."""
    s.hands[seat].remove(card)
    s.table_seats.append(seat)
    s.table_cards.append(card)
    suit = facts.suit_of[card]
    if s.mu < 0:
        s.mu = suit
    elif suit != s.mu:
        v = facts.value_of[card]
        if v > s.high:
            s.high = v


def _set_aside(facts: Facts, s: State, a: Move) -> None:
    seat = s.pos
    s.hands[seat].remove(a.card)
    s.hidden[seat] = a.card
    s.pos += 1
    if s.pos == s.n:
        s.phase = PLAY
        start_round(facts, s, 0)


def _deal(facts: Facts, s: State, a: Deal) -> None:
    order = a.order
    if sorted(order) != facts.all_cards:
        raise IllegalAction(msg("euphoria.deal_not_shuffle"))
    k = s.deal_k
    for seat in range(s.n):
        s.hands[seat] = sorted(order[seat * k:(seat + 1) * k])
    s.removed = sorted(order[k * s.n:])
    s.phase = SETUP
    s.pos = 0


def end_round(facts: Facts, s: State) -> None:
    cards = s.table_cards
    if cards:
        # the new 親: the lowest number whatever the suit; on a tie the earlier player
        value_of = facts.value_of
        best, low = 0, value_of[cards[0]]
        for i in range(1, len(cards)):
            if value_of[cards[i]] < low:
                best, low = i, value_of[cards[i]]
        new_parent = s.table_seats[best]
        s.discard.extend(cards)
        s.table_cards = []
        s.table_seats = []
    elif s.chant_stay:
        new_parent = s.parent          # option all_chant=stay: the 親 keeps his seat
    else:
        new_parent = next_alive(s, s.parent)
    s.round_scores.append(standing(facts, s))
    out, hands = s.out, s.hands
    for p in range(s.n):
        if not out[p] and hands[p]:
            break
    else:
        finish(facts, s, "hands_exhausted")
        return
    start_round(facts, s, new_parent)


def next_alive(s: State, seat: int) -> int:
    for k in range(1, s.n + 1):
        p = (seat + k) % s.n
        if not s.out[p]:
            return p
    return seat


def start_round(facts: Facts, s: State, parent: int) -> None:
    s.round += 1
    s.parent = parent
    s.parents.append(parent)
    n, out = s.n, s.out
    s.order = [p % n for p in range(parent, parent + n) if not out[p % n]]
    s.pos = 0
    s.mu = -1
    s.high = 0


def finish(facts: Facts, s: State, reason: str) -> None:
    s.phase = OVER
    s.end_reason = reason
    if s.table_cards:
        s.discard.extend(s.table_cards)
        s.table_cards = []
        s.table_seats = []
    if len(s.round_scores) < s.round:
        s.round_scores.append(standing(facts, s))


def action_from_json(facts: Facts, data: Any) -> Move | Deal:
    try:
        if "deal" in data:
            return Deal(tuple(int(x) for x in data["deal"]))
        kind = _KINDS_BY_NAME[data["move"]]
        card = int(data["card"])
    except (KeyError, TypeError, ValueError):
        raise IllegalAction(msg("euphoria.not_an_action", data=data)) from None
    if card == NO_CARD and kind == SAIL:
        return facts.drown
    if not 0 <= card < facts.n_cards:
        raise IllegalAction(msg("euphoria.no_card_number", card=card))
    return facts.moves[kind][card]
