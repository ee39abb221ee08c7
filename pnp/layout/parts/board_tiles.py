"""A board on paper: whole, or in tiles glued together (seams, glue strips and their notes,
registration ticks, the assembly key)."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import cast

from ...data.model import Game, Where
from ...data.parts import Board
from ...text import fonts
from ...units import mm, to_mm
from ..plan import Box, Item, Rotated, Rule, TextBlock
from ..tiling import Tile, Tiling, choose_cuts, plan_tiling, plan_tiling_at
from .board import board_items
from .common import (
    LEGEND_H,
    Group,
    PartItem,
    Polygon,
    RawItems,
    Room,
    SheetBody,
    Writer,
    outline,
    sheet_legend,
    shift,
    text_bounds,
)


def tiling_at_seams(board: Board, seams_x: Sequence[int], seams_y: Sequence[int], room_w: float,
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
               ) -> tuple[list[SheetBody], Tiling]:
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
        found = tiling_at_seams(board, board.seams[0], board.seams[1], room.w, room_h)
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
            found = tiling_at_seams(board, clear[0], clear[1], room.w, room_h)
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
    pages: list[SheetBody] = []
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
        items: list[PartItem] = sheet_legend(wr, proom, f"タイル {t.number}/{n}：外側の実線で切り、組み立て図のとおりに貼り合わせます。"
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
                    moved = shift([note], cx - length / 2, cy - (ov - mm(1)) / 2)
                    # a Group inside Rotated: the renderers draw it, plan.Rotated's annotation predates Group
                    items.append(Rotated(90.0, cx, cy, cast("tuple[Item, ...]", (moved,))))
                elif note is not None:
                    items.append(shift([note], x0 + middle - t.x - length / 2, gy + mm(0.5)))
        # registration ticks at the same board positions on both sides of every seam
        items.extend(_seam_ticks(t, tiling, x0, y0))
        items.append(outline(x0, y0, t.w, t.h))
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
    items: RawItems = []
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
