"""EBE (draft 9): a cooperative escape from a space station, 2–4 players — the rules engine as a package.

``rules`` holds the engine (``EbeEngine``), assembled from one class per part of the rules: ``tables``
(what is read from the data), ``setup`` (a new game, the chance steps), ``dice`` (the assignment and the
dice change), ``turns`` (reveal, penalties, drones, actions), ``rounds`` (turn and round end, events),
``checks`` (invariants, logs, data checks), ``examples`` (rulebook examples), ``hidden`` (search hooks),
``narration``.  ``facts``, ``actions`` and ``state`` hold the constants, the action values and the State;
``policies`` the players; ``questions`` the designer's questions.  Everything callers import is
re-exported here, so ``engine: ebe`` in game.yaml and ``from pnp.games import ebe`` keep working.
"""
from __future__ import annotations

from .actions import *  # noqa: F403
from .checks import check_components
from .facts import *  # noqa: F403
from .policies import POLICIES, EarlyPlannerPolicy, HoarderPolicy, PlannerPolicy
from .questions import questions
from .rules import EbeEngine, make_engine
from .state import Observation, State

__all__ = [  # noqa: F405
    "EbeEngine", "make_engine", "check_components", "questions", "POLICIES", "PlannerPolicy", "EarlyPlannerPolicy",
    "HoarderPolicy", "Observation", "State",
]
