"""Imposition: cards on home-printer sheets (faces, then backs mirrored for duplex), one card per
page for print shops.  Pure geometry: positions in points, top-left origin, y downwards."""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import PnpError
from ..messages import did_you_mean, msg
from ..units import mm

PAPERS_MM = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "b5": (182.0, 257.0),     # JIS B5, the Japanese one (reportlab's B5 is ISO)
    "a5": (148.0, 210.0),
}
DUPLEX = ("long", "short", "none", "fold")
HOME_MARGIN_MM = 8.0


@dataclass(frozen=True)
class Slot:
    index: int          # position of the card in the deck's print order
    col: int
    row: int
    x: float            # top-left of the card's cell on the page (its trim, turned when angle is not 0)
    y: float
    angle: float = 0.0  # the card's turn on the paper, degrees counter-clockwise (90: its top to the left)


@dataclass(frozen=True)
class SheetPage:
    side: str           # "face" or "back"
    sheet: int          # 1-based sheet number
    slots: tuple[Slot, ...]


@dataclass(frozen=True)
class Grid:
    """A sheet's grid of card cells.  card_w × card_h is a cell as it lies on the paper: the card's
    trim, or the trim turned a quarter (turned: the card is 90° counter-clockwise on the face side,
    so its top edge lies on the cell's left) when that fits more cards on the sheet."""

    paper_w: float
    paper_h: float
    card_w: float
    card_h: float
    gutter: float
    cols: int
    rows: int
    x0: float           # top-left of the grid
    y0: float
    turned: bool = False

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def grid_w(self) -> float:
        return self.cols * self.card_w + (self.cols - 1) * self.gutter

    @property
    def grid_h(self) -> float:
        return self.rows * self.card_h + (self.rows - 1) * self.gutter

    def position(self, col: int, row: int) -> tuple[float, float]:
        return self.x0 + col * (self.card_w + self.gutter), self.y0 + row * (self.card_h + self.gutter)


@dataclass(frozen=True)
class CutGuide:
    """A thin line along a cut: page coordinates in points (top-left origin, y down).  across: the
    line runs over the cards, on the edge two butted cards share."""

    x1: float
    y1: float
    x2: float
    y2: float
    across: bool


def cut_edges(grid: Grid) -> tuple[list[float], list[float]]:
    """Every cut of the grid: the x of each card's left and right edge, the y of each top and bottom
    (butted cards share theirs)."""
    xs: set[float] = set()
    ys: set[float] = set()
    for col in range(grid.cols):
        x, _ = grid.position(col, 0)
        xs.update((round(x, 3), round(x + grid.card_w, 3)))
    for row in range(grid.rows):
        _, y = grid.position(0, row)
        ys.update((round(y, 3), round(y + grid.card_h, 3)))
    return sorted(xs), sorted(ys)


def cut_guides(grid: Grid, width: float = 0.25) -> list[CutGuide]:
    """Lines along the cuts through the whole grid, so every strip keeps its cut lines after the
    first cuts have taken the margin marks away, and a cut between two cards whose edges are the
    same colour still shows.  Butted cards (no gutter): a line on each edge two cards share, which
    the cut goes through (the outer edges meet bare paper and show).  With a gutter: a line along
    every card edge lying just outside the trim, in the gutter (width: the line's), so a cut on the
    trim takes it away with the gutter and none is drawn over a card."""
    xs, ys = cut_edges(grid)
    top, bottom = grid.y0, grid.y0 + grid.grid_h
    left, right = grid.x0, grid.x0 + grid.grid_w
    if grid.gutter < 0.01:
        return ([CutGuide(x, top, x, bottom, True) for x in xs[1:-1]]
                + [CutGuide(left, y, right, y, True) for y in ys[1:-1]])
    lefts = {round(grid.position(c, 0)[0], 3) for c in range(grid.cols)}
    tops = {round(grid.position(0, r)[1], 3) for r in range(grid.rows)}
    out = []
    for x in xs:        # a card's left edge: the line lies left of it; a right edge: right of it
        gx = x - width / 2 if x in lefts else x + width / 2
        out.append(CutGuide(gx, top, gx, bottom, False))
    for y in ys:
        gy = y - width / 2 if y in tops else y + width / 2
        out.append(CutGuide(left, gy, right, gy, False))
    return out


def paper_size(name: str, landscape: bool = False) -> tuple[float, float]:
    try:
        w, h = PAPERS_MM[name]
    except KeyError:
        raise PnpError(msg("layout.unknown_paper", paper=name, papers=PAPERS_MM, hint=did_you_mean(name, PAPERS_MM))) from None
    return (mm(h), mm(w)) if landscape else (mm(w), mm(h))


def plan_grid(paper: str, card_w: float, card_h: float, gutter: float = 0.0,
              margin: float = mm(HOME_MARGIN_MM), width_share: float = 1.0, landscape: bool = False,
              turn: bool = True) -> Grid:
    """The largest grid of cards that fits inside the printable margin, centred on the sheet so
    printer drift stays symmetric.  width_share < 1 keeps only part of the sheet (gutter-fold).
    The cards are turned a quarter when that puts more of them on a sheet (turn: may they be);
    a tie keeps them upright."""
    pw, ph = paper_size(paper, landscape)
    usable_w = pw * width_share - 2 * margin
    usable_h = ph - 2 * margin

    def fit(w: float, h: float) -> tuple[int, int]:
        return (max(0, math.floor((usable_w + gutter + 1e-6) / (w + gutter))),
                max(0, math.floor((usable_h + gutter + 1e-6) / (h + gutter))))
    cols, rows = fit(card_w, card_h)
    turned = False
    if turn:
        tcols, trows = fit(card_h, card_w)
        if tcols * trows > cols * rows:
            cols, rows, turned = tcols, trows, True
            card_w, card_h = card_h, card_w
    if cols == 0 or rows == 0:
        raise PnpError(msg("layout.card_off_paper", size=f"{card_w / mm(1):.0f}×{card_h / mm(1):.0f}", paper=paper,
                           margin=f"{margin / mm(1):.0f}", room=f"{usable_w / mm(1):.0f}×{usable_h / mm(1):.0f}"))
    grid_w = cols * card_w + (cols - 1) * gutter
    grid_h = rows * card_h + (rows - 1) * gutter
    return Grid(pw, ph, card_w, card_h, gutter, cols, rows, (pw * width_share - grid_w) / 2, (ph - grid_h) / 2,
                turned)


def plan_fold_grid(paper: str, card_w: float, card_h: float, gutter: float = 0.0, turn: bool = True) -> Grid:
    """Gutter-fold: landscape sheet, faces on the left half; the backs mirror them about the fold."""
    return plan_grid(paper, card_w, card_h, gutter, landscape=True, width_share=0.5, turn=turn)


FACE_TURN = 90.0        # a turned card's face: counter-clockwise, its top edge on the cell's left


def back_angle(face_angle: float) -> float:
    """The turn of a card's back behind a face turned face_angle.  Turning the sheet over (about its
    long edge, its short edge, or the fold) mirrors the paper, which reverses every turn: a back
    turned the other way keeps the relation the backs of upright cards have (for long-edge duplex
    and fold, the back's top edge lies behind the face's top edge)."""
    return -face_angle % 360.0 if face_angle else 0.0


def impose(count: int, grid: Grid, duplex: str, back_offset: tuple[float, float] = (0.0, 0.0)) -> list[SheetPage]:
    """Face pages each followed by its back page.  Long-edge duplex mirrors columns on the back,
    short-edge mirrors rows; 'none' keeps backs in place (for gluing).  back_offset (dx, dy in points,
    y downwards, in the back page's own coordinates) corrects a printer that does not line up.
    'fold' gives one page per sheet: faces on the left half, backs mirrored on the right half
    (their slots are the faces'; each back turns back_angle of its face).  A turned grid's faces
    turn FACE_TURN and their backs back_angle of it."""
    if duplex not in DUPLEX:
        raise PnpError(msg("layout.unknown_duplex", duplex=duplex, modes=DUPLEX, hint=did_you_mean(duplex, DUPLEX)))
    dx, dy = back_offset
    pages: list[SheetPage] = []
    angle = FACE_TURN if grid.turned else 0.0
    if duplex == "fold":
        per = grid.per_sheet
        for s in range(max(1, math.ceil(count / per))):
            slots = []
            for k in range(min(per, count - s * per)):
                col, row = k % grid.cols, k // grid.cols
                slots.append(Slot(s * per + k, col, row, *grid.position(col, row), angle))
            pages.append(SheetPage("fold", s + 1, tuple(slots)))
        return pages
    per = grid.per_sheet
    sheets = max(1, math.ceil(count / per))
    for s in range(sheets):
        faces, backs = [], []
        for k in range(per):
            idx = s * per + k
            if idx >= count:
                break
            col, row = k % grid.cols, k // grid.cols
            faces.append(Slot(idx, col, row, *grid.position(col, row), angle))
            bcol = grid.cols - 1 - col if duplex == "long" else col
            brow = grid.rows - 1 - row if duplex == "short" else row
            bx, by = grid.position(bcol, brow)
            backs.append(Slot(idx, bcol, brow, bx + dx, by + dy, back_angle(angle)))
        pages.append(SheetPage("face", s + 1, tuple(faces)))
        pages.append(SheetPage("back", s + 1, tuple(backs)))
    return pages
