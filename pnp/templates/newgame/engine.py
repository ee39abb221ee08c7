"""The rules engine of this game: a trick-taking game for 2–4 players (written by `pnp new GAME --engine`).

ルール（このエンジンが遊ぶもの）:
  1. 山札カード（太陽・月・星の3スート × 1〜8、24枚）をよく切り、各自に6枚ずつ配る。
  2. 残ったカードは伏せたまま脇に置き、このゲームでは使わない。誰も見ない。
  3. 席1のプレイヤーが最初のリード（トリックで最初にカードを出す人）になる。
  4. リードの人は手札から好きなカードを1枚、表向きに出す。そのスートがリードスート。
  5. 続いて時計回りに1人1枚ずつ出す。
  6. リードスートのカードを持っていれば、必ずリードスートを出す。
  7. 持っていなければ、どのカードを出してもよい。
  8. 全員が1枚ずつ出したら、トリックの勝者を決める。
  9. 月のカード（切り札）が出ていれば、月の最も大きい数字を出した人が勝つ。
 10. 月が出ていなければ、リードスートの最も大きい数字を出した人が勝つ。
 11. 勝者はトリックのカードを自分の前に取る（表向き。誰でも見てよい）。
 12. 勝者が次のトリックのリードになる。
 13. 手札がなくなるまで（6トリック）続ける。
 14. 得点：取ったトリック1つにつき1点、取ったカードの中の星のカード1枚につきさらに1点。
 15. 得点の最も高い人が勝つ。同点なら同じ順位（勝者が複数）。

Everything the engine reads about the cards (suits, numbers, how many) comes from the deck in the
game's data, so editing the card list changes the game the simulator plays.  The contract every
method follows is pnp.sim.engine.BaseEngine's (`pnp help engines`).
"""
from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pnp.data.model import Card, Game, Suit
from pnp.errors import PnpError
from pnp.sim.engine import (
    CHANCE,
    TERMINAL,
    BaseEngine,
    Capabilities,
    Chance,
    IllegalAction,
    InvariantError,
    Policy,
    Result,
    Variant,
)

DECK = "cards"        # the deck id in game.yaml
TRUMP = "moon"        # 月: the trump suit
STAR = "star"         # 星: one point more per card taken
HAND = 6              # cards dealt to each player


@dataclass(frozen=True, order=True)
class Deal:
    """The chance step: the shuffled deck, top card first (cards are numbered 0, 1, … in deck order)."""

    order: tuple[int, ...]

    def label(self) -> str:
        return "山札カードをよく切って配る"

    def to_json(self) -> Any:
        return {"deal": list(self.order)}


@dataclass(frozen=True, order=True)
class Play:
    """A player's decision: play one card from the hand."""

    card: int
    name: str = field(default="", compare=False)
    value: int = field(default=0, compare=False)

    def label(self) -> str:
        return f"「{self.name}」を出す"

    def to_json(self) -> Any:
        return {"play": self.card}


class State:
    __slots__ = ("n", "dealt", "hands", "stock", "trick", "leader", "won", "tricks")
    n: int                          # players
    dealt: bool
    hands: list[list[int]]          # cards in each seat's hand
    stock: list[int]                # the cards left aside, unseen (rule 2)
    trick: list[tuple[int, int]]    # (seat, card) in the order played
    leader: int
    won: list[list[int]]            # cards each seat has taken
    tricks: list[int]               # tricks each seat has taken

    def clone(self) -> State:
        s = State.__new__(State)
        s.n, s.dealt, s.leader = self.n, self.dealt, self.leader
        s.hands = [h[:] for h in self.hands]
        s.stock = self.stock[:]
        s.trick = self.trick[:]             # (seat, card) in the order played
        s.won = [w[:] for w in self.won]    # cards each seat has taken
        s.tricks = self.tricks[:]           # tricks each seat has taken
        return s


@dataclass(frozen=True)
class Observation:
    """What one seat sees: its own hand and everything face up — never another hand or the stock."""

    seat: int
    hand: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]
    leader: int
    won: tuple[tuple[int, ...], ...]
    tricks: tuple[int, ...]
    hand_counts: tuple[int, ...]


class TrickEngine(BaseEngine):
    """The rules above.  BaseEngine (pnp help engines) gives every optional hook a default; this engine
    overrides the ones its capabilities name."""

    version = "1"
    variants = (Variant("standard", "標準", "月が切り札。星のカードは1枚1点。"),)
    options = ()
    default_policy = "heuristic"
    policies: Mapping[str, Callable[[], Policy]]     # set in __init__: the game's own ways to play

    def __init__(self, game: Game):
        # what the engine is and can do: the simulator and the validator read this, they never guess
        self.capabilities = Capabilities(
            game_id=game.id, min_players=game.players[0], max_players=game.players[1],
            chance=Chance.ONE_STREAM,       # one chance step (the deal) from the game's single stream
            hidden_information=True,        # the hands and the stock are face down
            progress=True,                  # progress(): the trick number and the standing scores
            card_locations=True,            # card_locations(): every card is checked after every step
            redeal=True)                    # redeal(): the hidden-information check deals hands again
        self.max_steps = 1 + HAND * self.max_players          # the deal, then every card played
        cards = game.deck(DECK).physical_cards()
        faces = [suit_and_number(c) for c in cards]
        self.card_ids = tuple(c.id for c in cards)
        self.names = tuple(f"{suit.name}の{number}" for suit, number in faces)
        self.suit_of = tuple(suit.id for suit, _ in faces)
        self.value_of = tuple(number for _, number in faces)
        self.policies = {"heuristic": HeuristicPolicy}
        self._plays = tuple(Play(i, self.names[i], self.value_of[i]) for i in range(len(cards)))

    # ---------------------------------------------------------------- the rules
    def new_state(self, players: int, variant: str = "standard", options: Mapping[str, Any] | None = None) -> State:
        if not self.min_players <= players <= self.max_players:
            raise PnpError(f"{self.game_id}: {players} players (the game is for "
                           f"{self.min_players}–{self.max_players})")
        if variant != "standard" or options:
            raise PnpError(f"{self.game_id}: the game has no variants or options")
        s = State()
        s.n, s.dealt, s.leader = players, False, 0                   # rule 3: seat 1 leads first
        s.hands, s.stock, s.trick = [[] for _ in range(players)], [], []
        s.won, s.tricks = [[] for _ in range(players)], [0] * players
        return s

    def to_move(self, s: State) -> int:
        if not s.dealt:
            return CHANCE
        if not s.trick and not any(s.hands):
            return TERMINAL                                           # rule 13
        return (s.leader + len(s.trick)) % s.n                        # rule 5

    def legal_actions(self, s: State) -> list[Play]:
        hand = s.hands[self.to_move(s)]
        if s.trick:                                                   # rules 6 and 7
            lead = self.suit_of[s.trick[0][1]]
            hand = [c for c in hand if self.suit_of[c] == lead] or hand
        return sorted(self._plays[c] for c in hand)

    def sample_chance(self, s: State, rng: random.Random) -> Deal:
        order = list(range(len(self.card_ids)))
        rng.shuffle(order)                                            # rule 1
        return Deal(tuple(order))

    def apply(self, s: State, action: Any) -> None:
        if isinstance(action, Deal):
            if s.dealt or sorted(action.order) != list(range(len(self.card_ids))):
                raise IllegalAction("the cards are dealt once, each card once")
            for p in range(s.n):
                s.hands[p] = sorted(action.order[p * HAND:(p + 1) * HAND])
            s.stock = list(action.order[s.n * HAND:])                 # rule 2
            s.dealt = True
            return
        if action not in self.legal_actions(s):
            raise IllegalAction(f"{action!r} is not legal here")
        seat = self.to_move(s)
        s.hands[seat].remove(action.card)
        s.trick.append((seat, action.card))
        if len(s.trick) == s.n:                                       # rules 8–12
            winner = self.trick_winner(s.trick)
            s.won[winner].extend(c for _, c in s.trick)
            s.tricks[winner] += 1
            s.leader, s.trick = winner, []

    def trick_winner(self, trick: Sequence[tuple[int, int]]) -> int:
        trumps = [(self.value_of[c], seat) for seat, c in trick if self.suit_of[c] == TRUMP]
        if trumps:                                                    # rule 9
            return max(trumps)[1]
        lead = self.suit_of[trick[0][1]]                              # rule 10
        return max((self.value_of[c], seat) for seat, c in trick if self.suit_of[c] == lead)[1]

    def scores(self, s: State) -> tuple[int, ...]:                    # rule 14
        return tuple(s.tricks[p] + sum(self.suit_of[c] == STAR for c in s.won[p]) for p in range(s.n))

    def result(self, s: State) -> Result:                             # rule 15
        scores = self.scores(s)
        ranks = tuple(1 + sum(o > v for o in scores) for v in scores)
        return Result(scores=tuple(float(v) for v in scores), ranks=ranks,
                      end_reason="hands_exhausted", end_reason_ja="手札がなくなった")

    # ---------------------------------------------------------------- views, logs, checks
    def observe(self, s: State, seat: int) -> Observation:
        return Observation(seat, tuple(s.hands[seat]), tuple(s.trick), s.leader,
                           tuple(tuple(w) for w in s.won), tuple(s.tricks), tuple(len(h) for h in s.hands))

    def state_hash(self, s: State) -> str:
        facts = (s.n, s.dealt, s.hands, s.stock, s.trick, s.leader, s.won, s.tricks)
        return hashlib.sha256(repr(facts).encode()).hexdigest()

    def action_from_json(self, data: Any) -> Any:
        try:
            if "deal" in data:
                return Deal(tuple(int(c) for c in data["deal"]))
            return self._plays[int(data["play"])]
        except (KeyError, TypeError, ValueError, IndexError):
            raise IllegalAction(f"not an action of this game: {data!r}") from None

    def check_invariants(self, s: State) -> None:
        if not s.dealt:
            return
        played = sum(s.tricks) + (1 if s.trick else 0)
        for p in range(s.n):
            in_trick = any(seat == p for seat, _ in s.trick)
            if len(s.hands[p]) != HAND - sum(s.tricks) - in_trick:
                raise InvariantError(f"seat {p + 1} holds {len(s.hands[p])} cards after {played} tricks")
        if len(s.trick) >= s.n:
            raise InvariantError("a finished trick was not taken")

    def card_locations(self, s: State) -> dict[str, list[str]]:
        """Where every card is (the validator checks that each card of the deck is in exactly one place)."""
        ids = self.card_ids
        places = {"stock": [ids[c] for c in s.stock], "trick": [ids[c] for _, c in s.trick]}
        for p in range(s.n):
            places[f"hand {p + 1}"] = [ids[c] for c in s.hands[p]]
            places[f"won {p + 1}"] = [ids[c] for c in s.won[p]]
        if not s.dealt:
            places["stock"] = list(ids)
        return places

    def redeal(self, s: State, seat: int, rng: random.Random) -> State:
        """A state ``seat`` cannot tell from ``s``: the cards it cannot see, shuffled among the places it
        cannot see (other hands and the stock).  The validator checks that ``observe`` gives the same."""
        t = s.clone()
        if not s.dealt:
            return t
        others = [p for p in range(s.n) if p != seat]
        pool = t.stock + [c for p in others for c in t.hands[p]]
        rng.shuffle(pool)
        for p in others:
            k = len(t.hands[p])
            t.hands[p], pool = sorted(pool[:k]), pool[k:]
        t.stock = pool
        return t

    def component_counts(self) -> dict[str, int]:
        """The pieces the rules play with (read from the data); the validator compares them with game.yaml."""
        return {DECK: len(self.card_ids)}

    def progress(self, s: State) -> tuple[int, tuple[float, ...]]:
        return min(sum(s.tricks) + 1, HAND), tuple(float(v) for v in self.scores(s))


class HeuristicPolicy:
    """How a cautious beginner plays: lead with the highest card, follow with the lowest one allowed."""

    name = "heuristic"

    def choose(self, obs: Observation, legal: Sequence[Play], rng: random.Random) -> Play:
        if not obs.trick:
            return max(legal, key=lambda p: (p.value, p.card))
        return min(legal, key=lambda p: (p.value, p.card))


def make_engine(game: Game) -> TrickEngine:
    return TrickEngine(game)


def check_components(game: Game) -> list[str]:
    """What the rules need from the data (run by pnp validate): the suits, a number on every card, enough cards."""
    try:
        deck = game.deck(DECK)
    except KeyError:
        return [f"{game.where.file}: the rules need a deck {DECK!r}"]
    problems = []
    suits = {s.id for s in deck.suits}
    for needed in (TRUMP, STAR):
        if needed not in suits:
            problems.append(f"{deck.file}: the rules need a suit {needed!r} (suits: {', '.join(sorted(suits))})")
    for c in deck.cards:
        if c.suit is None or not isinstance(c.value, int):
            problems.append(f"{deck.file}: card {c.id}: the rules need a suit and a number")
    need = HAND * game.players[1]
    if deck.piece_count < need:
        problems.append(f"{deck.file}: {game.players[1]} players need {need} cards ({HAND} each), "
                        f"the deck has {deck.piece_count}")
    return problems


def suit_and_number(card: Card) -> tuple[Suit, int]:
    """A card's suit and number, which every card of this game has (check_components says which lacks one)."""
    if card.suit is None or not isinstance(card.value, int):
        raise PnpError(f"card {card.id}: the rules need a suit and a number")
    return card.suit, card.value
