"""Reading the bleed back: every region with ``bleed: true`` that touches the trim (full-bleed art, a
band running off the cut) promises ink up to the bleed line on the sides it touches.  These checks
read the written page (:mod:`pnp.render.readback`, with paint) and find the picture or fill drawn
for the region, then measure where its placed box ends: a picture placed inside the trim leaves a
strip of paper in the bleed that the cutter shows as a white edge.

What is looked at, and what is not: the placed boxes of images and the bounding boxes of filled
paths, as the PDF states them.  A clipping path is not read, so a picture clipped back inside its
box is judged by its box.  Sheets of butted cards for home printing have no bleed and are not
judged; the shop files (one card with its bleed to a page) are."""
from __future__ import annotations

from collections.abc import Sequence

from ..layout.plan import BleedArt, CardPlan
from ..units import mm
from .readback import ImagePaint, PageRead, PathPaint, Rect

BLEED_TOLERANCE = mm(0.05)     # PDF coordinates are written to 0.01 pt or so
_SIDES = {"l": "left", "t": "top", "r": "right", "b": "bottom"}


def _overlap(a: Rect, b: Rect) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _hex_rgb(value: str) -> tuple[float, float, float]:
    return int(value[1:3], 16) / 255, int(value[3:5], 16) / 255, int(value[5:7], 16) / 255


def _same_colour(read: tuple[float, ...] | None, planned: str | None) -> bool:
    """Whether a fill read back is the planned colour.  Only RGB files can be compared this way; a
    CMYK file's colours went through the output profile, so any fill of the region's shape counts."""
    if planned is None or read is None or len(read) != 3:
        return True
    return all(abs(a - b) < 0.01 for a, b in zip(read, _hex_rgb(planned)))


def _cut(a: Rect, b: Rect) -> Rect:
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


def _alike(a: Rect, b: Rect) -> float:
    """Intersection over union of two boxes (1: the same box)."""
    both = _overlap(a, b)
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - both
    return both / union if union > 0 else 0.0


def _drawn_for(art: BleedArt, want: Rect, inner: Rect, trim: Rect, sheet: Rect, page: PageRead) -> Rect | None:
    """The box of what the page drew for the region: the picture most like the region's box; or, for a
    fill, the last filled path (of the region's colour, in an RGB file) whose shape, cut at the trim,
    is the region's (the band drawn over the card's background when both are the full card; the
    reader lists rectangles before curves, and a rounded band is a curve, drawn after the background
    rectangle too)."""
    if art.kind == "image":
        # the picture whose placed box, cut at the card's bleed line, is most like the region's box:
        # a small picture over full-bleed art is told apart from the art under it
        images: Sequence[ImagePaint] = page.images
        scored = [(_alike(_cut(i.box, sheet), want), i.box) for i in images if _overlap(i.box, inner) > 0]
        return max(scored)[1] if scored else None
    found = None
    tol = mm(0.2)
    paths: Sequence[PathPaint] = page.paths
    for p in paths:
        if p.fill is None or not _same_colour(p.fill, art.fill):
            continue
        cut = _cut(p.box, trim)
        if all(abs(a - b) <= tol for a, b in zip(cut, inner)):
            found = p.box     # the last drawn: a full-card band lies over the card's background
    return found


def check_bleed(plan: CardPlan, page: PageRead, left: float, top: float) -> list[str]:
    """What of the card's bleed art does not reach the bleed line, the card's trim at (left, top) of
    the page read back: each a sentence naming the region, the side and by how much (mm) it stops
    short."""
    return check_bleed_art(plan.bleeds, plan.width, plan.height, plan.bleed, page, left, top)


def check_bleed_art(bleeds: Sequence[BleedArt], width: float, height: float, b: float, page: PageRead,
                    left: float, top: float) -> list[str]:
    """check_bleed for any piece of width × height with bleed b (a card side, a part's shop piece)."""
    out = []
    tol = BLEED_TOLERANCE
    trim = (left, top, left + width, top + height)
    sheet = (left - b, top - b, left + width + b, top + height + b)    # the piece with its bleed
    for art in bleeds:
        x0, y0, x1, y1 = art.box
        want = (left + x0, top + y0, left + x1, top + y1)
        inner = _cut(want, trim)
        what = "picture" if art.kind == "image" else "fill"
        box = _drawn_for(art, want, inner, trim, sheet, page)
        if box is None:
            out.append(f"region {art.region!r} (bleed: true): no {what} of it found on the card to run into the bleed")
            continue
        short = []
        for side in art.sides:
            if side in "lr":
                edge = box[0] - want[0] if side == "l" else want[2] - box[2]
                along = (box[1] - want[1], want[3] - box[3])      # the strip's length: top to bottom
            else:
                edge = box[1] - want[1] if side == "t" else want[3] - box[3]
                along = (box[0] - want[0], want[2] - box[2])
            if edge > tol:
                short.append(f"{_SIDES[side]} {edge / mm(1):.1f} mm short")
            elif max(along) > tol:
                short.append(f"{_SIDES[side]} edge bare for {max(along) / mm(1):.1f} mm at an end")
        if short:
            out.append(f"region {art.region!r} (bleed: true): its {what} does not reach the bleed line: {', '.join(short)} "
                       f"(placed at {_mm_box(box, left, top)} from the trim's top-left; the bleed line is "
                       f"{b / mm(1):.1f} mm outside the trim)")
    return out


def _mm_box(box: Rect, left: float, top: float) -> str:
    x0, y0, x1, y1 = ((v - o) / mm(1) for v, o in zip(box, (left, top, left, top)))
    return f"x {x0:.1f}…{x1:.1f}, y {y0:.1f}…{y1:.1f} mm"
