"""Spies on the 探偵無宿２ rules for the differential tests: while :func:`spying` is open (the ``watched``
fixture: import it into a test module), the rules named in ``HOOKS`` call the hook of the engine registered
(:func:`spy`) for the facts they run with — ``spy_<rule>(go, s, *arguments)``, where ``go()`` runs the rule
itself and returns what it returns.  Other engines play unobserved."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from pnp.games.tantei2 import rounds, tasks

_SPIES: dict[int, Any] = {}          # id(facts) → the engine that watches them
HOOKS = ((rounds, "round_start"), (rounds, "round_end"), (rounds, "release"), (tasks, "tragedy_drawn"),
         (tasks, "end_turn"), (tasks, "auto_flip"), (tasks, "push_effects"))


def spy(engine: Any) -> None:
    _SPIES[id(engine.facts)] = engine


def _watched(rule: Callable[..., Any], hook: str) -> Callable[..., Any]:
    def watched(f: Any, s: Any, *args: Any) -> Any:
        watcher = getattr(_SPIES.get(id(f)), hook, None)
        if watcher is None:
            return rule(f, s, *args)
        return watcher(lambda: rule(f, s, *args), s, *args)
    return watched


@contextmanager
def spying() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        for module, name in HOOKS:
            patch.setattr(module, name, _watched(getattr(module, name), f"spy_{name}"))
        yield


@pytest.fixture(scope="module", autouse=True)
def watched() -> Iterator[None]:
    with spying():
        yield
