"""The booklet: the reading copy's pages, each as a form XObject, placed two-up on the sheet in
saddle-stitch order (for duplex printing flipped on the short edge, folded and stapled)."""
from __future__ import annotations

import copy
import math
from typing import Any

from reportlab.lib.pagesizes import A4, landscape
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from ..errors import PnpError
from ..render.pdf import carry_resources
from .canvas import ReadingCanvas


class BookletCanvas(ReadingCanvas):
    """Collects every page as a form XObject; at save(), places them two-up in saddle-stitch order.
    The pages are either drawn on it (showPage makes each a form) or taken over from a reading copy
    already drawn (``take_pages``), which writes the same bytes without laying the book out again."""

    sheet_size: tuple[float, float] = landscape(A4)

    def __init__(self, *a: Any, **kw: Any) -> None:
        super().__init__(*a, **kw)
        self._forms: list[str] = []

    def showPage(self) -> None:  # noqa: N802 — reportlab's name
        w, h = self._pagesize
        form = pdfdoc.PDFFormXObject(lowerx=0, lowery=0, upperx=w, uppery=h)
        form.compression = self._pageCompression
        form.setStreamList([self._preamble] + self._code)
        self._setColorSpace(form)
        self._setExtGState(form)
        self._setXObjects(form)
        self._setAnnotations(form)
        carry_resources(form)
        self._addpage_form(form, w, h)
        self._startPage()

    def _addpage_form(self, form: Any, w: float, h: float) -> None:
        name = f"pnpPage{len(self._forms) + 1}"
        self._doc.addForm(name, form)
        self._forms.append(name)
        self._page_w, self._page_h = w, h

    def take_pages(self, reading: Canvas) -> None:
        """Take over every page drawn on ``reading`` (a canvas made with the same settings, not yet
        saved), as showPage would have made it had the same drawing been done here: every object the
        reading copy registered (marks, cards, images as form XObjects, colours), in its order, so
        each keeps its object number; each page as a form XObject with the page's own content
        stream and resources; the fonts with their subsets as the reading copy assigned them (the
        page streams name those subsets' characters).  The reading copy is left as it was: the
        objects are copied, and saving it afterwards writes the same bytes as before."""
        src, dst = reading._doc, self._doc
        for number in sorted(src.numberToId):
            name = src.numberToId[number]
            obj = src.idToObject[name]
            if name in dst.idToObject:         # made by every new document (the font dictionary)
                if dst.idToObjectNumberAndVersion[name] != src.idToObjectNumberAndVersion[name]:
                    raise PnpError(f"rulebook booklet: object {name} would change its number")
                continue
            if isinstance(obj, pdfdoc.PDFPage):
                self._addpage_form(page_form(obj), obj.pagewidth, obj.pageheight)
                continue
            twin = copy.deepcopy(obj)
            if hasattr(twin, pdfdoc.__InternalName__):
                delattr(twin, pdfdoc.__InternalName__)
            dst.Reference(twin, name)
        for key, value in dst.fontMapping.items():
            if src.fontMapping.get(key) != value:
                raise PnpError(f"rulebook booklet: font {key} named differently from the reading copy")
        dst.fontMapping = dict(src.fontMapping)
        dst.delayedFonts = list(src.delayedFonts)
        for font in dst.delayedFonts:           # the same subsets, shared: neither document adds to them
            font.state[dst] = font.state[src]
        dst._pdfVersion = src._pdfVersion

    def save(self) -> None:
        if self._code:
            self.showPage()
        n = len(self._forms)
        sw, sh = self.sheet_size
        pw, ph = self._page_w, self._page_h
        x0, y0 = (sw - 2 * pw) / 2, (sh - ph) / 2
        for pair in saddle_order(n):
            self.setPageSize((sw, sh))
            for slot, page in enumerate(pair):
                if page <= n:
                    self.saveState()
                    self.translate(x0 + slot * pw, y0)
                    self.doForm(self._forms[page - 1])
                    self.restoreState()
            Canvas.showPage(self)
        Canvas.save(self)


def page_form(page: pdfdoc.PDFPage) -> pdfdoc.PDFFormXObject:
    """A page of a reading copy (not yet saved) as the form XObject BookletCanvas.showPage makes
    of the same drawing: the same content stream (less the blank line reportlab ends a page with)
    and resources."""
    end = "\n \n"         # Canvas.showPage appends " " to the page's code, setStream joins with a newline after
    if not isinstance(page.stream, str) or not page.stream.endswith(end):
        raise PnpError("rulebook booklet: a page's content is not in the form reportlab writes")
    form = pdfdoc.PDFFormXObject(lowerx=0, lowery=0, upperx=page.pagewidth, uppery=page.pageheight)
    form.compression = page.compression
    form.setStreamList(page.stream[:-len(end)])
    form._colorsUsed = page._colorsUsed
    form.ExtGState = page.ExtGState
    form.XObjects = page.XObjects
    form.Annots = page.Annots
    carry_resources(form)
    return form


def saddle_order(n_pages: int) -> list[tuple[int, int]]:
    """Sides of a saddle-stitched booklet, (left, right) page numbers, front then back of each sheet;
    the page count is padded to a multiple of 4 (numbers above n_pages are blank)."""
    total = max(4, math.ceil(n_pages / 4) * 4)
    sides = []
    for i in range(total // 4):
        sides.append((total - 2 * i, 2 * i + 1))
        sides.append((2 * i + 2, total - 2 * i - 1))
    return sides
