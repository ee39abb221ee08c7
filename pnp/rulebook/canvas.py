"""The canvases a rulebook is drawn on: the reading copy's (every colour in CMYK with --color cmyk) and
the dry one a first pass lays the pages out on without drawing anything."""
from __future__ import annotations

from typing import Any

from reportlab.lib.colors import CMYKColor
from reportlab.pdfgen.canvas import Canvas

from ..render.pdf import rgb_to_cmyk


class ReadingCanvas(Canvas):  # type: ignore[misc]  # reportlab ships no types
    cmyk = False      # a subclass with cmyk = True turns every colour into CMYK (--color cmyk)

    def __init__(self, *a: Any, **kw: Any) -> None:
        super().__init__(*a, **kw)
        self.setCreator("pnp")
        self.setProducer("pnp")

    def setFillColor(self, aColor: Any, alpha: float | None = None) -> None:  # noqa: N802, N803 — reportlab's names
        super().setFillColor(self._ink(aColor), alpha)

    def setStrokeColor(self, aColor: Any, alpha: float | None = None) -> None:  # noqa: N802, N803 — reportlab's names
        super().setStrokeColor(self._ink(aColor), alpha)

    def _ink(self, color: Any) -> Any:
        if self.cmyk and not isinstance(color, CMYKColor):
            return rgb_to_cmyk(color.hexval().replace("0x", "#"))
        return color


def _nothing(*_a: Any, **_kw: Any) -> None:
    return None


class NoText:
    """A text object that writes nothing (the dry canvas's)."""

    def __getattr__(self, _name: str) -> Any:
        return _nothing


class DryCanvas(ReadingCanvas):
    """A canvas that lays pages out and draws nothing: the first pass of typeset only learns on which
    page each heading falls (flowables still wrap, split and record their pages exactly as on a real
    canvas; only the marks on the page are left out: text, images, lines, forms, links)."""

    pnp_dry = True

    def beginText(self, x: float = 0, y: float = 0, direction: Any = None) -> NoText:  # noqa: N802 — reportlab's name
        return NoText()


for _name in ("drawText", "drawImage", "drawInlineImage", "drawPath", "clipPath", "rect", "roundRect", "circle",
              "ellipse", "line", "lines", "grid", "bezier", "arc", "wedge", "drawString", "drawRightString",
              "drawCentredString", "doForm", "beginForm", "endForm", "linkURL", "linkRect", "linkAbsolute",
              "bookmarkPage", "addOutlineEntry", "bookmarkHorizontal", "bookmarkHorizontalAbsolute"):
    setattr(DryCanvas, _name, _nothing)
