"""ユーフォリア: the fixed facts the rules use (rulings, move kinds, phases) and the actions."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ENGINE_VERSION = "euphoria-1"

# The rulings this engine plays, by id; their text (and the designer's ledger) is in
# components/euphoria/rulings.yaml, which the rulebook prints.
RULING_IDS: tuple[str, ...] = (
    "deal", "hidden", "rounds", "first_parent", "turn_order", "first_sailor", "follow", "sail_lock",
    "must_sail_once", "no_card", "table", "new_parent", "new_parent_tie", "all_chant", "end", "never_all_out",
    "special_win", "toku_win", "tie", "ranks",
)


SET_ASIDE, CHANT, SAIL = 0, 1, 2
_KIND_NAMES = {SET_ASIDE: "set_aside", CHANT: "chant", SAIL: "sail"}
_KINDS_BY_NAME = {v: k for k, v in _KIND_NAMES.items()}
DECK_ID = "kleshas"
NO_CARD = -1

# phases
DEAL, SETUP, PLAY, OVER = 0, 1, 2, 3


@dataclass(frozen=True, order=True)
class Move:
    """A player's decision: set a card aside, 読経 with a card, or 渡海 with a card (-1: no card, out)."""

    kind: int
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
