"""ユーフォリア（補陀落渡海）の rules engine, 3–5 players.

The rules are the draft's rules part (``■ 概要 補陀落渡海しよう！`` to the end); where the draft is
silent the engine follows the rulings in ``components/euphoria/rulings.yaml`` (``RULING_IDS``), which the
rulebook prints in its 補足・裁定 section so that the engine and the printed rules agree.

Shape of a game: one chance step (the shuffled deal), then each seat in turn sets one card aside face
down, then rounds.  In a round every player still in the game, from the 親 clockwise, either 読経
(banks a card face up as 【徳】) or 渡海 (plays a card to the table under the 無の境地 rule).  Every
player still in the game uses exactly one card per round, so the game lasts as many rounds as the
hand holds after the set-aside (3p: 12, 4p: 9, 5p: 7) unless only one player is left.

The package: ``facts`` (rulings, move kinds, actions), ``state`` (State, Observation), ``rules`` (the
engine proper), ``policies``, ``narration`` (``pnp play``), ``questions`` (the designer's questions),
``hidden`` (the search player's information sets), ``examples`` (rulebook examples); this module puts
them together as ``EuphoriaEngine``, the class the loader finds.  Standing scores
(``progress``/``score_history``) show a player who is out as -1 so that a player who can no longer win
is never counted as the leader.
"""
from __future__ import annotations

from typing import Any

from ...data.model import Game
from ...sim.engine import BaseEngine
from .examples import ExamplesMixin
from .facts import (
    CHANT,
    DEAL,
    DECK_ID,
    ENGINE_VERSION,
    NO_CARD,
    OVER,
    PLAY,
    RULING_IDS,
    SAIL,
    SET_ASIDE,
    SETUP,
    Deal,
    Move,
)
from .hidden import HiddenInformationMixin
from .info import CAPABILITIES
from .narration import NarrationMixin
from .policies import DaringPolicy, HeuristicPolicy
from .questions import QuestionsMixin
from .rules import check_components
from .state import Observation, State

__all__ = [
    "CHANT", "DEAL", "DECK_ID", "ENGINE_VERSION", "NO_CARD", "OVER", "PLAY", "RULING_IDS", "SAIL", "SET_ASIDE",
    "SETUP", "Deal", "DaringPolicy", "EuphoriaEngine", "HeuristicPolicy", "Move", "Observation", "State",
    "check_components", "make_engine",
]


class EuphoriaEngine(NarrationMixin, QuestionsMixin, HiddenInformationMixin, ExamplesMixin, BaseEngine):
    """ユーフォリア（補陀落渡海）, 3–5 players (see the package docstring)."""

    capabilities = CAPABILITIES

    def __reduce__(self) -> tuple[Any, ...]:
        # engines travel to worker processes; rebuild from plain facts instead of the model
        return (_rebuild, (self.card_ids, self.suit_of, self.value_of, self.suit_names, self.card_names))


def _rebuild(card_ids: tuple[str, ...], suit_of: tuple[int, ...], value_of: tuple[int, ...],
             suit_names: tuple[str, ...], card_names: tuple[str, ...]) -> EuphoriaEngine:
    e = EuphoriaEngine.__new__(EuphoriaEngine)
    e._set_facts(card_ids, suit_of, value_of, suit_names, card_names)
    return e


def make_engine(game: Game) -> EuphoriaEngine:
    return EuphoriaEngine(game)
