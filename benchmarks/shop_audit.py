"""Measurement: the bundled games' print-shop files as a shop's RIP and independent readers see them
(the closing figures of issue 38).

    python benchmarks/shop_audit.py [GAME ...] [--dpi 100]

Builds each game's shop files (``--marks jp``, the default shop jp-card) into a temporary folder and
prints, per game and component kind (the cards' faces and backs, each part kind):

* ``files``/``pages``;
* ``PDF/X``: the GTS_PDFXConformance, the PDF version, Trapped and the OutputIntent's condition, read
  with pikepdf (each distinct combination once);
* ``bleed``: the least distance from TrimBox to BleedBox over every side of every page, in mm;
* ``max ink``: the highest total ink of any pixel inside the BleedBox, on Ghostscript's separations
  (tiffsep, overprint simulated) — pnp.render.separations, what preflight measures;
* ``<12 pt by plates``: glyphs under 12 pt inside the bleed, counted by the plates their fill colour
  takes (1, 2, 3, 4), read back with pdfplumber;
* ``reversed``: white or nearly white glyphs under 12 pt over a filled shape of three or four plates;
* ``MuPDF errors``: lines of ``mutool draw`` naming an error.

Then preflight's verdict (jp-card) on each hand-made case of tests/preflight/foreign_pdfs.py.  Not a
test: it reports figures; the tests assert on them."""
from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
GAMES = ("ebe", "euphoria", "tantei2", "terror24")
MM = 72 / 25.4


@dataclass
class Row:
    files: int = 0
    pages: int = 0
    pdfx: set[str] = field(default_factory=set)
    bleed_mm: float = float("inf")
    max_ink: float = 0.0
    plates: Counter[int] = field(default_factory=Counter)
    reversed: int = 0
    mupdf: int = 0


def pdfx_keys(path: Path) -> tuple[str, float]:
    """The file's PDF/X keys in a few words, and its least bleed (mm) over every side of every page."""
    import pikepdf
    with pikepdf.open(path) as pdf:
        info = pdf.docinfo
        intents = pdf.Root.get("/OutputIntents") or []
        condition = str(intents[0].get("/OutputConditionIdentifier", "?")) if len(intents) else "no OutputIntent"
        keys = (f"{info.get('/GTS_PDFXConformance', 'no PDF/X')} PDF {pdf.pdf_version} "
                f"Trapped {info.get('/Trapped', '-')} {condition}")
        least = float("inf")
        for page in pdf.pages:
            trim = [float(v) for v in page.obj.get("/TrimBox", page.mediabox)]
            bleed = [float(v) for v in page.obj.get("/BleedBox", page.mediabox)]
            least = min(least, trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2], bleed[3] - trim[3])
    return keys, least / MM


def small_glyphs(path: Path) -> tuple[Counter[int], int]:
    """Glyphs under 12 pt inside the bleed by plate count, and the reversed ones (preflight's reading)."""
    from pnp.render.color import SMALL_TEXT_PT
    from pnp.render.preflight import _bleed, _ground, _light, _overlaps, _plates
    from pnp.render.readback import read_pdf
    plates: Counter[int] = Counter()
    reversed_out = 0
    for page in read_pdf(path, paint=True):
        bleed = _bleed(page)
        for g in page.glyphs:
            if g.char.isspace() or g.size >= SMALL_TEXT_PT or not _overlaps(g.box(), bleed):
                continue
            n = _plates(g.color, g.colorspace)
            plates[n] += 1
            if _light(g.color, g.colorspace):
                what, fill = _ground(g.box(), page)
                if what == "path" and _plates(fill) > 2:
                    reversed_out += 1
    return plates, reversed_out


def mupdf_errors(path: Path) -> int:
    if shutil.which("mutool") is None:
        return -1
    done = subprocess.run(["mutool", "draw", "-o", "/dev/null", "-r", "20", str(path)], capture_output=True, text=True)
    # mutool names each page it draws ("page FILE 1", and a file may be called terror24): its own lines
    # say "error: …"
    return sum(1 for line in (done.stderr + done.stdout).splitlines() if line.lower().startswith("error"))


def audit_game(game_id: str, out: Path, dpi: float) -> dict[str, Row]:
    from pnp.commands.build import BuildOptions, build_game
    from pnp.data.project import Project
    from pnp.render.separations import measure_ink
    game = Project(REPO).load_game(game_id)
    result = build_game(game, out, BuildOptions(sheets=False, rulebook=False, marks="jp"))
    rows: dict[str, Row] = {}
    for written in result.files:
        if not written.kind.startswith("shop"):
            continue
        path = written.path
        if written.kind == "shop-parts":
            name = path.stem.removeprefix("parts-")      # a part's id, or the sheet token parts share
            part = next((p for p in game.parts if p.id == name or getattr(p, "sheet", "") == name), None)
            kind = str(getattr(part, "kind", "") or type(part).__name__.lower())
        else:
            kind = "cards " + ("faces" if written.kind == "shop-faces" else "backs")
        row = rows.setdefault(kind, Row())
        row.files += 1
        keys, bleed = pdfx_keys(path)
        row.pdfx.add(keys)
        row.bleed_mm = min(row.bleed_mm, bleed)
        _dpi, pages, _said = measure_ink(path, 300.0, dpi)
        row.pages += len(pages)
        row.max_ink = max([row.max_ink, *(p.max_percent for p in pages)])
        plates, reversed_out = small_glyphs(path)
        row.plates.update(plates)
        row.reversed += reversed_out
        row.mupdf += max(0, mupdf_errors(path))
    return rows


def foreign_verdicts(work: Path) -> list[tuple[str, str, str]]:
    """(case, verdict, the checks that failed or warned) for each hand-made case."""
    from pnp.render.preflight import preflight
    from pnp.render.shops import SHOPS
    spec = importlib.util.spec_from_file_location("foreign_pdfs", REPO / "tests/preflight/foreign_pdfs.py")
    assert spec is not None and spec.loader is not None
    make: Any = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    out = []
    for name, build in make.CASES.items():
        report = preflight(build(work / f"{name}.pdf"), SHOPS["jp-card"])
        errors = sorted({f.check for f in report.findings if f.level == "error"})
        warnings = sorted({f.check for f in report.findings if f.level == "warning"})
        said = ", ".join([*(f"{c} error" for c in errors), *(f"{c} warning" for c in warnings)]) or "-"
        out.append((name, "fail" if report.failed else "pass", said))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--dpi", type=float, default=150.0, help="resolution of the separations (preflight's: 150)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="pnp-shop-audit-") as tmp:
        work = Path(tmp)
        print("| game | kind | files | pages | PDF/X | least bleed mm | max ink % | <12 pt glyphs by plates 1/2/3/4 "
              "| reversed <12 pt | MuPDF errors |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for game_id in args.games:
            rows = audit_game(game_id, work / "out", args.dpi)
            for kind, row in sorted(rows.items()):
                plates = "/".join(str(row.plates.get(n, 0)) for n in (1, 2, 3, 4))
                print(f"| {game_id} | {kind} | {row.files} | {row.pages} | {'; '.join(sorted(row.pdfx))} | "
                      f"{row.bleed_mm:.2f} | {row.max_ink:.1f} | {plates} | {row.reversed} | {row.mupdf} |")
            sys.stdout.flush()
        print()
        print("| hand-made case | preflight (jp-card) | checks not OK |")
        print("|---|---|---|")
        (work / "cases").mkdir()
        for name, verdict, said in foreign_verdicts(work / "cases"):
            print(f"| {name} | {verdict} | {said} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
