"""The bundled Japanese fonts and a project's own: registration with reportlab, measuring, glyph coverage.

Fonts are TrueType outlines (reportlab's TTFont cannot read CFF) and are embedded as subsets.  A
project's own font (``fonts:`` in game.yaml or a layout) is known by a key ``name@hash-of-its-path``,
so two projects may both call a font ``kaisei``; a CFF-outline OpenType font is refused."""
from __future__ import annotations

import hashlib
import unicodedata
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from reportlab.pdfbase import pdfmetrics

from ..catalogue.text import TEXTS
from ..files import read_limited
from ..limits import MAX_FONT_BYTES
from ..messages import msg
from ..resources import fonts_dir
from .fontcache import load_ttfont

FONT_FILES = {
    "gothic": "BIZUDPGothic-Regular.ttf",
    "gothic-bold": "BIZUDPGothic-Bold.ttf",
    "mincho": "BIZUDPMincho-Regular.ttf",
}
# reportlab font names carry a prefix so they never clash with a user's own registrations
_PREFIX = "pnp-"
_OWN: dict[str, Path] = {}     # a project's own fonts (fonts: in game.yaml or a layout): key → file
_SUBFONT: dict[str, int] = {}  # the face of a collection (.ttc) a key uses

CFF_MESSAGE = TEXTS["text.font_cff"]["en"]


CFF_COLLECTION_MESSAGE = TEXTS["text.font_cff_collection"]["en"]


class FontFileError(ValueError):
    pass


def _u16(b: bytes, at: int) -> int:
    return int.from_bytes(b[at:at + 2], "big")


def _u32(b: bytes, at: int) -> int:
    return int.from_bytes(b[at:at + 4], "big")


def collection_faces(data: bytes) -> list[tuple[bytes, set[str]]]:
    """The faces of a TrueType/OpenType collection: (outline tag, names) per face, in order.  The tag is
    ``OTTO`` for CFF outlines; the names are the family, full and PostScript names of the face."""
    if data[:4] != b"ttcf":
        return []
    faces = []
    for i in range(min(_u32(data, 8), 256)):
        at = _u32(data, 12 + 4 * i)
        faces.append((data[at:at + 4], _face_names(data, at)))
    return faces


def _face_names(data: bytes, at: int) -> set[str]:
    names: set[str] = set()
    for t in range(_u16(data, at + 4)):
        rec = at + 12 + 16 * t
        if data[rec:rec + 4] != b"name":
            continue
        base = _u32(data, rec + 8)
        count, strings = _u16(data, base + 2), base + _u16(data, base + 4)
        for r in range(count):
            e = base + 6 + 12 * r
            platform, name_id = _u16(data, e), _u16(data, e + 6)
            if name_id not in (1, 4, 6):
                continue
            raw = data[strings + _u16(data, e + 10):strings + _u16(data, e + 10) + _u16(data, e + 8)]
            try:
                names.add(raw.decode("utf-16-be") if platform in (0, 3) else raw.decode("latin-1"))
            except UnicodeDecodeError:
                continue
    return names


def register_file(name: str, path: Path, index: int | None = None, face: str | None = None) -> str:
    """The key (for regions and measuring) of a project's own font file; a CFF-outline OpenType font
    or a file that is not a TrueType font is refused with FontFileError.  In a collection (.ttc) the
    face is ``index`` (0 = the first) or the one whose family, full or PostScript name is ``face``."""
    try:
        data = read_limited(path, MAX_FONT_BYTES)
    except ValueError as exc:
        raise FontFileError(f"{path.name}: {exc}") from None
    magic = data[:4]
    shown = f"fonts/{path.name}"
    if magic == b"OTTO":
        raise FontFileError(msg("text.font_cff", name=path.name, stem=path.stem))
    if magic not in (b"\x00\x01\x00\x00", b"true", b"ttcf"):
        raise FontFileError(msg("text.font_not_truetype", name=path.name))
    sub = 0
    if magic == b"ttcf":
        try:
            faces = collection_faces(data)
        except (IndexError, ValueError):
            faces = []
        if not faces:
            raise FontFileError(msg("text.font_no_faces", name=path.name))
        listing = "; ".join(f"{i}: {', '.join(sorted(n)) or '(no name)'}" for i, (_, n) in enumerate(faces))
        if face is not None:
            found = [i for i, (_, n) in enumerate(faces) if face in n]
            if not found:
                raise FontFileError(msg("text.font_no_face", name=path.name, face=face, listing=listing))
            sub = found[0]
        elif index is not None:
            if not 0 <= index < len(faces):
                raise FontFileError(f"{path.name} has {len(faces)} faces (index 0 to {len(faces) - 1}): {listing}")
            sub = index
        tag, names = faces[sub]
        if tag == b"OTTO":
            label = sorted(names, key=len)[-1] if names else f"face {sub}"
            raise FontFileError(msg("text.font_cff_collection", index=sub, face=label, name=path.name,
                                        stem=path.stem))
    elif index is not None or face is not None:
        raise FontFileError(msg("text.font_single", name=path.name))
    key = f"{name}@{hashlib.sha1(f'{path.resolve()}#{sub}'.encode()).hexdigest()[:10]}"
    _OWN[key] = path
    _SUBFONT[key] = sub
    try:
        _register(key)
    except Exception as exc:   # reportlab's own reasons (broken tables, unsupported format)
        del _OWN[key]
        reason = str(exc).replace(str(path.resolve()), shown).replace(str(path), shown)
        if "postscript outlines" in reason.lower():
            raise FontFileError(msg("text.font_cff", name=path.name, stem=path.stem)) from None
        raise FontFileError(msg("text.font_unreadable", name=path.name, reason=reason)) from None
    return key


def pdf_name(font: str) -> str:
    """The reportlab name of a pnp font, registering it on first use."""
    return _register(font)


@cache
def _register(font: str) -> str:
    name = _PREFIX + font
    path = font_path(font)
    ttf = load_ttfont(name, path, _SUBFONT.get(font, 0))
    if ttf.face.subfontNameX:   # reportlab shares one font among faces of one name: a collection's face
        ttf.face.name, ttf.face.subfontNameX = ttf.face.name + ttf.face.subfontNameX, b""   # gets its own
    _share_subsets(ttf.face)
    pdfmetrics.registerFont(ttf)
    return name


def _share_subsets(face: Any) -> None:
    """Each embedded subset of the face made once per process: reportlab makes the font program of
    every subset of every PDF anew (the booklet has the reading copy's subsets, a deck's shop pages
    its sheets'), and the program depends on nothing but the face and the subset's characters."""
    make = face.makeSubset

    @lru_cache(maxsize=16)
    def made(subset: tuple[int, ...]) -> bytes:
        return bytes(make(list(subset)))

    face.makeSubset = lambda subset: made(tuple(subset))


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
