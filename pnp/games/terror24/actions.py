"""The actions and chance outcomes of 24 −共鳴するテロル− (small frozen values with named fields, a Japanese
``label()`` for transcripts and a ``to_json()`` for logs), and the phases of a hand as an ``IntEnum``."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any


class Phase(IntEnum):
    """Where a game stands: who decides what next (``State.phase``)."""
    PICK = 0          # each seat picks a detective
    DEAL = 1          # chance: the incident cards laid out
    PEEK = 2          # variant lloyd-one: ロイド looks at one face-down card
    PLACE = 3         # the detective cards placed face down, two rounds of five
    CHALLENGE = 4     # one incident: each seat in turn rolls or not
    ROLL = 5          # chance: the dice
    TAKE = 6          # ヒバチ (notes-skills) chooses which card he takes
    KEEP = 7          # a hand's end: the card each seat keeps
    END = 8


P_PICK, P_DEAL, P_PEEK, P_PLACE, P_CHAL, P_ROLL, P_TAKE, P_KEEP, P_END = Phase
PHASE_NAMES = ("pick", "deal", "peek", "place", "challenge", "roll", "take", "keep", "end")
DICE_NAMES = ("なし", "緑", "赤", "緑と赤")


@dataclass(frozen=True, order=True)
class Pick:
    detective: str
    name: str = field(default="", compare=False)

    def label(self) -> str:
        return f"刑事「{self.name or self.detective}」を選ぶ"

    def to_json(self) -> Any:
        return {"t": "pick", "d": self.detective}


@dataclass(frozen=True, order=True)
class Place:
    kind: int                  # index into the detective card kinds (hours 0..6, then ヒーロータイム)
    text: str = field(default="", compare=False)

    def label(self) -> str:
        return "刑事カードを1枚、裏向きに置く"      # which card stays hidden until the rules reveal it

    def to_json(self) -> Any:
        return {"t": "place", "k": self.kind}


@dataclass(frozen=True, order=True)
class Challenge:
    dice: int                  # bit 1 = green, bit 2 = red

    def label(self) -> str:
        return "チャレンジしない" if not self.dice else f"{DICE_NAMES[self.dice]}のダイスでチャレンジ"

    def to_json(self) -> Any:
        return {"t": "challenge", "dice": self.dice}


@dataclass(frozen=True, order=True)
class Take:
    row: int                   # 0 = 1位のカード, 1 = 2位のカード (ヒバチ, notes-skills)

    def label(self) -> str:
        return f"{self.row + 1}位の事件カードを取る"

    def to_json(self) -> Any:
        return {"t": "take", "row": self.row}


@dataclass(frozen=True, order=True)
class Keep:
    card: int                  # incident card index
    text: str = field(default="", compare=False)

    def label(self) -> str:
        return "獲得した事件カードを1枚、裏向きに伏せて手元に残す"   # which one is secret

    def to_json(self) -> Any:
        return {"t": "keep", "card": self.card}


@dataclass(frozen=True, order=True)
class Peek:
    """ロイド's one look at a face-down 事件カード before the placements (variant lloyd-one)."""
    slot: int                  # layout place: column 1 row 1, column 1 row 2, column 2 row 1 …

    def label(self) -> str:
        return f"事件番号{self.slot // 2 + 1}の{self.slot % 2 + 1}位の裏向きのカードを見る"   # what it shows is secret

    def to_json(self) -> Any:
        return {"t": "peek", "slot": self.slot}


@dataclass(frozen=True, order=True)
class Deal:
    cards: tuple[int, ...]     # 10 incident indices: column 1 row 1, column 1 row 2, column 2 row 1 …

    def label(self) -> str:
        return "事件カードをシャッフルして配置する"

    def to_json(self) -> Any:
        return {"t": "deal", "cards": list(self.cards)}


@dataclass(frozen=True, order=True)
class Roll:
    green: int                 # 0 = not rolled
    red: int

    def label(self) -> str:
        parts = []
        if self.green:
            parts.append(f"緑{self.green}")
        if self.red:
            parts.append(f"赤{self.red}")
        return "ダイス: " + "・".join(parts)

    def to_json(self) -> Any:
        return {"t": "roll", "g": self.green, "r": self.red}


CHALLENGES = tuple(Challenge(d) for d in range(4))
TAKES = (Take(0), Take(1))
PEEKS = tuple(Peek(slot) for slot in range(10))
ROLLS = tuple(tuple(Roll(g, r) for r in range(9)) for g in range(9))
