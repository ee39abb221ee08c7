"""A tiny engine for report tests: a chance deal names a favourite seat, each seat makes one choice,
then (variant "late") a second chance event may decide the game instead.

* variant ``standard``: the deal decides: the favourite wins;
* variant ``late``: a die after the choices decides: the deal says nothing about the winner.

Each seat's choice is a card id ("a" or "b"), recorded in ``extra["cards_used"]``; card "a" wins
when the die is rolled with ``options["a_wins"]``.  ``cooperative=True`` makes it a team game that is
won when the favourite chose "a"."""
from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Any

from pnp.sim.engine import CHANCE, TERMINAL, BaseEngine, Capabilities, OptionSpec, Result, Variant


@dataclass(frozen=True, order=True)
class Deal:
    seat: int

    def label(self) -> str:
        return f"{self.seat + 1}番席が有利"

    def to_json(self) -> Any:
        return {"deal": self.seat}


@dataclass(frozen=True, order=True)
class Pick:
    card: str

    def label(self) -> str:
        return f"カード{self.card}"

    def to_json(self) -> Any:
        return {"pick": self.card}


@dataclass(frozen=True, order=True)
class Die:
    seat: int

    def label(self) -> str:
        return f"ダイス: {self.seat + 1}番席"

    def to_json(self) -> Any:
        return {"die": self.seat}


class State:
    __slots__ = ("n", "fav", "picks", "die", "variant", "options")

    def __init__(self, n: int, variant: str, options: dict) -> None:
        self.n, self.fav, self.picks, self.die = n, None, [], None
        self.variant, self.options = variant, options

    def clone(self) -> State:
        s = State(self.n, self.variant, self.options)
        s.fav, s.picks, s.die = self.fav, list(self.picks), self.die
        return s


class ToyEngine(BaseEngine):
    variants = (Variant("standard", "標準ルール", ""), Variant("late", "最後のダイスで決める", ""))
    options = (OptionSpec("a_wins", "カードaが勝つ", (False, True), False),)
    max_steps = 20
    version = "1"

    def __init__(self, cooperative: bool = False, labels: dict | None = None, comparisons: tuple = (),
                 measures: tuple = (), questions: Any = None) -> None:
        self.capabilities = Capabilities("toy", 2, 3, cooperative=cooperative, measures=measures,
                                         determinization=True, questions=questions is not None)
        self.cooperative = cooperative
        if questions is not None:
            self.questions = questions
        if labels is not None:
            self.labels_ja = labels
        self.report_comparisons = comparisons

    def new_state(self, players: int, variant: str = "standard", options: Any = None) -> State:
        return State(players, variant, dict(options or {}))

    def to_move(self, s: State) -> int:
        if s.fav is None:
            return CHANCE
        if len(s.picks) < s.n:
            return len(s.picks)
        if s.variant == "late" and s.die is None:
            return CHANCE
        return TERMINAL

    def legal_actions(self, s: State) -> list[Any]:
        return [Pick("a"), Pick("b")]

    def sample_chance(self, s: State, rng: random.Random) -> Any:
        return Deal(rng.randrange(s.n)) if s.fav is None else Die(rng.randrange(s.n))

    def apply(self, s: State, a: Any) -> None:
        if isinstance(a, Deal):
            s.fav = a.seat
        elif isinstance(a, Die):
            s.die = a.seat
        else:
            s.picks.append(a.card)

    def observe(self, s: State, seat: int) -> Any:
        return (s.fav, tuple(s.picks))

    def information_set(self, s: State, seat: int) -> State:
        return s.clone()

    def determinize(self, info: State, seat: int, rng: random.Random) -> State:
        return info.clone()

    def winner(self, s: State) -> int:
        if s.variant == "late":
            if s.options.get("a_wins"):
                firsts = [i for i, c in enumerate(s.picks) if c == "a"]
                if firsts:
                    return firsts[0]
            return s.die
        return s.fav

    def result(self, s: State) -> Result:
        extra = {"cards_used": {c: i for i, c in enumerate(s.picks) if c == "a"} | (
            {"b": -1} if "b" in s.picks else {}), "fav_by_round": [float(s.fav), float(s.fav) + 1]}
        if self.cooperative:
            won = s.picks[s.fav] == "a"
            return Result((1.0 if won else 0.0,) * s.n, (1 if won else 2,) * s.n, "won" if won else "lost_pick",
                          "", extra)
        w = self.winner(s)
        return Result(tuple(1.0 if i == w else 0.0 for i in range(s.n)),
                      tuple(1 if i == w else 2 for i in range(s.n)), "done", "", extra)

    def check_invariants(self, s: State) -> None:
        pass

    def action_from_json(self, data: Any) -> Any:
        if "deal" in data:
            return Deal(data["deal"])
        if "die" in data:
            return Die(data["die"])
        return Pick(data["pick"])

    def state_hash(self, s: State) -> str:
        return hashlib.sha256(repr((s.fav, s.picks, s.die)).encode()).hexdigest()
