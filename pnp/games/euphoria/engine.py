"""The engine of ユーフォリア（補陀落渡海）: the class the loader builds, holding the facts read from the deck and
answering each call with one rule function (``setup``, ``rules``, ``views``, ``scoring``, ``checks``,
``narration``, ``examples``, ``hidden``, ``questions``)."""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...data.model import Game
from ...sim.engine import BaseEngine, Finding, GameRecord, Result
from . import checks, examples, hidden, narration, rules, scoring, setup, views
from .actions import Deal, Move
from .facts import ENGINE_VERSION, RULING_IDS, facts_from
from .info import CAPABILITIES
from .policies import POLICY_NOTES, BeginnerPolicy, DaringPolicy, HeuristicPolicy
from .questions import LABELS_JA, MEASURES, questions
from .state import Observation, State


class EuphoriaEngine(BaseEngine):
    """ユーフォリア（補陀落渡海）, 3–5 players (see the package docstring)."""

    capabilities = CAPABILITIES
    game_id = "euphoria"
    version = ENGINE_VERSION
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    variants = setup.VARIANTS
    options = setup.OPTIONS
    max_steps = 1 + 5 + 13 * 5
    policies: dict[str, type[HeuristicPolicy] | type[BeginnerPolicy]] = {
        "heuristic": HeuristicPolicy, "daring": DaringPolicy, "beginner": BeginnerPolicy}
    default_policy = "heuristic"
    second_policy = "daring"     # the report replays its seeds with it: do the figures depend on who plays?
    score_track = None
    ruling_ids = RULING_IDS
    policy_notes = POLICY_NOTES
    # the report's skill ladder: the search is cheap here (mcts:16 ≈ 50 heuristic games), so it climbs further
    skill_ladder = (1, 2, 4, 8, 16)
    # per-seat facts that follow the strength of a hand, not a choice: their charts are descriptive
    descriptive_facts = {
        "hidden_value": "伏せ札の数字は配られた手札の強さと一緒に動くので、伏せ札の数字を変えれば勝てるという意味ではありません。",
        "first_sail_round": "早く渡海できるのは強い手札を配られた人なので、早く渡海すれば勝てるという意味ではありません。",
    }
    labels_ja = LABELS_JA
    # the draft leaves open what the set-aside card is for (ruling ``hidden``): the report plays both
    report_comparisons: tuple[dict[str, Any], ...] = (
        {"name_ja": "伏せ札を得点にしない（伏せ札なし得点）", "variant": "hidden_removed", "a_ja": "いまのルール",
         "b_ja": "伏せ札なし得点"},
        # ruling deal: the notes' 8- and 10-card hands (3 players: 10 or 8 cards instead of 13; 4: 8 instead of 10)
        {"name_ja": "手札は最大10枚（3人でも10枚配る）", "options": {"deal": 10}, "a_ja": "いまのルール",
         "b_ja": "手札は最大10枚"},
        {"name_ja": "手札は全員8枚（5人と同じ枚数）", "options": {"deal": 8}, "a_ja": "いまのルール",
         "b_ja": "手札は全員8枚"},
        {"name_ja": "配らずに余ったカードを表向きにする", "options": {"spare": "open"}, "a_ja": "いまのルール",
         "b_ja": "余ったカードを表向き"},
        {"name_ja": "全員が読経しても親を移さない", "options": {"all_chant": "stay"}, "a_ja": "いまのルール",
         "b_ja": "親を移さない"},
    )
    measures = MEASURES
    hidden_information = True

    def __init__(self, game: Game):
        self.facts = facts_from(game)
        self.card_ids = self.facts.card_ids     # the validator's card conservation names the cards by id

    # ------------------------------------------------------------------ play
    def new_state(self, players: int, variant: str = "standard", options: Mapping[str, Any] | None = None) -> State:
        return setup.new_state(self.facts, players, variant, options)

    def to_move(self, s: State) -> int:
        return rules.to_move(self.facts, s)

    def minimum(self, s: State) -> int:
        return rules.minimum(s)

    def legal_actions(self, s: State) -> list[Move]:
        return rules.legal_actions(self.facts, s)

    def chance_key(self, s: State) -> str:
        return rules.chance_key(self.facts, s)

    def decision_key(self, s: State) -> int:
        return rules.decision_key(self.facts, s)

    def sample_chance(self, s: State, rng: random.Random) -> Deal:
        return rules.sample_chance(self.facts, s, rng)

    def apply(self, s: State, a: Any) -> None:
        rules.apply(self.facts, s, a)

    def action_from_json(self, data: Any) -> Move | Deal:
        return rules.action_from_json(self.facts, data)

    # ------------------------------------------------------------------ views and scores
    def observe(self, s: State, seat: int) -> Observation:
        return views.observe(self.facts, s, seat)

    def toku_total(self, s: State, seat: int, with_hidden: bool = True) -> int:
        return scoring.toku_total(self.facts, s, seat, with_hidden)

    def standing(self, s: State) -> tuple[float, ...]:
        return scoring.standing(self.facts, s)

    def progress(self, s: State) -> tuple[int, tuple[float, ...]]:
        return scoring.progress(self.facts, s)

    def score_history(self, s: State) -> tuple[tuple[float, ...], ...]:
        return scoring.score_history(self.facts, s)

    def result(self, s: State) -> Result:
        return scoring.result(self.facts, s)

    # ------------------------------------------------------------------ checks and replays
    def check_invariants(self, s: State) -> None:
        checks.check_invariants(self.facts, s)

    def state_hash(self, s: State) -> str:
        return checks.state_hash(self.facts, s)

    # ------------------------------------------------------------------ report, narration (pnp play), rulebook examples
    def questions(self, records: Sequence[GameRecord]) -> list[Finding]:
        return questions(records)

    def seat_name(self, seat: int) -> str:
        return narration.seat_name(seat)

    def hand_text(self, cards: Sequence[int]) -> str:
        return narration.hand_text(self.facts, cards)

    def describe_setup(self, s: State) -> list[str]:
        return narration.describe_setup(self.facts, s)

    def narrate(self, before: State, action: Any, after: State) -> list[str]:
        return narration.narrate(self.facts, before, action, after)

    def describe_result(self, s: State, r: Result) -> list[str]:
        return narration.describe_result(self.facts, s, r)

    def example_state(self, players: int, setup: Mapping[str, Any], variant: str = "standard",
                      options: Mapping[str, Any] | None = None) -> State:
        return examples.example_state(self.facts, players, setup, variant, options)

    def example_facts(self, s: State) -> dict[str, Any]:
        return examples.example_facts(self.facts, s)

    # ------------------------------------------------------------------ determinization (search player)
    def information_set(self, s: State, seat: int) -> State:
        return hidden.information_set(self.facts, s, seat)

    def determinize(self, info: State, seat: int, rng: random.Random) -> State:
        return hidden.determinize(self.facts, info, seat, rng)


def make_engine(game: Game) -> EuphoriaEngine:
    return EuphoriaEngine(game)
