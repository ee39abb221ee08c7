"""Policies by name: ``random`` for every game, plus the game's own (``engine.policies``)."""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..messages import did_you_mean, msg
from .engine import BaseEngine
from .errors import SimError
from .search import SPEC_HELP, is_search_spec, parse_search_spec


class RandomPolicy:
    """Uniform over the legal actions.  Needs no observation, so the runner skips building one."""

    name = "random"
    uses_observation = False

    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[0] if len(legal) == 1 else legal[int(rng.random() * len(legal))]


def game_policies(engine: BaseEngine) -> dict[str, Any]:
    """The game's own policies (``engine.policies``; the loader fills it from the engine module's
    ``POLICIES`` when the engine names none)."""
    return dict(engine.policies)


def policy_names(engine: BaseEngine) -> list[str]:
    return ["random"] + sorted(game_policies(engine))


def default_policy(engine: BaseEngine) -> str:
    name = engine.default_policy
    return name if name in policy_names(engine) else "random"


def make_policy(engine: BaseEngine, name: str) -> Any:
    """A policy by name: ``random``, the game's own, or the search player ``mcts:<iterations>`` (see
    :mod:`pnp.sim.search`; it is not listed by :func:`policy_names`, which ``validate`` plays through)."""
    if name == "random":
        return RandomPolicy()
    if is_search_spec(name):
        return parse_search_spec(engine, name, make_policy)
    factory = game_policies(engine).get(name)
    if factory is None:
        raise SimError(f"{engine.game_id}: " + msg("sim.unknown_policy", name=name, policies=policy_names(engine),
                                                   spec=SPEC_HELP, hint=did_you_mean(name, policy_names(engine))))
    return factory()


def parse_policies(engine: BaseEngine, text: str | None) -> tuple[str, ...]:
    """``"heuristic,random"`` → names, checked against the engine."""
    if not text:
        return (default_policy(engine),)
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    if not names:
        raise SimError(f"--policy {text!r}: " + msg("sim.no_policy", policies=policy_names(engine)))
    for n in names:
        make_policy(engine, n)
    return names


def lineup(policies: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """Seat → policy for game ``index``: the list repeated to fill the seats, rotated by one seat per
    game, so over ``players`` games every policy sits in every seat equally often."""
    base = [policies[j % len(policies)] for j in range(players)]
    shift = index % players
    return tuple(base[(s + shift) % players] for s in range(players))
