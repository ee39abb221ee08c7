"""A TrueType face read as reportlab reads it, the long tables a whole array at a time.

reportlab's ``TTFontFile.extractInfo`` reads the character map, the horizontal metrics and the glyph
locations one value per call: about 35 ms for each bundled 5–6 MB face, spent by every process that
first draws or measures with it.  Here reportlab itself reads the short tables (names, head, OS/2,
post, hhea, maxp: ``extractInfo(charInfo=0)``) and the long ones are unpacked with ``struct`` into the
same values, in the same order, by the same rules — including reportlab's quirks (the advance kept for
the glyphs past ``numberOfHMetrics`` is the scaled one; U+00A0 borrows U+0020's glyph).  A face whose
character map is not format 4 or 12, or that anything here does not expect, is left to reportlab:
``read_face`` then returns None and the caller reads it the usual way (which says what is wrong with
it).  tests/text/test_fontread.py compares every value with reportlab's reading."""
from __future__ import annotations

import struct
from collections import Counter
from itertools import chain, repeat
from operator import add, sub
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFontFace, TTFontFile

# what reportlab's charInfo=0 reading leaves unset (None) and the full reading sets, in its order
_CHAR_INFO = ("charToGlyph", "glyphToChar", "charWidths", "hmetrics", "defaultWidth", "glyphPos")


def read_face(path: str, subfont: int = 0) -> TTFontFace | None:
    """``TTFontFace(path, subfontIndex=subfont)`` with its long tables unpacked whole; None when this
    face is one to leave to reportlab."""
    face = TTFontFace.__new__(TTFontFace)
    pdfmetrics.TypeFace.__init__(face, None)
    try:
        TTFontFile.__init__(face, path, charInfo=0, subfontIndex=subfont)
        values = _char_info(face)
    except (TTFError, struct.error, ValueError, KeyError, IndexError):
        return None
    if values is None:
        return None
    for key in ("charToGlyph", "defaultWidth", "charWidths"):     # set to None by charInfo=0
        del face.__dict__[key]
    face.__dict__.update((key, values[key]) for key in _CHAR_INFO)
    face._pos = values["_pos"]
    return face


def _char_info(face: Any) -> dict[str, Any] | None:
    data: bytes = face._ttf_data
    head = face.table["head"]["offset"]
    index_to_loc, glyph_data_format = struct.unpack_from(">HH", data, head + 50)
    if glyph_data_format != 0 or "loca" not in face.table or index_to_loc not in (0, 1):
        return None
    cmap = _cmap(data, face.table["cmap"]["offset"])
    if cmap is None:
        return None
    to_glyph, to_chars = cmap
    (n_hmetrics,) = struct.unpack_from(">H", data, face.table["hhea"]["offset"] + 34)
    if n_hmetrics == 0:         # reportlab refuses it (its reading says why)
        return None
    widths, hmetrics, default = _hmtx(face, to_chars, n_hmetrics)
    loca = face.table["loca"]["offset"]
    count = face.numGlyphs + 1
    if index_to_loc == 0:
        glyph_pos = [v << 1 for v in struct.unpack_from(f">{count}H", data, loca)]
        end = loca + 2 * count
    else:
        glyph_pos = list(struct.unpack_from(f">{count}L", data, loca))
        end = loca + 4 * count
    if 0x20 in to_glyph:
        to_glyph[0xA0] = to_glyph[0x20]
        widths[0xA0] = widths[0x20]
    elif 0xA0 in to_glyph:
        to_glyph[0x20] = to_glyph[0xA0]
        widths[0x20] = widths[0xA0]
    return {"charToGlyph": to_glyph, "glyphToChar": to_chars, "charWidths": widths, "hmetrics": hmetrics,
            "defaultWidth": default, "glyphPos": glyph_pos, "_pos": end}


def _cmap_offset(data: bytes, cmap: int) -> int | None:
    """The subtable reportlab chooses: the last record that its rules take."""
    version, count = struct.unpack_from(">HH", data, cmap)
    if count == 0 and version != 0:
        count = version
    records = data[cmap + 4:cmap + 4 + 8 * count]
    if len(records) != 8 * count:
        return None
    chosen, enc = None, 0
    for platform, encoding, offset in struct.iter_unpack(">HHL", records):
        if platform == 3 or (platform == 1 and encoding == 1) or (platform == 0 and encoding != 5):
            enc, chosen = 1, offset
        elif platform == 1 and encoding == 0 and enc != 1:
            enc, chosen = 2, offset
    return None if chosen is None else cmap + chosen


def _cmap(data: bytes, cmap: int) -> tuple[dict[int, int], dict[int, list[int]]] | None:
    at = _cmap_offset(data, cmap)
    if at is None:
        return None
    (fmt,) = struct.unpack_from(">H", data, at)
    if fmt == 12:
        (groups,) = struct.unpack_from(">L", data, at + 12)
        if len(data) < at + 16 + 12 * groups:
            return None
        runs = struct.unpack_from(f">{3 * groups}L", data, at + 16)    # (first char, last char, glyph) each
        starts, stops, firsts = runs[0::3], [end + 1 for end in runs[1::3]], runs[2::3]
        chars = list(chain.from_iterable(map(range, starts, stops)))
        glyphs = list(chain.from_iterable(map(range, firsts, map(add, firsts, map(sub, stops, starts)))))
        return _maps(chars, glyphs)
    if fmt == 4:
        return _maps(*_format4(data, at))
    return None


def _maps(chars: list[int], glyphs: list[int]) -> tuple[dict[int, int], dict[int, list[int]]]:
    """charToGlyph and glyphToChar as reportlab's loop leaves them when it maps chars[i] to glyphs[i] in
    turn: a character mapped twice keeps its first place and its last glyph, a glyph's characters are
    listed in the order they were mapped, and a glyph keeps the place of its first character."""
    to_glyph = dict(zip(chars, glyphs))
    to_chars = dict(zip(glyphs, map(list, zip(chars))))
    if len(to_chars) < len(glyphs):          # glyphs with more than one character: listed in turn
        shared = {glyph for glyph, n in Counter(glyphs).items() if n > 1}
        for glyph in shared:
            to_chars[glyph] = []
        for glyph, char in zip(glyphs, chars):
            if glyph in shared:
                to_chars[glyph].append(char)
    return to_glyph, to_chars


def _format4(data: bytes, at: int) -> tuple[list[int], list[int]]:
    """The characters and their glyphs, in reportlab's order, of a format 4 (segment) subtable."""
    (length,) = struct.unpack_from(">H", data, at + 2)
    limit = at + length
    seg = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{seg}H", data, at + 14)
    starts = struct.unpack_from(f">{seg}H", data, at + 16 + 2 * seg)
    deltas = struct.unpack_from(f">{seg}h", data, at + 16 + 4 * seg)
    ranges_at = at + 16 + 6 * seg
    ranges = struct.unpack_from(f">{seg}H", data, ranges_at)
    chars: list[int] = []
    glyphs: list[int] = []
    for n in range(seg):
        start, delta, rng = starts[n], deltas[n], ranges[n]
        run = range(start, ends[n] + 1)
        chars.extend(run)
        if rng == 0:
            glyphs.extend((char + delta) & 0xFFFF for char in run)
            continue
        for char in run:
            offset = ranges_at + 2 * n + (char - start) * 2 + rng
            if offset >= limit:     # reportlab's allowance for broken fonts
                glyphs.append(0)
                continue
            (glyph,) = struct.unpack_from(">H", data, offset)
            glyphs.append((glyph + delta) & 0xFFFF if glyph != 0 else 0)
    return chars, glyphs


def _hmtx(face: Any, to_chars: dict[int, list[int]], n_hmetrics: int
          ) -> tuple[dict[int, float], list[tuple[float, int]], float]:
    """charWidths, hmetrics and defaultWidth as reportlab's hmtx loop leaves them."""
    data: bytes = face._ttf_data
    hmtx = face.table["hmtx"]["offset"]
    pairs = struct.unpack_from(f">{2 * n_hmetrics}H", data, hmtx)
    advances = pairs[0::2]
    hmetrics: list[tuple[float, int]] = list(zip(advances, pairs[1::2]))
    units = face.unitsPerEm                  # reportlab's _pdfScale, the same product written out
    per_mille = 1000 / units
    scaled = list(advances) if units == 1000 else [advance * per_mille for advance in advances]
    last = scaled[-1]            # reportlab keeps the scaled advance for the glyphs after these
    rest = max(face.numGlyphs - n_hmetrics, 0)
    hmetrics.extend(zip(repeat(last), struct.unpack_from(f">{rest}H", data, hmtx + 4 * n_hmetrics)))
    count = max(n_hmetrics, face.numGlyphs)
    drawn = [glyph for glyph in sorted(to_chars) if 0 <= glyph < count]     # reportlab's loop: by glyph
    width = [scaled[glyph] if glyph < n_hmetrics else last for glyph in drawn]
    lists = [to_chars[glyph] for glyph in drawn]
    widths = dict(zip(chain.from_iterable(lists),
                      chain.from_iterable(map(repeat, width, map(len, lists)))))
    return widths, hmetrics, scaled[0]
