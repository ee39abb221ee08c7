"""Reading a written PDF back: the glyphs as they were drawn (character, origin, direction, advance,
font, size, colour), the page boxes and the fonts.  What a printer or a viewer sees is what this
reads, so the tests, the build's own check of its output and any later preflight judge the file
itself, never the plan that produced it.

Lengths are points with the origin at the page's top-left corner and y growing downwards, as in
the page plans, so a glyph read back compares directly with the plan that placed it."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import PnpError

ASCENT = 0.88    # the em box the layout measures with (pnp.layout.card.ASCENT): top = baseline - 0.88 em
DESCENT = 0.12


class ReadbackUnavailable(PnpError):
    """The PDF reader is not installed."""


@dataclass(frozen=True)
class Glyph:
    """One drawn character.  (x, y) is its origin on the baseline; (dx, dy) the unit vector of its
    advance on the page (1, 0 for upright text; -1, 0 for text turned upside down)."""

    char: str
    x: float
    y: float
    dx: float
    dy: float
    advance: float
    size: float
    font: str
    color: tuple[float, ...] | None = None
    colorspace: str = ""

    def box(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of the glyph's em box on the page: its advance along the
        baseline, ASCENT above and DESCENT below it."""
        ux, uy = self.dy, -self.dx          # "up" on the page, perpendicular to the advance (y down)
        ex, ey = self.x + self.dx * self.advance, self.y + self.dy * self.advance
        xs, ys = [], []
        for px, py in ((self.x, self.y), (ex, ey)):
            for k in (ASCENT, -DESCENT):
                xs.append(px + ux * k * self.size)
                ys.append(py + uy * k * self.size)
        return min(xs), min(ys), max(xs), max(ys)


@dataclass(frozen=True)
class PageRead:
    number: int                       # 1-based
    width: float
    height: float
    glyphs: tuple[Glyph, ...]
    boxes: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)
    # MediaBox, TrimBox, BleedBox … as (left, top, right, bottom), y down like everything here


def _pdfplumber() -> Any:
    try:
        import pdfplumber
    except ImportError as exc:  # pragma: no cover - a dependency of the package
        raise ReadbackUnavailable("reading PDFs back needs pdfplumber (pip install pdfplumber)") from exc
    return pdfplumber


def _glyph(ch: dict[str, Any], height: float) -> Glyph:
    a, b, _c, _d, e, f = ch["matrix"]
    norm = (a * a + b * b) ** 0.5 or 1.0
    color = ch.get("non_stroking_color")
    if color is not None and not isinstance(color, tuple):
        color = tuple(color) if isinstance(color, list) else (float(color),)
    space = ch.get("ncs") or ""
    advance = float(ch["adv"]) * norm
    cos, sin = abs(a / norm), abs(b / norm)
    size = float(ch["size"])
    if sin > 1e-6:
        # turned text: the reader's size is its box's, not the font's.  The box is the em square
        # (advance × size) turned: width = advance·cos + size·sin, height = advance·sin + size·cos
        w, h = float(ch["x1"]) - float(ch["x0"]), float(ch["bottom"]) - float(ch["top"])
        size = (h - advance * sin) / cos if cos > 0.1 else (w - advance * cos) / sin
    return Glyph(ch["text"], e, height - f, a / norm, -b / norm, advance, size, ch["fontname"], color, str(space))


def _box(page: Any, name: str, height: float) -> tuple[float, float, float, float] | None:
    raw = page.page_obj.attrs.get(name)
    if raw is None:
        return None
    from pdfminer.pdftypes import resolve1
    x0, y0, x1, y1 = (float(resolve1(v)) for v in resolve1(raw))
    return min(x0, x1), height - max(y0, y1), max(x0, x1), height - min(y0, y1)


def read_pdf(path: Path, pages: list[int] | None = None) -> list[PageRead]:
    """The glyphs and boxes of the written file's pages (all, or the 1-based numbers given)."""
    pdfplumber = _pdfplumber()
    out = []
    with pdfplumber.open(str(path)) as pdf:
        numbers = pages or list(range(1, len(pdf.pages) + 1))
        for n in numbers:
            page = pdf.pages[n - 1]
            height = float(page.height)
            glyphs = tuple(_glyph(ch, height) for ch in page.chars)
            boxes = {}
            for name in ("MediaBox", "CropBox", "BleedBox", "TrimBox", "ArtBox"):
                box = _box(page, name, height)
                if box is not None:
                    boxes[name] = box
            out.append(PageRead(n, float(page.width), height, glyphs, boxes))
            page.close()
    return out


def font_names(path: Path) -> dict[str, bool]:
    """Every font the file's pages use, with whether its program is embedded."""
    from pdfminer.pdfdocument import PDFDocument
    from pdfminer.pdfpage import PDFPage
    from pdfminer.pdfparser import PDFParser
    from pdfminer.pdftypes import resolve1
    found: dict[str, bool] = {}

    def visit(font: Any) -> None:
        font = resolve1(font)
        name = str(resolve1(font.get("BaseFont")))
        descriptor = resolve1(font.get("FontDescriptor"))
        embedded = bool(descriptor) and any(k in descriptor for k in ("FontFile", "FontFile2", "FontFile3"))
        for sub in resolve1(font.get("DescendantFonts")) or []:
            d = resolve1(resolve1(sub).get("FontDescriptor")) or {}
            embedded = embedded or any(k in d for k in ("FontFile", "FontFile2", "FontFile3"))
        found[name.strip("/'")] = embedded

    def resources(res: Any, seen: set[int]) -> None:
        res = resolve1(res) or {}
        for font in (resolve1(res.get("Font")) or {}).values():
            visit(font)
        for xobj in (resolve1(res.get("XObject")) or {}).values():
            obj = resolve1(xobj)
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            if getattr(obj, "attrs", {}).get("Resources") is not None:
                resources(obj.attrs["Resources"], seen)

    with open(path, "rb") as fh:
        doc = PDFDocument(PDFParser(fh))
        seen: set[int] = set()
        for page in PDFPage.create_pages(doc):
            resources(page.resources, seen)
    return found
