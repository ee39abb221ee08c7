"""ユーフォリア（補陀落渡海）の rules engine, 3–5 players.

The rules are the draft's rules part (``■ 概要 補陀落渡海しよう！`` to the end); where the draft is
silent the engine follows the rulings in ``components/euphoria/rulings.yaml`` (``RULING_IDS``), which the
rulebook prints in its 補足・裁定 section so that the engine and the printed rules agree.

Shape of a game: one chance step (the shuffled deal), then each seat in turn sets one card aside face
down, then rounds.  In a round every player still in the game, from the 親 clockwise, either 読経
(banks a card face up as 【徳】) or 渡海 (plays a card to the table under the 無の境地 rule).  Every
player still in the game uses exactly one card per round, so the game lasts as many rounds as the
hand holds after the set-aside (3p: 12, 4p: 9, 5p: 7) unless only one player is left.

Policies (besides the generic ``random``):

``heuristic`` — 徳を貯めてから渡る (how a careful first-time player plays):
  * set-aside: the highest card (it is safe 徳 as long as the player survives);
  * while free to choose: chant, banking the highest card but keeping the single highest card of the
    hand as insurance for the forced sailing at the end; once the hand is down to about a third of
    the game (one or two rounds earlier with chance 1/2, 1/4) and nobody has sailed yet this round, sail — being the first sailor means
    any card may be played, and playing the lowest card makes the player the next 親, who again
    sails first;
  * when someone else is sailing without ever having chanted (heading for the special win) and the
    player can sail now with a number lower than any on the table, it sails to take the 親 away;
  * when sailing: the first sailor plays the lowest card; a later sailor plays the lowest playable
    card (low cards die first as the round minimum climbs).

``daring`` — 出し切り狙い: the same, but sails whenever it would be the first sailor of a round,
  from round 1 on, chasing the special win (never 読経).  Mixed with ``heuristic`` it shows what the
  special win is worth.

Standing scores (``progress``/``score_history``) show a player who is out as -1 so that a player who
can no longer win is never counted as the leader.
"""
from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..data.model import Game
from ..errors import PnpError
from ..sim.engine import (
    CHANCE,
    TERMINAL,
    Finding,
    GameRecord,
    IllegalAction,
    InvariantError,
    OptionSpec,
    Result,
    Variant,
)

ENGINE_VERSION = "euphoria-1"

# The rulings this engine plays, by id; their text (and the designer's ledger) is in
# components/euphoria/rulings.yaml, which the rulebook prints.
RULING_IDS: tuple[str, ...] = (
    "deal", "hidden", "rounds", "first_parent", "turn_order", "first_sailor", "follow", "sail_lock",
    "must_sail_once", "no_card", "table", "new_parent", "new_parent_tie", "all_chant", "end", "never_all_out",
    "special_win", "toku_win", "tie", "ranks",
)


SET_ASIDE, CHANT, SAIL = 0, 1, 2
_KIND_NAMES = {SET_ASIDE: "set_aside", CHANT: "chant", SAIL: "sail"}
_KINDS_BY_NAME = {v: k for k, v in _KIND_NAMES.items()}
DECK_ID = "kleshas"
NO_CARD = -1

# phases
DEAL, SETUP, PLAY, OVER = 0, 1, 2, 3


@dataclass(frozen=True, order=True)
class Move:
    """A player's decision: set a card aside, 読経 with a card, or 渡海 with a card (-1: no card, out)."""

    kind: int
    card: int
    text: str = field(default="", compare=False)

    def label(self) -> str:
        return self.text

    def to_json(self) -> Any:
        return {"move": _KIND_NAMES[self.kind], "card": self.card}


@dataclass(frozen=True, order=True)
class Deal:
    """The chance step: the shuffled deck, top card first."""

    order: tuple[int, ...]

    def label(self) -> str:
        return "煩悩カードをよく切って配る"

    def to_json(self) -> Any:
        return {"deal": list(self.order)}


class State:
    __slots__ = ("n", "hidden_scores", "cap", "phase", "hand_size", "hands", "hidden", "removed", "toku",
                 "discard", "table_seats", "table_cards", "parent", "round", "order", "pos", "sailed",
                 "chanted", "out", "elim_round", "first_sail", "mu", "high", "parents", "round_scores",
                 "end_reason", "alive")

    def clone(self) -> State:
        s = State.__new__(State)
        s.n = self.n
        s.hidden_scores = self.hidden_scores
        s.cap = self.cap
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


class EuphoriaEngine:
    game_id = "euphoria"
    version = ENGINE_VERSION
    min_players = 3
    max_players = 5
    variants = (
        Variant("standard", "標準", "伏せ札は生き残れば【徳】に加える。"),
        Variant("hidden_removed", "伏せ札なし得点", "伏せ札は得点にならず、ゲームから取り除くだけ。"),
    )
    options = (
        OptionSpec("round_minimum_cap", "ラウンド数による下限の上限（0は上限なし）", (0, 8, 6, 4), 0),
    )
    max_steps = 1 + 5 + 13 * 5
    default_policy = "heuristic"
    score_track = None
    ruling_ids = RULING_IDS

    def __init__(self, game: Game):
        try:
            deck = game.deck(DECK_ID)
        except KeyError:
            raise PnpError(f"{game.id}: the ユーフォリア engine needs a deck {DECK_ID!r}") from None
        cards = deck.physical_cards()
        suits = [s.id for s in deck.suits]
        problems = []
        if len(cards) != 40:
            problems.append(f"{deck.file}: the engine expects 40 cards, the deck makes {len(cards)}")
        for c in cards:
            if c.suit is None or not isinstance(c.value, int) or not 1 <= c.value <= 8:
                problems.append(f"{c.where.file}:{c.where.line}: card {c.id}: needs a suit and a value 1–8")
        if problems:
            raise PnpError("\n".join(problems))
        self._set_facts(tuple(c.id for c in cards), tuple(suits.index(c.suit.id) for c in cards),
                        tuple(int(c.value) for c in cards), tuple(s.name for s in deck.suits),
                        tuple(f"{c.suit.name}の{c.value}" for c in cards))

    def _set_facts(self, card_ids, suit_of, value_of, suit_names, card_names) -> None:
        """The fixed facts and everything derived from them (also how an unpickled engine is rebuilt)."""
        self.card_ids, self.suit_of, self.value_of = card_ids, suit_of, value_of
        self.suit_names, self.card_names = suit_names, card_names
        self.n_cards = len(card_ids)
        names = card_names
        self._moves = {
            SET_ASIDE: tuple(Move(SET_ASIDE, i, f"「{names[i]}」を伏せ札にする") for i in range(self.n_cards)),
            CHANT: tuple(Move(CHANT, i, f"読経：「{names[i]}」を【徳】にする") for i in range(self.n_cards)),
            SAIL: tuple(Move(SAIL, i, f"渡海：「{names[i]}」を出す") for i in range(self.n_cards)),
        }
        self._drown = Move(SAIL, NO_CARD, "渡海：出せるカードがなく脱落")
        self.policies = {"heuristic": HeuristicPolicy, "daring": DaringPolicy}

    def __reduce__(self):
        # engines travel to worker processes; rebuild from plain facts instead of the model
        return (_rebuild, (self.card_ids, self.suit_of, self.value_of, self.suit_names, self.card_names))

    # ------------------------------------------------------------------ set-up
    def new_state(self, players: int, variant: str = "standard", options: Mapping[str, Any] | None = None) -> State:
        if not self.min_players <= players <= self.max_players:
            raise PnpError(f"ユーフォリアは{self.min_players}〜{self.max_players}人用です（{players}人が指定されました）")
        if variant not in {v.id for v in self.variants}:
            raise PnpError(f"unknown variant {variant!r} (variants: {', '.join(v.id for v in self.variants)})")
        opts = dict(options or {})
        unknown = set(opts) - {o.id for o in self.options}
        if unknown:
            raise PnpError(f"unknown option(s) {', '.join(sorted(unknown))} "
                           f"(options: {', '.join(o.id for o in self.options)})")
        cap = int(opts.get("round_minimum_cap", 0))
        if cap not in self.options[0].choices:
            raise PnpError(f"round_minimum_cap must be one of {self.options[0].choices}, got {cap}")
        s = State()
        s.n = players
        s.hidden_scores = variant == "standard"
        s.cap = cap
        s.phase = DEAL
        s.hand_size = self.n_cards // players - 1
        s.hands = [[] for _ in range(players)]
        s.hidden = [NO_CARD] * players
        s.removed = []
        s.toku = [[] for _ in range(players)]
        s.discard = []
        s.table_seats = []
        s.table_cards = []
        s.parent = 0
        s.round = 0
        s.order = []
        s.pos = 0
        s.sailed = [False] * players
        s.chanted = [False] * players
        s.out = [False] * players
        s.elim_round = [0] * players
        s.first_sail = [0] * players
        s.mu = -1
        s.high = 0
        s.parents = []
        s.round_scores = []
        s.end_reason = ""
        s.alive = players
        return s

    # ------------------------------------------------------------------ stepping
    def to_move(self, s: State) -> int:
        ph = s.phase
        if ph == PLAY:
            return s.order[s.pos]
        if ph == SETUP:
            return s.pos
        if ph == DEAL:
            return CHANCE
        return TERMINAL

    def minimum(self, s: State) -> int:
        return min(s.round, s.cap) if s.cap else s.round

    def legal_actions(self, s: State) -> list:
        ph = s.phase
        if ph == PLAY:
            seat = s.order[s.pos]
            hand = s.hands[seat]
            must = s.sailed[seat] or len(hand) == 1
            sail = self._moves[SAIL]
            mu = s.mu
            if mu < 0:
                sails = [sail[c] for c in hand]
            else:
                suit_of, value_of = self.suit_of, self.value_of
                floor = max(s.high + 1, min(s.round, s.cap) if s.cap else s.round)
                sails = [sail[c] for c in hand if suit_of[c] == mu or value_of[c] >= floor]
            if must:
                return sails or [self._drown]
            chant = self._moves[CHANT]
            return [chant[c] for c in hand] + sails
        if ph == SETUP:
            m = self._moves[SET_ASIDE]
            return [m[c] for c in s.hands[s.pos]]
        return []

    def sample_chance(self, s: State, rng: random.Random) -> Deal:
        order = list(range(self.n_cards))
        rng.shuffle(order)
        return Deal(tuple(order))

    def apply(self, s: State, a) -> None:
        ph = s.phase
        if ph == PLAY:
            self._play(s, a)
        elif ph == SETUP:
            seat = s.pos
            s.hands[seat].remove(a.card)
            s.hidden[seat] = a.card
            s.pos += 1
            if s.pos == s.n:
                s.phase = PLAY
                self._start_round(s, 0)
        elif ph == DEAL:
            order = a.order
            if sorted(order) != list(range(self.n_cards)):
                raise IllegalAction("the deal is not a shuffle of the whole deck")
            k = self.n_cards // s.n
            for seat in range(s.n):
                s.hands[seat] = sorted(order[seat * k:(seat + 1) * k])
            s.removed = sorted(order[k * s.n:])
            s.phase = SETUP
            s.pos = 0
        else:
            raise IllegalAction("the game is over")

    def _play(self, s: State, a: Move) -> None:
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
                    self._finish(s, "last_survivor")
                    return
            else:
                s.hands[seat].remove(card)
                s.table_seats.append(seat)
                s.table_cards.append(card)
                if s.mu < 0:
                    s.mu = self.suit_of[card]
                elif self.suit_of[card] != s.mu:
                    v = self.value_of[card]
                    if v > s.high:
                        s.high = v
        s.pos += 1
        if s.pos == len(s.order):
            self._end_round(s)

    def _end_round(self, s: State) -> None:
        if s.table_cards:
            value_of = self.value_of
            best = 0
            for i in range(1, len(s.table_cards)):
                if value_of[s.table_cards[i]] < value_of[s.table_cards[best]]:
                    best = i
            new_parent = s.table_seats[best]
            s.discard.extend(s.table_cards)
            s.table_cards = []
            s.table_seats = []
        else:
            new_parent = self._next_alive(s, s.parent)
        s.round_scores.append(self.standing(s))
        if all(s.out[p] or not s.hands[p] for p in range(s.n)):
            self._finish(s, "hands_exhausted")
            return
        self._start_round(s, new_parent)

    def _next_alive(self, s: State, seat: int) -> int:
        for k in range(1, s.n + 1):
            p = (seat + k) % s.n
            if not s.out[p]:
                return p
        return seat

    def _start_round(self, s: State, parent: int) -> None:
        s.round += 1
        s.parent = parent
        s.parents.append(parent)
        s.order = [p for p in (list(range(parent, s.n)) + list(range(parent))) if not s.out[p]]
        s.pos = 0
        s.mu = -1
        s.high = 0

    def _finish(self, s: State, reason: str) -> None:
        s.phase = OVER
        s.end_reason = reason
        if s.table_cards:
            s.discard.extend(s.table_cards)
            s.table_cards = []
            s.table_seats = []
        if len(s.round_scores) < s.round:
            s.round_scores.append(self.standing(s))

    # ------------------------------------------------------------------ scores
    def toku_total(self, s: State, seat: int, with_hidden: bool = True) -> int:
        v = self.value_of
        total = sum(v[c] for c in s.toku[seat])
        if with_hidden and s.hidden_scores and not s.out[seat] and s.hidden[seat] >= 0:
            total += v[s.hidden[seat]]
        return total

    def standing(self, s: State) -> tuple[float, ...]:
        return tuple(-1.0 if s.out[p] else float(self.toku_total(s, p)) for p in range(s.n))

    def progress(self, s: State) -> tuple[int, tuple[float, ...]]:
        return s.round, self.standing(s)

    def score_history(self, s: State) -> tuple[tuple[float, ...], ...]:
        return tuple(s.round_scores)

    def _final_order(self, s: State) -> list[int]:
        return list(range(s.parent, s.n)) + list(range(s.parent))

    def result(self, s: State) -> Result:
        if s.phase != OVER:
            raise IllegalAction("the game is not over")
        n = s.n
        turn = {p: i for i, p in enumerate(self._final_order(s))}
        scores = tuple(float(self.toku_total(s, p)) for p in range(n))
        special = [not s.out[p] and not s.chanted[p] for p in range(n)]

        def key(p: int):
            if s.out[p]:
                return (1, 0, -s.elim_round[p], -scores[p], turn[p])
            if s.end_reason == "last_survivor":
                return (0, 0, 0, 0, turn[p])
            if special[p]:
                # 「いずれの場合も、複数いたら最終ラウンドで手番順の早かった方を優先」: among players who
                # never chanted only the last round's turn order counts, never the set-aside card
                return (0, 0, 0, 0, turn[p])
            return (0, 1, 0, -scores[p], turn[p])

        ranking = sorted(range(n), key=key)
        ranks = [0] * n
        for r, p in enumerate(ranking, 1):
            ranks[p] = r
        winner = ranking[0]
        if s.end_reason == "last_survivor":
            reason, reason_ja = "last_survivor", "生き残りが1人になった"
        elif special[winner]:
            reason, reason_ja = "special_win", "一度も読経せずに生き残った（出し切り勝利）"
        else:
            reason, reason_ja = "toku", "【徳】の合計で決着"
        extra = {
            "first_parent": s.parents[0] if s.parents else 0,
            "parents": list(s.parents),
            "eliminated": list(s.out),
            "elimination_round": [s.elim_round[p] or None for p in range(n)],
            "never_chanted": [not c for c in s.chanted],
            # won without ever chanting: by the special win, or as the lone survivor who never chanted
            # (played on to the end he could only sail, and would win by the same rule)
            "special_winner": special[winner],
            "rounds_planned": s.hand_size,
            "per_seat": {
                "first_sail_round": [s.first_sail[p] or None for p in range(n)],
                "hidden_value": [self.value_of[s.hidden[p]] if s.hidden[p] >= 0 else None for p in range(n)],
            },
        }
        return Result(scores=scores, ranks=tuple(ranks), end_reason=reason, end_reason_ja=reason_ja, extra=extra)

    # ------------------------------------------------------------------ views
    def observe(self, s: State, seat: int) -> Observation:
        setup = s.phase <= SETUP
        return Observation(
            seat=seat, players=s.n, hand=tuple(s.hands[seat]), hidden=s.hidden[seat], round=s.round,
            rounds_total=s.hand_size, parent=s.parent, order=tuple(s.order),
            pos=s.order.index(seat) if (s.phase == PLAY and seat in s.order) else -1,
            table=tuple(zip(s.table_seats, s.table_cards)), mu=s.mu, high=s.high,
            minimum=self.minimum(s), toku=tuple(tuple(t) for t in s.toku), discard=tuple(s.discard),
            hand_counts=tuple(len(h) for h in s.hands), sailed=tuple(s.sailed), chanted=tuple(s.chanted),
            out=tuple(s.out), suit_of=self.suit_of, value_of=self.value_of, setup=setup)

    def state_hash(self, s: State) -> str:
        parts = (s.n, s.hidden_scores, s.cap, s.phase, s.hands, s.hidden, s.removed, s.toku, s.discard,
                 s.table_seats, s.table_cards, s.parent, s.round, s.order, s.pos, s.sailed, s.chanted, s.out,
                 s.elim_round, s.first_sail, s.mu, s.high, s.parents, s.round_scores, s.end_reason)
        return hashlib.sha256(repr(parts).encode()).hexdigest()

    def action_from_json(self, data: Any):
        try:
            if "deal" in data:
                return Deal(tuple(int(x) for x in data["deal"]))
            kind = _KINDS_BY_NAME[data["move"]]
            card = int(data["card"])
        except (KeyError, TypeError, ValueError):
            raise IllegalAction(f"not a ユーフォリア action: {data!r}") from None
        if card == NO_CARD and kind == SAIL:
            return self._drown
        if not 0 <= card < self.n_cards:
            raise IllegalAction(f"no card number {card}")
        return self._moves[kind][card]

    # ------------------------------------------------------------------ worked examples
    def example_state(self, players: int, setup: Mapping[str, Any], variant: str = "standard",
                      options: Mapping[str, Any] | None = None) -> State:
        """A position at the start of a round's main phase, for a rulebook example.

        Seats are named A, B, C … (or 0, 1, 2 …) in turn order from seat A.  Keys of ``setup``:

        ``round``   the round number (default 1);
        ``parent``  this round's 親 (default A);
        ``hands``   {seat: [card ids]} for every player still in the game — each must hold exactly the
                    cards the round leaves (4 players: 9 at round 1, 7 at round 3 …);
        ``toku``    {seat: [card ids]} the cards each has chanted (読経) so far (default none);
        ``sailed``  [seats] who have already sailed (渡海) in an earlier round, so must sail again;
        ``out``     {seat: round} who was eliminated, and in which earlier round;
        ``hidden``  {seat: card id} the set-aside card (default: a card nobody else holds).

        Every card not named is in the discard pile (or, 3 players, the one unused card).  A position
        the rules cannot reach raises ExampleError: a wrong number of cards in hand for the round, a
        player who has used more cards than rounds played, one who never sailed yet chanted fewer
        cards than rounds played, a 親 who is out, a card in two places.
        """
        from ..sim.examples import ExampleError
        s = self.new_state(players, variant, options)
        names = "ABCDE"[:players]

        def seat_of(x: Any) -> int:
            if isinstance(x, int) and 0 <= x < players:
                return x
            if isinstance(x, str) and x in names:
                return names.index(x)
            raise ExampleError(f"no seat {x!r} (seats: {', '.join(names)})")

        def card_of(x: Any) -> int:
            if x not in self.card_ids:
                raise ExampleError(f"no card {x!r} in the deck {DECK_ID}")
            return self.card_ids.index(x)

        def by_seat(key: str) -> dict[int, Any]:
            raw = setup.get(key) or {}
            if not isinstance(raw, Mapping):
                raise ExampleError(f"{key}: expected a mapping seat → value")
            return {seat_of(k): v for k, v in raw.items()}

        unknown = sorted(set(setup) - {"round", "parent", "hands", "toku", "sailed", "out", "hidden"})
        if unknown:
            raise ExampleError(f"unknown setup key {unknown[0]!r}")
        rnd = setup.get("round", 1)
        if not isinstance(rnd, int) or not 1 <= rnd <= s.hand_size:
            raise ExampleError(f"round must be 1–{s.hand_size} with {players} players, got {rnd!r}")
        parent = seat_of(setup.get("parent", "A"))
        hands = {p: [card_of(c) for c in cs] for p, cs in by_seat("hands").items()}
        toku = {p: [card_of(c) for c in cs] for p, cs in by_seat("toku").items()}
        out = by_seat("out")
        hidden = {p: card_of(c) for p, c in by_seat("hidden").items()}
        sailed = {seat_of(x) for x in (setup.get("sailed") or [])}
        named = [c for cs in hands.values() for c in cs] + [c for cs in toku.values() for c in cs] + list(hidden.values())
        if len(named) != len(set(named)):
            dup = next(c for c in named if named.count(c) > 1)
            raise ExampleError(f"card {self.card_ids[dup]} is in two places")
        left = s.hand_size - (rnd - 1)
        for p in range(players):
            name = names[p]
            if p in out:
                er = out[p]
                if not isinstance(er, int) or not 1 <= er < rnd:
                    raise ExampleError(f"{name} is out from round {er!r}, which is not an earlier round")
                if p in hands:
                    raise ExampleError(f"{name} is out: his cards are set aside, not a hand")
                continue
            got = len(hands.get(p, []))
            if got != left:
                raise ExampleError(f"{name} holds {got} cards in round {rnd} of a {players}-player game; "
                                   f"every player still in the game holds {left}")
            chanted = len(toku.get(p, []))
            if p in sailed and rnd == 1:
                raise ExampleError(f"{name} cannot have sailed before round 1")
            if p in sailed and chanted > rnd - 2:
                raise ExampleError(f"{name} has sailed and chanted {chanted} cards in {rnd - 1} rounds")
            if p not in sailed and chanted != rnd - 1:
                raise ExampleError(f"{name} has not sailed yet, so chanted in each of the {rnd - 1} rounds "
                                   f"played, not {chanted} times")
        if parent in out:
            raise ExampleError(f"the 親 {names[parent]} is out of the game")
        if len(out) >= players - 1:
            raise ExampleError("the game is over when only one player is left")
        rest = [c for c in range(self.n_cards) if c not in set(named)]
        for p in range(players):
            if p not in hidden:
                hidden[p] = rest.pop()
        k = self.n_cards // players
        s.phase = PLAY
        s.hands = [sorted(hands.get(p, [])) for p in range(players)]
        s.hidden = [hidden[p] for p in range(players)]
        s.toku = [list(toku.get(p, [])) for p in range(players)]
        s.removed = rest[:self.n_cards - k * players]
        s.discard = rest[self.n_cards - k * players:]
        for p in range(players):
            s.chanted[p] = bool(s.toku[p])
            if p in sailed or p in out:
                s.sailed[p] = True
                s.first_sail[p] = out.get(p, rnd - 1) if p in out else max(1, rnd - 1)
            if p in out:
                s.out[p] = True
                s.elim_round[p] = out[p]
                s.alive -= 1
        s.round = rnd - 1
        s.parents = [parent] * (rnd - 1)
        self._start_round(s, parent)
        return s

    def example_facts(self, s: State) -> dict:
        """What a rulebook example may claim: seats as letters A, B, C …

        ``round``, ``parent`` (the 親 now: after a round, the new one), ``mu`` (suit name of 無の境地,
        None before anyone sails), ``eliminated`` (letters), ``over``; once the game is over also
        ``winner``, ``ranking`` (letters, 1st first), ``end_reason`` and ``scores`` ({letter: 【徳】}).
        """
        names = "ABCDE"
        facts: dict[str, Any] = {
            "round": s.round,
            "parent": names[s.parent],
            "mu": self.suit_names[s.mu] if s.mu >= 0 else None,
            "eliminated": [names[p] for p in range(s.n) if s.out[p]],
            "over": s.phase == OVER,
        }
        if s.phase == OVER:
            r = self.result(s)
            facts["winner"] = names[r.winners[0]]
            facts["ranking"] = [names[p] for p in sorted(range(s.n), key=lambda p: r.ranks[p])]
            facts["end_reason"] = r.end_reason
            facts["scores"] = {names[p]: int(r.scores[p]) for p in range(s.n)}
        return facts

    # ------------------------------------------------------------------ invariants
    def check_invariants(self, s: State) -> None:
        seen = []
        for h in s.hands:
            seen.extend(h)
        for t in s.toku:
            seen.extend(t)
        seen.extend(c for c in s.hidden if c >= 0)
        seen.extend(s.removed)
        seen.extend(s.discard)
        seen.extend(s.table_cards)
        if s.phase != DEAL and sorted(seen) != list(range(self.n_cards)):
            raise InvariantError(f"cards are not conserved: {len(seen)} cards in play, "
                                 f"duplicates or missing among {sorted(seen)}")
        if s.phase == DEAL:
            if seen:
                raise InvariantError("cards in play before the deal")
            return
        k = self.n_cards // s.n
        if len(s.removed) != self.n_cards - k * s.n:
            raise InvariantError("wrong number of set-aside unused cards")
        if s.alive != s.n - sum(s.out) or s.alive < 1:
            raise InvariantError(f"alive count {s.alive} disagrees with eliminations {s.out}")
        if s.phase in (PLAY, OVER):
            if any(c < 0 for c in s.hidden):
                raise InvariantError("a player has no set-aside card")
            if len(s.parents) != s.round or s.out[s.parent]:
                raise InvariantError("the 親 is out of the game or the 親 history is wrong")
            for p in range(s.n):
                if s.chanted[p] != bool(s.toku[p]):
                    raise InvariantError(f"seat {p}: chanted flag disagrees with 【徳】")
                if s.sailed[p] and s.first_sail[p] == 0:
                    raise InvariantError(f"seat {p}: sailed without a first-sail round")
                if s.out[p] and not s.sailed[p]:
                    raise InvariantError(f"seat {p}: out without sailing")
                if not s.out[p] and s.first_sail[p]:
                    # once sailing, a player never chants again: every card after the first sail is sailed
                    pass
        if s.phase == PLAY:
            # every player still in the game has used one card per finished round, plus this round's turn
            for i, p in enumerate(s.order):
                if s.out[p]:
                    continue
                used = s.round - 1 + (1 if i < s.pos else 0)
                if len(s.hands[p]) != s.hand_size - used:
                    raise InvariantError(f"seat {p}: {len(s.hands[p])} cards in hand in round {s.round}, "
                                         f"expected {s.hand_size - used}")
            if s.table_cards:
                if s.mu != self.suit_of[s.table_cards[0]]:
                    raise InvariantError("無の境地 is not the suit of the first card played")
                others = [self.value_of[c] for c in s.table_cards if self.suit_of[c] != s.mu]
                if s.high != max(others, default=0):
                    raise InvariantError("the highest number outside 無の境地 is wrong")
                prev = 0
                for c in s.table_cards[1:]:
                    if self.suit_of[c] != s.mu:
                        if self.value_of[c] <= prev or self.value_of[c] < self.minimum(s):
                            raise InvariantError(f"{self.card_names[c]} was played against the rules")
                        prev = self.value_of[c]
            elif s.mu >= 0:
                raise InvariantError("無の境地 set with an empty table")
        if s.phase == OVER and s.end_reason == "hands_exhausted":
            if any(s.hands[p] for p in range(s.n) if not s.out[p]):
                raise InvariantError("the game ended with cards in a surviving hand")

    # ------------------------------------------------------------------ narration for ``pnp play``
    def seat_name(self, seat: int) -> str:
        return f"プレイヤー{seat + 1}"

    def hand_text(self, cards: Sequence[int]) -> str:
        by_suit: dict[int, list[int]] = {}
        for c in cards:
            by_suit.setdefault(self.suit_of[c], []).append(self.value_of[c])
        return "／".join(f"{self.suit_names[su]} {'・'.join(str(v) for v in sorted(vs))}"
                        for su, vs in sorted(by_suit.items())) or "なし"

    def describe_setup(self, s: State) -> list[str]:
        lines = [f"{s.n}人で遊ぶ。1人{self.n_cards // s.n}枚ずつ配り、伏せ札を除いて{s.hand_size}ラウンド。"]
        if s.removed:
            lines.append(f"余った{len(s.removed)}枚（{self.hand_text(s.removed)}）は見ずに箱へ戻す。")
        for p in range(s.n):
            lines.append(f"{self.seat_name(p)}の手札：{self.hand_text(s.hands[p])}")
        return lines

    def narrate(self, before: State, action: Any, after: State) -> list[str]:
        lines: list[str] = []
        if before.phase == SETUP and after.phase == PLAY:
            lines.append("")
            lines.append(f"■ 第1ラウンド（親：{self.seat_name(after.parent)}、下限 {self.minimum(after)}）")
            return lines
        if before.phase != PLAY:
            return lines
        seat = before.order[before.pos]
        if isinstance(action, Move) and action.kind == SAIL:
            if action.card == NO_CARD:
                lines.append(f"　→ {self.seat_name(seat)}は脱落。以後の手番はパスする。")
            elif before.mu < 0:
                lines.append(f"　→ 無の境地は「{self.suit_names[self.suit_of[action.card]]}」。")
        if after.round != before.round or after.phase == OVER:
            if before.table_cards or (isinstance(action, Move) and action.kind == SAIL and action.card >= 0):
                if after.phase != OVER:
                    lows = [c for c in before.table_cards + ([action.card] if action.kind == SAIL
                                                            and action.card >= 0 else [])]
                    low = min(self.value_of[c] for c in lows)
                    lines.append(f"ラウンド終了。最も小さい数字 {low} を出した{self.seat_name(after.parent)}"
                                 f"が新しい親になる。")
            elif after.phase != OVER:
                lines.append(f"ラウンド終了。全員が読経したので、左隣の{self.seat_name(after.parent)}が親になる。")
            if after.phase != OVER:
                lines.append("")
                lines.append(f"■ 第{after.round}ラウンド（親：{self.seat_name(after.parent)}、"
                             f"下限 {self.minimum(after)}）")
        return lines

    def describe_result(self, s: State, r: Result) -> list[str]:
        lines = []
        for p in range(s.n):
            toku = self.hand_text(s.toku[p])
            hid = self.card_names[s.hidden[p]]
            if s.out[p]:
                status = f"第{s.elim_round[p]}ラウンドで脱落。伏せ札「{hid}」は数えない"
            else:
                counted = "加える" if s.hidden_scores else "数えない"
                status = f"生存。伏せ札「{hid}」を{counted}"
                if not s.chanted[p]:
                    status += "。一度も読経していない"
            lines.append(f"{self.seat_name(p)}：【徳】{toku} 合計 {int(r.scores[p])}（{status}）")
        return lines

    # ------------------------------------------------------------------ the designer's questions
    def questions(self, records: Sequence[GameRecord]) -> list[Finding]:
        from ..sim.stats import wilson
        done = [r for r in records if r.result is not None]
        if not done:
            return []
        n_players = done[0].players
        out: list[Finding] = []
        wins_first = sum(1.0 for r in done if r.result.ranks[r.result.extra["first_parent"]] == 1)
        lo, hi = wilson(wins_first, len(done))
        rate = wins_first / len(done)
        fair = 1 / n_players
        verdict = ("最初の親は有利。" if lo > fair else "最初の親は不利。" if hi < fair
                   else "公平な勝率との有意な差はない。")
        out.append(Finding(
            "最初の親はどれほど重要か（第1ラウンドの親の勝率と 1/人数 の比較）",
            f"最初の親の勝率は {rate:.1%}（95%区間 {lo:.1%}〜{hi:.1%}）、公平なら {fair:.1%}。{verdict}",
            {"win_rate": rate, "ci": [lo, hi], "fair": fair, "games": len(done)}))
        # both ways of winning without 読経 count: surviving to the end, or being the last one left
        special = sum(1 for r in done if r.result.extra["special_winner"])
        lone = sum(1 for r in done if r.result.extra["special_winner"] and r.result.end_reason == "last_survivor")
        lo, hi = wilson(special, len(done))
        out.append(Finding(
            "一度も読経しない出し切り勝利はどれくらい起きるか",
            f"{special}/{len(done)} ゲーム（{special / len(done):.1%}、95%区間 {lo:.1%}〜{hi:.1%}）で、"
            f"一度も読経しなかった人が勝った（うち {lone} ゲームは、ほかの全員が脱落して1人だけ残った勝ち）。",
            {"special_wins": special, "rate": special / len(done), "ci": [lo, hi],
             "at_the_end": special - lone, "last_survivor": lone}))
        seats = sum(r.players for r in done)
        elim = sum(sum(r.result.extra["eliminated"]) for r in done)
        any_elim = sum(1 for r in done if any(r.result.extra["eliminated"]))
        by_round: dict[int, int] = {}
        for r in done:
            for er in r.result.extra["elimination_round"]:
                if er:
                    by_round[er] = by_round.get(er, 0) + 1
        lo, hi = wilson(elim, seats)
        peak = max(by_round, key=by_round.get) if by_round else None
        out.append(Finding(
            "脱落はどれくらい起きるか",
            f"プレイヤーの {elim / seats:.1%}（95%区間 {lo:.1%}〜{hi:.1%}）が脱落し、"
            f"{any_elim / len(done):.1%} のゲームで1人以上が脱落。1ゲーム平均 {elim / len(done):.2f} 人。"
            + (f"脱落が最も多いのは第{peak}ラウンド。" if peak else ""),
            {"player_rate": elim / seats, "ci": [lo, hi], "games_with_elimination": any_elim / len(done),
             "mean_per_game": elim / len(done), "by_round": {str(k): v for k, v in sorted(by_round.items())}}))
        table: dict[int, list[float]] = {}
        for r in done:
            for p, fs in enumerate(r.result.extra["per_seat"]["first_sail_round"]):
                if fs:
                    t = table.setdefault(fs, [0, 0])
                    t[0] += 1 if r.result.ranks[p] == 1 else 0
                    t[1] += 1
        rows = {}
        for rd, (w, n) in sorted(table.items()):
            lo, hi = wilson(w, n)
            rows[str(rd)] = {"players": n, "win_rate": w / n, "ci": [lo, hi]}
        best = max((k for k in rows if rows[k]["players"] >= 30), key=lambda k: rows[k]["win_rate"], default=None)
        text = "、".join(f"第{k}R {v['win_rate']:.0%}（{v['players']}人）" for k, v in rows.items())
        out.append(Finding(
            "いつ初めて渡海するのが得か（初めて渡海したラウンド別の勝率）",
            (f"最も勝率が高いのは第{best}ラウンドに初めて渡海した人（{rows[best]['win_rate']:.1%}）。" if best else "")
            + "内訳：" + text + "。",
            {"by_round": rows, "best_round": int(best) if best else None}))
        return out

    # ------------------------------------------------------------------ determinization (search player)
    hidden_information = True

    def information_set(self, s: State, seat: int) -> State:
        """The state as ``seat`` knows it: the cards it cannot see (other hands, other set-aside cards,
        the cards left out of the deal) dealt back in a fixed order (see ``pnp.sim.engine``)."""
        return self._redeal_hidden(s, seat, None)

    def determinize(self, info: State, seat: int, rng: random.Random) -> State:
        """A full state ``seat`` cannot tell from ``info``: the hidden cards dealt at random."""
        return self._redeal_hidden(info, seat, rng)

    def _redeal_hidden(self, s: State, seat: int, rng: random.Random | None) -> State:
        c = s.clone()
        others = [p for p in range(c.n) if p != seat]
        pool = [x for p in others for x in c.hands[p]] + [c.hidden[p] for p in others if c.hidden[p] >= 0]
        pool += c.removed
        pool.sort()
        if rng is not None:
            rng.shuffle(pool)
        old_hidden = c.hidden[:]
        k = 0
        for p in others:
            m = len(c.hands[p])
            c.hands[p] = sorted(pool[k:k + m])
            k += m
        for p in others:
            if c.hidden[p] >= 0:
                c.hidden[p] = pool[k]
                k += 1
        c.removed = sorted(pool[k:])
        # the standings per round counted each set-aside card: count the re-dealt one instead
        if c.hidden_scores:
            v = self.value_of
            for p in others:
                if old_hidden[p] >= 0 and old_hidden[p] != c.hidden[p]:
                    delta = v[c.hidden[p]] - v[old_hidden[p]]
                    c.round_scores = [tuple(x + delta if (i == p and x >= 0) else x for i, x in enumerate(row))
                                      for row in c.round_scores]
        return c


def _rebuild(card_ids, suit_of, value_of, suit_names, card_names) -> EuphoriaEngine:
    e = EuphoriaEngine.__new__(EuphoriaEngine)
    e._set_facts(card_ids, suit_of, value_of, suit_names, card_names)
    return e


# ---------------------------------------------------------------------- policies
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


def make_engine(game: Game) -> EuphoriaEngine:
    return EuphoriaEngine(game)


def check_components(game) -> list[str]:
    """The 煩悩カード are five suits, each with every number 1–8 exactly once (run by pnp validate)."""
    deck = game.deck("kleshas")
    problems = []
    if len(deck.suits) != 5:
        problems.append(f"{deck.file}: スートが {len(deck.suits)} 種あります（五蓋の 5 種のはず）")
    for suit in deck.suits:
        values = sorted(int(c.value) for c in deck.physical_cards() if c.suit is suit)
        if values != list(range(1, 9)):
            problems.append(f"{deck.file}: {suit.name} の数字が {values} です（1〜8 が 1 枚ずつのはず）")
    return problems
