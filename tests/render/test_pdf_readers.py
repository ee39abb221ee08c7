"""Every PDF opens cleanly in other PDF programs (each check skipped where the program is absent)."""
import shutil
import subprocess

import pytest

READERS = {
    "qpdf": lambda p: ["qpdf", "--check", str(p)],
    "gs": lambda p: ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", str(p)],
    "mutool": lambda p: ["mutool", "info", str(p)],
    "pdftoppm": lambda p: ["pdftoppm", "-r", "8", "-png", "-f", "1", "-l", "2", str(p), str(p.with_suffix(""))],
}


@pytest.mark.parametrize("reader", sorted(READERS))
def test_pdfs_open_cleanly(built_kit, reader):
    if shutil.which(reader) is None:
        pytest.skip(f"{reader} not installed")
    pdfs = sorted(built_kit.rglob("*.pdf"))
    assert len(pdfs) >= 9
    for pdf in pdfs:
        run = subprocess.run(READERS[reader](pdf), capture_output=True, text=True, timeout=60)
        noise = [ln for ln in (run.stderr + (run.stdout if reader == "gs" else "")).splitlines()
                 if "error" in ln.lower() or "warning" in ln.lower()]
        assert run.returncode == 0 and not noise, (pdf, run.stderr[-500:])
