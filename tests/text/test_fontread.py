"""A face read by pnp.text.fontread is the face reportlab reads, value for value and in the same order,
and draws the same PDF bytes; a face it does not read is left to reportlab, whose reason is the one
given."""
from __future__ import annotations

import gc
import struct
from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

from pnp.resources import fonts_dir
from pnp.text import fontcache
from pnp.text.fontread import read_face
from pnp.text.fonts import FONT_FILES
from tests.text.test_fontcache import _drawn

GOTHIC = fonts_dir() / "BIZUDPGothic-Regular.ttf"


def _values(face: TTFontFace) -> dict[str, object]:
    return {k: v for k, v in vars(face).items() if not callable(v)}


def _same_face(ours: TTFontFace, theirs: TTFontFace) -> None:
    mine, read = _values(ours), _values(theirs)
    assert list(mine) == list(read)                             # the attributes, in reportlab's order
    assert {k: type(v) for k, v in mine.items()} == {k: type(v) for k, v in read.items()}
    assert mine == read
    for key in ("charToGlyph", "glyphToChar", "charWidths"):     # and each table in its order
        assert list(mine[key].items()) == list(read[key].items())  # type: ignore[attr-defined]
    assert ours._pdfScale(2048) == theirs._pdfScale(2048)


def _table(data: bytes, wanted: bytes) -> int:
    """Where a table starts."""
    for i in range(struct.unpack_from(">H", data, 4)[0]):
        tag, _, offset, _ = struct.unpack_from(">4sLLL", data, 12 + 16 * i)
        if tag == wanted:
            return int(offset)
    raise AssertionError(f"no {wanted!r} table")


def _cmap_records(data: bytes) -> tuple[int, list[tuple[int, int, int]]]:
    """Where the cmap table starts, and its encoding records (platform, encoding, offset)."""
    offset = _table(data, b"cmap")
    n = struct.unpack_from(">H", data, offset + 2)[0]
    return offset, [struct.unpack_from(">HHL", data, offset + 4 + 8 * r) for r in range(n)]


def _with_record(tmp_path: Path, index: int, record: tuple[int, int, int]) -> Path:
    """The bundled gothic with one cmap encoding record rewritten."""
    data = bytearray(GOTHIC.read_bytes())
    cmap, _ = _cmap_records(bytes(data))
    struct.pack_into(">HHL", data, cmap + 4 + 8 * index, *record)
    out = tmp_path / "patched.ttf"
    out.write_bytes(bytes(data))
    return out


@pytest.mark.parametrize("file", sorted(set(FONT_FILES.values())))
def test_every_bundled_face_is_read_as_reportlab_reads_it(file: str):
    path = str(fonts_dir() / file)
    ours = read_face(path)
    assert ours is not None
    _same_face(ours, TTFontFace(path))


def test_a_format_4_character_map_is_read_as_reportlab_reads_it(tmp_path: Path):
    _, records = _cmap_records(GOTHIC.read_bytes())
    formats = {(p, e): o for p, e, o in records}
    assert (3, 10) in formats and (3, 1) in formats          # the bundled face: format 12 is the one read
    # the last record (Windows, full Unicode) made one reportlab passes over: its format 4 (BMP) one is read
    patched = str(_with_record(tmp_path, len(records) - 1, (2, 10, formats[(3, 10)])))
    theirs = TTFontFace(patched)
    assert len(theirs.charToGlyph) < len(TTFontFace(str(GOTHIC)).charToGlyph)    # BMP only: another table
    ours = read_face(patched)
    assert ours is not None
    _same_face(ours, theirs)


def test_a_face_of_1000_units_to_the_em_is_read_as_reportlab_reads_it(tmp_path: Path):
    data = bytearray(GOTHIC.read_bytes())
    struct.pack_into(">H", data, _table(bytes(data), b"head") + 18, 1000)    # unitsPerEm (2048 in the file)
    patched = tmp_path / "units1000.ttf"
    patched.write_bytes(bytes(data))
    theirs = TTFontFace(str(patched))
    assert theirs.unitsPerEm == 1000 and type(theirs.defaultWidth) is int     # widths as read: no scaling
    ours = read_face(str(patched))
    assert ours is not None
    _same_face(ours, theirs)


def test_the_same_pdf_bytes_are_drawn_with_a_face_read_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    ours = fontcache.load_ttfont("ReadTest", GOTHIC)            # an empty cache: read by fontread
    assert _drawn(ours) == _drawn(TTFont("ReadTest", str(GOTHIC)))


def test_a_character_map_it_does_not_read_is_left_to_reportlab_and_its_reason(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    _, records = _cmap_records(GOTHIC.read_bytes())
    variations = next(o for p, e, o in records if (p, e) == (0, 5))      # format 14: no characters
    patched = _with_record(tmp_path, len(records) - 1, (3, 10, variations))
    assert read_face(str(patched)) is None
    with pytest.raises(ValueError) as theirs:
        TTFont("Format14", str(patched))
    with pytest.raises(ValueError) as ours:
        fontcache.load_ttfont("Format14", patched)
    assert str(ours.value) == str(theirs.value) == "Unsupported cmap encoding format 14"


@pytest.mark.parametrize("enabled", [True, False])
def test_loading_a_face_leaves_the_cycle_collector_as_it_found_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  enabled: bool):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    was = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        fontcache.load_ttfont("GcTest", GOTHIC)         # read, then kept
        fontcache.load_ttfont("GcTest", GOTHIC)         # put back from the kept file
        assert gc.isenabled() is enabled
    finally:
        gc.enable() if was else gc.disable()
