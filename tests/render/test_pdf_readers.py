"""Every PDF opens cleanly in other PDF programs (a missing program fails the check: see conftest's needs)."""
import subprocess

import pytest
from programs import program

# (the PDF, a scratch folder: the kit is shared by the workers and only read)
READERS = {
    "qpdf": lambda p, _: ["qpdf", "--check", str(p)],
    "gs": lambda p, _: ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", str(p)],
    "mutool": lambda p, _: ["mutool", "info", str(p)],
    "pdftoppm": lambda p, scratch: ["pdftoppm", "-r", "8", "-png", "-f", "1", "-l", "2", str(p), str(scratch / p.stem)],
}


@pytest.mark.sampled(8)          # each reader on 2 of the 4 games; all with PNP_TEST_ALL=1
@pytest.mark.parametrize("game", ["ebe", "euphoria", "tantei2", "terror24"])
@pytest.mark.parametrize("reader", sorted(READERS))
def test_pdfs_open_cleanly(built_kit, reader, game, tmp_path):
    program(reader)
    pdfs = sorted((built_kit / game).rglob("*.pdf"))
    assert len(pdfs) >= 8
    for pdf in pdfs:
        run = subprocess.run(READERS[reader](pdf, tmp_path), capture_output=True, text=True, timeout=60)
        noise = [ln for ln in (run.stderr + (run.stdout if reader == "gs" else "")).splitlines()
                 if "error" in ln.lower() or "warning" in ln.lower()]
        assert run.returncode == 0 and not noise, (pdf, run.stderr[-500:])
