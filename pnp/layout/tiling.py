"""Tiling a board larger than the paper: equal tiles that overlap their neighbours by a stated amount.

Tile (col, row) shows the board rectangle [x, x + w] × [y, y + h] (board coordinates, points, y down).
Neighbouring tiles share an ``overlap`` strip: the right / lower tile's strip is the glue area
(のりしろ) and the left / upper tile is laid over it, its cut edge on the alignment line."""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..messages import msg


@dataclass(frozen=True)
class Tile:
    number: int          # 1-based, row by row (the assembly key shows these)
    col: int
    row: int
    x: float
    y: float
    w: float
    h: float

    @property
    def glue_left(self) -> bool:
        return self.col > 0

    @property
    def glue_top(self) -> bool:
        return self.row > 0


@dataclass(frozen=True)
class Tiling:
    board_w: float
    board_h: float
    overlap: float
    cols: int
    rows: int
    tiles: tuple[Tile, ...]
    landscape: bool = False      # pages turned to hold the tiles

    def tile(self, col: int, row: int) -> Tile:
        return self.tiles[row * self.cols + col]


def _split(length: float, room: float, overlap: float) -> tuple[int, float]:
    """Number of tiles along one side and the tile length, every tile equal."""
    if length <= room + 1e-6:
        return 1, length
    if room <= overlap:
        raise ValueError(msg("layout.overlap_too_big"))
    n = math.ceil((length - overlap) / (room - overlap) - 1e-9)
    return n, (length - overlap) / n + overlap


def plan_tiling(board_w: float, board_h: float, room_w: float, room_h: float, overlap: float) -> Tiling:
    """Fewest tiles of at most room_w × room_h covering the board; turned pages when that needs fewer."""
    best: tuple[int, bool, int, int, float, float] | None = None
    for landscape, (rw, rh) in ((False, (room_w, room_h)), (True, (room_h, room_w))):
        cols, tw = _split(board_w, rw, overlap)
        rows, th = _split(board_h, rh, overlap)
        if best is None or cols * rows < best[0]:
            best = (cols * rows, landscape, cols, rows, tw, th)
    assert best is not None       # two orientations were tried
    _, landscape, cols, rows, tw, th = best
    tiles: list[Tile] = []
    for r in range(rows):
        for c in range(cols):
            x = c * (tw - overlap) if cols > 1 else 0.0
            y = r * (th - overlap) if rows > 1 else 0.0
            tiles.append(Tile(len(tiles) + 1, c, r, x, y, tw, th))
    return Tiling(board_w, board_h, overlap if cols * rows > 1 else 0.0, cols, rows, tuple(tiles), landscape)


def plan_tiling_at(board_w: float, board_h: float, cuts_x: list[float], cuts_y: list[float],
                   overlap: float) -> Tiling:
    """Tiles that meet where the designer said (seams:): each cut is where a tile's edge lies after
    gluing; the next tile starts overlap before it (its glue strip, hidden under the tile before)."""
    def spans(length: float, cuts: list[float]) -> list[tuple[float, float]]:
        edges = [0.0, *sorted(cuts), length]
        return [(a - overlap if i else a, b) for i, (a, b) in enumerate(zip(edges, edges[1:]))]
    xs, ys = spans(board_w, cuts_x), spans(board_h, cuts_y)
    tiles: list[Tile] = []
    for r, (y0, y1) in enumerate(ys):
        for c, (x0, x1) in enumerate(xs):
            tiles.append(Tile(len(tiles) + 1, c, r, x0, y0, x1 - x0, y1 - y0))
    n = len(tiles)
    return Tiling(board_w, board_h, overlap if n > 1 else 0.0, len(xs), len(ys), tuple(tiles), False)


def choose_cuts(length: float, allowed: list[float], room: float, overlap: float) -> list[float] | None:
    """The fewest of the allowed cut positions that leave every tile at most room long (each tile
    after the first starts overlap before its cut), taking the farthest cut that fits each time;
    None when the allowed cuts cannot do it."""
    cuts: list[float] = []
    start = 0.0
    while length - start > room + 1e-6:
        fits = [c for c in allowed if start + overlap < c <= start + room + 1e-6]
        if not fits:
            return None
        cut = max(fits)
        cuts.append(cut)
        start = cut - overlap
    return cuts
