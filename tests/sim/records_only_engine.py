"""An engine for figures computed from given game records: it declares what it is and plays no game."""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from pnp.sim.engine import BaseEngine, Capabilities, Result


class RecordsOnly(BaseEngine):
    """Every rule raises: the figures under test read records, never a state."""

    capabilities = Capabilities("cards", 2, 4)
    max_steps = 10

    def _unplayed(self) -> AssertionError:
        return AssertionError("a figure from records played a game")

    def new_state(self, players: int, variant: str = "standard", options: Mapping[str, Any] | None = None) -> Any:
        raise self._unplayed()

    def to_move(self, state: Any) -> int:
        raise self._unplayed()

    def legal_actions(self, state: Any) -> list[Any]:
        raise self._unplayed()

    def sample_chance(self, state: Any, rng: random.Random) -> Any:
        raise self._unplayed()

    def apply(self, state: Any, action: Any) -> None:
        raise self._unplayed()

    def observe(self, state: Any, seat: int) -> Any:
        raise self._unplayed()

    def result(self, state: Any) -> Result:
        raise self._unplayed()

    def check_invariants(self, state: Any) -> None:
        raise self._unplayed()

    def action_from_json(self, data: Any) -> Any:
        raise self._unplayed()

    def state_hash(self, state: Any) -> str:
        raise self._unplayed()
