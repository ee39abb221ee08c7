"""ユーフォリア: what one seat sees (its own hand and set-aside card, and everything face up)."""
from __future__ import annotations

from .actions import PLAY, SETUP
from .facts import Facts
from .rules import minimum
from .state import Observation, State


def observe(facts: Facts, s: State, seat: int) -> Observation:
    setup = s.phase <= SETUP
    return Observation(
        seat=seat, players=s.n, hand=tuple(s.hands[seat]), hidden=s.hidden[seat], round=s.round,
        rounds_total=s.hand_size, parent=s.parent, order=tuple(s.order),
        pos=s.order.index(seat) if (s.phase == PLAY and seat in s.order) else -1,
        table=tuple(zip(s.table_seats, s.table_cards)), mu=s.mu, high=s.high,
        minimum=minimum(s), toku=tuple(tuple(t) for t in s.toku), discard=tuple(s.discard),
        hand_counts=tuple(len(h) for h in s.hands), sailed=tuple(s.sailed), chanted=tuple(s.chanted),
        out=tuple(s.out), suit_of=facts.suit_of, value_of=facts.value_of, setup=setup,
        spare=tuple(s.removed) if s.spare_open else ())
