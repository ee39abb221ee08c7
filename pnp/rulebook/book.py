"""Typesetting a rulebook: document tree → platypus flowables (story) → ``rulebook.pdf`` (reading order)
and ``rulebook-booklet.pdf`` (booklet: A5 pages two-up on A4 landscape in saddle-stitch order).

Pages: a cover, a 目次 whose page numbers come from the previous layout pass (the 目次 has the same
height in every pass, so the layout converges in two passes; a third pass runs if it ever does not),
then the sections.  Page numbers count the cover as page 1.  The booklet is not laid out or drawn
again: it takes over the pages of the reading copy, each as a form XObject placed by reference, with
the same bytes a pass drawing them again would write; so it costs hardly more than saving a file.

The page (page), what it carries besides the text (furniture), the cover (cover), where pages break
(breaks) and the canvases (canvas, booklet) are modules of their own; this one holds the document
template, the passes and what a layout reports (Layout).
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate
from reportlab.platypus.flowables import Flowable

from ..data.model import Game
from ..errors import DataError, PnpError
from ..messages import msg
from ..text import fonts
from . import tree
from .booklet import BookletCanvas
from .canvas import DryCanvas, ReadingCanvas
from .flow import BoxFlow, Heading, TextBlock
from .furniture import draw_cover_frame, draw_head_and_folio, prime_marks
from .page import MM, PageSpec, page_spec
from .story import StoryBuilder, drawing_failed


class _Doc(BaseDocTemplate):  # type: ignore[misc]  # reportlab ships no types
    def __init__(self, target: Any, spec: PageSpec, game: Game, **kw: Any) -> None:
        self.spec = spec
        self.game = game
        super().__init__(target, pagesize=spec.size, leftMargin=spec.margin_x, rightMargin=spec.margin_x,
                         topMargin=spec.margin_top, bottomMargin=spec.margin_bottom, invariant=1,
                         title=f"{game.title} ルールブック", author=game.designer, creator="pnp",
                         producer="pnp", subject=game.subtitle,
                         initialFontName=fonts.pdf_name("mincho"), initialFontSize=spec.theme.size, **kw)
        pw, ph = spec.size
        frame = Frame(spec.margin_x, spec.margin_bottom, spec.frame_w, spec.frame_h, 0, 0, 0, 0, id="body")
        cover = Frame(spec.margin_x, spec.margin_bottom, spec.frame_w, ph - spec.margin_bottom - 12 * MM,
                      0, 0, 0, 0, id="cover")
        self.addPageTemplates([PageTemplate("cover", [cover], onPage=self._cover_page, pagesize=spec.size),
                               PageTemplate("body", [frame], onPage=self._body_page, pagesize=spec.size)])
        self.placed: list[tuple[int, Flowable]] = []

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        """reportlab's, with a failure while a directive's figure is laid out or drawn reported at the
        directive's file:line (set by StoryBuilder.directive) instead of as a bare exception."""
        source = getattr(flowables[0], "pnp_source", None) if flowables else None
        try:
            super().handle_flowable(flowables)
        except PnpError:
            raise
        except Exception as exc:     # noqa: BLE001 — said at the directive's line, with what failed
            if source is None:
                raise
            raise DataError([drawing_failed(source[0], source[1], exc)]) from exc

    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802 — reportlab's name
        """Remember what landed on which page (pnp's own flowables only, not breaks and spacers)."""
        if type(flowable).__module__.startswith("pnp."):
            self.placed.append((self.page, flowable))

    def _cover_page(self, c: Canvas, doc: Any) -> None:
        prime_marks(c, self.game)
        draw_cover_frame(c, self.spec)

    def _body_page(self, c: Canvas, doc: Any) -> None:
        draw_head_and_folio(c, self.spec, self.game)


@dataclass
class Layout:
    pages: int
    heading_pages: dict[int, int]
    toc: list[tuple[int, str, int]]
    page_ends: dict[int, str] = field(default_factory=dict)     # page → "heading:…" / "text" / "box:…" …
    split_boxes: list[tuple[int, str, str, float]] = field(default_factory=list)  # (page, kind, title, height)


def _describe(f: Flowable) -> str:
    if isinstance(f, Heading):
        return "heading:" + "".join(sp.text for sp in f.spans)
    if isinstance(f, BoxFlow):
        return f"box:{f.kind}"
    if getattr(f, "keep_with_next", False) and isinstance(f, TextBlock):   # a question's heading
        return "heading:" + "".join(sp.text for sp in f.spans)
    return type(f).__name__


def _page_facts(placed: list[tuple[int, Flowable]], frame_h: float) -> tuple[dict[int, str], list[Any]]:
    """The last flowable on each page, and every box that was split over two pages (with the height
    the whole box would need, so a caller can tell a box too tall for one page from a badly broken one)."""
    ends: dict[int, str] = {}
    splits = []
    for page, f in placed:
        ends[page] = _describe(f)
        if isinstance(f, BoxFlow) and f.open_below and not f.continued:
            splits.append((page, f.kind, "".join(sp.text for sp in f.title), f.whole_height))
    return ends, splits


def _run(doc: tree.Document, spec: PageSpec, target: Any, pages: dict[int, int], canvasmaker: type[Canvas],
         save: bool = True) -> tuple[Layout, Canvas]:
    """Lay the document out on a canvas of canvasmaker; save: write it to target (else the caller may
    call the canvas's save() later, or drop it: a pass whose bytes are not kept is not serialised)."""
    seen: dict[int, int] = {}

    def record(key: int, page: int) -> None:
        seen.setdefault(key, page)

    b = StoryBuilder(doc, spec, pages, record)
    story = b.story()
    d = _Doc(target, spec, doc.game)
    d._doSave = save         # reportlab's own switch: build() then leaves the canvas unsaved
    d.build(story, canvasmaker=canvasmaker)
    ends, splits = _page_facts(d.placed, spec.frame_h)
    return Layout(d.page, seen, b.toc, ends, splits), d.canv


def typeset(doc: tree.Document, paper: str, reading: Path | None, booklet: Path | None,
            cmyk: bool = False) -> Layout:
    """Lay the document out until the 目次 agrees with itself, then write the requested files."""
    spec = page_spec(doc.game, paper)
    pages: dict[int, int] = {}
    icons = dict(doc.game.icons)
    # nothing to write (pnp validate): every pass is laid out on a canvas that places every line but draws nothing
    measuring = reading is None and booklet is None
    reading_canvas = type("_Reading", (ReadingCanvas,), {"cmyk": cmyk, "pnp_icons": icons})
    dry_canvas = type("_Dry", (DryCanvas,), {"cmyk": cmyk, "pnp_icons": icons})
    for i in range(4):
        buf = io.BytesIO()
        # the first pass only finds the headings' pages (nothing drawn: a third of the time); the
        # passes after it are drawn, and the one that agrees with its 目次 is kept
        lay, canvas = _run(doc, spec, buf, pages, dry_canvas if i == 0 or measuring else reading_canvas, save=False)
        if lay.heading_pages == pages and i > 0:
            break
        pages = lay.heading_pages
    else:
        raise PnpError(msg("rulebook.toc_unsettled"))
    if booklet is not None:       # the booklet places the pages just drawn: nothing laid out or drawn again
        maker = type("_Booklet", (BookletCanvas,), {"sheet_size": spec.sheet, "cmyk": cmyk, "pnp_icons": icons})
        sheets = _Doc(str(booklet), spec, doc.game)._makeCanvas(canvasmaker=maker)
        sheets.take_pages(canvas)
        sheets.save()
    if reading is not None:       # only the pass that settled is serialised
        canvas.save()
        reading.write_bytes(buf.getvalue())
    return lay
