"""Facts of 24 −共鳴するテロル−: ids, phases, the actions and chance outcomes (small frozen values with a
Japanese ``label()`` and a ``to_json()``), and the tables built from them once."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

GAME_ID = "terror24"
ENGINE_VERSION = "4"           # 4: keyed chance streams (common random numbers)

# The rulings this engine plays, by id; their text (and the designer's ledger) is in
# components/terror24/rulings.yaml, which the rulebook prints.
RULING_IDS: tuple[str, ...] = (
    "skill-list", "hidden-column", "unused-incidents", "deck-rebuild", "second-card-reveal", "both-dice",
    "great-success", "challenge-order", "death-timing", "death-risk", "hero-number", "no-second", "keep-this-hand",
    "keep-secret", "halving", "play-order-ties", "skills-from-hand-2", "wolf-timing", "scotch-clash",
    "dokaben-red", "lloyd-peek", "two-hands", "one-hand", "final-peek", "final-peek-secret", "bonus-cards",
    "notes-scotch", "notes-hibachi", "notes-dokaben",
)

# phases
P_PICK, P_DEAL, P_PEEK, P_PLACE, P_CHAL, P_ROLL, P_TAKE, P_KEEP, P_END = range(9)
PHASE_NAMES = ("pick", "deal", "peek", "place", "challenge", "roll", "take", "keep", "end")
DICE_NAMES = ("なし", "緑", "赤", "緑と赤")
# stats indices: [green, red] x [used, success, great, fail, injury, death]
ST_USED, ST_SUCC, ST_GREAT, ST_FAIL, ST_INJ, ST_DEATH = range(6)
# then the last hand by incident (the death-risk question is about its 5th incident): dice rolled
# [green × 5 incidents, red × 5] from ST_LAST_DICE, deaths × 5 incidents from ST_LAST_DEATHS
ST_LAST_DICE, ST_LAST_DEATHS, ST_SIZE = 12, 22, 27



DETECTIVE_NAMES: dict[str, str] = {}     # detective id → printed name, filled from the data

# ---------------------------------------------------------------- actions and chance outcomes

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
HIDDEN5 = (-1,) * 5
HIDDEN_ROWS = tuple((HIDDEN5,) * n for n in range(8))
ZEROS = tuple((0,) * n for n in range(8))
ROLLS = tuple(tuple(Roll(g, r) for r in range(9)) for g in range(9))
