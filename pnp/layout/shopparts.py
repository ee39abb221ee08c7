"""Parts → print-shop pieces: every printed part (score tracks, boards, cut-apart cards, tokens, dice
nets, tuck boxes) as the pieces a shop cuts, one piece a page, the same way card sides go to a shop.

A piece is its trim (the finished size) in its own coordinates (points, top-left origin, y down) and
the items drawn on it.  The home sheet's furniture (label, ruler, legend, the black cut outline) stays
off; what reaches the trim runs on to the bleed line 3 mm outside it (a filled box on the trim is grown
to the bleed; a board tile shows its neighbour's art there), so a cut a little off leaves no white
edge.  A piece whose cut is not its rectangle (a round token, a die's net, a tuck box) carries its cut
and its folds as die lines (``DieLine``): the shop's die, not ink (pnp.render.parts draws them in
their own spot colours, overprinting).  A bits list is not printed: it has no shop file.

Boards larger than the shop's sheet are split into tiles that butt (no glue strip: the shop mounts
them), at the designer's seams: when given, else in equal tiles."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..data.model import Game
from ..data.parts import Bits, Board, CutCard, Dice, Tokens, Track, TuckBox
from ..errors import DataError, Problem
from ..units import mm, to_mm
from .dice import plan_die
from .parts.board import board_items
from .parts.board_tiles import tiling_at_seams
from .parts.common import CUT, FOLD, GLUE, Group, Polygon, Writer, text_bounds
from .parts.cutcard import cut_card_face
from .parts.dice import die_net_items
from .parts.tokens import token_piece
from .parts.track import track_card
from .parts.tuckbox import tuck_net, tuckbox_piece
from .plan import BleedArt, Box, Rule, TextBlock
from .tiling import Tiling, plan_tiling

SHOP_BLEED = mm(3)                   # 塗り足し: what Japanese shops ask on every side
SHOP_SAFE = mm(3)                    # text this far inside the trim at least (the safe area)
SHOP_SHEET_MM = (297.0, 420.0)       # the largest piece printed whole (A3); a larger board is split into tiles
_EDGE = 0.01                         # points: a box edge this close to the trim lies on it


@dataclass(frozen=True)
class DieLine:
    """A line the shop's die cuts (crease: folds) along, not printed: a shape's outline (a Box, a
    Polygon or a Rule), drawn as a hairline in its own spot colour."""

    shape: Box | Polygon | Rule
    crease: bool = False


@dataclass(frozen=True)
class ShopPiece:
    width: float                    # the trim
    height: float
    items: tuple[Any, ...]          # PartItem or DieLine, the trim's top-left at (0, 0)
    name: str                       # what the piece is, for messages: 「タイル 2/4」「赤のトークン」
    bleeds: tuple[BleedArt, ...] = ()     # each fill grown to the bleed line: what --check-print reads back


@dataclass(frozen=True)
class ShopParts:
    part_id: str                    # the part's id, or a shared token sheet's
    name: str
    pieces: tuple[ShopPiece, ...]
    texts: tuple[str, ...] = ()


# -- bleed -------------------------------------------------------------------------------------------
def _grown(item: Any, w: float, h: float, b: float, allowed: str = "ltrb") -> tuple[Any, BleedArt | None]:
    """A filled, square-cornered box that lies on the trim grown by b past each trim edge it touches
    (of the allowed sides); anything else as it is."""
    if not isinstance(item, Box) or not item.fill or item.radius or item.opacity < 1.0:
        return item, None
    x0, y0, x1, y1 = item.x, item.y, item.x + item.w, item.y + item.h
    sides = "".join(s for s, on in (("l", abs(x0) <= _EDGE), ("t", abs(y0) <= _EDGE), ("r", abs(x1 - w) <= _EDGE),
                                    ("b", abs(y1 - h) <= _EDGE)) if on and s in allowed)
    if not sides or x0 < -b - _EDGE or y0 < -b - _EDGE or x1 > w + b + _EDGE or y1 > h + b + _EDGE:
        return item, None
    nx0, ny0 = (x0 - b if "l" in sides else x0), (y0 - b if "t" in sides else y0)
    nx1, ny1 = (x1 + b if "r" in sides else x1), (y1 + b if "b" in sides else y1)
    grown = replace(item, x=nx0, y=ny0, w=nx1 - nx0, h=ny1 - ny0)
    return grown, BleedArt("fill", "fill", (nx0, ny0, nx1, ny1), sides, item.fill)


def _is_outline(item: Any, w: float, h: float) -> bool:
    """The home sheet's black cut line round the whole piece: the shop cuts at the trim instead."""
    return (isinstance(item, Box) and item.fill is None and item.stroke == CUT and abs(item.x) <= _EDGE
            and abs(item.y) <= _EDGE and abs(item.w - w) <= _EDGE and abs(item.h - h) <= _EDGE)


def _rect_piece(w: float, h: float, items: Sequence[Any], name: str, b: float = SHOP_BLEED) -> ShopPiece:
    out, bleeds = [], []
    for item in items:
        if item is None or _is_outline(item, w, h):
            continue
        grown, bleed = _grown(item, w, h, b)
        out.append(grown)
        if bleed is not None:
            bleeds.append(bleed)
    return ShopPiece(w, h, tuple(out), name, tuple(bleeds))


def _die_lines(items: Sequence[Any]) -> list[Any]:
    """The home sheet's cut and fold lines as die lines; a cut-out shape keeps its fill, its outline
    becomes the die's cut."""
    out: list[Any] = []
    for item in items:
        if item is None:
            continue
        if isinstance(item, Rule) and item.color == CUT and not item.dash:
            out.append(DieLine(item))
        elif isinstance(item, Rule) and item.color == FOLD:
            out.append(DieLine(item, crease=True))
        elif isinstance(item, (Polygon, Box)) and item.stroke == CUT:
            if item.fill:
                out.append(replace(item, stroke=None))
            out.append(DieLine(replace(item, fill=None)))
        else:
            out.append(item)
    return out


def grow_edges(points: Sequence[tuple[float, float]], dists: Sequence[float]) -> tuple[tuple[float, float], ...]:
    """A convex polygon with its edge i (points[i] → points[i + 1]) moved dists[i] outward (0: kept),
    the corners mitred."""
    n = len(points)
    area = sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1] for i in range(n))
    turn = 1.0 if area > 0 else -1.0
    lines = []
    for i in range(n):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % n]
        length = math.hypot(x2 - x1, y2 - y1)
        nx, ny = turn * (y2 - y1) / length, -turn * (x2 - x1) / length
        lines.append(((x1 + nx * dists[i], y1 + ny * dists[i]), (x2 - x1, y2 - y1)))
    out = []
    for i in range(n):
        (p, r), (q, v) = lines[i - 1], lines[i]
        cross = r[0] * v[1] - r[1] * v[0]
        if abs(cross) < 1e-9:
            out.append(q)
            continue
        t = ((q[0] - p[0]) * v[1] - (q[1] - p[1]) * v[0]) / cross
        out.append((p[0] + t * r[0], p[1] + t * r[1]))
    return tuple(out)


def offset_polygon(points: Sequence[tuple[float, float]], d: float) -> tuple[tuple[float, float], ...]:
    """A convex polygon with every edge moved d outward (mitred corners)."""
    return grow_edges(points, [d] * len(points))


# -- the part kinds ------------------------------------------------------------------------------------
def _track(track: Track, wr: Writer) -> list[ShopPiece]:
    out = []
    for copy in track.copies:
        w, h, items = track_card(track, copy, wr, inset=SHOP_SAFE)
        out.append(_rect_piece(w, h, items, copy.title or track.name))
    return out


def _cut_card(card: CutCard, wr: Writer) -> list[ShopPiece]:
    """Each piece of each card on its own page: the shop cuts them apart."""
    out = []
    for pieces in card.cards:
        w, h, items = cut_card_face(card, pieces, wr)
        k = len(pieces)
        horizontal = card.split == "horizontal"
        pw, ph = (w, h / k) if horizontal else (w / k, h)
        art = tuple(i for i in items if i is not None and not _is_outline(i, w, h)
                    and not (isinstance(i, Rule) and i.dash))       # the split lines: the shop cuts there
        for i, p in enumerate(pieces):
            x0, y0 = (0.0, i * ph) if horizontal else (i * pw, 0.0)
            b = SHOP_BLEED
            ground = Box(-b, -b, pw + 2 * b, ph + 2 * b, fill="#ffffff")
            clip = (x0 - b, y0 - b, pw + 2 * b, ph + 2 * b)
            out.append(ShopPiece(pw, ph, (ground, Group(art, -x0, -y0, 1.0, clip)), p.title or card.name))
    return out


def _token(g: Any, wr: Writer, b: float = SHOP_BLEED) -> ShopPiece:
    """One token on a square trim, its colour over the trim and the bleed; a square token is cut at
    the trim, any other shape by a die along its outline (the colour past the outline is cut away)."""
    s, _, items = token_piece(g, wr, SHOP_SAFE)
    shape, rest = items[0], items[1:]
    name = g.label.replace("\n", "") or "トークン"
    assert isinstance(shape, (Box, Polygon))
    ground = Box(-b, -b, s + 2 * b, s + 2 * b, fill=shape.fill)
    art = (BleedArt("token", "fill", (-b, -b, s + b, s + b), "ltrb", shape.fill),)
    if isinstance(shape, Box) and not shape.radius:
        return ShopPiece(s, s, (ground, *rest), name, art)
    return ShopPiece(s, s, (ground, DieLine(replace(shape, fill=None)), *rest), name, art)


def _dice(dice: Dice, wr: Writer, b: float = SHOP_BLEED) -> list[ShopPiece]:
    """Each die's net on its own page, on a ground of the die's colour over the whole trim and bleed:
    the die cuts the net out of it (what lies outside the net is cut away; the tabs, inside the die
    once it is folded, take the colour too), so no cut a little off shows paper at an edge."""
    out = []
    for die in dice.dice:
        w, h, items = die_net_items(plan_die(die), wr, glue_words=False)
        ground = Box(-b, -b, w + 2 * b, h + 2 * b, fill=die.color)
        art = (BleedArt("die", "fill", (-b, -b, w + b, h + b), "ltrb", die.color),)
        kept = [i for i in items if not isinstance(i, Polygon)]      # the faces and tabs: the ground now
        for n in range(die.count):
            name = die.name + (f" {n + 1}/{die.count}" if die.count > 1 else "")
            out.append(ShopPiece(w, h, (ground, *_die_lines(kept)), name, art))
    return out


def _tuckbox(game: Game, box: TuckBox, wr: Writer) -> list[ShopPiece]:
    deck = game.deck(box.deck)
    cards = box.cards or deck.piece_count
    net = tuck_net(deck.layout.width_pt, deck.layout.height_pt, cards, box.thickness_pt, box.clearance_pt)
    _, _, drawn = tuckbox_piece(game, box, net, wr, glue_words=False)
    shifted = drawn[0]
    assert isinstance(shifted, Group)        # the net shifted right by its left bleed: here the trim is the net's
    items, bleeds = [], []
    gx = 2 * net.W + 2 * net.D                # the glue flap's fold
    for item in _die_lines(shifted.items):
        if isinstance(item, Polygon) and item.fill == GLUE:     # its cut edges grown, not its fold
            pts = item.points
            dists = [0.0 if abs(p[0] - gx) < _EDGE and abs(q[0] - gx) < _EDGE else SHOP_BLEED
                     for p, q in zip(pts, pts[1:] + pts[:1])]
            item = replace(item, points=grow_edges(pts, dists))
        grown, art = _grown(item, net.width, net.height, SHOP_BLEED)
        items.append(grown)
        if art is not None:
            bleeds.append(art)
    return [ShopPiece(net.width, net.height, tuple(items), box.title or deck.name, tuple(bleeds))
            for _ in range(box.count)]


def board_tiling(board: Board, art: Sequence[Any] = (),
                 sheet: tuple[float, float] = (mm(SHOP_SHEET_MM[0]), mm(SHOP_SHEET_MM[1]))) -> Tiling | None:
    """The board whole when it fits the sheet (either way up), else tiles that butt, each fitting the
    sheet: at the designer's seams when given; else equal tiles, unless an equal seam would cut a
    text of art (or pass within the safe area of it): then at the cell edges clear of every text, as
    few tiles as fit.  None when no choice fits."""
    w, h = board.width_pt, board.height_pt
    sw, sh = sheet
    if (w <= sw + _EDGE and h <= sh + _EDGE) or (w <= sh + _EDGE and h <= sw + _EDGE):
        return plan_tiling(w, h, w, h, 0.0)
    butting = replace(board, overlap_pt=0.0)
    if board.seams is not None:
        return tiling_at_seams(butting, board.seams[0], board.seams[1], sw, sh)
    upright, turned = plan_tiling(w, h, sw, sh, 0.0), plan_tiling(w, h, sh, sw, 0.0)
    tiling = upright if len(upright.tiles) <= len(turned.tiles) else turned
    boxes = [text_bounds(t) for t in art if isinstance(t, TextBlock)]

    def clear(at: float, axis: int) -> bool:
        return not any(box[axis] - SHOP_SAFE < at < box[axis + 2] + SHOP_SAFE for box in boxes)
    seams_x = {t.x for t in tiling.tiles if t.col > 0}
    seams_y = {t.y for t in tiling.tiles if t.row > 0}
    if all(clear(x, 0) for x in seams_x) and all(clear(y, 1) for y in seams_y):
        return tiling
    c = board.cell_pt
    return tiling_at_seams(butting, [k for k in range(1, board.cols) if clear(k * c, 0)],
                            [k for k in range(1, board.rows) if clear(k * c, 1)], sw, sh)


_PAD = 4.0      # points: line widths and joins spill a little past the geometry


def _bounds(item: Any) -> tuple[float, float, float, float] | None:
    """The box of a cell or a line of a board (None: another item, kept on every tile)."""
    if isinstance(item, Box):
        return item.x, item.y, item.x + item.w, item.y + item.h
    if isinstance(item, Rule):
        return min(item.x1, item.x2), min(item.y1, item.y2), max(item.x1, item.x2), max(item.y1, item.y2)
    return None


def _board(board: Board, wr: Writer, b: float = SHOP_BLEED) -> list[ShopPiece]:
    art = board_items(board, wr, SHOP_SAFE)
    whole = _rect_piece(board.width_pt, board.height_pt, art, board.title or board.name)
    tiling = board_tiling(board, art)
    if tiling is None:
        said = "the seams" if board.seams is not None else "the cell edges clear of its texts"
        wr.add(board.seams_at or board.where, "seams",
               f"no choice of {said} cuts the {to_mm(board.width_pt):.0f} × {to_mm(board.height_pt):.0f} mm "
               f"board into tiles of at most {SHOP_SHEET_MM[0]:.0f} × {SHOP_SHEET_MM[1]:.0f} mm for the shop "
               f"file, {to_mm(SHOP_SAFE):.0f} mm clear of every text (give seams: where text may not be, or move "
               "the text)")
        return []
    if len(tiling.tiles) == 1:
        return [whole]
    out = []
    n = len(tiling.tiles)
    bounded = [(item, _bounds(item)) for item in whole.items]
    for t in tiling.tiles:
        clip = (t.x - b, t.y - b, t.w + 2 * b, t.h + 2 * b)
        # a side of a grown fill counts on this tile only where it is the board's edge and the tile's
        kept = []
        for bleed_art in whole.bleeds:
            x0, y0, x1, y1 = (bleed_art.box[0] - t.x, bleed_art.box[1] - t.y, bleed_art.box[2] - t.x, bleed_art.box[3] - t.y)
            if not (x0 < t.w and x1 > 0 and y0 < t.h and y1 > 0):
                continue
            on = "".join(s for s in bleed_art.sides if (s == "l" and t.col == 0) or (s == "t" and t.row == 0)
                         or (s == "r" and t.col == tiling.cols - 1) or (s == "b" and t.row == tiling.rows - 1))
            if on:
                kept.append(replace(bleed_art, box=(max(x0, -b), max(y0, -b), min(x1, t.w + b), min(y1, t.h + b)), sides=on))
        # a fill that stops at a seam runs on into the bleed too (over the neighbour's art there, which
        # is drawn after it when it comes later on the board)
        seams = "".join(s for s, on in (("l", t.col > 0), ("t", t.row > 0), ("r", t.col < tiling.cols - 1),
                                        ("b", t.row < tiling.rows - 1)) if on)
        # each tile takes the cells and lines that reach its bleed (a tile that carried the whole board
        # would make drawing grow with tiles × cells); the rest (texts, few) goes on every tile
        x0, y0, x1, y1 = t.x - b - _PAD, t.y - b - _PAD, t.x + t.w + b + _PAD, t.y + t.h + b + _PAD
        items = []
        for item, box in bounded:
            if box is not None:
                if box[2] < x0 or box[0] > x1 or box[3] < y0 or box[1] > y1:
                    continue
                if isinstance(item, Box) and seams and any(abs(v - e) <= _EDGE for v, e in zip(
                        box, (t.x, t.y, t.x + t.w, t.y + t.h))):
                    grown, _ = _grown(replace(item, x=item.x - t.x, y=item.y - t.y), t.w, t.h, b, seams)
                    item = replace(grown, x=grown.x + t.x, y=grown.y + t.y)
            items.append(item)
        out.append(ShopPiece(t.w, t.h, (Group(tuple(items), -t.x, -t.y, 1.0, clip),),
                             f"{board.title or board.name} タイル {t.number}/{n}", tuple(kept)))
    return out


def _in_shop_file(problems: Sequence[Problem], part_id: str) -> list[Problem]:
    """Problems of the shop file said to be its own: the home sheet of the same part may be fine (the
    shop's safe area leaves text less room)."""
    note = f" (shop/parts-{part_id}.pdf: text {to_mm(SHOP_SAFE):.0f} mm inside the cut, the shop's safe area)"
    return [replace(p, message=p.message + note) for p in problems]


def plan_part_shop(game: Game, part: Any) -> ShopParts | None:
    """The shop pieces of one part (None for a bits list, which is not printed); DataError with every
    problem found (text that does not fit the piece as the shop's safe area leaves it)."""
    wr = Writer(part.where)
    if isinstance(part, Track):
        pieces = _track(part, wr)
    elif isinstance(part, CutCard):
        pieces = _cut_card(part, wr)
    elif isinstance(part, Tokens):
        pieces = [_token(g, wr) for g in part.groups for _ in range(g.count)]
    elif isinstance(part, Dice):
        pieces = _dice(part, wr)
    elif isinstance(part, Board):
        pieces = _board(part, wr)
    elif isinstance(part, TuckBox):
        pieces = _tuckbox(game, part, wr)
    elif isinstance(part, Bits):
        return None
    else:  # pragma: no cover - the part kinds are closed
        raise TypeError(part)
    if wr.problems:
        raise DataError(_in_shop_file(wr.problems, part.id))
    return ShopParts(part.id, part.name, tuple(pieces), tuple(wr.texts))


def plan_token_sheet_shop(game: Game, sheet: str, parts: list[Tokens]) -> ShopParts:
    """The token parts that share a sheet: one shop file, every token of them a page."""
    wr = Writer(parts[0].where)
    pieces = [_token(g, wr) for p in parts for g in p.groups for _ in range(g.count)]
    if wr.problems:
        raise DataError(_in_shop_file(wr.problems, sheet))
    return ShopParts(sheet, "・".join(p.name for p in parts), tuple(pieces), tuple(wr.texts))
