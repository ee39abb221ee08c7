"""PDF drawing of part pages: the plan items of pnp.layout.plan plus the polygons and groups that
parts add (nets, tabs, tiles clipped out of a board)."""
from __future__ import annotations

from pathlib import Path

from ..files import atomic_path
from ..layout.parts import Group, PartPage, Polygon
from .color import ColorProfile
from .pdf import PdfPainter, new_canvas


class PartsPainter(PdfPainter):
    def item(self, item) -> None:
        c = self.c
        if isinstance(item, Polygon):
            self.begin_style(item.fill, item.stroke, item.stroke_width, item.opacity, item.dash)
            p = c.beginPath()
            (x, y), rest = item.points[0], item.points[1:]
            p.moveTo(x, -y)
            for x, y in rest:
                p.lineTo(x, -y)
            p.close()
            c.drawPath(p, stroke=int(bool(item.stroke)), fill=int(bool(item.fill)))
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
        else:
            super().item(item)


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
