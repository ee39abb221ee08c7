"""Comparing a printed page, rasterised, with the PNG renderer's picture of the same plan.  Both
backends draw one plan, so every line of text must land on the same pixels in both: each third of
each line is looked up in the PDF's raster at horizontal offsets of up to SEARCH_MM, and the offset
that matches best must be (within a pixel) zero.  A line whose text state leaked from the line
before — spread out, pushed off its box — matches only further along, and is reported.

Pixel-exact comparison of whole cards cannot tell such faults from the two rasterisers' different
antialiasing; matching each piece of a line where it lies can."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from ..layout.plan import CardPlan
from ..text.inline import ASCENT, DESCENT
from ..units import mm
from .png import PngPainter, _rgb
from .printcheck import Planned, planned_glyphs

SEARCH_MM = 3.0
V_SLACK_PX = 2       # vertical offsets tried at each horizontal one (only the horizontal one is judged)


def render_pdf_page(path: Path, number: int, dpi: float) -> Image.Image:
    """Page number (1-based) of the written PDF as a greyscale raster (PDFium, through pypdfium2,
    which pdfplumber installs)."""
    import pypdfium2 as pdfium
    doc = pdfium.PdfDocument(str(path))
    try:
        page = doc[number - 1]
        image: Image.Image = page.render(scale=dpi / 72.0).to_pil().convert("L")
        page.close()
    finally:
        doc.close()
    return image


def render_plan(plan: CardPlan, size: tuple[int, int], left: float, top: float, page_w: float,
                page_h: float) -> Image.Image:
    """The PNG renderer's picture of the plan, its trim's top-left at (left, top) of a page_w ×
    page_h page, on a raster of the given size (the PDF raster's: one pixel grid for both)."""
    sx, sy = size[0] / page_w, size[1] / page_h
    image = Image.new("RGBA", size, _rgb(plan.background) + (255,))
    painter = PngPainter(image, (sx + sy) / 2, left * sx, top * sy)
    for item in plan.items:
        painter.item(item)
    return image.convert("L")


def _pieces(glyphs: Sequence[Planned]) -> list[list[Planned]]:
    """Upright, non-ruby glyphs by line, each line cut into up to three pieces of its characters."""
    lines: dict[int, list[Planned]] = {}
    for g in glyphs:
        if not g.ruby and g.dx > 0.999 and g.char.strip():
            lines.setdefault(g.line, []).append(g)
    out = []
    for line in lines.values():
        n = len(line)
        k = 3 if n >= 9 else (2 if n >= 4 else 1)
        for i in range(k):
            piece = line[i * n // k:(i + 1) * n // k]
            if piece:
                out.append(piece)
    return out


def line_offsets(plan: CardPlan, pdf: Image.Image, png: Image.Image, scale: float,
                 left: float = 0.0, top: float = 0.0) -> list[tuple[str, float]]:
    """Each piece of each text line (its characters) with the horizontal offset, in mm, at which
    the PDF raster matches the PNG raster best; 0 where they agree."""
    reach = round(mm(SEARCH_MM) * scale)
    out = []
    for piece in _pieces(planned_glyphs(plan.items)):
        size = max(g.size for g in piece)
        x0 = round((left + piece[0].x) * scale)
        x1 = round((left + piece[-1].x + piece[-1].advance) * scale)
        y0 = round((top + piece[0].y - ASCENT * size) * scale)
        y1 = round((top + piece[0].y + DESCENT * size) * scale)
        if (x1 - x0 < 4 or y1 - y0 < 4 or x0 - reach < 0 or x1 + reach > pdf.size[0] or y0 - V_SLACK_PX < 0
                or y1 + V_SLACK_PX > pdf.size[1]):
            continue
        want = png.crop((x0, y0, x1, y1))
        if ImageStat.Stat(want).stddev[0] < 8:      # nothing to match on (a faint or empty piece)
            continue
        best, best_dx = None, 0
        for dy in range(-V_SLACK_PX, V_SLACK_PX + 1):       # the rasterisers round baselines apart by a pixel or so
            for dx in range(-reach, reach + 1):
                got = pdf.crop((x0 + dx, y0 + dy, x1 + dx, y1 + dy))
                score = ImageStat.Stat(ImageChops.difference(want, got)).mean[0]
                if best is None or score < best - 1e-9 or (abs(score - best) < 1e-9 and abs(dx) < abs(best_dx)):
                    best, best_dx = score, dx
        out.append(("".join(g.char for g in piece), best_dx / scale / mm(1)))
    return out


def compare_card_page(plan: CardPlan, pdf_path: Path, number: int, left: float, top: float, page_w: float,
                      page_h: float, dpi: float = 150.0, tolerance_px: int = 1) -> list[str]:
    """The pieces of text whose PDF raster lies elsewhere than the PNG renderer draws them."""
    pdf = render_pdf_page(pdf_path, number, dpi)
    png = render_plan(plan, pdf.size, left, top, page_w, page_h)
    scale = pdf.size[0] / page_w
    limit = (tolerance_px + 0.5) / scale / mm(1)
    return [f"「{text}」 printed {off:+.2f} mm from where the PNG draws it"
            for text, off in line_offsets(plan, pdf, png, scale, left, top) if abs(off) > limit]

