"""Text as outlines for shops that take no fonts (issue 38 item 6): pnp build --outline-text turns
every glyph of the shop files into a path drawn from the embedded subset's own outline, after the
print check has read the text.  Checked with pikepdf, pdffonts, pdftotext, Ghostscript's raster and
separations, and against pdfplumber's count of the text version's glyphs."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pikepdf
import pytest
from PIL import Image

from pnp.commands.build import BuildOptions, build_game
from pnp.data.project import Project
from pnp.render.outline import OutlineError, TrueTypeOutlines, outline_text

from .paintread import read_paint

OUTLINED = BuildOptions(sheets=False, rulebook=False, outline_text=True)
TEXT = BuildOptions(sheets=False, rulebook=False)


def _fonts(path: Path) -> list[pikepdf.Object]:
    with pikepdf.open(path) as pdf:
        return [o.objgen for o in pdf.objects if isinstance(o, pikepdf.Dictionary) and o.get("/Type") == pikepdf.Name.Font]


def _raster(path: Path, out: Path, page: int) -> bytes:
    """A page rendered by Ghostscript to CMYK at 300 dpi, anti-aliased, then averaged down to 75 dpi:
    edge hinting evens out, a glyph out of place by a quarter millimetre does not."""
    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiff32nc", "-r300", "-dTextAlphaBits=4",
                    "-dGraphicsAlphaBits=4", f"-dFirstPage={page}", f"-dLastPage={page}", f"-sOutputFile={out}",
                    str(path)], check=True)
    with Image.open(out) as img:
        img.load()
        return img.reduce(4).tobytes()


def _changed(a: bytes, b: bytes) -> int:
    return sum(1 for i in range(0, len(a), 4) if max(abs(a[i + j] - b[i + j]) for j in range(4)) > 32)


def test_outlined_shop_files_hold_no_font_and_no_text(mini_project, tmp_path):
    game = Project(mini_project).load_game("mini")
    build_game(game, tmp_path, OUTLINED)
    for path in sorted((tmp_path / "mini/shop").glob("*.pdf")):
        assert _fonts(path) == [], path
        rows = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
        assert len(rows.splitlines()) == 2, rows            # the header only
        text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
        assert not text.strip(), text
        with pikepdf.open(path) as pdf:                     # still the PDF/X-1a file
            assert pdf.pdf_version == "1.3"
            assert str(pdf.docinfo.GTS_PDFXConformance) == "PDF/X-1a:2001"
            assert len(pdf.Root.OutputIntents) == 1


@pytest.mark.needs("gs")
def test_outlines_print_as_the_text_did(built_kit, tmp_path):
    """A page of 探偵無宿２'s events (titles, body text, small print) rendered by Ghostscript: the
    outlined page differs from the text page in few pixels — ten times fewer than the next card
    (another text on the same design) differs from it."""
    source = built_kit / "tantei2/shop/events-faces.pdf"
    path = tmp_path / "events-faces.pdf"
    shutil.copy(source, path)
    outline_text(path)
    text, outlined, other = _raster(source, tmp_path / "a.tif", 3), _raster(path, tmp_path / "b.tif", 3), \
        _raster(path, tmp_path / "c.tif", 4)
    assert len(text) == len(outlined)
    inked = sum(1 for i in range(3, len(text), 4) if text[i] > 100)
    assert inked > 2000
    assert _changed(text, outlined) < 0.1 * inked < _changed(text, other) / 4


def test_every_glyph_of_a_bundled_deck_is_outlined_in_its_inks(built_kit, tmp_path):
    """探偵無宿２'s events: as many outlined glyphs as pdfplumber reads characters (spaces aside),
    and the small black ones still K100 overprinted (the fill state is the text's)."""
    source = built_kit / "tantei2/shop/events-faces.pdf"
    path = tmp_path / "events-faces.pdf"
    shutil.copy(source, path)
    with pdfplumber.open(source) as pdf:
        glyphs = sum(1 for page in pdf.pages for c in page.chars if c["text"].strip())
    assert outline_text(path) == glyphs > 3000
    assert _fonts(path) == []
    before, after = read_paint(source), read_paint(path)
    assert not after.texts
    black = [s for _p, s in after.fills if s.fill == (0.0, 0.0, 0.0, 1.0) and s.fill_overprint]
    assert len(black) >= sum(n for _p, n, s in before.texts if s.fill == (0.0, 0.0, 0.0, 1.0) and s.fill_overprint
                             and s.font_size * s.scale < 12) > 0


def test_the_print_check_reads_the_text_before_it_is_outlined(mini_project, tmp_path):
    """--check-print with --outline-text passes (it read glyphs: outlines have none) and its verdict
    stays with the outlined bytes, so an unchanged rebuild reads nothing again."""
    from pnp.outputs import sha256
    game = Project(mini_project).load_game("mini")
    opts = BuildOptions(sheets=False, rulebook=False, outline_text=True, check_print=True)
    result = build_game(game, tmp_path, opts)
    shop = [w for w in result.files if w.kind.startswith("shop")]
    assert shop and all(w.read_back and w.verdict is not None for w in shop)
    for w in shop:
        assert w.verdict[0] == sha256(w.path) and _fonts(w.path) == []


def test_outlined_files_are_byte_reproducible(mini_project, tmp_path):
    game = Project(mini_project).load_game("mini")
    build_game(game, tmp_path / "a", OUTLINED)
    build_game(game, tmp_path / "b", OUTLINED)
    for path in sorted((tmp_path / "a/mini/shop").glob("*.pdf")):
        assert path.read_bytes() == (tmp_path / "b/mini/shop" / path.name).read_bytes()


def test_a_font_that_is_not_truetype_is_refused():
    with pytest.raises(OutlineError, match="no .*table"):
        TrueTypeOutlines(b"OTTO" + b"\0" * 8)


@pytest.mark.needs("mutool")
@pytest.mark.needs("qpdf")
def test_readers_open_an_outlined_file_without_a_complaint(built_kit, tmp_path):
    """Every glyph form carries what it uses (it uses nothing: a path and a fill)."""
    path = tmp_path / "persons-faces.pdf"
    shutil.copy(built_kit / "tantei2/shop/persons-faces.pdf", path)
    assert outline_text(path) > 0
    run = subprocess.run(["mutool", "draw", "-N", "-q", "-r", "9", "-o", "/dev/null", str(path)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0 and not [ln for ln in run.stderr.splitlines() if "error" in ln.lower()], run.stderr
    check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
