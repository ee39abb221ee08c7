"""Imposition drawing: home sheets (cards placed on the paper's grid, cut guides, cut marks, the
100 mm ruler) and print-shop pages (one piece per page, trim + bleed, Japanese トンボ).  The grids
and page orders come from pnp.layout.sheet; commands only say which file to write with what."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from ..files import atomic_path
from ..layout.plan import CardPlan
from ..layout.sheet import Grid, SheetPage, back_angle, cut_edges, cut_guides
from ..layout.shopsheet import CENTRE_ARM_MM, CENTRE_GAP_MM, ShopSheet
from ..units import mm
from .color import ColorProfile
from .pdf import PdfPainter, new_canvas
from .pdfx import make_pdfx

SHOP_MARGIN_MM = 12.0     # room around the bleed for Japanese トンボ
GUIDE_WIDTH = 0.25        # pt: thin enough to vanish in a true cut, dashed black on white to show on any colour

DUPLEX_WORDS = {"long": "長辺とじ両面", "short": "短辺とじ両面", "none": "片面（裏は貼り合わせ用）",
                "fold": "折り返し：中央の点線で山折り"}


# -- home sheets -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class SheetFile:
    """What a home-sheet file says about itself: the PDF title and the words of each page's label."""

    title: str            # 「game deck」: the PDF's title
    label: str            # 「game ／ deck」: the start of every page's label
    duplex: str           # long, short, none, fold
    marks: bool           # cut guides and cut marks


def write_sheets(path: Path, grid: Grid, pages: Sequence[SheetPage], face_of: Callable[[int], CardPlan],
                 back_of: Callable[[int], CardPlan], uses: dict[int, int], about: SheetFile, cmyk: bool,
                 profile: ColorProfile | None) -> int:
    """The imposed pages (pnp.layout.sheet.impose) drawn into path atomically: each card face or
    back in its slot, the label under the grid, the ruler on the first page.  uses: how often each
    plan (by id) is placed, so those placed more than once are drawn once as a form."""
    duplex = DUPLEX_WORDS[about.duplex]
    with atomic_path(path) as tmp:
        c = new_canvas(tmp, (grid.paper_w, grid.paper_h), about.title, cmyk)
        painter = PdfPainter(c, cmyk, profile if cmyk else None)
        n_sheets = pages[-1].sheet
        for number, page in enumerate(pages, 1):
            if page.side == "fold":
                draw_fold_page(painter, grid, page, face_of, back_of, about.marks, uses)
            else:
                draw_sheet_page(painter, grid, page, face_of if page.side == "face" else back_of, about.marks, uses)
            side = {"face": "表", "back": "裏", "fold": "表裏"}[page.side]
            painter.label(f"{about.label} ／ {side} シート {page.sheet}/{n_sheets}"
                          f"（{len(page.slots)}枚{'・横向き' if grid.turned else ''}・{duplex}）　p.{number}/{len(pages)}",
                          grid.x0, mm(4))
            if number == 1:
                draw_ruler(painter, grid)
            c.showPage()
        c.save()
    return len(pages)


def draw_fold_page(painter: PdfPainter, grid: Grid, page: SheetPage, face_of: Callable[[int], CardPlan],
                   back_of: Callable[[int], CardPlan], marks: bool, uses: dict[int, int]) -> None:
    """Faces on the left half; each back mirrored about the fold line, so folding puts it behind."""
    ph, pw = grid.paper_h, grid.paper_w
    clip = _spill(grid)       # a card's bleed must not paint over its butted neighbour
    for slot in page.slots:
        face, back = face_of(slot.index), back_of(slot.index)
        draw_in_cell(painter, grid, face, slot.x, slot.y, slot.angle, clip, uses)
        draw_in_cell(painter, grid, back, pw - slot.x - grid.card_w, slot.y, back_angle(slot.angle), clip, uses)
    painter.hairline(pw / 2, mm(8), pw / 2, ph - mm(8), 0.5, "#888888", dash=(3, 3))
    if marks:
        mirrored = replace(grid, x0=pw - grid.x0 - grid.grid_w)
        for half in (grid, mirrored):
            draw_cut_guides(painter, half)
            draw_cut_marks(painter, half)


def _spill(grid: Grid) -> tuple[float, float, float, float]:
    spill = min(grid.gutter / 2, 3 * 72 / 25.4)   # bleed may spill into half the gutter
    return (spill, spill, spill, spill)


def draw_in_cell(painter: PdfPainter, grid: Grid, plan: CardPlan, x: float, y: float, angle: float,
                 clip: tuple[float, float, float, float], uses: dict[int, int]) -> None:
    """One card in the grid cell whose top-left is (x, y) (page coordinates, y down), turned angle
    degrees counter-clockwise about the cell's centre.  Backs and multi-copy faces are drawn once
    and placed many times."""
    draw = painter.place_card if uses.get(id(plan), 0) > 1 else painter.card
    ph = grid.paper_h
    if not angle:
        draw(plan, x, ph - y, clip)
        return
    c = painter.c
    c.saveState()
    c.translate(x + grid.card_w / 2, ph - y - grid.card_h / 2)
    c.rotate(angle)
    draw(plan, -plan.width / 2, plan.height / 2, clip)
    c.restoreState()


def draw_sheet_page(painter: PdfPainter, grid: Grid, page: SheetPage, plan_of: Callable[[int], CardPlan],
                    marks: bool, uses: dict[int, int]) -> None:
    clip = _spill(grid)
    for slot in page.slots:
        draw_in_cell(painter, grid, plan_of(slot.index), slot.x, slot.y, slot.angle, clip, uses)
    if marks:
        draw_cut_guides(painter, grid)
        draw_cut_marks(painter, grid)


def draw_cut_guides(painter: PdfPainter, grid: Grid) -> None:
    """The cut guides of pnp.layout.sheet.cut_guides: a white line under black dashes, so they read on
    a dark band as on a pale one."""
    ph = grid.paper_h
    for g in cut_guides(grid, GUIDE_WIDTH):
        painter.hairline(g.x1, ph - g.y1, g.x2, ph - g.y2, GUIDE_WIDTH, "#ffffff")
        painter.hairline(g.x1, ph - g.y1, g.x2, ph - g.y2, GUIDE_WIDTH, "#000000", dash=(1.5, 1.5))


def draw_ruler(painter: PdfPainter, grid: Grid) -> None:
    """A 100 mm ruler under the card grid of the first sheet: measure it to catch 'fit to page'
    scaling.  Skipped when the bottom margin has no room for it (the label line stays below it)."""
    bottom = grid.y0 + grid.grid_h
    if grid.paper_h - bottom < mm(14) or grid.grid_w < mm(100):
        return
    ph = grid.paper_h
    x0, y = grid.x0, ph - bottom - mm(7.5)
    for i in range(101):
        tick = mm(2.2) if i % 10 == 0 else (mm(1.5) if i % 5 == 0 else mm(0.8))
        painter.hairline(x0 + mm(i), y, x0 + mm(i), y - tick, 0.3)
    painter.hairline(x0, y, x0 + mm(100), y, 0.3)
    painter.label("← 100 mm：定規で測ってずれていたら「実際のサイズ（100%）」で印刷し直す", x0 + mm(102), y - mm(2), 5.5)


def draw_cut_marks(painter: PdfPainter, grid: Grid) -> None:
    """Thin lines outside the card grid, one per cut, so scissors or a cutter find every edge."""
    ph = grid.paper_h
    gap, length = mm(1.5), mm(5)
    xs, ys = cut_edges(grid)
    top, bottom = grid.y0, grid.y0 + grid.grid_h
    left, right = grid.x0, grid.x0 + grid.grid_w
    for x in xs:
        painter.hairline(x, ph - top + gap, x, ph - top + gap + length)
        painter.hairline(x, ph - bottom - gap, x, ph - bottom - gap - length)
    for y in ys:
        painter.hairline(left - gap, ph - y, left - gap - length, ph - y)
        painter.hairline(right + gap, ph - y, right + gap + length, ph - y)


# -- print-shop pages ------------------------------------------------------------------------------
# draws one piece with its trim's top-left at (x, top) in PDF coordinates, painting at most bleed
# past the trim on every side
DrawPiece = Callable[[PdfPainter, float, float, float], None]


@dataclass(frozen=True)
class ShopPage:
    """One page of a shop file: a piece of width × height (the trim, points) and how to draw it (a card
    side, a part's piece)."""

    width: float
    height: float
    draw: DrawPiece


def shop_margin(bleed: float, marks: str) -> float:
    """From the page's edge to the trim: the bleed, and room for トンボ with marks jp."""
    return bleed + (mm(SHOP_MARGIN_MM) if marks == "jp" else 0.0)


def write_shop(path: Path, pieces: Sequence[ShopPage], bleed: float, marks: str, title: str, designer: str,
               cmyk: bool, profile: ColorProfile | None, painter_type: type[PdfPainter] = PdfPainter) -> int:
    """One piece per page, trim + bleed (and room for トンボ with marks jp); TrimBox and BleedBox set
    on every page.  With a profile (cmyk) the file is PDF/X-1a:2001: colour through the profile, the
    profile embedded as the OutputIntent (pnp.render.pdfx)."""
    margin = shop_margin(bleed, marks)
    with atomic_path(path) as tmp:
        first = pieces[0]
        c = new_canvas(tmp, (first.width + 2 * margin, first.height + 2 * margin), title, cmyk, designer, profile)
        painter = painter_type(c, cmyk, profile)
        for piece in pieces:
            w, h = piece.width, piece.height
            pw, ph = w + 2 * margin, h + 2 * margin
            c.setPageSize((pw, ph))
            c.setTrimBox([margin, margin, margin + w, margin + h])
            c.setBleedBox([margin - bleed, margin - bleed, margin + w + bleed, margin + h + bleed])
            piece.draw(painter, margin, ph - margin, bleed)
            if marks == "jp":
                draw_tombo(painter, margin, margin, w, h, bleed)
            c.showPage()
        c.save()
        if profile is not None:
            make_pdfx(tmp, profile, title, designer)
    return len(pieces)


def card_piece(plan: CardPlan) -> ShopPage:
    """A card side as a shop piece: the plan, its bleed painted to the bleed line."""
    def draw(painter: PdfPainter, x: float, top: float, bleed: float) -> None:
        painter.card(plan, x, top, clip=(bleed, bleed, bleed, bleed))
    return ShopPage(plan.width, plan.height, draw)


def draw_tombo(painter: PdfPainter, x: float, y: float, w: float, h: float, bleed: float) -> None:
    """Japanese double corner marks (内トンボ on the trim, 外トンボ on the bleed) and centre marks, in
    registration colour on CMYK pages (every plate carries them, so the plates can be aligned)."""
    lw = 0.25
    line = painter.registration_line
    draw_corner_marks(painter, x, y, w, h, bleed, mm(9))
    mx, my = x + w / 2, y + h / 2
    arm = mm(4)
    for (px, py, horizontal) in ((mx, y - bleed - mm(5), True), (mx, y + h + bleed + mm(5), True),
                                 (x - bleed - mm(5), my, False), (x + w + bleed + mm(5), my, False)):
        if horizontal:
            line(px - arm, py, px + arm, py, lw)
            line(px, py - mm(3), px, py + mm(3), lw)
        else:
            line(px, py - arm, px, py + arm, lw)
            line(px - mm(3), py, px + mm(3), py, lw)


def draw_corner_marks(painter: PdfPainter, x: float, y: float, w: float, h: float, bleed: float, length: float) -> None:
    """The doubled corner marks of a trim x, y, w, h (PDF coordinates, y up): at the trim and at the bleed
    line, each length long from the bleed corner outward, in the registration colour."""
    lw = 0.25
    line = painter.registration_line
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            ox, oy = cx + sx * bleed, cy + sy * bleed       # the bleed corner
            # horizontal marks: at trim y and bleed y, from the bleed corner outward
            line(ox, cy, ox + sx * length, cy, lw)
            line(ox, oy, ox + sx * length, oy, lw)
            # vertical marks: at trim x and bleed x
            line(cx, oy, cx, oy + sy * length, lw)
            line(ox, oy, ox, oy + sy * length, lw)


# -- a shop's own sheet (面付け) ---------------------------------------------------------------------
IMPOSED_KEY = "/PnpImposition"     # the page's PieceInfo entry naming each card's TrimBox and BleedBox
FIXED_DATE = "D:20000101000000+00'00'"   # PieceInfo's LastModified: fixed, so the same input gives the same bytes


def write_imposed_shop(path: Path, sheet: ShopSheet, pages: Sequence[Sequence[tuple[int, ShopPage]]], title: str,
                       designer: str, cmyk: bool, profile: ColorProfile | None) -> int:
    """Shop sheets: each page the shop's sheet, each (slot, piece) drawn with its trim at the slot and its
    bleed, per-card トンボ around it and the sheet's centre marks (sheet.mark > 0).  The page's MediaBox,
    BleedBox and TrimBox are the sheet (PDF/X: the TrimBox is the finished size of what is delivered, here
    the printed sheet the shop cuts); each card's TrimBox and BleedBox are written in the page's PieceInfo
    (IMPOSED_KEY) so that preflight checks each card as it checks a card page.  PDF/X-1a with a profile."""
    pw, ph = sheet.sheet_w, sheet.sheet_h
    with atomic_path(path) as tmp:
        c = new_canvas(tmp, (pw, ph), title, cmyk, designer, profile)
        painter = PdfPainter(c, cmyk, profile)
        boxes: list[list[tuple[float, float, float, float]]] = []
        for placed in pages:
            c.setPageSize((pw, ph))
            c.setTrimBox([0, 0, pw, ph])
            c.setBleedBox([0, 0, pw, ph])
            trims = []
            for slot, piece in placed:
                left, top = sheet.slot(slot)
                piece.draw(painter, left, ph - top, sheet.bleed)
                trims.append((left, ph - top - sheet.card_h, left + sheet.card_w, ph - top))
            if sheet.mark > 0:
                for x0, y0, x1, y1 in trims:
                    draw_corner_marks(painter, x0, y0, x1 - x0, y1 - y0, sheet.bleed, sheet.mark)
                draw_sheet_centre_marks(painter, sheet)
            boxes.append(trims)
            c.showPage()
        c.save()
        _record_cards(tmp, boxes, sheet.bleed)
        if profile is not None:
            make_pdfx(tmp, profile, title, designer)
    return len(pages)


def draw_sheet_centre_marks(painter: PdfPainter, sheet: ShopSheet) -> None:
    """センタートンボ at the middle of each side of the sheet, in the margin beyond the cards' marks: a
    line across the margin and a bar along the side."""
    pw, ph = sheet.sheet_w, sheet.sheet_h
    line = painter.registration_line
    arm, length = mm(CENTRE_ARM_MM), sheet.centre
    # from the edge, where the cards' marks end (less the gap) and the centre mark's far end
    near_x = sheet.x0 - sheet.bleed - sheet.mark - mm(CENTRE_GAP_MM)
    near_y = sheet.y0 - sheet.bleed - sheet.mark - mm(CENTRE_GAP_MM)
    for edge_x, sign in ((0.0, 1), (pw, -1)):                 # left and right sides
        inner = edge_x + sign * near_x
        outer = inner - sign * length
        mid = (inner + outer) / 2
        line(outer, ph / 2, inner, ph / 2)
        line(mid, ph / 2 - arm, mid, ph / 2 + arm)
    for edge_y, sign in ((0.0, 1), (ph, -1)):                 # bottom and top sides
        inner = edge_y + sign * near_y
        outer = inner - sign * length
        mid = (inner + outer) / 2
        line(pw / 2, outer, pw / 2, inner)
        line(pw / 2 - arm, mid, pw / 2 + arm, mid)


def _record_cards(path: Path, pages: Sequence[Sequence[tuple[float, float, float, float]]], bleed: float) -> None:
    """Each page's cards, as PieceInfo: << /PnpImposition << /LastModified (date) /Private << /Cards [ << /TrimBox
    [x0 y0 x1 y1] /BleedBox [..] >> … ] >> >> >> (PDF user space, points)."""
    import pikepdf
    Dictionary, Array, String = pikepdf.Dictionary, pikepdf.Array, pikepdf.String

    def box(values: Sequence[float]) -> Any:
        return Array([Decimal(f"{v:.3f}") for v in values])

    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        for page, trims in zip(pdf.pages, pages):
            cards = Array([Dictionary(TrimBox=box(t), BleedBox=box((t[0] - bleed, t[1] - bleed, t[2] + bleed,
                                                                       t[3] + bleed))) for t in trims])
            data = Dictionary(LastModified=String(FIXED_DATE), Private=Dictionary(Cards=cards))
            page.obj.PieceInfo = Dictionary({IMPOSED_KEY: data})
        pdf.save(path, deterministic_id=True, object_stream_mode=pikepdf.ObjectStreamMode.disable)
