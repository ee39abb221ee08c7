"""Rules engine for 24 −共鳴するテロル− (draft 12): 3–5 players, 1–3 hands.

The package's rooms: ``facts`` (ids, phases, actions), ``state`` (State, Observation), ``rules`` (the
engine, over ``tables`` (what is read from the data), ``hands`` (a hand's end) and ``resolution`` (an
incident's resolution)), ``hidden`` (what a seat cannot see, dealt back for the search player), ``examples`` (the
rulebook's worked examples), ``policies`` (the game's own players) and ``questions`` (the designer's
questions, answered from simulated games).  ``engine: terror24`` in game.yaml loads this package.
"""
from __future__ import annotations

from .facts import (
    CHALLENGES,
    DETECTIVE_NAMES,
    DICE_NAMES,
    ENGINE_VERSION,
    GAME_ID,
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
    RULING_IDS,
    TAKES,
    Challenge,
    Deal,
    Keep,
    Peek,
    Pick,
    Place,
    Roll,
    Take,
)
from .policies import POLICIES, BasicPolicy, HeuristicPolicy
from .questions import questions
from .rules import VARIANT_IDS, Terror24Engine, check_components, make_engine
from .state import Observation, State

__all__ = [
    "CHALLENGES", "DETECTIVE_NAMES", "DICE_NAMES", "ENGINE_VERSION", "GAME_ID", "P_CHAL", "P_DEAL", "P_END",
    "P_KEEP", "P_PEEK", "PEEKS", "P_PICK", "P_PLACE", "P_ROLL", "P_TAKE", "PHASE_NAMES", "POLICIES", "ROLLS", "RULING_IDS", "TAKES",
    "VARIANT_IDS", "BasicPolicy", "Challenge", "Deal", "HeuristicPolicy", "Keep", "Observation", "Peek", "Pick", "Place",
    "Roll", "State", "Take", "Terror24Engine", "check_components", "make_engine", "questions",
]
