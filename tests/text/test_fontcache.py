"""A face's metrics kept between runs (pnp.text.fontcache): the face put back from the kept file is
the one reportlab reads, and a PDF drawn with it is the same bytes."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from pnp.resources import fonts_dir
from pnp.text import fontcache

FONT = fonts_dir() / "BIZUDPMincho-Regular.ttf"


def _values(ttf: TTFont) -> dict[str, object]:
    return {k: v for k, v in vars(ttf.face).items() if not callable(v)}


def _drawn(ttf: TTFont) -> bytes:
    pdfmetrics.registerFont(ttf)
    out = io.BytesIO()
    c = Canvas(out, invariant=1)
    c.setFont(ttf.fontName, 12)
    c.drawString(72, 720, "「無の境地」と同じスートなら、数字に関わらず出せる。ABC 123")
    c.showPage()
    c.save()
    return out.getvalue()


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_a_kept_face_is_the_face_reportlab_reads_and_draws_the_same_bytes(cache: Path):
    read = TTFont("KeptTest", str(FONT))
    first = fontcache.load_ttfont("KeptTest", FONT)           # read from the font, then kept
    assert len(list((cache / "fonts").glob("*.marshal"))) == 1
    kept = fontcache.load_ttfont("KeptTest", FONT)            # put back from the kept file
    assert _values(kept) == _values(read) == _values(first)
    assert {k: type(v) for k, v in vars(kept.face).items()} == {k: type(v) for k, v in vars(read.face).items()}
    assert kept.face.name.ustr == read.face.name.ustr
    assert kept.face._pdfScale(2048) == read.face._pdfScale(2048)
    assert kept.shapable == read.shapable and kept._asciiReadable == read._asciiReadable
    assert _drawn(kept) == _drawn(read)
    assert b"/FontFile2" in _drawn(kept)                       # the subset is embedded from the file's bytes


def test_a_damaged_kept_file_is_read_again_from_the_font(cache: Path):
    fontcache.load_ttfont("KeptTest", FONT)
    [kept] = (cache / "fonts").glob("*.marshal")
    kept.write_bytes(b"\x00not marshal")
    again = fontcache.load_ttfont("KeptTest", FONT)
    assert _values(again) == _values(TTFont("KeptTest", str(FONT)))
    assert kept.read_bytes() != b"\x00not marshal"            # and kept anew


def test_a_cache_folder_that_cannot_be_written_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("PNP_CACHE_DIR", str(blocker))
    ttf = fontcache.load_ttfont("KeptTest", FONT)
    assert _values(ttf) == _values(TTFont("KeptTest", str(FONT)))
