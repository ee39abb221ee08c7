"""Bundled rules engines, one module per game.  A game's ``game.yaml`` names its engine
(``engine: euphoria``, or ``engine: engine.py`` for a file in the game's own folder); the module exposes
``make_engine(game) -> Engine`` built from the loaded model.  ``pnp.games.loader`` finds and starts it."""
from __future__ import annotations

from .loader import EngineError, engine_module, has_engine, make_engine

__all__ = ["EngineError", "engine_module", "has_engine", "make_engine"]
