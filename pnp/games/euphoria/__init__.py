"""ユーフォリア（補陀落渡海）の rules engine, 3–5 players.

The rules are the draft's rules part (``■ 概要 補陀落渡海しよう！`` to the end); where the draft is
silent the engine follows the rulings in ``components/euphoria/rulings.yaml`` (``RULING_IDS``), which the
rulebook prints in its 補足・裁定 section so that the engine and the printed rules agree.

Shape of a game: one chance step (the shuffled deal), then each seat in turn sets one card aside face
down, then rounds.  In a round every player still in the game, from the 親 clockwise, either 読経
(banks a card face up as 【徳】) or 渡海 (plays a card to the table under the 無の境地 rule).  Every
player still in the game uses exactly one card per round, so the game lasts as many rounds as the
hand holds after the set-aside (3p: 12, 4p: 9, 5p: 7) unless only one player is left.

The package: ``actions`` (moves, the deal, move kinds and phases), ``facts`` (rulings, the deck read once),
``state`` (State, Observation); the rules as functions over (facts, state): ``setup`` (variants, options, the
first state, the components' checks), ``rules`` (who moves, legal moves, one step, the rounds), ``views``,
``scoring``, ``checks`` (invariants, the state hash); ``policies``, ``narration`` (``pnp play``),
``questions`` (the designer's questions), ``hidden`` (the search player's information sets), ``examples``
(rulebook examples); ``engine`` holds ``EuphoriaEngine``, the class the loader finds.  Standing scores
(``progress``/``score_history``) show a player who is out as -1 so that a player who can no longer win
is never counted as the leader.
"""
from __future__ import annotations

from .actions import CHANT, DEAL, NO_CARD, OVER, PLAY, SAIL, SET_ASIDE, SETUP, Deal, Move, MoveKind, Phase
from .engine import EuphoriaEngine, make_engine
from .facts import DECK_ID, ENGINE_VERSION, RULING_IDS, Facts, facts_from
from .policies import DaringPolicy, HeuristicPolicy
from .setup import check_components
from .state import Observation, State

__all__ = [
    "CHANT", "DEAL", "DECK_ID", "ENGINE_VERSION", "NO_CARD", "OVER", "PLAY", "RULING_IDS", "SAIL", "SET_ASIDE",
    "SETUP", "Deal", "DaringPolicy", "EuphoriaEngine", "Facts", "HeuristicPolicy", "Move", "MoveKind", "Observation",
    "Phase", "State", "check_components", "facts_from", "make_engine",
]
