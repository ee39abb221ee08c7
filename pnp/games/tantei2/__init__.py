"""Rules engine for 探偵無宿２ (draft 5), as a package of modules of functions over (facts, state):

``facts``     the game's constants and what the rules read from the loaded model (``facts_from``), the
              data checks ``pnp validate`` runs (``check_components``);
``state``     the State and a seat's Observation;
``actions``   the codes (``Phase``, ``Deck``, ``Kind``, ``Task``) and every action as a named value;
``setup``     variants, options, a new game;  ``rules`` decisions and what an action does;
``tasks``     the resolution stack;  ``rounds`` the round's start and end;  ``costs`` what a seat can pay;
``scoring``   the result;  ``checks`` invariants and the state hash;
``policies``, ``questions`` (the designer's questions), ``hidden`` (information sets for the search player),
``examples`` (the rulebook's worked examples), ``narration`` (``pnp play``);
``engine``    the thin ``Tantei2Engine`` that ``engine: tantei2`` in game.yaml loads."""
from __future__ import annotations

from ...sim.engine import CHANCE, TERMINAL
from .actions import (
    Deck,
    Discard,
    Flash,
    Flip,
    Investigate,
    Keep,
    KeepDone,
    Kind,
    Move,
    MoveOutside,
    Phase,
    PickWatashi,
    PlaceFaceDown,
    Rest,
    RestEmpty,
    Shuffle,
    SkipFaceDown,
    Substitute,
    Task,
)
from .engine import Tantei2Engine, make_engine
from .facts import (
    DEATHS_TO_END,
    ENGINE_VERSION,
    FIRST_LAMP_SPACE,
    GAME_ID,
    HAND_START,
    MAX_LAMPS,
    ONGOING,
    OPS,
    ROUND_CAP,
    RULING_IDS,
    V_ALL_NEXT,
    V_CUBES,
    V_FLIP_BEFORE,
    V_FLIP_NO_EFFECT,
    V_FLIP_ONE,
    V_LAMP_AT_END,
    V_LAMPS_EVERY,
    V_LAMPS_FIRST,
    V_RELEASE_SERIAL,
    V_RESHUFFLE_NOW,
    V_SUB_ANY,
    V_TDRAW_TURNS,
    V_TIE_UP,
    WHO,
    WIN_VP,
    Facts,
    check_components,
    facts_from,
)
from .policies import POLICIES, HeuristicPolicy
from .questions import questions
from .state import Observation, State

__all__ = [
    "CHANCE", "TERMINAL",
    "Deck", "Discard", "Flash", "Flip", "Investigate", "Keep", "KeepDone", "Kind", "Move", "MoveOutside", "Phase",
    "PickWatashi", "PlaceFaceDown", "Rest", "RestEmpty", "Shuffle", "SkipFaceDown", "Substitute", "Task",
    "Tantei2Engine", "make_engine", "GAME_ID", "ENGINE_VERSION", "WIN_VP", "DEATHS_TO_END", "MAX_LAMPS",
    "FIRST_LAMP_SPACE", "HAND_START", "ROUND_CAP", "RULING_IDS", "OPS", "ONGOING", "WHO", "V_SUB_ANY", "V_TIE_UP",
    "V_CUBES", "V_LAMPS_EVERY", "V_LAMPS_FIRST", "V_LAMP_AT_END", "V_FLIP_BEFORE", "V_TDRAW_TURNS",
    "V_FLIP_NO_EFFECT", "V_FLIP_ONE", "V_ALL_NEXT", "V_RELEASE_SERIAL", "V_RESHUFFLE_NOW", "Facts",
    "check_components", "facts_from", "POLICIES", "HeuristicPolicy", "questions", "Observation", "State",
]
