"""Rules engine for 24 −共鳴するテロル− (draft 12): 3–5 players, 1–3 hands.

The package's rooms: ``actions`` (the actions and chance outcomes, the phases), ``facts`` (what the rules read
from the data once), ``state`` (State, Observation); the rules as functions over (facts, state): ``setup``
(variants, options, the first state, the components' checks), ``rules`` (who moves, legal actions, chance,
one step), ``resolution`` (an incident's resolution), ``hands`` (a hand's end), ``conditions`` (which rules
apply now), ``views`` (what a seat sees), ``scoring`` (the result), ``checks`` (invariants, replays);
``hidden`` (what a seat cannot see, dealt back for the search player), ``examples`` (the rulebook's worked
examples), ``narration`` (``pnp play``), ``policies`` (the game's own players) and ``questions`` (the
designer's questions, answered from simulated games).  ``engine`` holds the class the loader builds;
``engine: terror24`` in game.yaml loads this package.
"""
from __future__ import annotations

from .actions import (
    CHALLENGES,
    DICE_NAMES,
    P_CHAL,
    P_DEAL,
    P_END,
    P_KEEP,
    P_PEEK,
    P_PICK,
    P_PLACE,
    P_ROLL,
    P_TAKE,
    PEEKS,
    PHASE_NAMES,
    ROLLS,
    TAKES,
    Challenge,
    Deal,
    Keep,
    Peek,
    Phase,
    Pick,
    Place,
    Roll,
    Take,
)
from .engine import Terror24Engine, make_engine
from .facts import ENGINE_VERSION, GAME_ID, RULING_IDS, Facts, facts_from
from .policies import POLICIES, BasicPolicy, HeuristicPolicy
from .questions import questions
from .setup import VARIANT_IDS, check_components
from .state import Observation, State

__all__ = [
    "CHALLENGES", "DICE_NAMES", "ENGINE_VERSION", "GAME_ID", "P_CHAL", "P_DEAL", "P_END",
    "P_KEEP", "P_PEEK", "PEEKS", "P_PICK", "P_PLACE", "P_ROLL", "P_TAKE", "PHASE_NAMES", "POLICIES", "ROLLS", "RULING_IDS", "TAKES",
    "VARIANT_IDS", "BasicPolicy", "Challenge", "Deal", "Facts", "HeuristicPolicy", "Keep", "Observation", "Peek", "Phase",
    "Pick", "Place", "Roll", "State", "Take", "Terror24Engine", "check_components", "facts_from", "make_engine", "questions",
]
