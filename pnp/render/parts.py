"""PDF drawing of part pages: the plan items of pnp.layout.plan plus the polygons and groups that
parts add (nets, tabs, tiles clipped out of a board); and the parts' print-shop files, a piece a page
(pnp.layout.shopparts), their die lines in spot colours of their own."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from reportlab.lib.colors import CMYKColorSep

from ..files import atomic_path
from ..layout.parts import Group, PartItem, PartPage, Polygon
from ..layout.plan import Box, Rule
from ..layout.shopparts import DieLine, ShopParts, ShopPiece
from .color import ColorProfile
from .impose import ShopPage, write_shop
from .pdf import PdfPainter, new_canvas

# die lines: separations of their own, as RIPs and die makers name them; never a process ink
CUT_CONTOUR = CMYKColorSep(0, 1, 0, 0, spotName="CutContour")
CREASE = CMYKColorSep(1, 0, 0, 0, spotName="Crease")
DIE_LINE_WIDTH = 0.5     # pt


class PartsPainter(PdfPainter):
    def item(self, item: PartItem | DieLine) -> None:
        c = self.c
        if isinstance(item, Polygon):
            self.begin_style(item.fill, item.stroke, item.stroke_width, item.opacity, item.dash)
            c.drawPath(_closed_path(c, item.points), stroke=int(bool(item.stroke)), fill=int(bool(item.fill)))
            c.restoreState()
        elif isinstance(item, Group):
            c.saveState()
            c.translate(item.dx, -item.dy)
            if item.scale != 1.0:
                c.scale(item.scale, item.scale)
            if item.clip is not None:
                x, y, w, h = item.clip
                p = c.beginPath()
                p.rect(x, -(y + h), w, h)
                c.clipPath(p, stroke=0, fill=0)
            for sub in item.items:
                self.item(sub)
            c.restoreState()
        elif isinstance(item, DieLine):
            self.die_line(item)
        else:
            super().item(item)

    def die_line(self, line: DieLine) -> None:
        """The die's cut (or crease) along a shape, stroked in its own separation and overprinting,
        so it knocks nothing out of the plates under it."""
        c = self.c
        c.saveState()
        c.setStrokeColor(CREASE if line.crease else CUT_CONTOUR)
        c.setStrokeOverprint(True)
        c.setOverprintMask(1)
        c.setLineWidth(DIE_LINE_WIDTH)
        c.setDash([])
        shape = line.shape
        if isinstance(shape, Rule):
            c.line(shape.x1, -shape.y1, shape.x2, -shape.y2)
        elif isinstance(shape, Box):
            if shape.radius:
                c.roundRect(shape.x, -(shape.y + shape.h), shape.w, shape.h, shape.radius, stroke=1, fill=0)
            else:
                c.rect(shape.x, -(shape.y + shape.h), shape.w, shape.h, stroke=1, fill=0)
        else:
            c.drawPath(_closed_path(c, shape.points), stroke=1, fill=0)
        c.restoreState()


def write_part_pdf(pages: tuple[PartPage, ...], path: Path, title: str, cmyk: bool = False,
                   profile: ColorProfile | None = None) -> int:
    """Write pages to path atomically; the bytes depend on the pages only (invariant canvas).
    profile: the CMYK output profile (cmyk; the bundled one when None)."""
    with atomic_path(path) as tmp:
        first = pages[0]
        c = new_canvas(tmp, (first.width, first.height), title, cmyk)
        painter = PartsPainter(c, cmyk, profile)
        for page in pages:
            c.setPageSize((page.width, page.height))
            c.saveState()
            c.translate(0, page.height)
            for item in page.items:
                painter.item(item)
            c.restoreState()
            c.showPage()
        c.save()
    return len(pages)


def piece_page(piece: ShopPiece) -> ShopPage:
    """A part's shop piece as a shop page: its items clipped to trim + bleed."""
    def draw(painter: PdfPainter, x: float, top: float, bleed: float) -> None:
        c = painter.c
        c.saveState()
        c.translate(x, top)
        p = c.beginPath()
        p.rect(-bleed, -(piece.height + bleed), piece.width + 2 * bleed, piece.height + 2 * bleed)
        c.clipPath(p, stroke=0, fill=0)
        for item in piece.items:
            painter.item(item)
        c.restoreState()
    return ShopPage(piece.width, piece.height, draw)


def write_part_shop(plan: ShopParts, path: Path, bleed: float, marks: str, title: str, designer: str,
                    cmyk: bool, profile: ColorProfile | None) -> int:
    """The part's shop file: a piece a page, trim + bleed, トンボ with marks jp; PDF/X-1a with a
    profile, as the cards' shop files (pnp.render.impose.write_shop)."""
    return write_shop(path, [piece_page(p) for p in plan.pieces], bleed, marks, title, designer, cmyk,
                      profile if cmyk else None, PartsPainter)


def _closed_path(c: Any, points: Sequence[tuple[float, float]]) -> Any:
    """A closed path through points given in layout coordinates (y down), for the canvas (y up)."""
    p = c.beginPath()
    (x, y), rest = points[0], points[1:]
    p.moveTo(x, -y)
    for x, y in rest:
        p.lineTo(x, -y)
    p.close()
    return p
