"""Token sheets: round, square, hexagonal and diamond tokens packed tightly, with a key."""
from __future__ import annotations

import math
from collections.abc import Sequence

from ...data.model import Game
from ...data.parts import TokenGroup, Tokens
from ...text import fonts
from ...units import mm, to_mm
from ..plan import Box
from ..sheet import paper_size
from .common import (
    CUT,
    CUT_W,
    LEGEND_H,
    Drawn,
    Group,
    PartItem,
    PartPlan,
    Polygon,
    RawItems,
    Room,
    SheetBody,
    Writer,
    sheet_legend,
    shelf_pack,
    shift,
)


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


def token_piece(g: TokenGroup, wr: Writer, safe: float = 0.0) -> Drawn:
    """One token of a group: its shape cut out in its colour, its label inside (at least safe from
    the token's square: a shop's safe area)."""
    s = g.size_pt
    items: RawItems = [_token_shape(g.shape, 0, 0, s, g.color, CUT, CUT_W)]
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
    items: RawItems = []
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


def plan_tokens(game: Game, tokens: Tokens | list[Tokens], room: Room, wr: Writer) -> list[SheetBody]:
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
        pages[page].append(shift(drawn, room.x0 + x, top + y))
    out: list[SheetBody] = []
    for items in pages:
        head = sheet_legend(wr, room, "実線に沿って切り抜きます（厚紙推奨）。", ("cut",))
        head.append(shift(key, room.x0, room.y0 + LEGEND_H))
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
