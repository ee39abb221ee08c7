"""Boards: the art of a board (cells, areas, panels, connections, labels) in board coordinates,
and the checks that its texts stay clear of each other and of its lines."""
from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from ...data.parts import Area, Board
from ...text import fonts
from ...units import mm, to_mm
from ..card import ink_on
from ..plan import Box, Rule, TextBlock
from .common import PartItem, Polygon, RawItems, Writer, text_bounds, tint


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


def _panel_area(board: Board, a: Area, wr: Writer, spots: list[Spot] | None = None, edge_safe: float = 0.0) -> RawItems:
    """style: panel — an area as a station panel: its label on a band in its colour (with a hazard
    strip when the board asks for stripes), what a player does there, and the outline of the card that sits on it, clear of both.
    edge_safe: the actions keep this far from the board's edges (a shop's safe area)."""
    c = board.cell_pt
    xs, ys = [col for col, _ in a.cells], [row for _, row in a.cells]
    ax, ay = min(xs) * c, min(ys) * c
    aw, ah = (max(xs) - min(xs) + 1) * c, (max(ys) - min(ys) + 1) * c
    pad, band_h = mm(1.5), mm(8)
    items: RawItems = []
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
        items.append(Rule(sx + mm(4), sy + sh / 2, sx + sw - mm(4), sy + sh / 2, tint(a.color, 0.35), 0.5, (2.0, 2.0)))
        if board.slot[2]:
            items.append(wr.text(board.slot[2], sx + mm(3), sy + sh / 2 - mm(9), sw - mm(6), mm(8), 8.0,
                                 font="gothic", color=tint(a.color, 0.6), min_size=5.0, label="slot",
                                 where=board.where))
    return items


def _title_box(board: Board, wr: Writer, spots: list[Spot] | None = None) -> RawItems:
    c = board.cell_pt
    assert board.title_box is not None      # the caller draws it only when there is one
    x, y, w, h, text = board.title_box
    bx, by, bw, bh = x * c + mm(2), y * c + mm(2), w * c - mm(4), h * c - mm(4)
    if spots is not None:
        spots.append(("the title box", (bx, by, bx + bw, by + bh)))
    items: RawItems = [Box(bx, by, bw, bh, fill="#1b2631", radius=mm(2))]
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
    items: RawItems = [Box(0, 0, board.width_pt, board.height_pt, fill=board.background)]
    for (col, row), aid in sorted(cmap.items()):
        items.append(Box(col * c, row * c, c, c, fill=colors[aid]))
    items.extend(_cell_lines(cmap, c))
    anchor = {}
    for a in board.areas:
        if not a.cells:
            continue
        mx = sum(col + 0.5 for col, _ in a.cells) / len(a.cells)
        my = sum(row + 0.5 for _, row in a.cells) / len(a.cells)
        best = min(a.cells, key=lambda cell: ((cell[0] + 0.5 - mx) ** 2 + (cell[1] + 0.5 - my) ** 2, cell))
        anchor[a.id] = best
    names: RawItems = []
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
    items.extend(_connections(board, wr, texts, named))
    items.extend(names)
    items.extend(labels)
    return [i for i in items if i is not None]


def _cell_lines(cmap: dict[tuple[int, int], str], c: float) -> list[PartItem]:
    """Faint cell lines inside an area, strong lines between areas and round the outside."""
    items: list[PartItem] = []
    for (col, row), aid in sorted(cmap.items()):
        for (dc, dr, x1, y1, x2, y2) in ((1, 0, col + 1, row, col + 1, row + 1), (0, 1, col, row + 1, col + 1, row + 1),
                                         (-1, 0, col, row, col, row + 1), (0, -1, col, row, col + 1, row)):
            other = cmap.get((col + dc, row + dr))
            if other == aid:
                if dc > 0 or dr > 0:
                    items.append(Rule(x1 * c, y1 * c, x2 * c, y2 * c, "#ffffff", 0.6))
            elif other is None or dc > 0 or dr > 0:
                items.append(Rule(x1 * c, y1 * c, x2 * c, y2 * c, "#222222", 1.6))
    return items


def _connections(board: Board, wr: Writer, texts: list[tuple[float, float, float, float]], named: list[Spot]
                 ) -> list[PartItem]:
    """The dashed line of each connection, clear of the board's texts; a connection that cannot avoid
    them is a problem naming the texts it would cross."""
    items: list[PartItem] = []
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
    return items


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
    items: RawItems = [Box(0, 0, board.width_pt, board.height_pt, fill=board.background)]
    for (col, row), aid in sorted(cmap.items()):
        items.append(Box(col * c, row * c, c, c, fill=tint(colors[aid], 0.14)))
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


def _labels(board: Board, wr: Writer, spots: list[Spot]) -> RawItems:
    """The board's free labels, each checked against what it would hide or be hidden by: an area's
    name (its band, on a panel board), actions, card slot, the title box, and the labels before it.
    A label that says overlap: true may lie there."""
    c = board.cell_pt
    items: RawItems = []
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
