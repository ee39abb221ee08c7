"""EBE (draft 9): a cooperative escape from a space station, 2–4 players — the rules engine as a package.

``engine`` holds the thin engine class (``EbeEngine``), which keeps the game's fixed facts (``facts``: the
constants and ``Facts``, read once from the data by ``reading``) and hands every call to the rules,
functions over the facts and a ``State`` (``state``): ``rules`` (whose move, legal actions, apply,
result), ``setup`` (a new game, the chance steps), ``dice`` (the assignment and the dice change),
``turns`` (reveal, penalties, drones, actions), ``rounds`` (turn and round end, events), ``pieces``
(weight, damage, areas), ``checks`` (invariants, logs, data checks), ``examples`` (rulebook examples),
``hidden`` and ``value`` (the search player's hooks), ``narration``.  ``actions`` holds the action
values, ``variants`` the rule switches, ``policies`` the players, ``questions`` the designer's
questions.  ``engine: ebe`` in game.yaml and ``from pnp.games import ebe`` find here what they use.
"""
from __future__ import annotations

from .actions import *  # noqa: F403
from .checks import check_components
from .engine import EbeEngine, make_engine
from .facts import *  # noqa: F403
from .policies import POLICIES, EarlyPlannerPolicy, HoarderPolicy, PlannerPolicy
from .questions import questions
from .state import Observation, State
from .variants import *  # noqa: F403

__all__ = [  # noqa: F405
    "EbeEngine", "make_engine", "check_components", "questions", "POLICIES", "PlannerPolicy", "EarlyPlannerPolicy",
    "HoarderPolicy", "Observation", "State",
]
