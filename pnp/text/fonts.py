"""The bundled Japanese fonts and a project's own: registration with reportlab, measuring, glyph coverage.

Fonts are TrueType outlines (reportlab's TTFont cannot read CFF) and are embedded as subsets.  A
project's own font (``fonts:`` in game.yaml or a layout) is known by a key ``name@hash-of-its-path``,
so two projects may both call a font ``kaisei``; a CFF-outline OpenType font is refused."""
from __future__ import annotations

import hashlib
import unicodedata
from functools import cache
from pathlib import Path

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
_OWN: dict[str, Path] = {}     # a project's own fonts (fonts: in game.yaml or a layout): key → file

CFF_MESSAGE = ("is an OpenType font with PostScript (CFF) outlines; pnp embeds TrueType outlines only "
               "(reportlab cannot subset CFF). Convert it once to TrueType outlines, e.g. with FontForge: "
               "fontforge -lang=ff -c 'Open($1); Generate($2)' {name} {stem}.ttf — or use the family's TrueType "
               "(.ttf) release — and name the .ttf in fonts:")


class FontFileError(ValueError):
    pass


def register_file(name: str, path: Path) -> str:
    """The key (for regions and measuring) of a project's own font file; a CFF-outline OpenType font
    or a file that is not a TrueType font is refused with FontFileError."""
    with open(path, "rb") as f:
        magic = f.read(4)
    if magic == b"OTTO":
        raise FontFileError(f"{path.name} " + CFF_MESSAGE.format(name=path.name, stem=path.stem))
    if magic not in (b"\x00\x01\x00\x00", b"true", b"ttcf"):
        raise FontFileError(f"{path.name} is not a TrueType font (.ttf)")
    key = f"{name}@{hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:10]}"
    _OWN[key] = path
    try:
        _register(key)
    except Exception as exc:   # reportlab's own reasons (broken tables, unsupported format)
        del _OWN[key]
        raise FontFileError(f"{path.name} cannot be read as a TrueType font: {exc}") from None
    return key


def pdf_name(font: str) -> str:
    """The reportlab name of a pnp font, registering it on first use."""
    return _register(font)


@cache
def _register(font: str) -> str:
    name = _PREFIX + font
    path = font_path(font)
    pdfmetrics.registerFont(TTFont(name, str(path)))
    return name


def known(font: str) -> bool:
    return font in FONT_FILES or font in _OWN


def display_name(font: str) -> str:
    """The name a designer wrote for a font (in messages)."""
    return font.split("@", 1)[0]


def font_path(font: str) -> Path:
    return _OWN[font] if font in _OWN else fonts_dir() / FONT_FILES[font]


@cache
def _widths(font: str) -> tuple[dict[int, float], float]:
    face = pdfmetrics.getFont(_register(font)).face
    return face.charWidths, face.defaultWidth


def measure(text: str, font: str, size_pt: float) -> float:
    """Advance width of text in points: the one measuring function for layout (PDF and PNG alike)."""
    widths, default = _widths(font)
    get = widths.get
    return sum(get(ord(ch), default) for ch in text) * size_pt / 1000.0


@cache
def _cmap(font: str) -> frozenset[int]:
    return frozenset(pdfmetrics.getFont(_register(font)).face.charToGlyph)


@cache
def _drawable(font: str) -> set[str]:
    """The characters of the font found drawable so far (a build checks the same few thousand often)."""
    return {"\n", "\r"}


def missing_glyphs(text: str, font: str) -> list[str]:
    """Characters of text (other than line breaks) that the font cannot draw, in order, once each.
    A tab has no glyph (it would print as a box), and a combining mark left over after NFC
    composition would print beside its letter instead of on it: both count as missing."""
    drawable = _drawable(font)
    if drawable.issuperset(text):
        return []
    cmap = _cmap(font)
    out: list[str] = []
    for ch in text:
        if ch in drawable or ch in out:
            continue
        if ch == "\t" or ord(ch) not in cmap or unicodedata.combining(ch):
            out.append(ch)
        else:
            drawable.add(ch)
    return out
