"""Parts → page plans: tracks, boards (tiled), cut-apart cards, token sheets, dice nets, bits lists.

Pure layout: every text is fitted here with the shared line breaker (``place_text``), every page is
a list of plan items in page coordinates (points, top-left origin, y down) including its furniture:
a label above the cut area (game, part, sheet x/y) and, on the first sheet of each file, a 100 mm
ruler to catch "fit to page" scaling.  Drawing conventions, the same on every sheet:
solid black line = cut, dashed line = fold (or the cut between the pieces of one card),
grey = glue (のり)."""
from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, cast

from ..data.model import Game, Region, Where
from ..data.parts import Area, Bits, Board, CutCard, Dice, Piece, TokenGroup, Tokens, Track, TrackCopy, TuckBox
from ..errors import DataError, Problem
from ..messages import did_you_mean, msg
from ..text import fonts
from ..units import mm, to_mm
from .card import BADGE_TEXT, PROPOSAL_RED, ink_on, place_text
from .dice import DieNet, plan_die
from .plan import Box, Item, Rotated, Rule, TextBlock
from .sheet import paper_size
from .tiling import Tile, Tiling, choose_cuts, plan_tiling, plan_tiling_at

if TYPE_CHECKING:
    from .card import _Problems

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
_RawItems = list[PartItem | None]
# a piece to pack (width, height, items), and a sheet's body (paper width, height, items)
_Drawn = tuple[float, float, _RawItems]
_Sheet = tuple[float, float, list[PartItem]]


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


def _tint(color: str, amount: float) -> str:
    """color mixed with white: amount 1 → color, 0 → white."""
    rgb = [int(color[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - (255 - v) * amount):02x}" for v in rgb)


def _outline(x: float, y: float, w: float, h: float) -> Box:
    return Box(x, y, w, h, fill=None, stroke=CUT, stroke_width=CUT_W)


def _shift(items: Iterable[PartItem | None], dx: float, dy: float) -> Group:
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
            raise ValueError(f"{to_mm(w):.0f} × {to_mm(h):.0f} mm does not fit the "
                             f"{to_mm(room_w):.0f} × {to_mm(room_h):.0f} mm printable area")
        if x > 0 and x + w > room_w + 1e-6:
            x, y, row_h = 0.0, y + row_h + gap, 0.0
        if y + h > room_h + 1e-6:
            page, x, y, row_h = page + 1, 0.0, 0.0, 0.0
        out.append((page, x, y))
        x += w + gap
        row_h = max(row_h, h)
    return out


def _ruler(wr: Writer, x: float, y: float, paper_w: float = mm(210)) -> list[PartItem]:
    """A 100 mm ruler with mm ticks; y is its baseline.  Its note fills the rest of the line to the
    side margin, on two lines where the paper is narrow (B5)."""
    items: _RawItems = [Rule(x, y, x + mm(100), y, "#000000", 0.4)]
    for i in range(101):
        length = mm(3.5) if i % 10 == 0 else mm(2.2) if i % 5 == 0 else mm(1.2)
        items.append(Rule(x + mm(i), y, x + mm(i), y - length, "#000000", 0.25))
    for i in range(0, 11):
        items.append(wr.text(str(i * 10), x + mm(i * 10) - mm(4), y + mm(0.6), mm(8), mm(2.6), 5.0))
    note_w = min(mm(86), paper_w - SIDE_MARGIN - x - mm(104))
    items.append(wr.text("この目盛りが 100 mm なら等倍です（印刷は「実際のサイズ／100%」で）", x + mm(104), y - mm(3.5),
                         note_w, mm(6), 6.5, align="left", color="#333333", max_lines=2))
    return [i for i in items if i is not None]


def _finish(game: Game, part: Any, bodies: list[tuple[float, float, list[PartItem]]], wr: Writer,
            marked: bool | None = None) -> tuple[PartPage, ...]:
    """Add the sheet label to every page and the ruler to the first one.  marked: whether the sheet
    is pnp's proposal (default: the part's own ledger entry)."""
    pages = []
    n = len(bodies)
    for i, (pw, ph, items) in enumerate(bodies):
        start = len(wr.texts)
        furniture: _RawItems = []
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
            furniture.extend(_ruler(wr, SIDE_MARGIN, ph - mm(9), pw))
        texts = tuple(wr.texts[start:])
        pages.append(PartPage(pw, ph, tuple(x for x in [*items, *furniture] if x is not None), texts))
    return tuple(pages)


LEGEND_KEYS = ("cut", "fold", "split", "glue")


def _legend(wr: Writer, room: Room, extra: str = "", keys: tuple[str, ...] = ("cut",)) -> list[PartItem]:
    """What the lines mean (only those used on the sheet), and a line of instructions under it."""
    x, y = room.x0, room.y0
    items: _RawItems = []
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


# ============================================================================ track
def _track_positions(track: Track) -> tuple[int, int, list[tuple[int, int]]]:
    n = len(track.values())
    if track.shape == "row":
        return n, 1, [(i, 0) for i in range(n)]
    if track.shape == "snake":
        cols = track.columns
        rows = math.ceil(n / cols)
        pos = []
        for i in range(n):
            r, c = divmod(i, cols)
            pos.append((cols - 1 - c if r % 2 else c, r))
        return cols, rows, pos
    cols = track.columns
    rows = max(3, math.ceil((n + 4) / 2) - cols)
    ring = ([(c, 0) for c in range(cols)] + [(cols - 1, r) for r in range(1, rows)]
            + [(c, rows - 1) for c in range(cols - 2, -1, -1)] + [(0, r) for r in range(rows - 2, 0, -1)])
    return cols, rows, ring[:n]


def track_card(track: Track, copy: TrackCopy, wr: Writer, inset: float = mm(1.5)) -> _Drawn:
    """One card of a track: (width, height, items) with the card's top-left at (0, 0).  inset: from the
    card's top edge to its title and note (a shop's safe area asks for more)."""
    s, g, pad = track.space_pt, mm(1.2), mm(4)
    cols, rows, pos = _track_positions(track)
    border = track.shape == "border"
    header = 0.0 if border else mm(9)
    w = 2 * pad + cols * s + (cols - 1) * g
    h = 2 * pad + header + rows * s + (rows - 1) * g
    items: _RawItems = [Box(0, 0, w, h, fill="#ffffff")]
    ink = ink_on(copy.color)

    def origin(c: int, r: int) -> tuple[float, float]:
        return pad + c * (s + g), pad + header + r * (s + g)

    if border:
        ix, iy = origin(1, 1)
        iw, ih = (cols - 2) * (s + g) - g, (rows - 2) * (s + g) - g
        items.append(Box(ix + mm(1), iy + mm(1), iw - mm(2), ih - mm(2), fill=_tint(copy.color, 0.15)))
        items.append(wr.text(copy.title, ix + mm(2), iy + mm(2), iw - mm(4), ih * 0.5 - mm(2), 16.0,
                             font="gothic-bold", color="#000000", min_size=7.0, label="title"))
        items.append(wr.text(copy.note, ix + mm(2), iy + ih * 0.5, iw - mm(4), ih * 0.5 - mm(2), 8.0,
                             color="#333333", label="note"))
    else:
        items.append(Box(0, 0, w, pad + header - mm(1.5), fill=copy.color))
        items.append(wr.text(copy.title, pad, inset, w * 0.45 - pad, pad + header - mm(2.5) - inset, 12.0,
                             font="gothic-bold", color=ink, align="left", min_size=6.0, label="title"))
        items.append(wr.text(copy.note, w * 0.45, inset, w * 0.55 - pad, pad + header - mm(2.5) - inset, 7.0,
                             color=ink, align="right", min_size=5.0, label="note"))
    path_color = _tint(copy.color, 0.45)
    centres = [(origin(c, r)[0] + s / 2, origin(c, r)[1] + s / 2) for c, r in pos]
    for (x1, y1), (x2, y2) in zip(centres, centres[1:]):
        items.append(Rule(x1, y1, x2, y2, path_color, s * 0.35))
    values = track.values()
    size = min(s * 0.42, 13.0)
    for v, (c, r) in zip(values, pos):
        x, y = origin(c, r)
        marked = track.tinted(v)
        items.append(Box(x, y, s, s, fill=_tint(copy.color, 0.35) if marked else "#ffffff", stroke=copy.color,
                         stroke_width=1.0 if marked else 0.7, radius=mm(1.2)))
        items.append(wr.text(str(v), x, y, s, s, size, font="gothic-bold", min_size=5.0, label="end"))
    items.append(_outline(0, 0, w, h))
    return w, h, items


def plan_track(game: Game, track: Track, room: Room, wr: Writer) -> list[_Sheet]:
    cards = [track_card(track, copy, wr) for copy in track.copies]
    first = track.values()[0]
    return _pack_pieces(cards, room, wr, track.where, f"カードを実線で切り分けます。コマは{first}のマスから始めます。")


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
        raise ValueError(f"{to_mm(w):.0f} × {to_mm(h):.0f} mm does not fit the {to_mm(room_w):.0f} × "
                         f"{to_mm(room_h):.0f} mm printable area, upright or turned")
    return best[2]


def _turned(drawn: _RawItems, w: float, h: float, x: float, y: float) -> Group:
    """A w × h piece turned a quarter counter-clockwise (its top to the left), its h × w box's
    top-left at (x, y) on the page."""
    items = tuple(i for i in drawn if i is not None)
    turn = Rotated(90.0, w / 2, h / 2, cast("tuple[Item, ...]", items))
    return Group((turn,), x - (w - h) / 2, y - (h - w) / 2)


def _pack_pieces(pieces: Sequence[_Drawn], room: Room, wr: Writer, where: Where, extra: str,
                 gap: float = GAP, keys: tuple[str, ...] = ("cut",)) -> list[_Sheet]:
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
        pages[page].append(_turned(drawn, w, h, px, py) if turned else _shift(drawn, px, py))
    out: list[_Sheet] = []
    for items in pages:
        legend = _legend(wr, room, extra, keys)
        out.append((room.paper_w, room.paper_h, legend + items))
    return out


# ============================================================================ cut card
def cut_card_face(card: CutCard, pieces: tuple[Piece, ...], wr: Writer) -> _Drawn:
    w, h = card.width_pt, card.height_pt
    k = len(pieces)
    horizontal = card.split == "horizontal"
    pw, ph = (w, h / k) if horizontal else (w / k, h)
    items: _RawItems = [Box(0, 0, w, h, fill="#ffffff")]
    safe = mm(3)
    for i, p in enumerate(pieces):
        x0, y0 = (0.0, i * ph) if horizontal else (i * pw, 0.0)
        d = min(ph * 0.42, pw * 0.42, mm(16))
        items.append(Box(x0 + safe, y0 + safe, pw - 2 * safe, ph - 2 * safe, fill=None, stroke=_tint(p.color, 0.5),
                         stroke_width=0.6, radius=mm(2)))
        bx, by = x0 + safe + mm(2), y0 + safe + mm(2)
        items.append(Box(bx, by, d, d, fill=p.color, radius=d / 2))
        items.append(wr.text(str(p.number), bx, by, d, d, d * 0.62, font="gothic-bold", color=ink_on(p.color),
                             label="number", where=p.where))
        tx = bx + d + mm(2.5)
        tw = x0 + pw - safe - mm(2) - tx
        items.append(wr.text(p.title, tx, by, tw, d, 12.0, font="gothic-bold", align="left", min_size=6.0,
                             label="title", where=p.where))
        body_y = by + d + mm(2)
        items.append(wr.text(p.text, x0 + safe + mm(2), body_y, pw - 2 * safe - mm(4),
                             y0 + ph - safe - mm(2) - body_y, 9.0, align="left", valign="top", min_size=6.0,
                             leading=1.35, label="text", where=p.where))
    for i in range(1, k):   # the cut between pieces: dashed, reaching past the card so it is found
        if horizontal:
            items.append(Rule(-mm(3), i * ph, w + mm(3), i * ph, CUT, 0.6, (4.0, 2.5)))
        else:
            items.append(Rule(i * pw, -mm(3), i * pw, h + mm(3), CUT, 0.6, (4.0, 2.5)))
    items.append(_outline(0, 0, w, h))
    return w, h, items


def plan_cut_card(game: Game, card: CutCard, room: Room, wr: Writer) -> list[_Sheet]:
    faces = [cut_card_face(card, pieces, wr) for pieces in card.cards]
    # room for the dashed cut line that reaches 3 mm past the card
    faces = [(w + mm(6), h + mm(6), [_shift(items, mm(3), mm(3))]) for w, h, items in faces]
    n = card.piece_count
    return _pack_pieces(faces, room, wr, card.where,
                        f"外側の実線で切り、さらに破線で切り分けて{n}枚にします。", gap=mm(2),
                        keys=("cut", "split"))


# ============================================================================ tokens
def _regular(n: int, cx: float, cy: float, r: float, start: float) -> tuple[tuple[float, float], ...]:
    return tuple((cx + r * math.cos(math.radians(start + i * 360 / n)), cy + r * math.sin(math.radians(start + i * 360 / n)))
                 for i in range(n))


DIAMOND_WIDTH = 0.72     # a diamond token is as wide, for its height, as the diamond mark of card text


def _token_shape(shape: str, x: float, y: float, s: float, fill: str, stroke: str, width: float) -> PartItem:
    """A token's outline in its s × s box at (x, y): the same shapes as card marks and icons."""
    if shape in ("circle", "square"):
        return Box(x, y, s, s, fill=fill, stroke=stroke, stroke_width=width, radius=s / 2 if shape == "circle" else 0.0)
    if shape == "diamond":
        cx, cy, r = x + s / 2, y + s / 2, s / 2
        return Polygon(((cx, y), (cx + r * DIAMOND_WIDTH, cy), (cx, y + s), (cx - r * DIAMOND_WIDTH, cy)),
                       fill=fill, stroke=stroke, stroke_width=width)
    n = 6 if shape == "hexagon" else 8
    return Polygon(_regular(n, x + s / 2, y + s / 2, s / 2, 0 if n == 6 else 22.5), fill=fill, stroke=stroke,
                   stroke_width=width)


def token_piece(g: TokenGroup, wr: Writer, safe: float = 0.0) -> _Drawn:
    """One token of a group: its shape cut out in its colour, its label inside (at least safe from
    the token's square: a shop's safe area)."""
    s = g.size_pt
    items: _RawItems = [_token_shape(g.shape, 0, 0, s, g.color, CUT, CUT_W)]
    # a token's label shrinks onto as many lines as the designer wrote (\n), never wraps mid-word;
    # in a diamond it keeps to the wide middle
    x, y, w, h = (s * 0.2, s * 0.38, s * 0.6, s * 0.24) if g.shape == "diamond" else (s * 0.12, s * 0.2, s * 0.76, s * 0.6)
    if safe:
        x, y = max(x, safe), max(y, safe)
        w, h = min(w, s - 2 * x), min(h, s - 2 * y)
    items.append(wr.text(g.label, x, y, w, h, max(5.0, min(s * 0.32, 14.0)),
                         font="gothic-bold", color=g.text_color, min_size=4.0, label="label", where=g.where,
                         max_lines=g.label.count("\n") + 1))
    return s, s, [i for i in items if i is not None]


TOKEN_GAP = mm(2)        # between tokens: room for the scissors, no more


def _token_key(groups: Sequence[TokenGroup], name: str, wr: Writer, width: float) -> tuple[float, list[PartItem]]:
    """One line (wrapping when needed) naming every group on the sheet: a small swatch of its shape
    and colour, then 「label × count」. Returns its height and items."""
    items: _RawItems = []
    size, sw, h = 8.0, mm(3.2), mm(5)
    x = y = 0.0
    for g in groups:
        text = f"{g.label or name} × {g.count}"
        tw = fonts.measure(text, "gothic-bold", size) + mm(1)
        if x > 0 and x + sw + mm(1) + tw > width:
            x, y = 0.0, y + h
        items.append(_token_shape(g.shape, x, y + (h - sw) / 2, sw, g.color, "#333333", 0.3))
        items.append(wr.text(text, x + sw + mm(1), y, tw, h, size, font="gothic-bold", align="left",
                             label="label", where=g.where))
        x += sw + mm(1) + tw + mm(5)
    return y + h, [i for i in items if i is not None]


def plan_tokens(game: Game, tokens: Tokens | list[Tokens], room: Room, wr: Writer) -> list[_Sheet]:
    """Token sheets: every token of the given parts packed densely (mixed shapes and sizes, rows as
    full as they go, a part's groups in order), a key of the groups above them."""
    parts = [tokens] if isinstance(tokens, Tokens) else list(tokens)
    groups = [(g, p.name) for p in parts for g in p.groups]
    key_h, key = _token_key([g for g, _ in groups], parts[0].name, wr, room.w)
    top = room.y0 + LEGEND_H + key_h + mm(2)
    avail = room.y0 + room.h - top
    for g, _ in groups:      # a token too big for the paper is the fault of its own group, in its own file
        if g.size_pt > room.w + 1e-6 or g.size_pt > avail + 1e-6:
            wr.add(g.where, "size", f"{to_mm(g.size_pt):.0f} × {to_mm(g.size_pt):.0f} mm does not fit the "
                                    f"{to_mm(room.w):.0f} × {to_mm(avail):.0f} mm printable area")
    if wr.problems:
        return []
    pieces = [token_piece(g, wr) for g, _ in groups for _ in range(g.count)]
    try:
        spots = shelf_pack([(w, h) for w, h, _ in pieces], room.w, avail, TOKEN_GAP)
    except ValueError as exc:
        wr.add(parts[0].where, "", str(exc))
        return []
    pages: list[list[PartItem]] = [[] for _ in range(max(p for p, _, _ in spots) + 1)]
    for (page, x, y), (_, _, drawn) in zip(spots, pieces):
        pages[page].append(_shift(drawn, room.x0 + x, top + y))
    out: list[_Sheet] = []
    for items in pages:
        head = _legend(wr, room, "実線に沿って切り抜きます（厚紙推奨）。", ("cut",))
        head.append(_shift(key, room.x0, room.y0 + LEGEND_H))
        out.append((room.paper_w, room.paper_h, head + items))
    return out


def token_area_share(plan: PartPlan, paper: str = "a4") -> list[float]:
    """For each page of a token sheet, the share of the printable area (inside the sheet margins)
    that the tokens' own squares cover."""
    room = Room(*paper_size(paper))
    shares = []
    for page in plan.pages:
        area = 0.0
        for item in page.items:
            if isinstance(item, Group) and item.items and isinstance(item.items[0], (Box, Polygon)):
                first = item.items[0]
                if isinstance(first, Box) and first.stroke == CUT and first.w == first.h:
                    area += first.w * first.h
                elif isinstance(first, Polygon) and first.stroke == CUT:
                    xs, ys = [x for x, _ in first.points], [y for _, y in first.points]
                    area += (max(xs) - min(xs)) * (max(ys) - min(ys))
        shares.append(area / (room.w * room.h))
    return shares


# ============================================================================ dice
DIE_TYPE_NAMES = {"d6": "6面", "d8": "8面"}


DIE_WORDS = ("ダイス", "サイコロ", "さいころ", "賽", "骰子")


def die_title(name: str) -> str:
    """「緑のダイス」 for a die named 緑; a name that already says it is a die (風のダイス, 木のサイコロ) as it is."""
    return name if any(w in name for w in DIE_WORDS) else f"{name}のダイス"


def six_nine_bar(block: TextBlock, color: str) -> Rule:
    """The bar real dice print under a 6 and a 9 so that either reads the right way up: as wide as the
    digit, clear of it below its baseline (a bar inside the digit's box was painted over by the glyph)."""
    placed = block.lines[0]
    size = block.size_pt
    y = placed.baseline + size * 0.16
    return Rule(placed.x, y, placed.x + placed.line.width_pt, y, color, max(0.8, size * 0.08))


def die_net_items(dn: DieNet, wr: Writer, glue_words: bool = True) -> tuple[float, float, list[PartItem]]:
    """The net of one die scaled to its edge length, tabs included, top-left of its bounds at (0, 0).
    glue_words: 「のり」 on each tab (a shop's die net goes without: the tabs are the die's)."""
    e = dn.die.edge_pt
    net = dn.net
    polys = [p for p in net.faces] + [t.polygon for t in net.tabs]
    xs = [x for p in polys for x, _ in p]
    ys = [y for p in polys for _, y in p]
    ox, oy = -min(xs), -min(ys)

    def P(pt: tuple[float, float]) -> tuple[float, float]:
        return ((pt[0] + ox) * e, (pt[1] + oy) * e)

    items: list[PartItem] = []
    for t in net.tabs:
        items.append(Polygon(tuple(P(p) for p in t.polygon), fill=GLUE))
        cx = sum(P(p)[0] for p in t.polygon) / 4
        cy = sum(P(p)[1] for p in t.polygon) / 4
        box = wr.text("のり", cx - mm(4), cy - mm(2), mm(8), mm(4), 6.0, color="#555555", label="glue") if glue_words else None
        # turn the word along the tab's edge
        (px, py), (qx, qy) = P(t.p), P(t.q)
        angle = math.degrees(math.atan2(qy - py, qx - px))
        angle = (angle + 90) % 180 - 90
        if box is not None:
            items.append(Rotated(-angle, cx, cy, (box,)))
        tab = [P(p) for p in t.polygon]
        for a, b in ((tab[1], tab[2]), (tab[2], tab[3]), (tab[3], tab[0])):
            items.append(Rule(a[0], a[1], b[0], b[1], CUT, CUT_W))
    for slot, poly in enumerate(net.faces):
        pts = tuple(P(p) for p in poly)
        items.append(Polygon(pts, fill=dn.die.color))
        cx = sum(x for x, _ in pts) / len(pts)
        cy = sum(y for _, y in pts) / len(pts)
        face = dn.slot_faces[slot]
        if len(poly) == 3:
            size, box_w, box_h = e * 0.30, e * 0.5, e * 0.34
            down = min(y for _, y in poly) == poly[0][1] and poly[0][1] == poly[1][1]   # flat edge on top
        else:
            size, box_w, box_h = e * 0.45, e * 0.8, e * 0.6
            down = False
        block = wr.text(face, cx - box_w / 2, cy - box_h / 2, box_w, box_h, min(size, 28.0), font="gothic-bold",
                        color=dn.die.text_color, min_size=5.0, leading=1.0, label="faces", where=dn.die.where)
        drawn: list[Item] = [block] if block is not None else []
        if block is not None and face in ("6", "9"):
            drawn.append(six_nine_bar(block, dn.die.text_color))
        if drawn and down:
            items.append(Rotated(180.0, cx, cy, tuple(drawn)))
        else:
            items.extend(drawn)
    tabbed = {(t.face, t.p, t.q) for t in net.tabs}
    for f, p, q in net.cut_edges:
        (x1, y1), (x2, y2) = P(p), P(q)
        if (f, p, q) in tabbed:
            items.append(Rule(x1, y1, x2, y2, FOLD, 0.6, FOLD_DASH))
        else:
            items.append(Rule(x1, y1, x2, y2, CUT, CUT_W))
    for h in net.hinges:
        (x1, y1), (x2, y2) = P(h.p), P(h.q)
        items.append(Rule(x1, y1, x2, y2, FOLD, 0.6, FOLD_DASH))
    return (max(xs) - min(xs)) * e, (max(ys) - min(ys)) * e, items


def plan_dice(game: Game, dice: Dice, room: Room, wr: Writer) -> tuple[list[_Sheet], list[DieNet]]:
    pieces: list[_Drawn] = []
    nets = []
    for die in dice.dice:
        dn = plan_die(die)
        nets.append(dn)
        w, h, items = die_net_items(dn, wr)
        pairs = "・".join(f"{a}と{b}" for a, b in dn.opposite_pairs())
        cap_h = mm(9)
        caption: _RawItems = [wr.text(f"{die_title(die.name)}（{DIE_TYPE_NAMES[die.type]}）", 0, 0, max(w, mm(60)), mm(5), 9.0,
                           font="gothic-bold", align="left", label="name", where=die.where),
                   wr.text(f"向かい合う面: {pairs}", 0, mm(5), max(w, mm(60)), mm(3.5), 6.5, align="left",
                           color="#444444", label="faces", where=die.where)]
        for _ in range(die.count):
            pieces.append((max(w, mm(60)), h + cap_h, caption + [_shift(items, 0, cap_h)]))
    how = "厚紙に印刷し、実線で切り、点線をすべて山折り（印刷面が外）にして、のりしろを内側に貼ります。"
    return _pack_pieces(pieces, room, wr, dice.where, how, gap=mm(6), keys=("cut", "fold", "glue")), nets


# ============================================================================ board
def _hazard(x: float, y: float, w: float, h: float) -> list[PartItem]:
    """Yellow and black hazard stripes filling a rectangle (a panel's warning strip)."""
    items: list[PartItem] = [Box(x, y, w, h, fill="#f4c20d")]
    step = h * 0.9
    k = 0
    while k * step < w + h:
        x1 = x + k * step
        pts = [(x1, y + h), (x1 + step / 2, y + h), (x1 + step / 2 + h, y), (x1 + h, y)]
        clipped = [(min(max(px, x), x + w), py) for px, py in pts]
        if clipped[0][0] < x + w:
            items.append(Polygon(tuple(clipped), fill="#1a1a1a"))
        k += 1
    return items


Spot = tuple[str, tuple[float, float, float, float]]     # what lies there, (x0, y0, x1, y1) on the board


def _panel_area(board: Board, a: Area, wr: Writer, spots: list[Spot] | None = None, edge_safe: float = 0.0) -> _RawItems:
    """style: panel — an area as a station panel: its label on a band in its colour (with a hazard
    strip when the board asks for stripes), what a player does there, and the outline of the card that sits on it, clear of both.
    edge_safe: the actions keep this far from the board's edges (a shop's safe area)."""
    c = board.cell_pt
    xs, ys = [col for col, _ in a.cells], [row for _, row in a.cells]
    ax, ay = min(xs) * c, min(ys) * c
    aw, ah = (max(xs) - min(xs) + 1) * c, (max(ys) - min(ys) + 1) * c
    pad, band_h = mm(1.5), mm(8)
    items: _RawItems = []
    wide = aw > ah
    sw, sh = (0.0, 0.0)
    if board.slot is not None:
        sw, sh = (board.slot[1], board.slot[0]) if wide else (board.slot[0], board.slot[1])
    if wide and board.slot is not None:      # the card on the left, label and actions in the column right of it
        sx, sy = ax + pad, ay + (ah - sh) / 2
        tx, tw, ty = sx + sw + pad, aw - sw - 3 * pad, ay + pad
    else:                                    # the card at the foot, label and actions above it
        sx, sy = ax + (aw - sw) / 2, ay + ah - pad - sh
        tx, tw, ty = ax + pad, aw - 2 * pad, ay + pad
    stripe = mm(7) if board.stripes else 0.0
    items.append(Box(tx, ty, tw, band_h, fill=a.color))
    if board.stripes:
        items.extend(_hazard(tx + tw - stripe, ty, stripe, band_h))
    items.append(wr.text(a.label, tx + mm(1.5), ty, tw - stripe - mm(2.5), band_h, 12.0, font="gothic-bold",
                         color=ink_on(a.color), align="left", min_size=7.0, max_lines=1, label="areas",
                         where=board.where))
    spots = spots if spots is not None else []
    spots.append((f"the name band of area {a.id!r} ({a.label})", (tx, ty, tx + tw, ty + band_h)))
    text_top = ty + band_h + mm(1)
    text_bottom = (ay + ah - pad) if (wide or board.slot is None) else sy - mm(0.8)
    ax0, aw0 = tx + mm(0.5), tw - mm(1)
    if edge_safe:
        lo, hi = max(ax0, edge_safe), min(ax0 + aw0, board.width_pt - edge_safe)
        ax0, aw0 = lo, hi - lo
        text_bottom = min(text_bottom, board.height_pt - edge_safe)
    if a.actions:
        actions = wr.text(a.actions, ax0, text_top, aw0, text_bottom - text_top, 7.5,
                          font="gothic", color="#1a1a1a", align="left", valign="top", min_size=5.5, leading=1.3,
                          label="actions", where=board.where)
        items.append(actions)
        if actions is not None:
            spots.append((f"the actions of area {a.id!r}", text_bounds(actions)))
    if board.slot is not None:
        spots.append((f"the card slot of area {a.id!r} (a card lying there hides it)", (sx, sy, sx + sw, sy + sh)))
        items.append(Box(sx, sy, sw, sh, fill="#ffffff", stroke=a.color, stroke_width=0.9, radius=mm(3)))
        items.append(Rule(sx + mm(4), sy + sh / 2, sx + sw - mm(4), sy + sh / 2, _tint(a.color, 0.35), 0.5, (2.0, 2.0)))
        if board.slot[2]:
            items.append(wr.text(board.slot[2], sx + mm(3), sy + sh / 2 - mm(9), sw - mm(6), mm(8), 8.0,
                                 font="gothic", color=_tint(a.color, 0.6), min_size=5.0, label="slot",
                                 where=board.where))
    return items


def _title_box(board: Board, wr: Writer, spots: list[Spot] | None = None) -> _RawItems:
    c = board.cell_pt
    assert board.title_box is not None      # the caller draws it only when there is one
    x, y, w, h, text = board.title_box
    bx, by, bw, bh = x * c + mm(2), y * c + mm(2), w * c - mm(4), h * c - mm(4)
    if spots is not None:
        spots.append(("the title box", (bx, by, bx + bw, by + bh)))
    items: _RawItems = [Box(bx, by, bw, bh, fill="#1b2631", radius=mm(2))]
    if board.stripes:
        items.extend(_hazard(bx, by + bh - mm(3), bw, mm(3)))
    items.append(wr.text(board.title, bx + mm(4), by + mm(2), bw - mm(8), mm(12), 22.0, font="gothic-bold",
                         color="#ffffff", align="left", min_size=10.0, max_lines=1, label="title", where=board.where))
    if text:
        items.append(wr.text(text, bx + mm(4), by + mm(14), bw - mm(16), bh - mm(18), 8.0, font="gothic",
                             color="#d5dbdb", align="left", valign="top", min_size=5.5, leading=1.35,
                             label="title_box", where=board.where))
    return items


def board_items(board: Board, wr: Writer, edge_safe: float = 0.0) -> list[PartItem]:
    """The whole board in its own coordinates (points, origin top-left).  edge_safe: a panel's actions
    keep this far from the board's edges (a shop's safe area)."""
    if board.style == "panel":
        return _panel_board(board, wr, edge_safe)
    c = board.cell_pt
    cmap = board.cell_map()
    colors = {a.id: a.color for a in board.areas}
    spots: list[Spot] = []
    items: _RawItems = [Box(0, 0, board.width_pt, board.height_pt, fill=board.background)]
    for (col, row), aid in sorted(cmap.items()):
        items.append(Box(col * c, row * c, c, c, fill=colors[aid]))
    # faint cell lines inside an area, strong lines between areas and round the outside
    for (col, row), aid in sorted(cmap.items()):
        for (dc, dr, x1, y1, x2, y2) in ((1, 0, col + 1, row, col + 1, row + 1), (0, 1, col, row + 1, col + 1, row + 1),
                                         (-1, 0, col, row, col, row + 1), (0, -1, col, row, col + 1, row)):
            other = cmap.get((col + dc, row + dr))
            if other == aid:
                if dc > 0 or dr > 0:
                    items.append(Rule(x1 * c, y1 * c, x2 * c, y2 * c, "#ffffff", 0.6))
            elif other is None or dc > 0 or dr > 0:
                items.append(Rule(x1 * c, y1 * c, x2 * c, y2 * c, "#222222", 1.6))
    anchor = {}
    for a in board.areas:
        if not a.cells:
            continue
        mx = sum(col + 0.5 for col, _ in a.cells) / len(a.cells)
        my = sum(row + 0.5 for _, row in a.cells) / len(a.cells)
        best = min(a.cells, key=lambda cell: ((cell[0] + 0.5 - mx) ** 2 + (cell[1] + 0.5 - my) ** 2, cell))
        anchor[a.id] = best
    names: _RawItems = []
    for a in board.areas:
        col, row = anchor[a.id]
        run = [cc for cc in range(col - 2, col + 3) if cmap.get((cc, row)) == a.id]
        lo = hi = col
        while lo - 1 in run:
            lo -= 1
        while hi + 1 in run:
            hi += 1
        size = max(6.0, min(14.0, c * 0.28))
        name = wr.text(a.label, lo * c + mm(1), row * c + mm(1), (hi - lo + 1) * c - mm(2), c - mm(2), size,
                       font="gothic-bold", color=ink_on(a.color), min_size=4.0, leading=1.15,
                       label="areas", where=board.where)
        names.append(name)
        if name is not None:
            spots.append((f"the name of area {a.id!r} ({a.label})", text_bounds(name)))
    labels = _labels(board, wr, spots)
    texts = [text_bounds(t) for t in [*names, *labels] if isinstance(t, TextBlock)]
    # what each text is, for a connection that cannot avoid them (one label block a label, in order)
    named = [(f"the name of area {a.id!r} ({a.label})", text_bounds(t)) for a, t in zip(board.areas, names)
             if isinstance(t, TextBlock)]
    named += [(f"label {lab.text!r} (labels[{k}]{_line_of(lab.where)})", text_bounds(t))
              for k, (lab, t) in enumerate(zip(board.labels, labels)) if isinstance(t, TextBlock)]
    for i, (a_id, b_id) in enumerate(board.connections):
        line = connection_line(board, a_id, b_id, texts)
        if line is None:
            at = board.connections_where[i] if i < len(board.connections_where) else board.where
            crossed = connection_blockers(board, a_id, b_id, named)
            wr.add(at, f"connections[{i}]",
                   f"the line from area {a_id!r} to area {b_id!r} crosses a name or label whichever cells it "
                   f"joins; the line crossing the fewest crosses {' and '.join(crossed)}: move "
                   f"{'it' if len(crossed) == 1 else 'them'} or the areas")
            continue
        (sx, sy), (ex, ey) = line
        items.append(Rule(sx, sy, ex, ey, "#333333", 2.0, (6.0, 3.0)))
    items.extend(names)
    items.extend(labels)
    return [i for i in items if i is not None]


CONNECTION_CLEAR = mm(1.0)     # between a connection line and any text


def _in_cells(cells: set[tuple[int, int]], c: float, x: float, y: float) -> bool:
    return (math.floor(x / c), math.floor(y / c)) in cells


def _leave(cells: set[tuple[int, int]], c: float, p: tuple[float, float], q: tuple[float, float]) -> float:
    """The fraction t of the way from p (inside cells) to q where the segment first leaves them."""
    steps = 256
    lo = 0.0
    for k in range(1, steps + 1):
        t = k / steps
        if not _in_cells(cells, c, p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t):
            hi = t
            for _ in range(30):
                mid = (lo + hi) / 2
                if _in_cells(cells, c, p[0] + (q[0] - p[0]) * mid, p[1] + (q[1] - p[1]) * mid):
                    lo = mid
                else:
                    hi = mid
            return hi
        lo = t
    return 1.0


def _crosses(p: tuple[float, float], q: tuple[float, float], box: tuple[float, float, float, float]) -> bool:
    """Whether the segment p–q passes through box (x0, y0, x1, y1), grown by CONNECTION_CLEAR."""
    x0, y0, x1, y1 = (box[0] - CONNECTION_CLEAR, box[1] - CONNECTION_CLEAR,
                      box[2] + CONNECTION_CLEAR, box[3] + CONNECTION_CLEAR)
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for d, lo, hi, start in ((dx, x0, x1, p[0]), (dy, y0, y1, p[1])):
        if abs(d) < 1e-9:
            if not lo <= start <= hi:
                return False
            continue
        a, b = (lo - start) / d, (hi - start) / d
        t0, t1 = max(t0, min(a, b)), min(t1, max(a, b))
        if t0 > t1:
            return False
    return True


def _line_of(where: Any) -> str:
    return f", line {where.line}" if getattr(where, "file", "") and getattr(where, "line", 0) else ""


def connection_blockers(board: Board, a_id: str, b_id: str, named: list[Spot]) -> list[str]:
    """What the connection's lines cross when each crosses something: of the line that crosses the
    fewest (the shortest of those), what it crosses, in the order given."""
    best: tuple[tuple[int, float], list[str]] | None = None
    for length, _, _, start, end in _connection_candidates(board, a_id, b_id):
        crossed = [what for what, box in named if _crosses(start, end, box)]
        key = (len(crossed), length)
        if best is None or key < best[0]:
            best = (key, crossed)
    return best[1] if best is not None else []


def _connection_candidates(board: Board, a_id: str, b_id: str) -> Iterator[
        tuple[float, tuple[int, int], tuple[int, int], tuple[float, float], tuple[float, float]]]:
    """(length, cell of a, cell of b, start, end) of every line a connection may take: between the cells of a and b nearest
    the other area, from edge to edge."""
    c = board.cell_pt
    cells = {a.id: a.cells for a in board.areas}
    sa, sb = set(cells[a_id]), set(cells[b_id])

    def near(own: tuple[tuple[int, int], ...], other: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
        ox = sum(col for col, _ in other) / len(other)
        oy = sum(row for _, row in other) / len(other)
        return sorted(own, key=lambda k: ((k[0] - ox) ** 2 + (k[1] - oy) ** 2, k))[:24]
    for ca in near(cells[a_id], cells[b_id]):
        for cb in near(cells[b_id], cells[a_id]):
            p = ((ca[0] + 0.5) * c, (ca[1] + 0.5) * c)
            q = ((cb[0] + 0.5) * c, (cb[1] + 0.5) * c)
            t0 = _leave(sa, c, p, q)
            t1 = 1.0 - _leave(sb, c, q, p)
            if t1 - t0 <= 1e-6:
                continue
            start = (p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0)
            end = (p[0] + (q[0] - p[0]) * t1, p[1] + (q[1] - p[1]) * t1)
            yield math.dist(start, end), ca, cb, start, end


def connection_line(board: Board, a_id: str, b_id: str, texts: list[tuple[float, float, float, float]]
                    ) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The dashed line of a declared connection: from the edge of area a to the edge of area b (never
    over the areas themselves, where their names are), between the cell centres whose line crosses no
    name or label, the shortest such; None when every choice crosses one."""
    best = None
    for length, ca, cb, start, end in _connection_candidates(board, a_id, b_id):
        if any(_crosses(start, end, box) for box in texts):
            continue
        key = (length, ca, cb)
        if best is None or key < best[0]:
            best = (key, (start, end))
    return best[1] if best is not None else None


def _panel_board(board: Board, wr: Writer, edge_safe: float = 0.0) -> list[PartItem]:
    c = board.cell_pt
    cmap = board.cell_map()
    colors = {a.id: a.color for a in board.areas}
    items: _RawItems = [Box(0, 0, board.width_pt, board.height_pt, fill=board.background)]
    for (col, row), aid in sorted(cmap.items()):
        items.append(Box(col * c, row * c, c, c, fill=_tint(colors[aid], 0.14)))
    for (col, row), aid in sorted(cmap.items()):
        for (dc, dr, x1, y1, x2, y2) in ((1, 0, col + 1, row, col + 1, row + 1), (0, 1, col, row + 1, col + 1, row + 1),
                                         (-1, 0, col, row, col, row + 1), (0, -1, col, row, col + 1, row)):
            other = cmap.get((col + dc, row + dr))
            if other != aid and (other is None or dc > 0 or dr > 0):
                items.append(Rule(x1 * c, y1 * c, x2 * c, y2 * c, "#222222", 1.6))
    spots: list[Spot] = []
    for a in board.areas:
        if a.cells:
            items.extend(_panel_area(board, a, wr, spots, edge_safe))
    if board.title_box is not None:
        items.extend(_title_box(board, wr, spots))
    items.extend(_labels(board, wr, spots))
    return [i for i in items if i is not None]


def _labels(board: Board, wr: Writer, spots: list[Spot]) -> _RawItems:
    """The board's free labels, each checked against what it would hide or be hidden by: an area's
    name (its band, on a panel board), actions, card slot, the title box, and the labels before it.
    A label that says overlap: true may lie there."""
    c = board.cell_pt
    items: _RawItems = []
    placed: list[Spot] = []
    for i, lab in enumerate(board.labels):
        width = fonts.measure(lab.text, "gothic-bold", lab.size_pt) + mm(2)
        where = lab.where if lab.where.file else board.where
        block = wr.text(lab.text, lab.x * c - width / 2, lab.y * c - lab.size_pt, width, lab.size_pt * 2,
                        lab.size_pt, font="gothic-bold", color=lab.color, label=f"labels[{i}]", where=where)
        items.append(block)
        if block is None:
            continue
        mine = text_bounds(block)
        if not lab.overlap:
            for what, box in spots + placed:
                dx = min(mine[2], box[2]) - max(mine[0], box[0])
                dy = min(mine[3], box[3]) - max(mine[1], box[1])
                if dx > 0.01 and dy > 0.01:
                    wr.add(where, f"labels[{i}]",
                           f"label {lab.text!r} (at {_board_span(mine)}) lies over {what} (at {_board_span(box)}) "
                           f"by {to_mm(dx):.1f}×{to_mm(dy):.1f} mm, measured from the board's top-left corner; "
                           "move it (x and y are in cells) or give it overlap: true")
        j_where = lab.where if lab.where.file else board.where
        placed.append((f"label {lab.text!r} ({j_where.file}:{j_where.line}:{j_where.col})", mine))
    return items


def _board_span(box: tuple[float, float, float, float]) -> str:
    x0, y0, x1, y1 = box
    return f"x {to_mm(x0):.1f}–{to_mm(x1):.1f} mm, y {to_mm(y0):.1f}–{to_mm(y1):.1f} mm"


def _tiling_at_seams(board: Board, seams_x: Sequence[int], seams_y: Sequence[int], room_w: float,
                     room_h: float) -> Tiling | None:
    """Tiles that meet only at these cell edges, as few as fit the room, upright or turned (upright
    when both need as many); None when no choice of them fits."""
    c, ov = board.cell_pt, board.overlap_pt
    options = []
    for landscape, (rw, rh) in ((False, (room_w, room_h)), (True, (room_h, room_w))):
        cuts_x = choose_cuts(board.width_pt, [x * c for x in seams_x], rw, ov)
        cuts_y = choose_cuts(board.height_pt, [y * c for y in seams_y], rh, ov)
        if cuts_x is not None and cuts_y is not None:
            options.append(((len(cuts_x) + 1) * (len(cuts_y) + 1), landscape, cuts_x, cuts_y))
    if not options:
        return None
    _, landscape, cuts_x, cuts_y = min(options, key=lambda o: (o[0], o[1]))
    return replace(plan_tiling_at(board.width_pt, board.height_pt, cuts_x, cuts_y, ov), landscape=landscape)


def _papers_note(board: Board, paper: str) -> str:
    """For a build on a paper the board does not name in papers:, which ones it does."""
    if not board.papers or paper in board.papers:
        return ""
    said = ", ".join(board.papers)
    return f"; the board's papers: are {said}: build with --paper {board.papers[0]} or add {paper} to papers:"


def plan_board(game: Game, board: Board, room: Room, wr: Writer, paper: str = "a4"
               ) -> tuple[list[_Sheet], Tiling]:
    """The board on pages of this paper: whole, or in tiles glued together.  Tiles meet where the
    designer allows (seams:); without seams: in equal tiles, unless an equal cut would glue over
    text: then at the cell edges whose glue strips are clear of every text, as few as fit."""
    art = tuple(board_items(board, wr))
    room_h = room.h - LEGEND_H
    on_paper = f" on {paper} paper"
    if board.overlap_pt >= min(room.w, room_h) / 2:
        wr.add(board.overlap_at or board.where, "overlap",
               f"overlap {to_mm(board.overlap_pt):.0f} mm is too large for the paper{on_paper}"
               f"{_papers_note(board, paper)}")
        return [], plan_tiling(board.width_pt, board.height_pt, board.width_pt, board.height_pt, 0.0)
    if board.seams is not None:
        # tiles meet only where the designer allows (seams:), as few as fit the paper, upright or turned
        at = board.seams_at or board.where
        found = _tiling_at_seams(board, board.seams[0], board.seams[1], room.w, room_h)
        if found is None:
            wr.add(at, "seams", f"no choice of the seams cuts the {to_mm(board.width_pt):.0f} × "
                                f"{to_mm(board.height_pt):.0f} mm board into tiles of at most "
                                f"{to_mm(room.w):.0f} × {to_mm(room_h):.0f} mm{on_paper} (allow more seams"
                                + (f", or take {paper} out of papers:" if paper in board.papers else
                                   ", or name the papers you print on in papers:" if not board.papers else "")
                                + f"){_papers_note(board, paper)}")
            return [], plan_tiling(board.width_pt, board.height_pt, board.width_pt, board.height_pt, 0.0)
        tiling = found
        _glue_clear(art, tiling, board, wr, at)
    else:
        tiling = plan_tiling(board.width_pt, board.height_pt, room.w, room_h, board.overlap_pt)
        covered = _glue_hits(art, tiling, board)
        if covered:
            # the equal cut would glue over words: cut at cell edges whose strips are clear of text
            clear = [[k for k in range(1, n) if not any(lo < k * board.cell_pt and k * board.cell_pt -
                                                        board.overlap_pt < hi for lo, hi in spans)]
                     for n, spans in ((board.cols, _text_spans(art, board, 0)), (board.rows, _text_spans(art, board, 1)))]
            found = _tiling_at_seams(board, clear[0], clear[1], room.w, room_h)
            if found is None:
                by_strip: dict[str, list[str]] = {}
                for text, where_glued in covered:
                    by_strip.setdefault(where_glued, []).append(_named(board, text))
                words = "; ".join(f"{', '.join(names)} in the strip of {glued_at}" for glued_at, names in by_strip.items())
                wr.add(board.where, "seams",
                       f"the board needs tiles{on_paper} ({to_mm(room.w):.0f} × {to_mm(room_h):.0f} mm), and no cell "
                       f"edges leave the {to_mm(board.overlap_pt):.0f} mm glue strips clear of its text (an "
                       f"equal cut glues over {words}): give seams: {{x: [...], y: [...]}} (cells) where text may "
                       f"not be, or move the text{_papers_note(board, paper)}")
                return [], plan_tiling(board.width_pt, board.height_pt, board.width_pt, board.height_pt, 0.0)
            tiling = found
    pw, ph = (room.paper_h, room.paper_w) if tiling.landscape else (room.paper_w, room.paper_h)
    proom = Room(pw, ph)
    pages: list[_Sheet] = []
    n = len(tiling.tiles)
    if n > 1:
        pages.append((room.paper_w, room.paper_h, _assembly_key(board, tiling, art, Room(room.paper_w, room.paper_h), wr)))
    ov = tiling.overlap
    shown = _visible(art, tiling)
    for t in tiling.tiles:
        x0, y0 = proom.x0, proom.y0 + LEGEND_H
        # which tile goes on which glue strip, above the tile: a strip whose copy of the map leaves no
        # bare stretch carries no words of its own
        glued = "、".join(f"{side}ののりしろにタイル{tiling.tile(c, r).number}" for side, on, c, r in
                          (("左", t.glue_left, t.col - 1, t.row), ("上", t.glue_top, t.col, t.row - 1)) if on)
        items: list[PartItem] = _legend(wr, proom, f"タイル {t.number}/{n}：外側の実線で切り、組み立て図のとおりに貼り合わせます。"
                                        + (f"{glued}を重ねます。" if glued else "") if n > 1 else "",
                                        ("cut", "glue") if n > 1 else ("cut",))
        items.append(Group(shown[t.col, t.row], x0 - t.x, y0 - t.y, 1.0, (t.x, t.y, t.w, t.h)))
        for glue, vertical in ((t.glue_left, True), (t.glue_top, False)):
            if not glue:
                continue
            gx, gy, gw, gh = (x0, y0, ov, t.h) if vertical else (x0, y0, t.w, ov)
            items.append(Box(gx, gy, gw, gh, fill="#000000", opacity=0.28))
            # alignment line: the neighbour's cut edge lands here; triangles point at it
            if vertical:
                items.append(Rule(x0 + ov, y0, x0 + ov, y0 + t.h, "#c0392b", 0.8, (2.0, 1.5)))
            else:
                items.append(Rule(x0, y0 + ov, x0 + t.w, y0 + ov, "#c0392b", 0.8, (2.0, 1.5)))
            over = tiling.tile(t.col - 1, t.row) if vertical else tiling.tile(t.col, t.row - 1)
            strip = (t.x, t.y, t.x + ov, t.y + t.h) if vertical else (t.x, t.y, t.x + t.w, t.y + ov)
            placed = _glue_note(art, board, strip, vertical, over.number)
            if placed is not None:
                text, middle, length = placed
                note = wr.text(text, 0, 0, length, ov - mm(1), GLUE_NOTE_PT, font="gothic-bold",
                               min_size=GLUE_NOTE_PT, max_lines=1, color="#ffffff", label="overlap",
                               where=board.where)
                if note is not None and vertical:   # read bottom to top along the strip
                    cx, cy = gx + gw / 2, y0 + middle - t.y
                    moved = _shift([note], cx - length / 2, cy - (ov - mm(1)) / 2)
                    # a Group inside Rotated: the renderers draw it, plan.Rotated's annotation predates Group
                    items.append(Rotated(90.0, cx, cy, cast("tuple[Item, ...]", (moved,))))
                elif note is not None:
                    items.append(_shift([note], x0 + middle - t.x - length / 2, gy + mm(0.5)))
        # registration ticks at the same board positions on both sides of every seam
        items.extend(_seam_ticks(t, tiling, x0, y0))
        items.append(_outline(x0, y0, t.w, t.h))
        pages.append((pw, ph, items))
    return pages, tiling


GLUE_NOTE_PT = 7.0


def art_bounds(item: PartItem) -> tuple[float, float, float, float] | None:
    """(x0, y0, x1, y1) of what an item of a board paints, its stroke included; None for a group."""
    if isinstance(item, Box):
        e = item.stroke_width / 2 if item.stroke else 0.0
        return item.x - e, item.y - e, item.x + item.w + e, item.y + item.h + e
    if isinstance(item, Rule):
        e = item.width / 2
        return min(item.x1, item.x2) - e, min(item.y1, item.y2) - e, max(item.x1, item.x2) + e, max(item.y1, item.y2) + e
    if isinstance(item, Polygon):
        e = item.stroke_width / 2 if item.stroke else 0.0
        xs, ys = [x for x, _ in item.points], [y for _, y in item.points]
        return min(xs) - e, min(ys) - e, max(xs) + e, max(ys) + e
    if isinstance(item, TextBlock):
        return text_bounds(item)
    return None


def _glue_note(art: tuple[PartItem, ...], board: Board, strip: tuple[float, float, float, float], vertical: bool,
               over: int) -> tuple[str, float, float] | None:
    """The words of a glue strip and where they go: the board's art shows through the strip (the copy
    of the edge of the tile laid over it), so the words keep to the longest stretch of the strip where
    the board is bare, at GLUE_NOTE_PT; shorter words when the stretch is short, none when no words fit
    (the assembly key says it all).  (text, middle along the strip, length) in board coordinates."""
    x0, y0, x1, y1 = strip
    pad = mm(1)
    across = GLUE_NOTE_PT * 0.75 + pad            # half the note's height, and room around it
    mid = (x0 + x1) / 2 if vertical else (y0 + y1) / 2
    lo, hi = (y0, y1) if vertical else (x0, x1)
    blocked = []
    for item in art:
        bounds = art_bounds(item)
        if bounds is None or (isinstance(item, Box) and bounds[0] <= 0 and bounds[1] <= 0
                              and bounds[2] >= board.width_pt and bounds[3] >= board.height_pt):
            continue                                # the board's own ground: bare paper in print
        a0, c0, a1, c1 = (bounds[1], bounds[0], bounds[3], bounds[2]) if vertical else bounds
        if c1 > mid - across and c0 < mid + across and a1 > lo and a0 < hi:
            blocked.append((a0 - pad, a1 + pad))
    runs, start = [], lo + mm(2)
    for a, b in sorted(blocked):
        if a > start:
            runs.append((start, a))
        start = max(start, b)
    if hi - mm(2) > start:
        runs.append((start, hi - mm(2)))
    if not runs:
        return None
    a, b = max(runs, key=lambda r: (r[1] - r[0], -r[0]))
    for text in (f"のりしろ：タイル{over}を重ね、赤い線に端を合わせる", f"のりしろ：タイル{over}を重ねる", "のりしろ"):
        length = fonts.measure(text, "gothic-bold", GLUE_NOTE_PT) + mm(1)
        if length <= b - a:
            return text, (a + b) / 2, length
    return None


def text_bounds(block: TextBlock) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the ink of a placed text block."""
    x0 = min(pl.x for pl in block.lines)
    x1 = max(pl.x + pl.line.width_pt for pl in block.lines)
    return x0, block.lines[0].baseline - block.size_pt, x1, block.lines[-1].baseline + block.size_pt * 0.25


def glue_strips(tiling: Tiling) -> list[tuple[float, float, float, float, int, int]]:
    """Every glue strip in board coordinates: (x0, y0, x1, y1, tile under, tile laid over it)."""
    out = []
    ov = tiling.overlap
    for t in tiling.tiles:
        if t.glue_left:
            out.append((t.x, t.y, t.x + ov, t.y + t.h, t.number, tiling.tile(t.col - 1, t.row).number))
        if t.glue_top:
            out.append((t.x, t.y, t.x + t.w, t.y + ov, t.number, tiling.tile(t.col, t.row - 1).number))
    return out


def _board_texts(art: tuple[PartItem, ...], board: Board) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The words a glue strip must not cover, with their ink: every text of the board but the card
    slot's caption (it lies under the card in play: a seam may cross it)."""
    under_card = board.slot[2] if board.slot is not None else None
    out = []
    for item in art:
        if isinstance(item, TextBlock):
            words = "".join(pl.line.text for pl in item.lines)
            if not (under_card and words == under_card):
                out.append((words, text_bounds(item)))
    return out


def _text_spans(art: tuple[PartItem, ...], board: Board, axis: int) -> list[tuple[float, float]]:
    """Where the board's texts lie along x (axis 0) or y (axis 1)."""
    return [(box[axis], box[axis + 2]) for _, box in _board_texts(art, board)]


def _glue_hits(art: tuple[PartItem, ...], tiling: Tiling, board: Board) -> list[tuple[str, str]]:
    """(words, the strip they lie in) for each text a glue strip covers."""
    hits = []
    for words, (x0, y0, x1, y1) in _board_texts(art, board):
        for gx0, gy0, gx1, gy1, under, over in glue_strips(tiling):
            if x0 < gx1 and gx0 < x1 and y0 < gy1 and gy0 < y1:
                hits.append((words, f"tile {under} under tile {over} (x {to_mm(gx0):.0f}–{to_mm(gx1):.0f} mm, "
                                    f"y {to_mm(gy0):.0f}–{to_mm(gy1):.0f} mm)"))
    return hits


def _named(board: Board, words: str) -> str:
    """The words, and the label: entry that wrote them when one did (file:line)."""
    label = next((lab for lab in board.labels if lab.text == words and lab.where.file), None)
    shown = repr(words[:16])
    if label is None:
        return f"text {shown}"
    return f"label {shown} ({label.where.file}:{label.where.line}:{label.where.col})"


def _glue_clear(art: tuple[PartItem, ...], tiling: Tiling, board: Board, wr: Writer, at: Where) -> None:
    """No text of the board in a glue strip, where a seam would cut it or hide it: said at the seams."""
    for words, strip in _glue_hits(art, tiling, board):
        wr.add(at, "seams", f"{_named(board, words)} lies in the glue strip of {strip}: move a seam or the text")


def _visible(art: tuple[PartItem, ...], tiling: Tiling) -> dict[tuple[int, int], tuple[PartItem, ...]]:
    """For each tile (col, row), the board's cells and lines that reach into it (the clip cuts the
    rest).  A tile that carried the whole board would make drawing grow with tiles × cells; each
    item is put in the few tiles its bounds touch, so sorting them out grows with the cells only."""
    pad = 4.0      # line widths and joins spill a little past the geometry
    first = tiling.tiles[0]
    step_x = first.w - tiling.overlap if tiling.cols > 1 else first.w
    step_y = first.h - tiling.overlap if tiling.rows > 1 else first.h
    out: dict[tuple[int, int], list[PartItem]] = {(t.col, t.row): [] for t in tiling.tiles}

    def span(lo: float, hi: float, step: float, size: float, n: int) -> range:
        a = max(0, math.ceil((lo - pad - size) / step))
        b = min(n - 1, math.floor((hi + pad) / step))
        return range(a, b + 1)
    equal = len({(t.w, t.h) for t in tiling.tiles}) == 1
    if not equal:         # tiles cut where the designer said: test each tile's own bounds
        for item in art:
            if isinstance(item, Box):
                b = (item.x, item.y, item.x + item.w, item.y + item.h)
            elif isinstance(item, Rule):
                b = (min(item.x1, item.x2), min(item.y1, item.y2), max(item.x1, item.x2), max(item.y1, item.y2))
            else:
                b = None
            for t in tiling.tiles:
                if b is None or (b[0] - pad <= t.x + t.w and t.x <= b[2] + pad and b[1] - pad <= t.y + t.h
                                 and t.y <= b[3] + pad):
                    out[t.col, t.row].append(item)
        return {k: tuple(v) for k, v in out.items()}
    for item in art:
        if isinstance(item, Box):
            bounds = (item.x, item.y, item.x + item.w, item.y + item.h)
        elif isinstance(item, Rule):
            bounds = (min(item.x1, item.x2), min(item.y1, item.y2), max(item.x1, item.x2), max(item.y1, item.y2))
        else:            # labels and the rest: few, kept on every tile
            for cell in out.values():
                cell.append(item)
            continue
        for c in span(bounds[0], bounds[2], step_x, first.w, tiling.cols):
            for r in span(bounds[1], bounds[3], step_y, first.h, tiling.rows):
                out[c, r].append(item)
    return {k: tuple(v) for k, v in out.items()}


def _seam_ticks(t: Tile, tiling: Tiling, x0: float, y0: float) -> list[PartItem]:
    """Little triangles on the alignment line of a glue strip, and matching ticks on the cut edge of
    the tile laid over it: they meet when the seam is right."""
    out: list[PartItem] = []
    ov, size = tiling.overlap, mm(2.2)
    if tiling.cols > 1:
        for k in (1, 2, 3):
            by = t.y + t.h * k / 4            # board coordinate of the mark
            py = y0 + by - t.y
            if t.glue_left:
                ax = x0 + ov
                out.append(Polygon(((ax, py), (ax + size, py - size * 0.6), (ax + size, py + size * 0.6)), fill="#c0392b"))
            if t.col < tiling.cols - 1:
                ex = x0 + t.w
                out.append(Rule(ex - size * 1.5, py, ex, py, "#c0392b", 0.8))
    if tiling.rows > 1:
        for k in (1, 2, 3):
            bx = t.x + t.w * k / 4
            px = x0 + bx - t.x
            if t.glue_top:
                ay = y0 + ov
                out.append(Polygon(((px, ay), (px - size * 0.6, ay + size), (px + size * 0.6, ay + size)), fill="#c0392b"))
            if t.row < tiling.rows - 1:
                ey = y0 + t.h
                out.append(Rule(px, ey - size * 1.5, px, ey, "#c0392b", 0.8))
    return out


def _assembly_key(board: Board, tiling: Tiling, art: tuple[PartItem, ...], room: Room, wr: Writer) -> list[PartItem]:
    items: _RawItems = []
    items.append(wr.text(f"{board.title}：組み立て図", room.x0, room.y0, room.w, mm(8), 14.0, font="gothic-bold",
                         align="left", label="title", where=board.where))
    steps = (f"このボードは {to_mm(board.width_pt):.0f} × {to_mm(board.height_pt):.0f} mm です。"
             f"{len(tiling.tiles)}枚のタイル（{tiling.cols}列 × {tiling.rows}段）に分けて印刷しています。\n"
             "1. 各タイルを外側の実線で切ります（灰色ののりしろは切り落としません）。\n"
             f"2. のりしろ（幅{to_mm(tiling.overlap):.0f} mm）にのりを塗り、番号の小さい隣のタイルを上に重ねます。"
             "上のタイルの端を赤い破線に、端の赤い目印を赤い三角に合わせます。\n"
             "3. 左上のタイル1から右へ、次に下の段へと貼り進めます。下の図の番号がタイル番号です。")
    items.append(wr.text(steps, room.x0, room.y0 + mm(10), room.w, mm(30), 9.0, align="left", valign="top",
                         min_size=6.0, leading=1.5, label="title", where=board.where))
    top = room.y0 + mm(44)
    avail_w, avail_h = room.w, room.h - mm(44)
    scale = min(avail_w / board.width_pt, avail_h / board.height_pt)
    ox = room.x0 + (avail_w - board.width_pt * scale) / 2
    items.append(Group(art, ox, top, scale))
    for t in tiling.tiles:
        x, y, w, h = ox + t.x * scale, top + t.y * scale, t.w * scale, t.h * scale
        items.append(Box(x, y, w, h, fill=None, stroke="#c0392b", stroke_width=1.2))
        d = mm(9)
        cx, cy = x + w / 2, y + h / 2
        items.append(Box(cx - d / 2, cy - d / 2, d, d, fill="#c0392b", radius=d / 2, opacity=0.9))
        items.append(wr.text(str(t.number), cx - d / 2, cy - d / 2, d, d, 14.0, font="gothic-bold", color="#ffffff",
                             label="tiles", where=board.where))
    return [i for i in items if i is not None]


# ============================================================================ bits
SOURCES = {"buy": "購入", "borrow": "他のゲームから流用", "print": "印刷パーツで代用可"}


def _bits_title(name: str) -> str:
    """「用意するもの：印刷しない部品」, but a list the designer already calls 用意するもの is not named twice."""
    return name if "用意するもの" in name else f"用意するもの：{name}"


def plan_bits(game: Game, bits: Bits, room: Room, wr: Writer) -> list[_Sheet]:
    x0, y = room.x0, room.y0
    items: _RawItems = [
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


# ============================================================================ tuck box
def _arc(cx: float, cy: float, r: float, start: float, end: float, steps: int = 10) -> list[tuple[float, float]]:
    """Points along a circle's arc (degrees, y down: 0 is +x, 90 is +y), start and end included."""
    return [(cx + r * math.cos(math.radians(start + (end - start) * k / steps)),
             cy + r * math.sin(math.radians(start + (end - start) * k / steps))) for k in range(steps + 1)]


@dataclass(frozen=True)
class TuckNet:
    """A reverse-tuck-end box's net, every length in points: W × H the front and back panels, D the
    sides (the box's depth), T the tuck flaps, G the glue flap; panels left to right are front,
    side, back, side, glue flap; the top lid and its tuck hang from the back, the bottom lid and its
    tuck from the front, a dust flap from each side at both ends."""

    W: float
    H: float
    D: float
    T: float
    G: float
    cards: int

    @property
    def y0(self) -> float:       # the top of the body (the panels' top edge)
        return self.D + self.T

    @property
    def width(self) -> float:
        return 2 * self.W + 2 * self.D + self.G

    @property
    def notch(self) -> float:    # the radius of the thumb notch in the front's top edge
        return min(self.W * 0.16, mm(10))

    @property
    def height(self) -> float:
        return self.H + 2 * (self.D + self.T)

    def panels(self) -> dict[str, tuple[float, float, float, float]]:
        """Each printed face: (x, y, w, h) in the net."""
        W, H, D, y0 = self.W, self.H, self.D, self.y0
        return {"front": (0.0, y0, W, H), "right": (W, y0, D, H), "back": (W + D, y0, W, H),
                "left": (2 * W + D, y0, D, H), "glue": (2 * W + 2 * D, y0, self.G, H),
                "top": (W + D, y0 - D, W, D), "bottom": (0.0, y0 + H, W, D)}

    def outline(self) -> list[tuple[float, float]]:
        """The cut, clockwise from the front's top-left corner (a thumb notch in the front's top)."""
        W, H, D, T, G, y0 = self.W, self.H, self.D, self.T, self.G, self.y0
        inset, r = min(mm(1), W * 0.02), min(T * 0.45, mm(6))
        taper = min(D * 0.3, mm(3))
        dust = min(max(D * 0.9, mm(8)), T + D - mm(1))
        notch = self.notch
        pts: list[tuple[float, float]] = [(0.0, y0), (W / 2 - notch, y0)]
        pts += _arc(W / 2, y0, notch, 180, 0, 12)[1:-1]           # the notch dips into the front (y down)
        pts += [(W / 2 + notch, y0), (W, y0)]
        pts += [(W + taper, y0 - dust), (W + D - taper / 3, y0 - dust), (W + D, y0 - dust * 0.35), (W + D, y0)]
        top = y0 - D
        pts += [(W + D, top), (W + D + inset, top)]
        pts += _arc(W + D + inset + r, top - T + r, r, 180, 270)
        pts += _arc(2 * W + D - inset - r, top - T + r, r, 270, 360)
        pts += [(2 * W + D - inset, top), (2 * W + D, top)]
        pts += [(2 * W + D, y0 - dust * 0.35), (2 * W + D + taper / 3, y0 - dust), (2 * W + 2 * D - taper, y0 - dust),
                (2 * W + 2 * D, y0)]
        g = min(G * 0.9, H * 0.2)
        pts += [(2 * W + 2 * D + G, y0 + g), (2 * W + 2 * D + G, y0 + H - g), (2 * W + 2 * D, y0 + H)]
        bottom = y0 + H
        pts += [(2 * W + 2 * D - taper, bottom + dust), (2 * W + D + taper / 3, bottom + dust),
                (2 * W + D, bottom + dust * 0.35), (2 * W + D, bottom)]
        pts += [(W + D, bottom)]
        pts += [(W + D, bottom + dust * 0.35), (W + D - taper / 3, bottom + dust), (W + taper, bottom + dust),
                (W, bottom)]
        low = bottom + D
        pts += [(W, low), (W - inset, low)]
        pts += _arc(W - inset - r, low + T - r, r, 0, 90)
        pts += _arc(inset + r, low + T - r, r, 90, 180)
        pts += [(inset, low), (0.0, low), (0.0, bottom)]
        return pts

    def bleed(self, b: float) -> list[tuple[float, float, float, float]]:
        """Strips (x, y, w, h) b wide outside the coloured panels' cut edges: the front's left and top
        (with the bottom lid's left, below it), the bottom lid's right, both edges of the top lid."""
        W, H, D, y0 = self.W, self.H, self.D, self.y0
        top, bottom = y0 - D, y0 + H
        return [(-b, y0 - b, b, H + D + b), (0.0, y0 - b, W, b), (W, bottom, b, D),
                (W + D - b, top, b, D), (2 * W + D, top, b, D)]

    def folds(self) -> list[tuple[float, float, float, float]]:
        """The fold lines (x1, y1, x2, y2): between the panels, at each lid's hinge and its tuck's."""
        W, H, D, y0 = self.W, self.H, self.D, self.y0
        out = [(x, y0, x, y0 + H) for x in (W, W + D, 2 * W + D, 2 * W + 2 * D)]
        out += [(W, y0, W + D, y0), (W + D, y0, 2 * W + D, y0), (2 * W + D, y0, 2 * W + 2 * D, y0),
                (W + D, y0 - D, 2 * W + D, y0 - D)]
        out += [(0.0, y0 + H, W, y0 + H), (W, y0 + H, W + D, y0 + H), (2 * W + D, y0 + H, 2 * W + 2 * D, y0 + H),
                (0.0, y0 + H + D, W, y0 + H + D)]
        return out


TUCK_BLEED = mm(3)      # the colour past the cut on a tuck box's outer edges (塗り足し)
MIN_DEPTH_MM = 6.0      # a box shallower than this has no room for its dust flaps to fold


def tuck_net(card_w: float, card_h: float, cards: int, thickness: float, clearance: float) -> TuckNet:
    """The net of a box for cards stacked card_w × card_h, cards of them, each thickness thick, with
    clearance added to each inner dimension."""
    D = max(cards * thickness + clearance, mm(MIN_DEPTH_MM))
    T = min(max(D * 0.4 + mm(6), mm(12)), mm(16))
    G = min(max(D * 0.6, mm(8)), mm(12))
    return TuckNet(card_w + clearance, card_h + clearance, D, T, G, cards)


def tuckbox_piece(game: Game, box: TuckBox, net: TuckNet, wr: Writer, glue_words: bool = True) -> _Drawn:
    """One box's net: the panels in the box's colour with the title on the front, the top lid and
    both sides (turned along them), the game on the back; the cut outline, dashed folds, the glue flap
    grey.  The top lid's words are upside down in the net: closed, they face whoever faces the front."""
    deck_name = game.deck(box.deck).name
    title = box.title or deck_name
    subtitle = box.subtitle or game.title
    ink = ink_on(box.color)
    p = net.panels()
    # the colour runs TUCK_BLEED past the cut wherever a coloured panel's edge is cut (not folded): a cut
    # a little off then leaves no white edge.  Drawn first, the net's white covers whatever of it falls
    # on a flap; the thumb notch keeps the front's colour (it is cut away).
    items: _RawItems = [Box(x, y, w, h, fill=box.color) for x, y, w, h in net.bleed(TUCK_BLEED)]
    items.append(Polygon(tuple(net.outline()), fill="#ffffff", stroke=None))
    for name in ("front", "right", "back", "left", "top", "bottom"):
        x, y, w, h = p[name]
        items.append(Box(x, y, w, h, fill=box.color))
    gx, gy, gw, gh = p["glue"]
    pad = mm(3)
    fx, fy, fw, fh = p["front"]
    items.append(wr.text(title, fx + pad, fy + fh * 0.22, fw - 2 * pad, fh * 0.22, 20.0, font="gothic-bold",
                         color=ink, min_size=8.0, label="title", where=box.where, max_lines=2))
    items.append(wr.text(subtitle, fx + pad, fy + fh * 0.46, fw - 2 * pad, fh * 0.1, 10.0, color=ink, min_size=6.0,
                         label="subtitle", where=box.where, max_lines=1))
    items.append(wr.text(f"カード{net.cards}枚", fx + pad, fy + fh * 0.8, fw - 2 * pad, fh * 0.08, 8.0, color=ink,
                         min_size=5.0, label="cards", where=box.where, max_lines=1))
    bx, by, bw, bh = p["back"]
    items.append(wr.text(game.title, bx + pad, by + bh * 0.3, bw - 2 * pad, bh * 0.14, 14.0, font="gothic-bold",
                         color=ink, min_size=7.0, label="subtitle", where=box.where, max_lines=2))
    items.append(wr.text(deck_name, bx + pad, by + bh * 0.46, bw - 2 * pad, bh * 0.1, 9.0, color=ink, min_size=5.0,
                         label="title", where=box.where, max_lines=1))
    for side in ("right", "left"):      # along the side, reading down it (as a Japanese spine)
        x, y, w, h = p[side]
        inner = (x + w / 2 - (h - 2 * pad) / 2, y + h / 2 - (w - mm(1.5)) / 2, h - 2 * pad, w - mm(1.5))
        block = wr.text(title, *inner, 12.0, font="gothic-bold", color=ink, min_size=4.5, label="title",
                        where=box.where, max_lines=1)
        if block is not None:
            items.append(Rotated(-90.0, x + w / 2, y + h / 2, (block,)))
    tx, ty, tw, th = p["top"]
    block = wr.text(title, tx + pad, ty + mm(0.75), tw - 2 * pad, th - mm(1.5), 10.0, font="gothic-bold", color=ink,
                    min_size=4.5, label="title", where=box.where, max_lines=1)
    if block is not None:
        items.append(Rotated(180.0, tx + tw / 2, ty + th / 2, (block,)))
    items.append(Polygon(tuple(pt for pt in net.outline() if pt[0] >= gx - 0.01), fill=GLUE, stroke=None))
    cx, cy = gx + gw / 2, gy + gh / 2
    long, across = min(gh * 0.5, mm(30)), gw - mm(2)
    # 「のりしろ」 on the flap (not on a shop's die-cut box: the flap is the die's)
    glue_text = wr.text("のりしろ", cx - long / 2, cy - across / 2, long, across, 8.0, color="#555555",
                        min_size=4.0, label="glue", where=box.where, max_lines=1) if glue_words else None
    if glue_text is not None:      # fitted along the flap, then turned to run down it
        items.append(Rotated(-90.0, cx, cy, (glue_text,)))
    for x1, y1, x2, y2 in net.folds():
        items.append(Rule(x1, y1, x2, y2, FOLD, 0.6, FOLD_DASH))
    items.append(Polygon(tuple(net.outline()), fill=None, stroke=CUT, stroke_width=CUT_W))
    return net.width + TUCK_BLEED, net.height, [_shift(items, TUCK_BLEED, 0.0)]    # room for the left bleed


def plan_tuckbox(game: Game, box: TuckBox, room: Room, wr: Writer) -> list[_Sheet]:
    try:
        deck = game.deck(box.deck)
    except KeyError:
        ids = [d.id for d in game.all_decks]
        wr.add(box.where, "deck", msg("parts.tuck_box_unknown_deck", deck=box.deck, decks=", ".join(ids) or msg("word.none"),
                                      hint=did_you_mean(box.deck, ids)))
        return []
    cards = box.cards or deck.piece_count
    net = tuck_net(deck.layout.width_pt, deck.layout.height_pt, cards, box.thickness_pt, box.clearance_pt)
    pieces = [tuckbox_piece(game, box, net, wr) for _ in range(box.count)]
    inner = f"{to_mm(net.W):.0f}×{to_mm(net.H):.0f}×{to_mm(net.D):.0f}"
    how = (f"内寸 {inner} mm（{deck.name} {cards}枚）。実線で切り、点線をすべて山折り（印刷面が外）にして、"
           "のりしろを表の裏に貼ります。上下のふたは差し込むだけで閉じます。")
    return _pack_pieces(pieces, room, wr, box.where, how, gap=mm(4), keys=("cut", "fold", "glue"))


# ============================================================================ entry
def plan_token_sheet(game: Game, sheet: str, parts: list[Tokens], paper: str = "a4") -> PartPlan:
    """The token parts that name the same sheet (sheet: in their files), packed together: one file,
    as few pages as their tokens need."""
    pw, ph = paper_size(paper)
    room = Room(pw, ph)
    wr = Writer(parts[0].where)
    bodies = plan_tokens(game, parts, room, wr)
    name = "・".join(p.name for p in parts)
    holder = Tokens(sheet, name, parts[0].file, parts[0].where, tuple(g for p in parts for g in p.groups))
    body_texts = list(wr.texts)
    pages = _finish(game, holder, bodies, wr, marked=any(game.marked("part", p.id) for p in parts))
    if pages:
        first = pages[0]
        pages = (PartPage(first.width, first.height, first.items, tuple(body_texts) + first.texts),) + pages[1:]
    if wr.problems:
        raise DataError(wr.problems)
    return PartPlan(sheet, "tokens", pages, name=name, part_ids=tuple(p.id for p in parts))


def plan_part(game: Game, part: Any, paper: str = "a4") -> PartPlan:
    """Pages of one part; raises DataError with every problem found (text that does not fit, missing
    glyphs, a piece larger than the paper)."""
    pw, ph = paper_size(paper)
    room = Room(pw, ph)
    wr = Writer(part.where)
    tiling = None
    nets: list[DieNet] = []
    if isinstance(part, Track):
        bodies = plan_track(game, part, room, wr)
    elif isinstance(part, CutCard):
        bodies = plan_cut_card(game, part, room, wr)
    elif isinstance(part, Tokens):
        bodies = plan_tokens(game, part, room, wr)
    elif isinstance(part, Dice):
        bodies, nets = plan_dice(game, part, room, wr)
    elif isinstance(part, Board):
        bodies, tiling = plan_board(game, part, room, wr, paper)
    elif isinstance(part, Bits):
        bodies = plan_bits(game, part, room, wr)
    elif isinstance(part, TuckBox):
        bodies = plan_tuckbox(game, part, room, wr)
    else:  # pragma: no cover - the part kinds are closed
        raise TypeError(part)
    # every string drawn anywhere in the part: on each page (furniture added per page below)
    body_texts = list(wr.texts)
    pages = _finish(game, part, bodies, wr)
    if pages:
        pages = (PartPage(pages[0].width, pages[0].height, pages[0].items, tuple(body_texts) + pages[0].texts),) + pages[1:]
    if wr.problems:
        raise DataError(wr.problems)
    return PartPlan(part.id, part.kind, pages, tiling, tuple(nets), name=part.name, part_ids=(part.id,))
