"""EBE's actions and chance outcomes: small frozen values with a Japanese label and a JSON form."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# ---------------------------------------------------------------- actions and chance outcomes

# what a chance step draws, in the draft's words (so a replayed log reads like a live game)
DECK_LABELS = {"characters": "キャラクターカード", "missions": "ミッションカード", "events": "イベントカード",
               "drones": "ドローンカードとアイテムカード", "ebe": "イーバカード（裏向き）"}


@dataclass(frozen=True, order=True)
class Deal:
    """Chance: cards drawn from a deck (characters per seat, missions, event, イーバ) in order."""
    deck: str
    cards: tuple[int, ...]
    items: tuple[int, ...] = ()          # drones only: the item each drone carries
    names: str = field(default="", compare=False)

    def label(self) -> str:
        return f"{self.names or DECK_LABELS.get(self.deck, self.deck)}を引く"

    def to_json(self) -> Any:
        return {"t": "deal", "deck": self.deck, "cards": list(self.cards), "items": list(self.items)}


@dataclass(frozen=True, order=True)
class Roll:
    dice: tuple[int, ...]

    def label(self) -> str:
        return "サイコロ: " + "・".join(map(str, self.dice))

    def to_json(self) -> Any:
        return {"t": "roll", "dice": list(self.dice)}


@dataclass(frozen=True, order=True)
class AssignDie:
    slot: int                            # 0..n-1 a seat, n.. an イーバ
    value: int
    who: str = field(default="", compare=False)

    def label(self) -> str:
        return f"{self.who}に{self.value}の目を割り振る"

    def to_json(self) -> Any:
        data: dict[str, Any] = {"t": "assign", "slot": self.slot, "value": self.value}
        if self.who:
            data["who"] = self.who          # for the log's reader only (not compared)
        return data


@dataclass(frozen=True, order=True)
class Play:
    token: int                           # explore card index, or INFO_BASE + item index
    text: str = field(default="", compare=False)

    def label(self) -> str:
        return f"「{self.text}」を出す"

    def to_json(self) -> Any:
        return {"t": "play", "token": self.token}


@dataclass(frozen=True, order=True)
class DroneChoice:
    fight: bool

    def label(self) -> str:
        return "ドローンを撃退する" if self.fight else "ドローンから逃げる（1ダメージ）"

    def to_json(self) -> Any:
        return {"t": "drone", "fight": self.fight}


@dataclass(frozen=True, order=True)
class Act:
    kind: int
    a: int = 0
    b: int = 0
    c: int = 0
    text: str = field(default="", compare=False)

    def label(self) -> str:
        return self.text

    def to_json(self) -> Any:
        return {"t": "act", "k": self.kind, "a": self.a, "b": self.b, "c": self.c}


@dataclass(frozen=True, order=True)
class Discard:
    what: int
    text: str = field(default="", compare=False)

    def label(self) -> str:
        return f"重量超過：{self.text}を捨てる"

    def to_json(self) -> Any:
        return {"t": "discard", "what": self.what}


@dataclass(frozen=True, order=True)
class Pay:
    yes: bool

    def label(self) -> str:
        return "イベントの支払いをする" if self.yes else "イベントの支払いをしない"

    def to_json(self) -> Any:
        return {"t": "pay", "yes": self.yes}


@dataclass(frozen=True, order=True)
class Tune:
    """The draft's 「サイコロの目を変更する効果」 (the 行動予測装置 item): after the reveal, one die ±1, or pass."""
    slot: int                            # -1 pass; 0..n-1 a seat's die; n.. an イーバ's die
    delta: int = 0
    who: str = field(default="", compare=False)

    def label(self) -> str:
        if self.slot < 0:
            return "サイコロの目を変えない"
        return f"{self.who}のサイコロの目を{'1増やす' if self.delta > 0 else '1減らす'}"

    def to_json(self) -> Any:
        data: dict[str, Any] = {"t": "tune", "slot": self.slot, "delta": self.delta}
        if self.who:
            data["who"] = self.who
        return data


DRONE_CHOICES = (DroneChoice(False), DroneChoice(True))
TUNE_PASS = Tune(-1, 0)
PAYS = (Pay(False), Pay(True))
