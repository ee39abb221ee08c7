"""Bits lists: what a game needs besides what pnp prints (bought, borrowed, or printed stand-ins)."""
from __future__ import annotations

from ...data.model import Game
from ...data.parts import Bits
from ...units import mm
from ..plan import Box, Rule
from .common import RawItems, Room, SheetBody, Writer

SOURCES = {"buy": "購入", "borrow": "他のゲームから流用", "print": "印刷パーツで代用可"}


def _bits_title(name: str) -> str:
    """「用意するもの：印刷しない部品」, but a list the designer already calls 用意するもの is not named twice."""
    return name if "用意するもの" in name else f"用意するもの：{name}"


def plan_bits(game: Game, bits: Bits, room: Room, wr: Writer) -> list[SheetBody]:
    x0, y = room.x0, room.y0
    items: RawItems = [
        wr.text(f"{game.title}　{_bits_title(bits.name)}", x0, y, room.w, mm(10), 15.0, font="gothic-bold",
                align="left", min_size=8.0, label="name", where=bits.where),
    ]
    y += mm(12)
    if bits.description:
        items.append(wr.text(bits.description, x0, y, room.w, mm(12), 9.0, align="left", valign="top",
                             label="description", where=bits.where))
        y += mm(13)
    # the fixed columns take 156 mm on A4 and leave the note 34 mm; narrower paper (B5) narrows them alike
    k = min(1.0, (room.w - mm(34)) / mm(156))
    cols = [("", mm(8)), ("もの", mm(62) * k), ("数", mm(14)), ("色", mm(14)), ("大きさ", mm(24) * k),
            ("入手", mm(34) * k)]
    cols.append(("メモ", room.w - sum(w for _, w in cols)))
    row_h = mm(9)
    x = x0
    items.append(Box(x0, y, room.w, row_h, fill="#e6e6e6"))
    for name, w in cols:
        items.append(wr.text(name, x + mm(1.5), y, w - mm(3), row_h, 8.5, font="gothic-bold", align="left"))
        x += w
    y += row_h
    for b in bits.items:
        if y + row_h > room.y0 + room.h:
            wr.add(bits.where, "items", "too many items for one page")
            break
        x = x0
        cells = ["□", b.name, f"{b.count}", "", b.size, SOURCES[b.source], b.note]
        for (name, w), text in zip(cols, cells):
            if name == "色" and b.color:
                items.append(Box(x + mm(3), y + mm(2), mm(5), mm(5), fill=b.color, stroke="#333333", stroke_width=0.4))
            else:
                items.append(wr.text(text, x + mm(1.5), y, w - mm(3), row_h, 12.0 if name == "" else 9.0,
                                     font="gothic-bold" if name in ("数", "") else "gothic",
                                     align="right" if name == "数" else "left", min_size=5.5, leading=1.2,
                                     label="items", where=bits.where))
            x += w
        items.append(Rule(x0, y + row_h, x0 + room.w, y + row_h, "#999999", 0.4))
        y += row_h
    # counts per way of getting them (never one grand total over unrelated things)
    per_source = []
    for src, word in SOURCES.items():
        rows = [b for b in bits.items if b.source == src]
        if rows:
            per_source.append(f"{word}：{len(rows)}種 {sum(b.count for b in rows)}個")
    items.append(wr.text("　／　".join(per_source), x0, y + mm(1), room.w, mm(6), 9.0, font="gothic-bold",
                         align="left", label="items", where=bits.where))
    y += mm(10)
    for note in bits.notes:
        block = wr.text("・" + note, x0, y, room.w, mm(14), 9.0, align="left", valign="top", leading=1.4,
                        label="notes", where=bits.where)
        if block is not None:
            items.append(block)
            y += block.lines[-1].baseline - y + mm(3)
    return [(room.paper_w, room.paper_h, [i for i in items if i is not None])]
