"""What every part sheet shares: the plan items parts add (Polygon, Group), the part plan, the text
writer, the sheet's room, packing pieces on sheets, and the furniture of every sheet (label, legend,
100 mm ruler).  Drawing conventions, the same on every sheet: solid black line = cut, dashed line =
fold (or the cut between the pieces of one card), grey = glue (のり)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from ...data.model import Game, Region, Where
from ...errors import Problem
from ...messages import msg
from ...text import fonts
from ...units import mm, to_mm
from ..card import BADGE_TEXT, PROPOSAL_RED, place_text
from ..dice import DieNet
from ..plan import Box, Item, Rotated, Rule, TextBlock
from ..tiling import Tiling

if TYPE_CHECKING:
    from ..card import _Problems


CUT = "#000000"
CUT_W = 0.5
FOLD = "#555555"
FOLD_DASH = (3.0, 2.0)
GLUE = "#d9d9d9"
SIDE_MARGIN = mm(10)
TOP_MARGIN = mm(12)       # the sheet label sits above this
BOTTOM_MARGIN = mm(20)    # the ruler sits below this
GAP = mm(4)               # between pieces cut apart with scissors


# -- plan items this module adds to pnp.layout.plan ----------------------------------------------
@dataclass(frozen=True)
class Polygon:
    points: tuple[tuple[float, float], ...]
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.5
    dash: tuple[float, ...] = ()
    opacity: float = 1.0


@dataclass(frozen=True)
class Group:
    """Items drawn at an offset and scale, optionally clipped to a rectangle in their own coordinates."""

    items: tuple[Any, ...]
    dx: float = 0.0
    dy: float = 0.0
    scale: float = 1.0
    clip: tuple[float, float, float, float] | None = None


PartItem = Item | Polygon | Group
# items as drawn, before the texts that came to nothing (Writer.text → None) are dropped
RawItems = list[PartItem | None]
# a piece to pack (width, height, items), and a sheet's body (paper width, height, items)
Drawn = tuple[float, float, RawItems]
SheetBody = tuple[float, float, list[PartItem]]


@dataclass(frozen=True)
class PartPage:
    width: float
    height: float
    items: tuple[PartItem, ...]
    texts: tuple[str, ...] = field(default=())      # every string drawn, for tests and glyph checks


@dataclass(frozen=True)
class PartPlan:
    part_id: str            # the part's id, or a shared sheet's (tokens: sheet:)
    kind: str
    pages: tuple[PartPage, ...]
    tiling: Tiling | None = None
    dice: tuple[DieNet, ...] = ()
    name: str = ""          # what the PDF is called inside; the part's name unless a shared sheet
    part_ids: tuple[str, ...] = ()     # the parts a shared sheet holds
    shop: Any = None        # pnp.layout.shopparts.ShopParts: its print-shop pieces (None: not printed or not asked)


# -- text -------------------------------------------------------------------------------------------
class Writer:
    """Fits texts with the shared line breaker, collecting problems (missing glyphs, overflow)."""

    def __init__(self, where: Where):
        self.where = where
        self.problems: list[Problem] = []
        self.texts: list[str] = []

    def add(self, where: Where, label: str, message: str) -> None:
        self.problems.append(Problem(where.file, where.line, where.col, label, message))

    def text(self, s: str, x: float, y: float, w: float, h: float, size: float, *, font: str = "gothic",
             color: str = "#000000", align: str = "center", valign: str = "middle", min_size: float | None = None,
             leading: float = 1.25, label: str = "text", where: Where | None = None,
             max_lines: int | None = None) -> TextBlock | None:
        if not s:
            return None
        props = {"font": font, "size": size, "min_size": min_size if min_size is not None else min(size, 5.0),
                 "align": align, "valign": valign, "leading": leading}
        if max_lines:
            props["max_lines"] = max_lines
        region = Region("part", "text", x, y, w, h, props, where or self.where)
        # place_text only calls problems.add(where, label, message), which Writer has; card._Problems
        # is the type it names, so the cast stands in for a shared protocol (a no-op at run time)
        block = place_text(s, region, color=color, problems=cast("_Problems", self), where=where or self.where,
                           label=label, default_font=font)
        if block is not None:
            self.texts.append(s)
        return block


def tint(color: str, amount: float) -> str:
    """color mixed with white: amount 1 → color, 0 → white."""
    rgb = [int(color[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - (255 - v) * amount):02x}" for v in rgb)


def outline(x: float, y: float, w: float, h: float) -> Box:
    return Box(x, y, w, h, fill=None, stroke=CUT, stroke_width=CUT_W)


def shift(items: Iterable[PartItem | None], dx: float, dy: float) -> Group:
    return Group(tuple(i for i in items if i is not None), dx, dy)


# -- sheets -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Room:
    paper_w: float
    paper_h: float

    @property
    def x0(self) -> float:
        return SIDE_MARGIN

    @property
    def y0(self) -> float:
        return TOP_MARGIN

    @property
    def w(self) -> float:
        return self.paper_w - 2 * SIDE_MARGIN

    @property
    def h(self) -> float:
        return self.paper_h - TOP_MARGIN - BOTTOM_MARGIN


def shelf_pack(sizes: list[tuple[float, float]], room_w: float, room_h: float, gap: float
               ) -> list[tuple[int, float, float]]:
    """(page, x, y) of each box, left to right in rows, rows top to bottom, pages as needed."""
    out = []
    page, x, y, row_h = 0, 0.0, 0.0, 0.0
    for w, h in sizes:
        if w > room_w + 1e-6 or h > room_h + 1e-6:
            raise ValueError(msg("layout.part_too_big", w=to_mm(w), h=to_mm(h), room_w=to_mm(room_w),
                                 room_h=to_mm(room_h)))
        if x > 0 and x + w > room_w + 1e-6:
            x, y, row_h = 0.0, y + row_h + gap, 0.0
        if y + h > room_h + 1e-6:
            page, x, y, row_h = page + 1, 0.0, 0.0, 0.0
        out.append((page, x, y))
        x += w + gap
        row_h = max(row_h, h)
    return out


def ruler(wr: Writer, x: float, y: float, paper_w: float = mm(210)) -> list[PartItem]:
    """A 100 mm ruler with mm ticks; y is its baseline.  Its note fills the rest of the line to the
    side margin, on two lines where the paper is narrow (B5)."""
    items: RawItems = [Rule(x, y, x + mm(100), y, "#000000", 0.4)]
    for i in range(101):
        length = mm(3.5) if i % 10 == 0 else mm(2.2) if i % 5 == 0 else mm(1.2)
        items.append(Rule(x + mm(i), y, x + mm(i), y - length, "#000000", 0.25))
    for i in range(0, 11):
        items.append(wr.text(str(i * 10), x + mm(i * 10) - mm(4), y + mm(0.6), mm(8), mm(2.6), 5.0))
    note_w = min(mm(86), paper_w - SIDE_MARGIN - x - mm(104))
    items.append(wr.text("この目盛りが 100 mm なら等倍です（印刷は「実際のサイズ／100%」で）", x + mm(104), y - mm(3.5),
                         note_w, mm(6), 6.5, align="left", color="#333333", max_lines=2))
    return [i for i in items if i is not None]


def finish_pages(game: Game, part: Any, bodies: list[tuple[float, float, list[PartItem]]], wr: Writer,
                 marked: bool | None = None) -> tuple[PartPage, ...]:
    """Add the sheet label to every page and the ruler to the first one.  marked: whether the sheet
    is pnp's proposal (default: the part's own ledger entry)."""
    pages = []
    n = len(bodies)
    for i, (pw, ph, items) in enumerate(bodies):
        start = len(wr.texts)
        furniture: RawItems = []
        label = f"{game.title} ／ {part.name} ／ シート {i + 1}/{n}"      # the designer's names only
        label_w = pw - 2 * SIDE_MARGIN
        if (game.marked("part", part.id) if marked is None else marked) and not game.final:
            # pnp's proposal, not the designer's: a filled tag beside the label on every sheet
            tag_w = mm(34)
            label_w -= tag_w + mm(2)
            tag_x = pw - SIDE_MARGIN - tag_w
            furniture.append(Box(tag_x, mm(3.5), tag_w, mm(6), fill=PROPOSAL_RED, stroke=None, stroke_width=0.0,
                                 radius=mm(1), opacity=1.0))
            furniture.append(wr.text(f"{BADGE_TEXT}pnp からの提案", tag_x + mm(1), mm(4), tag_w - mm(2), mm(5), 8.0,
                                     font="gothic-bold", color="#ffffff", label="provisional"))
        furniture.append(wr.text(label, SIDE_MARGIN, mm(4), label_w, mm(5), 7.0, align="left",
                                 color="#666666", label="name"))
        if i == 0:
            furniture.extend(ruler(wr, SIDE_MARGIN, ph - mm(9), pw))
        texts = tuple(wr.texts[start:])
        pages.append(PartPage(pw, ph, tuple(x for x in [*items, *furniture] if x is not None), texts))
    return tuple(pages)


LEGEND_KEYS = ("cut", "fold", "split", "glue")


def sheet_legend(wr: Writer, room: Room, extra: str = "", keys: tuple[str, ...] = ("cut",)) -> list[PartItem]:
    """What the lines mean (only those used on the sheet), and a line of instructions under it."""
    x, y = room.x0, room.y0
    items: RawItems = []
    for key in LEGEND_KEYS:
        if key not in keys:
            continue
        if key == "glue":
            items.append(Box(x, y + mm(0.5), mm(6), mm(3), fill=GLUE, stroke=CUT, stroke_width=0.3))
        elif key == "cut":
            items.append(Rule(x, y + mm(2), x + mm(6), y + mm(2), CUT, CUT_W))
        else:
            items.append(Rule(x, y + mm(2), x + mm(6), y + mm(2), FOLD if key == "fold" else CUT, 0.6,
                              FOLD_DASH if key == "fold" else (4.0, 2.5)))
        word = {"cut": "実線＝切る", "fold": "点線＝山折り", "split": "破線＝切り分ける", "glue": "灰色＝のりしろ"}[key]
        items.append(wr.text(word, x + mm(7.5), y, mm(28), mm(4), 7.5, align="left"))
        x += mm(7.5) + fonts.measure(word, "gothic", 7.5) + mm(5)
    if extra:
        items.append(wr.text(extra, room.x0, y + mm(4.5), room.w, mm(4.5), 8.0, align="left", min_size=5.0,
                             color="#222222"))
    return [i for i in items if i is not None]


LEGEND_H = mm(11)


def pack_turning(sizes: list[tuple[float, float]], room_w: float, room_h: float, gap: float
                 ) -> list[tuple[int, float, float, bool]]:
    """shelf_pack, with pieces turned a quarter where that fits them or fits them on fewer pages:
    (page, x, y, turned) of each, x and y the top-left of the piece as it lies on the page.  Tried:
    every piece upright; turned only those that fit no other way; turned every piece that fits
    turned.  The fewest pages win, then the fewest turned pieces.  ValueError when a piece fits
    neither way."""
    def fits(w: float, h: float) -> bool:
        return w <= room_w + 1e-6 and h <= room_h + 1e-6
    plans = [[False] * len(sizes), [not fits(w, h) and fits(h, w) for w, h in sizes],
             [fits(h, w) for w, h in sizes]]
    best: tuple[int, int, list[tuple[int, float, float, bool]]] | None = None
    for turned in plans:
        try:
            spots = shelf_pack([(h, w) if t else (w, h) for (w, h), t in zip(sizes, turned)], room_w, room_h, gap)
        except ValueError:
            continue
        score = (max((p for p, _, _ in spots), default=0), sum(turned))
        if best is None or score < best[:2]:
            best = (*score, [(p, x, y, t) for (p, x, y), t in zip(spots, turned)])
    if best is None:
        w, h = next((w, h) for w, h in sizes if not fits(w, h) and not fits(h, w))
        raise ValueError(msg("layout.part_too_big_turned", w=to_mm(w), h=to_mm(h), room_w=to_mm(room_w),
                             room_h=to_mm(room_h)))
    return best[2]


def turn_quarter(drawn: RawItems, w: float, h: float, x: float, y: float) -> Group:
    """A w × h piece turned a quarter counter-clockwise (its top to the left), its h × w box's
    top-left at (x, y) on the page."""
    items = tuple(i for i in drawn if i is not None)
    turn = Rotated(90.0, w / 2, h / 2, cast("tuple[Item, ...]", items))
    return Group((turn,), x - (w - h) / 2, y - (h - w) / 2)


def pack_pieces(pieces: Sequence[Drawn], room: Room, wr: Writer, where: Where, extra: str,
                gap: float = GAP, keys: tuple[str, ...] = ("cut",)) -> list[SheetBody]:
    """Pieces packed on as few sheets as they go, each turned a quarter when that fits it (or fits
    them all on fewer sheets: pack_turning)."""
    try:
        spots = pack_turning([(w, h) for w, h, _ in pieces], room.w, room.h - LEGEND_H, gap)
    except ValueError as exc:
        wr.add(where, "", str(exc))
        return []
    pages: list[list[PartItem]] = [[] for _ in range(max(p for p, _, _, _ in spots) + 1)]
    for (page, x, y, turned), (w, h, drawn) in zip(spots, pieces):
        px, py = room.x0 + x, room.y0 + LEGEND_H + y
        pages[page].append(turn_quarter(drawn, w, h, px, py) if turned else shift(drawn, px, py))
    out: list[SheetBody] = []
    for items in pages:
        legend = sheet_legend(wr, room, extra, keys)
        out.append((room.paper_w, room.paper_h, legend + items))
    return out


def text_bounds(block: TextBlock) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the ink of a placed text block."""
    x0 = min(pl.x for pl in block.lines)
    x1 = max(pl.x + pl.line.width_pt for pl in block.lines)
    return x0, block.lines[0].baseline - block.size_pt, x1, block.lines[-1].baseline + block.size_pt * 0.25
