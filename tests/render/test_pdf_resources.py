"""Every PDF pnp writes names only resources it carries: each form XObject (a card, a suit mark, a
booklet's imposed page) has in its own Resources the graphics states (K100 overprint, opacity) its
content calls.  Read by four independent programs, in RGB and in CMYK (--color cmyk), every line
they print as an error or a warning fails.  (reportlab wrote a form's fonts and XObjects only: the
CMYK rulebook booklets called /gRLs0 that poppler and Ghostscript could not find, and MuPDF missed the
states of the cards and marks.)"""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner
from reportlab.lib.colors import CMYKColor

from pnp.cli import main
from pnp.commands.build import build_game
from pnp.data.project import Project
from pnp.outputs import BuildOptions
from pnp.render.pdf import PdfPainter, end_form, new_canvas

GAMES = ("ebe", "euphoria", "tantei2", "terror24")
# qpdf's verdict line names errors it did not find; its first line names the file (terror24 …)
QPDF_FINE = ("No syntax or stream encoding errors found", "errors that qpdf cannot detect", "checking ")


def _lines(run: subprocess.CompletedProcess) -> list[str]:
    return (run.stdout + run.stderr).splitlines()


def _qpdf(pdf: Path, _scratch: Path) -> list[str]:
    run = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True, timeout=120)
    return [ln for ln in _lines(run) if re.search(r"error|warning", ln, re.I)
            and not any(ln.startswith(f) or f in ln for f in QPDF_FINE)] + ([f"exit {run.returncode}"] if run.returncode else [])


def _mutool(pdf: Path, _scratch: Path) -> list[str]:
    # -N: no colour management (a MuPDF built without it warns so on every CMYK file, whatever the file)
    run = subprocess.run(["mutool", "draw", "-N", "-q", "-r", "9", "-o", "/dev/null", str(pdf)],
                         capture_output=True, text=True, timeout=300)
    return [ln for ln in run.stderr.splitlines() if re.match(r"\s*(error|warning)", ln, re.I)] + (
        [f"exit {run.returncode}"] if run.returncode else [])


def _pdftoppm(pdf: Path, scratch: Path) -> list[str]:
    run = subprocess.run(["pdftoppm", "-r", "9", "-png", str(pdf), str(scratch / "page")],
                         capture_output=True, text=True, timeout=300)
    for png in scratch.glob("page*.png"):
        png.unlink()
    return run.stderr.splitlines() + ([f"exit {run.returncode}"] if run.returncode else [])


def _pdftotext(pdf: Path, _scratch: Path) -> list[str]:
    run = subprocess.run(["pdftotext", str(pdf), "/dev/null"], capture_output=True, text=True, timeout=300)
    return run.stderr.splitlines() + ([f"exit {run.returncode}"] if run.returncode else [])


def _gs(pdf: Path, _scratch: Path) -> list[str]:
    run = subprocess.run(["gs", "-q", "-dSAFER", "-o", "/dev/null", "-sDEVICE=nullpage", str(pdf)],
                         capture_output=True, text=True, timeout=300)
    return [ln for ln in _lines(run) if ln.strip()] + ([f"exit {run.returncode}"] if run.returncode else [])


READERS = {"qpdf": ("qpdf", _qpdf), "mutool": ("mutool", _mutool), "pdftoppm": ("pdftoppm", _pdftoppm),
           "pdftotext": ("pdftotext", _pdftotext), "gs": ("gs", _gs)}


def _reports(out: Path) -> None:
    """The PDFs pnp writes beside a build: a simulation report (small) and the calibration page."""
    small = ("--games", "12", "--players", "4", "--skill-games", "2", "--search-iterations", "2",
             "--luck-deals", "2", "--luck-events", "2")
    repo = Path(__file__).resolve().parents[2]
    runner = CliRunner()
    for args in (["simulate", "euphoria", *small, "--report", str(out / "report.pdf"), "--project", str(repo)],
                 ["calibrate", "--out", str(out / "calibration.pdf")]):
        r = runner.invoke(main, args, catch_exceptions=False)
        assert r.exit_code == 0, r.output


def _cmyk_kit(repo: Path, out: Path) -> None:
    for game in Project(repo).load_games():
        build_game(game, out, BuildOptions(cmyk=True))


@pytest.fixture(scope="module")
def kits(built_kit, made_once, repo) -> dict[str, Path]:
    """mode → the folder of everything written in it: the shared default build, one --color cmyk build
    of every bundled game, and the reports (RGB only: they have no colour option)."""
    return {"rgb": built_kit, "cmyk": made_once("kit-cmyk", lambda out: _cmyk_kit(repo, out)),
            "reports": made_once("reports", _reports)}


def _pdfs(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.pdf"))


def test_the_kits_hold_every_kind_of_pdf_pnp_writes(kits):
    """What the readers below look at: for every game, in both colour modes, sheets, shop pages, parts,
    the rulebook and its booklet; and the two reports."""
    for mode in ("rgb", "cmyk"):
        for game in GAMES:
            names = {p.relative_to(kits[mode] / game).as_posix() for p in _pdfs(kits[mode] / game)}
            assert "rulebook.pdf" in names and "rulebook-booklet.pdf" in names, (mode, game)
            assert any(n.endswith("-sheets.pdf") for n in names), (mode, game)
            assert any(n.startswith("shop/") and n.endswith("-faces.pdf") for n in names), (mode, game)
            if game in ("ebe", "terror24"):          # the games with printed parts (boards, dice, tokens)
                assert any(n.startswith("parts-") for n in names), (mode, game)
    assert {p.name for p in _pdfs(kits["reports"])} == {"report.pdf", "calibration.pdf"}


@pytest.mark.parametrize("mode", ["rgb", "cmyk", "reports"])
@pytest.mark.parametrize("reader", sorted(READERS))
def test_every_pdf_reads_without_an_error_line(kits, reader, mode, tmp_path):
    program, read = READERS[reader]
    if shutil.which(program) is None:
        pytest.skip(f"{program} not installed: this reader was not run")
    pdfs = _pdfs(kits[mode])
    assert len(pdfs) >= 2
    bad = {}
    for pdf in pdfs:
        lines = read(pdf, tmp_path)
        if lines:
            bad[pdf.relative_to(kits[mode]).as_posix()] = (len(lines), lines[:3])
    assert not bad, f"{reader} on {len(pdfs)} {mode} PDFs: {bad}"


def _content(obj) -> bytes:
    contents = obj.get("/Contents")
    if isinstance(contents, pikepdf.Array):
        return b"\n".join(part.read_bytes() for part in contents)
    return contents.read_bytes() if contents is not None else b""


def _state_calls(pdf_path: Path) -> tuple[list[str], int]:
    """(every graphics state a page or form calls that its own Resources lack, how many calls were read)."""
    missing: list[str] = []
    calls = 0
    with pikepdf.open(pdf_path) as pdf:
        seen: set[tuple[int, int]] = set()

        def visit(obj, content: bytes, where: str) -> None:
            nonlocal calls
            res = obj.get("/Resources", pikepdf.Dictionary())
            have = {str(k)[1:] for k in res.get("/ExtGState", pikepdf.Dictionary()).keys()}
            used = [m.decode() for m in re.findall(rb"/(\S+)\s+gs\b", content)]
            calls += len(used)
            missing.extend(f"{where}: {name}" for name in sorted(set(used) - have))
            for name, x in res.get("/XObject", pikepdf.Dictionary()).items():
                if x.get("/Subtype") == "/Form" and x.objgen not in seen:
                    seen.add(x.objgen)
                    visit(x, x.read_bytes(), f"{where} {name}")

        for n, page in enumerate(pdf.pages, 1):
            visit(page.obj, _content(page.obj), f"page {n}")
    return missing, calls


def test_a_form_carries_the_overprint_it_calls(tmp_path):
    """A K100 mark drawn as a form inside a card form, on a CMYK page: both forms name the overprint
    state in their own Resources (reportlab registered it nowhere a reader looks)."""
    from pnp.layout.plan import Mark
    path = tmp_path / "forms.pdf"
    c = new_canvas(path, (200, 200), "forms", cmyk=True)
    painter = PdfPainter(c, cmyk=True)
    c.beginForm("outer", 0, 0, 100, 100)
    c.saveState()
    c.setFillColor(CMYKColor(0, 0, 0, 1))
    c.setFillOverprint(True)
    c.rect(0, 0, 10, 10, stroke=0, fill=1)
    c.restoreState()
    painter.mark(Mark("circle", 50, -50, 20, "#000000"))
    end_form(c)
    c.doForm("outer")
    c.showPage()
    c.save()
    assert _state_calls(path) == ([], 3)     # the card's op; the mark's op and OPM
    with pikepdf.open(path) as pdf:
        outer = pdf.pages[0].Resources.XObject["/FormXob.outer"]
        mark = next(iter(outer.Resources.XObject.values()))
        for form in (outer, mark):
            states = [dict(s) for s in form.Resources.ExtGState.values()]
            assert {"/op": True} in [{k: bool(v) for k, v in s.items()} for s in states]


@pytest.mark.parametrize("game", GAMES)
def test_no_page_or_form_of_the_cmyk_kit_calls_a_state_it_lacks(kits, game):
    """The same, read structurally from every CMYK PDF of the game (sheets, shop, parts, rulebooks)."""
    pdfs = _pdfs(kits["cmyk"] / game)
    calls = 0
    for pdf in pdfs:
        missing, n = _state_calls(pdf)
        assert missing == [], (pdf.name, missing[:5])
        calls += n
    assert len(pdfs) >= 8 and calls > 100      # K100 text overprints on every game's cards
