"""Bundled rules engines, one module per game.  A game's ``game.yaml`` names its engine
(``engine: euphoria``); the module exposes ``make_engine(game) -> Engine`` built from the loaded model."""
from __future__ import annotations

import importlib

from ..data.model import Game
from ..errors import PnpError


def has_engine(game: Game) -> bool:
    return bool(game.engine)


def make_engine(game: Game):
    if not game.engine:
        raise PnpError(f"{game.id}: game.yaml names no rules engine (engine: …)")
    try:
        module = importlib.import_module(f"{__name__}.{game.engine}")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.endswith(game.engine):
            raise PnpError(f"{game.id}: unknown rules engine {game.engine!r}") from None
        raise
    return module.make_engine(game)
