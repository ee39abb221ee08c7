"""探偵無宿２: the codes (phases, decks, action kinds, tasks) as ``IntEnum`` and every action and chance
outcome as a small frozen value with named fields, its Japanese label and its JSON.

The JSON of an action is ``{"k": kind, "a": …, "b": …}`` and its order, equality and hash are those of
``(kind, a, b)``: logs and golden transcripts written before the actions had names still replay, and
the legal actions sort across kinds as they always did (a main decision lists 捜査, 閃き, 代用コスト, 一服
in that order)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, ClassVar


class _Code(IntEnum):
    """A code that reads as its number wherever a state is written out (``state_hash`` hashes the repr of
    the task stack, so a code must print as the plain int it replaced)."""
    __repr__ = int.__repr__
    __str__ = int.__repr__


class Phase(_Code):
    CHANCE = 0
    PICK = 1       # a 「私」 to choose (選択ルール)
    OUTSIDE = 2    # a person card to move from the 【容疑者】 to the 【線外】
    MAIN = 3       # the turn's 捜査 / 代用コスト / 一服
    DISCARD = 4
    DOWN = 5       # a hand card to place face down (or not)
    FLIP = 6       # a face-down card to turn face up
    KEEP = 7       # face-down cards to keep at the round end
    END = 8


class Deck(_Code):
    """The deck a chance step shuffles."""
    EVENTS = 1      # イベントの山 (with the 捨て札)
    INVESTIGATION = 2   # 捜査デッキ


class Kind(_Code):
    """Action kinds; their order is the order legal actions sort in."""
    PICK = 0
    OUT = 1
    INV = 2
    FLASH = 3
    SUB = 4
    REST = 5
    REST_EMPTY = 6
    DISC = 7
    DOWN = 8
    DOWN_SKIP = 9
    FLIP = 10
    KEEP = 11
    KEEP_DONE = 12


class Task(_Code):
    """The tasks of the resolution stack (``pnp.games.tantei2.tasks``).  A task is a tuple
    ``(Task.X, arguments…)``; a draw is ``(DRAW, seat, n)`` or, for a draw an ongoing effect or a skill
    causes, ``(DRAW, seat, n, source)``: source is the event card, or -1 - w for the skill of 「私」 w."""
    SHUFFLE_EVENTS = 0
    DEAL = 1
    SHUFFLE_INV = 2
    PICK = 3
    ROUND_START = 4
    OUT = 5          # the round start's 【線外】 move
    TURN = 6
    MAIN = 7         # face-down checks, then the main decision
    END = 8          # the turn's end
    DRAW = 9
    DISC = 10
    TAKE = 11        # take from the 捨て札
    DOWN = 12
    FLIP = 13
    LAMP = 14
    SUB_DISCOUNT = 15
    ROUND_END = 16
    KEEP = 17        # a seat's face-down cards at the round end
    KEEP_ASK = 18
    NEW_ROUND = 19
    TO_DISCARD = 20  # an instant card's effect is over
    OUTSIDE = 21     # an effect's 【線外】 moves
    LINE_OUT = 22
    OUT_RETURN = 23  # an effect's 【線外】 move returns here
    FLIPS = 24       # the face-down checks only
    OVER = 25        # the game-ending death's draws are done


class Move:
    """What every action of the game shares: ``(kind, a, b)`` decides order, equality and hash and is its
    JSON; ``text`` is its label (a card placed face down names no card: the others do not see it)."""
    __slots__ = ()
    kind: ClassVar[Kind]
    text: str

    def _ab(self) -> tuple[int, int]:
        raise NotImplementedError

    def _key(self) -> tuple[int, int, int]:
        a, b = self._ab()
        return (self.kind, a, b)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __lt__(self, other: Move) -> bool:
        return self._key() < other._key()

    def __le__(self, other: Move) -> bool:
        return self._key() <= other._key()

    def __gt__(self, other: Move) -> bool:
        return self._key() > other._key()

    def __ge__(self, other: Move) -> bool:
        return self._key() >= other._key()

    def label(self) -> str:
        return self.text

    def to_json(self) -> Any:
        a, b = self._ab()
        return {"k": int(self.kind), "a": a, "b": b}


@dataclass(frozen=True, eq=False)
class PickWatashi(Move):
    """Choose 「私」 ``watashi`` (選択ルール)."""
    kind: ClassVar[Kind] = Kind.PICK
    watashi: int
    text: str = field(default="", repr=False)

    def _ab(self) -> tuple[int, int]:
        return self.watashi, 0


@dataclass(frozen=True, eq=False)
class MoveOutside(Move):
    """Move a card of ``person`` from the 【容疑者】 to the 【線外】."""
    kind: ClassVar[Kind] = Kind.OUT
    person: int
    text: str = field(default="", repr=False)

    def _ab(self) -> tuple[int, int]:
        return self.person, 0


@dataclass(frozen=True, eq=False)
class Investigate(Move):
    """捜査: put event ``card`` into effect (the turn ends)."""
    kind: ClassVar[Kind] = Kind.INV
    card: int
    text: str = field(default="", repr=False)

    def _ab(self) -> tuple[int, int]:
        return self.card, 0


@dataclass(frozen=True, eq=False)
class Flash(Move):
    """閃き: put event ``card`` into effect and decide again."""
    kind: ClassVar[Kind] = Kind.FLASH
    card: int
    text: str = field(default="", repr=False)

    def _ab(self) -> tuple[int, int]:
        return self.card, 0


@dataclass(frozen=True, eq=False)
class Substitute(Move):
    """代用コスト: discard to make one cost of ``colour`` this turn."""
    kind: ClassVar[Kind] = Kind.SUB
    colour: int
    text: str = field(default="", repr=False)

    def _ab(self) -> tuple[int, int]:
        return self.colour, 0


@dataclass(frozen=True, eq=False)
class Rest(Move):
    """一服 with hand card ``card``: discarded, or placed face down when ``face_down``."""
    kind: ClassVar[Kind] = Kind.REST
    card: int
    face_down: bool
    text: str = field(default="", repr=False)

    def _ab(self) -> tuple[int, int]:
        return self.card, int(self.face_down)


@dataclass(frozen=True, eq=False)
class RestEmpty(Move):
    """一服 with an empty hand."""
    kind: ClassVar[Kind] = Kind.REST_EMPTY
    text: str = field(default="", repr=False)

    def _ab(self) -> tuple[int, int]:
        return 0, 0


@dataclass(frozen=True, eq=False)
class Discard(Move):
    kind: ClassVar[Kind] = Kind.DISC
    card: int
    text: str = field(default="", repr=False)

    def _ab(self) -> tuple[int, int]:
        return self.card, 0


@dataclass(frozen=True, eq=False)
class PlaceFaceDown(Move):
    """An effect's 「裏向きに置いてもよい」: hand card ``card`` face down in the 【手帳】."""
    kind: ClassVar[Kind] = Kind.DOWN
    card: int
    text: str = field(default="", repr=False)

    def _ab(self) -> tuple[int, int]:
        return self.card, 0


@dataclass(frozen=True, eq=False)
class SkipFaceDown(Move):
    kind: ClassVar[Kind] = Kind.DOWN_SKIP
    text: str = field(default="", repr=False)

    def _ab(self) -> tuple[int, int]:
        return 0, 0


@dataclass(frozen=True, eq=False)
class Flip(Move):
    """An effect's free flip: face-down ``card`` turns face up."""
    kind: ClassVar[Kind] = Kind.FLIP
    card: int
    text: str = field(default="", repr=False)

    def _ab(self) -> tuple[int, int]:
        return self.card, 0


@dataclass(frozen=True, eq=False)
class Keep(Move):
    """Keep face-down ``card`` in the 【手帳】 at the round end."""
    kind: ClassVar[Kind] = Kind.KEEP
    card: int
    text: str = field(default="", repr=False)

    def _ab(self) -> tuple[int, int]:
        return self.card, 0


@dataclass(frozen=True, eq=False)
class KeepDone(Move):
    """The face-down cards not kept go to the 捨て札."""
    kind: ClassVar[Kind] = Kind.KEEP_DONE
    text: str = field(default="", repr=False)

    def _ab(self) -> tuple[int, int]:
        return 0, 0


@dataclass(frozen=True, order=True)
class Shuffle:
    """A chance outcome: ``deck`` in its new order, bottom first (the last card is drawn first)."""
    deck: int
    order: tuple[int, ...]

    def label(self) -> str:
        return "イベントの山をシャッフルする" if self.deck == Deck.EVENTS else "捜査デッキをシャッフルする"

    def to_json(self) -> Any:
        return {"t": "shuffle", "deck": int(self.deck), "order": list(self.order)}


@dataclass(frozen=True, eq=False)
class Actions:
    """Every action of one game's data, made once with its label: the legal actions are picked from here."""
    pick: tuple[PickWatashi, ...]
    out: tuple[MoveOutside, ...]
    inv: tuple[Investigate, ...]
    flash: tuple[Flash, ...]
    sub: tuple[Substitute, ...]
    rest: tuple[tuple[Rest, Rest], ...]       # by card: (discarded, placed face down)
    rest_empty: RestEmpty
    disc: tuple[Discard, ...]
    down: tuple[PlaceFaceDown, ...]
    down_skip: SkipFaceDown
    flip: tuple[Flip, ...]
    keep: tuple[Keep, ...]
    keep_done: KeepDone
    by_key: dict[tuple[int, int, int], Move]   # (kind, a, b) → action: the JSON reader

    def from_json(self, data: Any) -> Move:
        """KeyError, TypeError or ValueError when ``data`` is no action of this game."""
        return self.by_key[(int(data["k"]), int(data["a"]), int(data["b"]))]


def make_actions(watashi_names: Sequence[str], person_names: Sequence[str], colours_ja: Sequence[str],
                 ev_title: Sequence[str], ev_serial: Sequence[int], ev_placed: Sequence[bool]) -> Actions:
    def event(e: int) -> str:
        return f"{ev_title[e]}（{ev_serial[e]}）"

    def put(e: int) -> str:
        return event(e) + ("を【手帳】に配置する" if ev_placed[e] else "を使う")

    events = range(len(ev_title))
    table = Actions(
        pick=tuple(PickWatashi(w, f"「私」に{name}を選ぶ") for w, name in enumerate(watashi_names)),
        out=tuple(MoveOutside(p, f"{name}のカードを【容疑者】から【線外】へ移す") for p, name in enumerate(person_names)),
        inv=tuple(Investigate(e, f"捜査：{put(e)}") for e in events),
        flash=tuple(Flash(e, f"閃き：{put(e)}") for e in events),
        sub=tuple(Substitute(c, f"代用コストで{colours_ja[c]}を生み出す") for c in range(len(person_names))),
        rest=tuple((Rest(e, False, f"一服：{event(e)}を捨てて引く"), Rest(e, True, "一服：手札1枚を裏向きに置いて引く"))
                   for e in events),
        rest_empty=RestEmpty("一服：手札がないので引く"),
        disc=tuple(Discard(e, f"{event(e)}を捨てる") for e in events),
        down=tuple(PlaceFaceDown(e, "手札1枚を裏向きに置く") for e in events),
        down_skip=SkipFaceDown("裏向きに置かない"),
        flip=tuple(Flip(e, f"裏向きの{event(e)}を表にする") for e in events),
        keep=tuple(Keep(e, "裏向きのカード1枚を【手帳】に残す") for e in events),
        keep_done=KeepDone("残りの裏向きカードを捨て札にする"),
        by_key={},
    )
    every: list[Move] = [*table.pick, *table.out, *table.inv, *table.flash, *table.sub,
                         *(a for pair in table.rest for a in pair), *table.disc, *table.down, *table.flip,
                         *table.keep, table.rest_empty, table.down_skip, table.keep_done]
    table.by_key.update((a._key(), a) for a in every)
    return table
