"""ユーフォリア: the mutable game state and the observation a policy sees."""
from __future__ import annotations

from dataclasses import dataclass

from .actions import Phase


class State:
    __slots__ = ("n", "hidden_scores", "cap", "deal_k", "spare_open", "chant_stay", "phase", "hand_size", "hands", "hidden", "removed", "toku",
                 "discard", "table_seats", "table_cards", "parent", "round", "order", "pos", "sailed",
                 "chanted", "out", "elim_round", "first_sail", "mu", "high", "parents", "round_scores",
                 "end_reason", "alive")

    n: int
    hidden_scores: bool              # the set-aside card counts as 【徳】 (variant standard)
    cap: int                         # round_minimum_cap option (0: none)
    deal_k: int                      # cards dealt to each player (option deal: 40 // players, or at most 10 / 8)
    spare_open: bool                 # option spare=open: the cards left out of the deal are shown face up
    chant_stay: bool                 # option all_chant=stay: after a round of 読経 only, the 親 does not move
    phase: Phase                     # DEAL, SETUP, PLAY, OVER (an int: the hash reads its number)
    hand_size: int                   # cards in hand after the set-aside = rounds planned
    hands: list[list[int]]
    hidden: list[int]                # each seat's set-aside card (NO_CARD before choosing)
    removed: list[int]               # cards left out of the deal (3 players: one)
    toku: list[list[int]]            # cards banked face up by 読経
    discard: list[int]               # cards sailed in finished rounds, face up
    table_seats: list[int]           # this round's sailors, in order
    table_cards: list[int]           # and the cards they played
    parent: int
    round: int
    order: list[int]                 # this round's turn order (seats still in the game)
    pos: int                         # index into ``order`` (in SETUP: the seat choosing)
    sailed: list[bool]
    chanted: list[bool]
    out: list[bool]
    elim_round: list[int]            # 0: not out
    first_sail: list[int]            # round of the first sailing, 0: never
    mu: int                          # suit of 無の境地 this round, -1 before anyone sails
    high: int                        # highest number on the table outside the 無 suit
    parents: list[int]               # the 親 of each round so far
    round_scores: list[tuple[float, ...]]
    end_reason: str
    alive: int

    def clone(self) -> State:
        s = State.__new__(State)
        s.n = self.n
        s.hidden_scores = self.hidden_scores
        s.cap = self.cap
        s.deal_k = self.deal_k
        s.spare_open = self.spare_open
        s.chant_stay = self.chant_stay
        s.phase = self.phase
        s.hand_size = self.hand_size
        s.hands = [h[:] for h in self.hands]
        s.hidden = self.hidden[:]
        s.removed = self.removed[:]
        s.toku = [t[:] for t in self.toku]
        s.discard = self.discard[:]
        s.table_seats = self.table_seats[:]
        s.table_cards = self.table_cards[:]
        s.parent = self.parent
        s.round = self.round
        s.order = self.order[:]
        s.pos = self.pos
        s.sailed = self.sailed[:]
        s.chanted = self.chanted[:]
        s.out = self.out[:]
        s.elim_round = self.elim_round[:]
        s.first_sail = self.first_sail[:]
        s.mu = self.mu
        s.high = self.high
        s.parents = self.parents[:]
        s.round_scores = self.round_scores[:]
        s.end_reason = self.end_reason
        s.alive = self.alive
        return s


@dataclass(frozen=True)
class Observation:
    """What one seat sees: its own hand and set-aside card, and everything face up."""

    seat: int
    players: int
    hand: tuple[int, ...]
    hidden: int                          # own set-aside card, -1 before choosing
    round: int
    rounds_total: int
    parent: int
    order: tuple[int, ...]               # this round's turn order
    pos: int                             # index of the seat in ``order``
    table: tuple[tuple[int, int], ...]   # (seat, card) played this round, in order
    mu: int                              # suit index of 無の境地, -1 when nobody sailed yet
    high: int                            # highest number on the table outside the 無 suit (0 if none)
    minimum: int                         # the round minimum for other suits
    toku: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    hand_counts: tuple[int, ...]
    sailed: tuple[bool, ...]
    chanted: tuple[bool, ...]
    out: tuple[bool, ...]
    suit_of: tuple[int, ...]             # card facts (shared, immutable)
    value_of: tuple[int, ...]
    setup: bool                          # True while choosing the set-aside card
    spare: tuple[int, ...] = ()          # the cards left out of the deal, when shown face up (option spare=open)

