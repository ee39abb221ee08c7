"""Score tracks: a row, snake or ring of numbered spaces on cards cut apart."""
from __future__ import annotations

import math

from ...data.model import Game
from ...data.parts import Track, TrackCopy
from ...units import mm
from ..card import ink_on
from ..plan import Box, Rule
from .common import Drawn, RawItems, Room, SheetBody, Writer, outline, pack_pieces, tint


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


def track_card(track: Track, copy: TrackCopy, wr: Writer, inset: float = mm(1.5)) -> Drawn:
    """One card of a track: (width, height, items) with the card's top-left at (0, 0).  inset: from the
    card's top edge to its title and note (a shop's safe area asks for more)."""
    s, g, pad = track.space_pt, mm(1.2), mm(4)
    cols, rows, pos = _track_positions(track)
    border = track.shape == "border"
    header = 0.0 if border else mm(9)
    w = 2 * pad + cols * s + (cols - 1) * g
    h = 2 * pad + header + rows * s + (rows - 1) * g
    items: RawItems = [Box(0, 0, w, h, fill="#ffffff")]
    ink = ink_on(copy.color)

    def origin(c: int, r: int) -> tuple[float, float]:
        return pad + c * (s + g), pad + header + r * (s + g)

    if border:
        ix, iy = origin(1, 1)
        iw, ih = (cols - 2) * (s + g) - g, (rows - 2) * (s + g) - g
        items.append(Box(ix + mm(1), iy + mm(1), iw - mm(2), ih - mm(2), fill=tint(copy.color, 0.15)))
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
    path_color = tint(copy.color, 0.45)
    centres = [(origin(c, r)[0] + s / 2, origin(c, r)[1] + s / 2) for c, r in pos]
    for (x1, y1), (x2, y2) in zip(centres, centres[1:]):
        items.append(Rule(x1, y1, x2, y2, path_color, s * 0.35))
    values = track.values()
    size = min(s * 0.42, 13.0)
    for v, (c, r) in zip(values, pos):
        x, y = origin(c, r)
        marked = track.tinted(v)
        items.append(Box(x, y, s, s, fill=tint(copy.color, 0.35) if marked else "#ffffff", stroke=copy.color,
                         stroke_width=1.0 if marked else 0.7, radius=mm(1.2)))
        items.append(wr.text(str(v), x, y, s, s, size, font="gothic-bold", min_size=5.0, label="end"))
    items.append(outline(0, 0, w, h))
    return w, h, items


def plan_track(game: Game, track: Track, room: Room, wr: Writer) -> list[SheetBody]:
    cards = [track_card(track, copy, wr) for copy in track.copies]
    first = track.values()[0]
    return pack_pieces(cards, room, wr, track.where, f"カードを実線で切り分けます。コマは{first}のマスから始めます。")
