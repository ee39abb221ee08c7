"""EBE's actions and chance outcomes: small frozen values with a Japanese label and a JSON form."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, ClassVar

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


class Kind(IntEnum):
    """What an explorer's action does (its ``k`` in a log)."""
    DONE = 0
    HEAL = 1
    CONVERT = 2
    LOAD = 3
    GAIN = 4
    USE = 5
    GIVE = 6


class Act:
    """An explorer's action in his turn (``P_ACT``): one class per ``Kind``, each with named fields.

    A log keeps every one as ``{"t": "act", "k": kind, "a": …, "b": …, "c": …}`` (``codes`` gives a, b
    and c), and a turn's legal actions are ordered by kind, then those codes, whatever their class."""

    __slots__ = ()
    kind: ClassVar[Kind]
    text: str

    def codes(self) -> tuple[int, int, int]:
        raise NotImplementedError

    def order(self) -> tuple[int, int, int, int]:
        return (self.kind, *self.codes())

    def __lt__(self, other: Act) -> bool:
        return self.order() < other.order()

    def __le__(self, other: Act) -> bool:
        return self.order() <= other.order()

    def __gt__(self, other: Act) -> bool:
        return self.order() > other.order()

    def __ge__(self, other: Act) -> bool:
        return self.order() >= other.order()

    def label(self) -> str:
        return self.text

    def to_json(self) -> Any:
        a, b, c = self.codes()
        return {"t": "act", "k": self.kind, "a": a, "b": b, "c": c}


@dataclass(frozen=True)
class EndTurn(Act):
    kind: ClassVar[Kind] = Kind.DONE
    text: str = field(default="", compare=False)

    def codes(self) -> tuple[int, int, int]:
        return (0, 0, 0)


@dataclass(frozen=True)
class Heal(Act):
    """医務室: heal the explorer (``seat`` 0) or, in the variant heal-any, seat ``seat - 1``."""
    kind: ClassVar[Kind] = Kind.HEAL
    seat: int = 0
    text: str = field(default="", compare=False)

    def codes(self) -> tuple[int, int, int]:
        return (self.seat, 0, 0)


@dataclass(frozen=True)
class Convert(Act):
    """製作所: one resource ``source`` into one ``target`` (resource indices)."""
    kind: ClassVar[Kind] = Kind.CONVERT
    source: int
    target: int
    text: str = field(default="", compare=False)

    def codes(self) -> tuple[int, int, int]:
        return (self.source, self.target, 0)


@dataclass(frozen=True)
class Load(Act):
    """製作所: resources onto ``mission``, the four amounts packed into ``amounts`` (``pack_load``)."""
    kind: ClassVar[Kind] = Kind.LOAD
    mission: int
    amounts: int
    text: str = field(default="", compare=False)

    def codes(self) -> tuple[int, int, int]:
        return (self.mission, self.amounts, 0)


@dataclass(frozen=True)
class Gain(Act):
    """An area's action: one piece ``what`` (a resource index, or WEAPON) from the supply."""
    kind: ClassVar[Kind] = Kind.GAIN
    what: int
    text: str = field(default="", compare=False)

    def codes(self) -> tuple[int, int, int]:
        return (self.what, 0, 0)


@dataclass(frozen=True)
class UseItem(Act):
    """Use ``item``; an item giving resources names the two (``first``, ``second``)."""
    kind: ClassVar[Kind] = Kind.USE
    item: int
    first: int = 0
    second: int = 0
    text: str = field(default="", compare=False)

    def codes(self) -> tuple[int, int, int]:
        return (self.item, self.first, self.second)


@dataclass(frozen=True)
class Give(Act):
    """An exchange: seat ``giver`` hands seat ``receiver`` one piece (``what``: 0–3 a resource, WEAPON,
    ITEM_BASE + i item i)."""
    kind: ClassVar[Kind] = Kind.GIVE
    giver: int
    receiver: int
    what: int
    text: str = field(default="", compare=False)

    def codes(self) -> tuple[int, int, int]:
        return (self.giver, self.receiver, self.what)


def make_act(kind: Kind, a: int, b: int, c: int, text: str) -> Act:
    """The action of ``kind`` whose log codes are a, b and c (see ``Act.codes``)."""
    if kind == Kind.DONE:
        return EndTurn(text)
    if kind == Kind.HEAL:
        return Heal(a, text)
    if kind == Kind.CONVERT:
        return Convert(a, b, text)
    if kind == Kind.LOAD:
        return Load(a, b, text)
    if kind == Kind.GAIN:
        return Gain(a, text)
    if kind == Kind.USE:
        return UseItem(a, b, c, text)
    return Give(a, b, c, text)


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
