"""Rules engine for EBE (draft 9): a cooperative escape from a space station, 2–4 players.

Everything printed comes from ``components/ebe/*.yaml``: characters (life, inventory, areas, skill),
explore cards, the イーバ / drone / mission / item / event decks and the supply counts of game.yaml.
Card effects are data (``rules:``) read through a small vocabulary (see ``SKILLS``, ``ITEM_EFFECTS``,
``EVENT_CONDITIONS``); no card has code of its own.

The station map is ``STATION_GRID`` (the draft's drawing, one letter per drawn character) until a
``board`` part with ``grid:`` exists in the game's data; adjacency is derived from shared edges.

The game is open-information and cooperative: ``observe`` shows the whole table except the face-down
イーバ cards (and the order of the decks).  Team decisions (the dice assignment, paying for an event)
are taken by a leader seat that rotates every turn / round.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...data.model import Game
from ...sim.engine import BaseEngine, Finding, Result
from . import checks, examples, facts, hidden, narration, rules, setup, value
from .actions import Act
from .facts import (
    ENGINE_VERSION,
    GAME_ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RULING_IDS,
    Facts,
)
from .info import CAPABILITIES
from .pieces import weight
from .policies import POLICIES, POLICY_NOTES
from .questions import MEASURES, Q_WIN, questions
from .reading import facts_from
from .state import Observation, State
from .variants import OPTIONS, VARIANTS


class EbeEngine(BaseEngine):
    capabilities = CAPABILITIES
    game_id = GAME_ID
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    hidden_information = True   # the face-down イーバ of a turn (hidden.py)
    cooperative = True          # the team wins or loses together (reports give the team rate)
    version = ENGINE_VERSION
    variants = VARIANTS
    options = OPTIONS
    ruling_ids = RULING_IDS
    default_policy = "planner"
    # the report's skill ladder: one searching seat among planners (mcts:1 ≈ 30 planner games)
    skill_ladder = (1, 2)
    skill_ladder_games = 40
    second_policy = "early-planner"   # the report replays its seeds with it: do the figures depend on who plays?
    # the draft's first worry is the dice (「ダイスロールがランダム性高すぎて戦略性が低い」): the report's single-event
    # luck figure draws a roll of the dice in every sample game, not any chance step (most are card draws)
    luck_events = ("サイコロ",)
    # what `mcts:N:guided` adds here (pnp/sim/search.py): every legal move played out by the planner on the same
    # N samples, cut at the first turn start after 20 decisions and scored by team_value; the planner's move
    # stands unless another beats it by 0.05 (measured: benchmarks/bench_search.py, the README's table)
    search_guidance = "paired=on:depth=20:margin=0.05"
    policy_notes = POLICY_NOTES
    # the draft's memo asks whether the station should start at 30: the report plays both on the same seeds
    report_comparisons: tuple[dict[str, Any], ...] = (
        {"name_ja": "ステーションライフ30（草案メモの案）", "variant": "life30", "a_ja": "いまのルール",
         "b_ja": "ステーションライフ30"},
        {"name_ja": "イーバが出現したエリアは立入禁止（草案メモの案）", "options": {"closed": "closed"},
         "a_ja": "いまのルール", "b_ja": "立入禁止"},
        {"name_ja": "イーバを武器1個で撃退できる（草案メモの案）", "options": {"ebe_strength": 1},
         "a_ja": "いまのルール", "b_ja": "イーバの戦闘力1"},
    )
    measures = MEASURES
    questions_across_settings = (Q_WIN,)      # its answer splits the games by variant

    def __init__(self, game: Game, supply: Mapping[str, int] | None = None):
        self.facts: Facts = facts_from(game, supply)

    def __getattr__(self, name: str) -> Any:
        """The facts read as the engine's own attributes (``engine.char_life``, ``engine.plays`` …), as
        callers and the rulebook's examples have always read them."""
        if name.startswith("__") or name == "facts":
            raise AttributeError(name)
        return getattr(self.facts, name)

    # ------------------------------------------------------------ a game (setup.py, rules.py)

    def new_state(self, players: int, variant: str = "standard", options: Mapping[str, Any] | None = None) -> State:
        return setup.new_state(self.facts, players, variant, options)

    def sample_chance(self, s: State, rng: random.Random) -> Any:
        return setup.sample_chance(self.facts, s, rng)

    def chance_key(self, s: State) -> tuple[str, int, int]:
        return setup.chance_key(self.facts, s)

    def decision_key(self, s: State) -> tuple[int, int]:
        return setup.decision_key(self.facts, s)

    def to_move(self, s: State) -> int:
        return rules.to_move(self.facts, s)

    def legal_actions(self, s: State) -> list[Any]:
        return rules.legal_actions(self.facts, s)

    def apply(self, s: State, a: Any) -> None:
        rules.apply(self.facts, s, a)

    def observe(self, s: State, seat: int) -> Observation:
        return rules.observe(self.facts, s, seat)

    def result(self, s: State) -> Result:
        return rules.result(self.facts, s)

    def progress(self, s: State) -> tuple[int, tuple[float, ...]]:
        return rules.progress(self.facts, s)

    def is_terminal(self, s: State) -> bool:
        return rules.is_terminal(self.facts, s)

    def act(self, kind: int, a: int = 0, b: int = 0, c: int = 0) -> Act:
        return facts.act(self.facts, kind, a, b, c)

    def weight(self, s: State, p: int) -> int:
        return weight(self.facts, s, p)

    def pass_kind(self, w: int) -> int:
        return facts.pass_kind(self.facts, w)

    def what_name(self, w: int) -> str:
        return facts.what_name(self.facts, w)

    # ------------------------------------------------------------ checks and replays (checks.py)

    def check_invariants(self, s: State) -> None:
        checks.check_invariants(self.facts, s)

    def action_from_json(self, data: Any) -> Any:
        return checks.action_from_json(self.facts, data)

    def state_hash(self, s: State) -> str:
        return checks.state_hash(self.facts, s)

    # ------------------------------------------------------------ search (hidden.py, value.py)

    def information_set(self, s: State, seat: int) -> State:
        return hidden.information_set(self.facts, s, seat)

    def determinize(self, info: State, seat: int, rng: random.Random) -> State:
        return hidden.determinize(self.facts, info, seat, rng)

    def value_features(self, s: State) -> list[float]:
        return value.value_features(self.facts, s)

    def team_value(self, s: State) -> float:
        return value.team_value(self.facts, s)

    # ------------------------------------------------------------ the rulebook's examples (examples.py)

    def example_state(self, players: int, setup: Mapping[str, Any], variant: str = "standard",
                      options: Mapping[str, Any] | None = None) -> State:
        return examples.example_state(self.facts, players, setup, variant, options)

    def example_facts(self, s: State) -> dict[str, Any]:
        return examples.example_facts(self.facts, s)

    # ------------------------------------------------------------ what pnp play shows (narration.py)

    def seat_name(self, seat: int) -> str:
        return narration.seat_name(seat)

    def describe_setup(self, s: State) -> list[str]:
        return narration.describe_setup(self.facts, s)

    def narrate(self, before: State, action: Any, after: State) -> list[str]:
        return narration.narrate(self.facts, before, action, after)

    def describe_result(self, s: State, result: Result) -> list[str]:
        return narration.describe_result(self.facts, s, result)

    # ------------------------------------------------------------ report (questions.py, rules.py)

    @property
    def labels_ja(self) -> dict[str, str]:
        return rules.labels_ja(self.facts)

    @property
    def card_groups(self) -> dict[str, str]:
        return rules.card_groups(self.facts)

    def questions(self, records: Sequence[Any]) -> list[Finding]:
        return questions(records)

    @property
    def policies(self) -> Mapping[str, Any]:
        return POLICIES


def make_engine(game: Game) -> EbeEngine:
    return EbeEngine(game)
