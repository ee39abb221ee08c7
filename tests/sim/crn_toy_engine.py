"""A dice race for the common-random-numbers tests, where the true effect of each rule is known.

Four rounds; in each, every seat in turn rolls a die (a chance step) and then pushes (scores the die)
or holds (scores 3).  The highest score wins; a tie shares the win.  Options:

* ``seven_bonus``: a die showing 7 scores 10 more — a die has no 7: the rule never fires;
* ``last_wins``: the last seat wins whatever the scores — the rule decides the game;
* ``extra_die``: in round 1 seat 1 rolls two dice and keeps the higher — it draws once more.

``KeyedDiceRace`` names its chance steps (``chance_key``: the round and the seat) and its decisions
(``decision_key``: the round); ``DiceRace`` does not, so the runner gives it one chance stream."""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from pnp.sim.engine import (
    CHANCE,
    TERMINAL,
    BaseEngine,
    Capabilities,
    Chance,
    IllegalAction,
    OptionSpec,
    Result,
    Variant,
)

ROUNDS = 4


@dataclass(frozen=True, order=True)
class Roll:
    value: int

    def label(self) -> str:
        return f"ダイス {self.value}"

    def to_json(self) -> Any:
        return {"roll": self.value}


@dataclass(frozen=True, order=True)
class Choice:
    push: bool

    def label(self) -> str:
        return "押す" if self.push else "止める"

    def to_json(self) -> Any:
        return {"push": self.push}


PUSH, HOLD = Choice(True), Choice(False)


class State:
    __slots__ = ("n", "options", "round", "seat", "die", "scores")

    def __init__(self, n: int, options: dict[str, Any]) -> None:
        self.n, self.options = n, options
        self.round, self.seat, self.die = 1, 0, 0
        self.scores = [0] * n

    def clone(self) -> State:
        s = State(self.n, self.options)
        s.round, s.seat, s.die, s.scores = self.round, self.seat, self.die, list(self.scores)
        return s


class CoinPolicy:
    name = "coin"

    def choose(self, observation: Any, legal: list[Any], rng: random.Random) -> Any:
        return PUSH if rng.random() < 0.5 else HOLD


class DiceRace(BaseEngine):
    capabilities = Capabilities("dicerace", 2, 3, progress=True)
    variants = (Variant("standard", "標準ルール", ""),)
    options = (OptionSpec("seven_bonus", "7の目に10点", (False, True), False),
               OptionSpec("last_wins", "最後の席が勝つ", (False, True), False),
               OptionSpec("extra_die", "1ラウンド目の2番席はダイス2個", (False, True), False))
    max_steps = 100
    version = "1"
    policies = {"coin": CoinPolicy}
    default_policy = "coin"

    def new_state(self, players: int, variant: str = "standard", options: dict[str, Any] | None = None) -> State:
        opts = {o.id: o.default for o in self.options}
        for k, v in (options or {}).items():
            if k not in opts:
                raise KeyError(k)
            opts[k] = v
        return State(players, opts)

    def to_move(self, s: State) -> int:
        if s.round > ROUNDS:
            return TERMINAL
        return CHANCE if s.die == 0 else s.seat

    def legal_actions(self, s: State) -> list[Any]:
        return [HOLD, PUSH] if s.die else []

    def sample_chance(self, s: State, rng: random.Random) -> Roll:
        if s.options["extra_die"] and s.round == 1 and s.seat == 1:
            return Roll(max(rng.randint(1, 6), rng.randint(1, 6)))
        return Roll(rng.randint(1, 6))

    def apply(self, s: State, a: Any) -> None:
        if isinstance(a, Roll):
            if s.die:
                raise IllegalAction("not a chance step")
            s.die = a.value
            return
        if not isinstance(a, Choice) or not s.die:
            raise IllegalAction(f"not a choice: {a!r}")
        s.scores[s.seat] += (s.die if a.push else 3) + (10 if s.options["seven_bonus"] and s.die == 7 else 0)
        s.die = 0
        s.seat += 1
        if s.seat == s.n:
            s.seat, s.round = 0, s.round + 1

    def observe(self, s: State, seat: int) -> Any:
        return (s.round, s.die, tuple(s.scores))

    def result(self, s: State) -> Result:
        if s.options["last_wins"]:
            ranks = tuple(1 if i == s.n - 1 else 2 for i in range(s.n))
        else:
            best = max(s.scores)
            ranks = tuple(1 if v == best else 2 for v in s.scores)
        return Result(tuple(float(v) for v in s.scores), ranks, "rounds", "4ラウンド終了")

    def check_invariants(self, s: State) -> None:
        pass

    def action_from_json(self, data: Any) -> Any:
        return Roll(data["roll"]) if "roll" in data else Choice(bool(data["push"]))

    def state_hash(self, s: State) -> str:
        return repr((s.round, s.seat, s.die, s.scores))

    def progress(self, s: State) -> tuple[int, tuple[float, ...]]:
        return min(s.round, ROUNDS), tuple(float(v) for v in s.scores)


class KeyedDiceRace(DiceRace):
    capabilities = replace(DiceRace.capabilities, chance=Chance.KEYED, decision_streams=True)

    def chance_key(self, s: State) -> tuple[int, int]:
        return (s.round, s.seat)

    def decision_key(self, s: State) -> int:
        return s.round
