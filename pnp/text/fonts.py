"""The bundled Japanese fonts: registration with reportlab, measuring, glyph coverage.

Fonts are TrueType outlines (reportlab's TTFont cannot read CFF) and are embedded as subsets."""
from __future__ import annotations

from functools import lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..resources import fonts_dir

FONT_FILES = {
    "gothic": "BIZUDPGothic-Regular.ttf",
    "gothic-bold": "BIZUDPGothic-Bold.ttf",
    "mincho": "BIZUDPMincho-Regular.ttf",
}
# reportlab font names carry a prefix so they never clash with a user's own registrations
_PREFIX = "pnp-"


def pdf_name(font: str) -> str:
    """The reportlab name of a pnp font, registering it on first use."""
    return _register(font)


@lru_cache(maxsize=None)
def _register(font: str) -> str:
    name = _PREFIX + font
    path = fonts_dir() / FONT_FILES[font]
    pdfmetrics.registerFont(TTFont(name, str(path)))
    return name


def known(font: str) -> bool:
    return font in FONT_FILES


def display_name(font: str) -> str:
    """The name a designer wrote for a font (in messages)."""
    return font


def font_path(font: str):
    return fonts_dir() / FONT_FILES[font]


@lru_cache(maxsize=None)
def _widths(font: str) -> tuple[dict[int, float], float]:
    face = pdfmetrics.getFont(_register(font)).face
    return face.charWidths, face.defaultWidth


def measure(text: str, font: str, size_pt: float) -> float:
    """Advance width of text in points: the one measuring function for layout (PDF and PNG alike)."""
    widths, default = _widths(font)
    get = widths.get
    return sum(get(ord(ch), default) for ch in text) * size_pt / 1000.0


@lru_cache(maxsize=None)
def _cmap(font: str) -> frozenset[int]:
    return frozenset(pdfmetrics.getFont(_register(font)).face.charToGlyph)


def missing_glyphs(text: str, font: str) -> list[str]:
    """Characters of text (other than line breaks) that the font cannot draw, in order, once each."""
    cmap = _cmap(font)
    out: list[str] = []
    for ch in text:
        if ch not in "\n\r\t" and ord(ch) not in cmap and ch not in out:
            out.append(ch)
    return out
