"""Files a user hands pnp are read within limits: preflight refuses a PDF past its page, stream, nesting or
drawing limits (naming the limit) and reports a damaged one, and an ICC profile is read only from a regular
file of bounded size and checked as a build will use it.  Files made here by pikepdf, not by pnp."""
from __future__ import annotations

import os
import zlib
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.render import pdfbounds
from pnp.render.color import DEFAULT_PROFILE as BUNDLED_ICC
from pnp.render.color import ColorProfile, ProfileError


def _preflight(path: Path):
    return CliRunner().invoke(main, ["preflight", str(path)])


def _page_with(pdf: pikepdf.Pdf, content: bytes, flate: bool = False) -> pikepdf.Page:
    page = pdf.add_blank_page(page_size=(200, 200))
    stream = pikepdf.Stream(pdf, zlib.compress(content, 9) if flate else content)
    if flate:
        stream.Filter = pikepdf.Name.FlateDecode
    page.obj.Contents = pdf.make_indirect(stream)
    return page


def test_an_inflate_bomb_is_refused_before_it_is_read(tmp_path, monkeypatch):
    monkeypatch.setattr(pdfbounds, "MAX_STREAM_BYTES", 1_000_000)
    pdf = pikepdf.new()
    _page_with(pdf, b" " * 20_000_000, flate=True)          # 20 kB on disk
    pdf.save(tmp_path / "bomb.pdf")
    result = _preflight(tmp_path / "bomb.pdf")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "too large to check" in result.output and "inflates to more than 1,000,000 bytes" in result.output


def test_forms_nested_past_the_limit_are_refused(tmp_path):
    pdf = pikepdf.new()
    page = _page_with(pdf, b"/X0 Do")
    inner = None
    for _ in range(pdfbounds.MAX_FORM_DEPTH + 5):
        form = pikepdf.Stream(pdf, b"/X0 Do" if inner is not None else b"0 0 m 10 10 l S")
        form.Type, form.Subtype, form.BBox = pikepdf.Name.XObject, pikepdf.Name.Form, [0, 0, 10, 10]
        if inner is not None:
            form.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(X0=inner))
        inner = pdf.make_indirect(form)
    page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(X0=inner))
    pdf.save(tmp_path / "nested.pdf")
    result = _preflight(tmp_path / "nested.pdf")
    assert result.exit_code == 1 and f"forms nested more than {pdfbounds.MAX_FORM_DEPTH} deep" in result.output


def test_too_many_pages_and_too_much_drawing_are_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(pdfbounds, "MAX_PDF_PAGES", 20)
    pdf = pikepdf.new()
    for _ in range(21):
        pdf.add_blank_page(page_size=(10, 10))
    pdf.save(tmp_path / "pages.pdf")
    result = _preflight(tmp_path / "pages.pdf")
    assert result.exit_code == 1 and "21 pages; the limit is 20" in result.output
    pdf = pikepdf.new()
    _page_with(pdf, b"0 0 1 1 re f\n" * (pdfbounds.MAX_PAGE_CONTENT_BYTES // 13 + 1000), flate=True)
    pdf.save(tmp_path / "rects.pdf")
    result = _preflight(tmp_path / "rects.pdf")
    assert result.exit_code == 1 and "page 1:" in result.output and "bytes of drawing instructions" in result.output


def test_a_page_whose_objects_have_the_wrong_types_is_a_damaged_pdf(tmp_path):
    pdf = pikepdf.new()
    page = _page_with(pdf, b"/F1 12 Tf (x) Tj /X0 Do")
    page.obj.Resources = pikepdf.Dictionary(Font=5, XObject=pikepdf.Array([1, 2]))
    pdf.save(tmp_path / "odd.pdf")
    result = _preflight(tmp_path / "odd.pdf")
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output


def test_a_good_file_is_still_checked(tmp_path):
    pdf = pikepdf.new()
    _page_with(pdf, b"0 0 m 100 100 l S")
    pdf.save(tmp_path / "good.pdf")
    result = _preflight(tmp_path / "good.pdf")
    assert "too large to check" not in result.output and "damaged PDF" not in result.output
    assert "TrimBox（仕上がり線）がない" in result.output and "総インキ量 300% 以下" in result.output   # read and judged


@pytest.mark.parametrize("kind", ["device", "fifo", "cut", "huge"])
def test_an_icc_profile_is_read_only_from_a_bounded_regular_file(tmp_path, kind, monkeypatch):
    if kind == "device":
        path = Path("/dev/zero")
    elif kind == "fifo":
        path = tmp_path / "shop.icc"
        os.mkfifo(path)                   # opening it would wait for a writer for ever
    elif kind == "cut":
        path = tmp_path / "shop.icc"
        path.write_bytes(BUNDLED_ICC.read_bytes()[:3000])
    else:
        from pnp.render import color
        monkeypatch.setattr(color, "MAX_ICC_BYTES", 1000)
        path = BUNDLED_ICC
    with pytest.raises(ProfileError) as info:
        ColorProfile(path)
    words = {"device": "a device, not a regular file", "fifo": "pipe", "cut": "damaged", "huge": "the limit is 1,000"}
    assert words[kind] in str(info.value)


def test_validate_reports_a_damaged_print_icc_at_its_line(mini_project):
    folder = mini_project / "components/mini"
    (folder / "shop.icc").write_bytes(BUNDLED_ICC.read_bytes()[:3000])
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "print:\n  icc: shop.icc\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "mini", "--project", str(mini_project), "--games", "1"])
    assert result.exit_code == 1
    assert any("game.yaml:" in ln and "print.icc" in ln and "damaged" in ln for ln in result.output.splitlines())
