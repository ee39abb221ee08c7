"""Total ink as a print shop's RIP measures it: Ghostscript renders every page into its separations
(``tiffsep``: one 8-bit plate per process colour and per spot colour, overprint applied as on press)
and the plates are added pixel by pixel inside the page's BleedBox, less two pixels on every side —
what lies outside it (トンボ in the registration colour, the outer ones drawn on the bleed line, and
slug text) is not printed on the card.  Counting each object's own colour misses
what overprint and the registration colour put on the plates (K100 overprinting a 280 % ground is
380 % where they meet); the separations hold it.

The resolution is modest (150 dpi: one pixel is 0.17 mm) and lowered on very large pages so that no
page is rendered past MAX_PIXELS; Ghostscript runs on PAGES_PER_RUN pages at a time in a temporary
folder that is emptied after each run, within a time limit per file."""
from __future__ import annotations

import math
import shutil
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from PIL import Image, ImageMath

from ..messages import msg

RASTER_DPI = 150.0
MAX_PIXELS = 24_000_000          # one page's pixels (A3 at 150 dpi: 4.2 million)
PAGES_PER_RUN = 16
EDGE_PIXELS = 2                  # the BleedBox less this on every side: the outer トンボ lie on the bleed line
SECONDS_PER_FILE = 300.0         # Ghostscript's whole time on one file
POINT_MM = 25.4 / 72

Box = tuple[float, float, float, float]        # x0, y0, x1, y1 in PDF points, y up


class SeparationsFailed(Exception):
    """Ghostscript is missing (missing), could not render the file (the message says what it said)
    or took too long."""

    def __init__(self, message: str, missing: bool = False):
        super().__init__(message)
        self.missing = missing


@dataclass(frozen=True)
class PageInk:
    """The highest total ink on one page's printed area (its BleedBox), as the plates hold it."""

    number: int                       # 1-based
    max_percent: float                # the highest sum of all plates in one pixel, in %
    where_mm: Box | None              # the box of the pixels at that maximum: left, top, right, bottom in mm
                                      # from the TrimBox's top-left corner (the card as the designer sees it)
    over_mm2: float                   # the area above the limit asked about, in mm²
    plates: tuple[str, ...]           # the separations Ghostscript made (Cyan, Magenta, Yellow, Black, spots)
    card: int = 0                     # on an imposed sheet, the card (1-based, in the page's list) holding the
                                      # maximum, where_mm then from that card's trim; 0: the page's own BleedBox
    cards: int = 0                    # on an imposed sheet, how many cards were measured (0: the page)


def ghostscript() -> str | None:
    """The Ghostscript program, or None when it is not installed."""
    for name in ("gs", "gswin64c", "gswin32c"):
        found = shutil.which(name)
        if found:
            return found
    return None


@dataclass(frozen=True)
class _Page:
    media: Box
    bleed: Box
    trim: Box
    rotate: int


def _boxes(path: Path) -> list[_Page]:
    import pikepdf

    def box(page: pikepdf.Page, *names: str) -> Box:
        for name in names:
            raw = page.obj.get(name)
            if raw is None:
                raw = _inherited(page.obj, name)
            if raw is not None and len(raw) == 4:
                x0, y0, x1, y1 = (float(v) for v in raw)
                return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)
        return 0.0, 0.0, 612.0, 792.0

    out = []
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            media = box(page, "/MediaBox")
            crop = _clip(box(page, "/CropBox", "/MediaBox"), media)
            bleed = _clip(box(page, "/BleedBox", "/CropBox", "/MediaBox"), crop)
            trim = _clip(box(page, "/TrimBox", "/CropBox", "/MediaBox"), crop)
            rotate = _inherited(page.obj, "/Rotate")
            out.append(_Page(media, bleed, trim, int(rotate or 0) % 360))
    return out


def _inherited(obj: Any, name: str) -> Any:
    seen = 0
    node = obj
    while node is not None and seen < 64:
        value = node.get(name)
        if value is not None:
            return value
        node = node.get("/Parent")
        seen += 1
    return None


def _clip(a: Box, b: Box) -> Box:
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


def raster_dpi(pages: list[_Page], dpi: float = RASTER_DPI) -> float:
    """dpi, lowered so that the largest page stays under MAX_PIXELS."""
    largest = max(((p.media[2] - p.media[0]) * (p.media[3] - p.media[1]) / 72 / 72 for p in pages), default=0.0)
    if largest <= 0:
        return dpi
    return min(dpi, math.floor(math.sqrt(MAX_PIXELS / largest)))


def _pixel_box(page: _Page, box: Box, scale: float) -> tuple[int, int, int, int]:
    """A box in PDF user space as pixels of the page Ghostscript rendered (its MediaBox, turned by /Rotate)."""
    mx0, my0, mx1, my1 = page.media
    corners = [(x, y) for x in (box[0], box[2]) for y in (box[1], box[3])]

    def to_pixel(x: float, y: float) -> tuple[float, float]:
        if page.rotate == 90:
            return (y - my0) * scale, (x - mx0) * scale
        if page.rotate == 180:
            return (mx1 - x) * scale, (y - my0) * scale
        if page.rotate == 270:
            return (my1 - y) * scale, (mx1 - x) * scale
        return (x - mx0) * scale, (my1 - y) * scale

    pts = [to_pixel(x, y) for x, y in corners]
    return (math.floor(min(p[0] for p in pts) + 0.5), math.floor(min(p[1] for p in pts) + 0.5),
            math.floor(max(p[0] for p in pts) + 0.5), math.floor(max(p[1] for p in pts) + 0.5))


def _mm_from_trim(page: _Page, pixels: tuple[int, int, int, int], origin: tuple[int, int], scale: float) -> Box:
    """A box of pixels of the cropped raster as mm from the trim's top-left corner, on the page as it
    is seen (turned by /Rotate)."""
    trim = _pixel_box(page, page.trim, scale)
    left, top = trim[0] - origin[0], trim[1] - origin[1]
    px = POINT_MM / scale
    return ((pixels[0] - left) * px, (pixels[1] - top) * px, (pixels[2] - left) * px, (pixels[3] - top) * px)


def measure_ink(path: Path, limit_percent: float, dpi: float = RASTER_DPI,
                cards: Mapping[int, Sequence[tuple[Box, Box]]] | None = None) -> tuple[float, list[PageInk], list[str]]:
    """The dpi used, every page's highest total ink on its separations, and what Ghostscript said was
    wrong with the file while it still rendered it (its "**** Error" lines: a RIP may stop there).
    cards: on an imposed sheet (page number → each card's (TrimBox, BleedBox), PDF points, y up), the ink
    is measured inside each card's BleedBox instead of the page's: the marks between the cards are not
    printed on any card.
    SeparationsFailed when Ghostscript is missing, fails on the file or takes longer than
    SECONDS_PER_FILE."""
    gs = ghostscript()
    if gs is None:
        raise SeparationsFailed(msg("render.gs_missing"), missing=True)
    path = Path(path).resolve()             # never read as an option, whatever its name
    pages = _boxes(path)
    complaints: list[str] = []
    dpi = raster_dpi(pages, dpi)
    scale = dpi / 72
    limit = limit_percent * 255 / 100
    out: list[PageInk] = []
    spent = 0.0
    with tempfile.TemporaryDirectory(prefix="pnp-separations-") as tmp:
        folder = Path(tmp)
        for first in range(1, len(pages) + 1, PAGES_PER_RUN):
            last = min(len(pages), first + PAGES_PER_RUN - 1)
            cmd = [gs, "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-dQUIET", "-sDEVICE=tiffsep", f"-r{dpi:g}",
                   "-dOverprint=/simulate", "-sCompression=lzw", "-dTextAlphaBits=1", "-dGraphicsAlphaBits=1",
                   f"-dFirstPage={first}", f"-dLastPage={last}", f"-sOutputFile={folder / 'p%05d.tif'}", str(path)]
            start = time.monotonic()
            try:
                done = subprocess.run(cmd, capture_output=True, timeout=max(1.0, SECONDS_PER_FILE - spent),
                                      check=False)
            except subprocess.TimeoutExpired:
                raise SeparationsFailed(msg("render.gs_timeout", seconds=SECONDS_PER_FILE)) from None
            spent += time.monotonic() - start
            said = (done.stderr or b"").decode("utf-8", "replace") + (done.stdout or b"").decode("utf-8", "replace")
            errors = [line.strip(" *") for line in said.splitlines() if "error" in line.lower()]
            if done.returncode != 0:
                raise SeparationsFailed((errors or [line.strip() for line in said.splitlines() if line.strip()]
                                         or [msg("render.gs_exit_status", status=done.returncode)])[0][:200])
            complaints.extend(e[:200] for e in errors if e[:200] not in complaints)
            for index, number in enumerate(range(first, last + 1), 1):
                on_sheet = (cards or {}).get(number)
                if not on_sheet:
                    out.append(_page_ink(folder, index, number, pages[number - 1], scale, limit))
                    continue
                each = [_page_ink(folder, index, number, replace(pages[number - 1], trim=trim, bleed=bleed), scale,
                                  limit) for trim, bleed in on_sheet]
                worst = max(range(len(each)), key=lambda k: each[k].max_percent)
                out.append(replace(each[worst], over_mm2=sum(e.over_mm2 for e in each), card=worst + 1,
                                   cards=len(each)))
            for f in folder.iterdir():
                f.unlink()
    return dpi, out, complaints


# spot colours that carry a die's lines, not ink: the cut and fold lines of die-cut pieces (pnp's own
# parts write CutContour and Crease, overprinting); the press never prints them, so they add no ink
DIE_LINE_SPOTS = frozenset(name.lower() for name in (
    "CutContour", "Crease", "ThruCut", "KissCut", "Cut", "Die", "DieCut", "DieLine", "Perf", "Perforation",
    "Fold", "Score"))


def _page_ink(folder: Path, index: int, number: int, page: _Page, scale: float, limit: float) -> PageInk:
    stem = f"p{index:05d}"
    plates = sorted(p for p in folder.glob(f"{stem}(*).tif")
                    if p.name[len(stem) + 1:-len(").tif")].lower() not in DIE_LINE_SPOTS)
    if not plates:
        raise SeparationsFailed(msg("render.page", number=number) + ": " + msg("render.gs_no_separations"))
    names = tuple(p.name[len(stem) + 1:-len(").tif")] for p in plates)
    b = _pixel_box(page, page.bleed, scale)
    bleed = (b[0] + EDGE_PIXELS, b[1] + EDGE_PIXELS, b[2] - EDGE_PIXELS, b[3] - EDGE_PIXELS)
    total: Image.Image | None = None
    for plate in plates:
        with Image.open(plate) as img:
            img.load()
            box = (max(0, bleed[0]), max(0, bleed[1]), min(img.width, bleed[2]), min(img.height, bleed[3]))
            if box[2] <= box[0] or box[3] <= box[1]:
                return PageInk(number, 0.0, None, 0.0, names)
            ink = img.convert("L").crop(box).convert("I")
        # tiffsep's plates are 255 where there is no ink and 0 at 100 %
        if total is None:
            total = ImageMath.lambda_eval(lambda a: 255 - a["p"], p=ink)
        else:
            total = ImageMath.lambda_eval(lambda a: a["t"] + (255 - a["p"]), t=total, p=ink)
    assert total is not None
    top = int(total.getextrema()[1])  # type: ignore[arg-type]
    peak = ImageMath.lambda_eval(lambda a: a["t"] - (top - 1), t=total).convert("L").getbbox()
    over = ImageMath.lambda_eval(lambda a: a["t"] - math.floor(limit), t=total).convert("L").histogram()
    over_pixels = total.width * total.height - over[0]
    pixel_mm2 = (POINT_MM / scale) ** 2
    origin = (max(0, bleed[0]), max(0, bleed[1]))
    where = _mm_from_trim(page, peak, origin, scale) if peak and top > 0 else None
    return PageInk(number, top * 100 / 255, where, over_pixels * pixel_mm2, names)
