"""ユーフォリア: the actions (a player's move, the shuffled deal) as small frozen values with named fields, a
Japanese ``label()`` and a ``to_json()``, and the kinds of move and the phases of a game as ``IntEnum``."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any


class MoveKind(IntEnum):
    SET_ASIDE = 0       # a card of the hand laid face down (once, before the first round)
    CHANT = 1           # 読経: a card banked face up as 【徳】
    SAIL = 2            # 渡海: a card played to the table (NO_CARD: none can be, the player is out)


class Phase(IntEnum):
    DEAL = 0            # chance: the shuffled deck dealt
    SETUP = 1           # each seat in turn sets a card aside
    PLAY = 2            # the rounds
    OVER = 3


SET_ASIDE, CHANT, SAIL = MoveKind
DEAL, SETUP, PLAY, OVER = Phase
_KIND_NAMES = {SET_ASIDE: "set_aside", CHANT: "chant", SAIL: "sail"}
_KINDS_BY_NAME = {v: k for k, v in _KIND_NAMES.items()}
NO_CARD = -1


@dataclass(frozen=True, order=True)
class Move:
    """A player's decision: set a card aside, 読経 with a card, or 渡海 with a card (-1: no card, out)."""

    kind: MoveKind
    card: int
    text: str = field(default="", compare=False)

    def label(self) -> str:
        return self.text

    def to_json(self) -> Any:
        return {"move": _KIND_NAMES[self.kind], "card": self.card}


@dataclass(frozen=True, order=True)
class Deal:
    """The chance step: the shuffled deck, top card first."""

    order: tuple[int, ...]

    def label(self) -> str:
        return "煩悩カードをよく切って配る"

    def to_json(self) -> Any:
        return {"deal": list(self.order)}
