"""`pnp build --check-print`: the written PDFs are read back before they replace the kit in place."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

import pnp.render.pdf as pdf_backend
from pnp.cli import main


@pytest.fixture
def run():
    runner = CliRunner()

    def go(*args):
        return runner.invoke(main, [str(a) for a in args], catch_exceptions=False)
    return go


def test_a_clean_kit_passes_the_print_check(run, mini_project):
    result = run("build", "--project", mini_project, "--out", mini_project / "out", "--check-print", "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert (mini_project / "out/mini/shop/cards-faces.pdf").exists()


def test_a_misprint_is_an_error_naming_file_page_and_card_and_keeps_the_last_kit(run, mini_project, monkeypatch):
    out = mini_project / "out"
    assert run("build", "--project", mini_project, "--out", out, "--jobs", "1").exit_code == 0
    before = (out / "mini/shop/cards-faces.pdf").read_bytes()
    cards = mini_project / "components/mini/cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("満月", "新月"), encoding="utf-8")
    real = pdf_backend.text_run

    def letter_spaced(c, text, font, size, x, y, char_space, fill):   # the writer fault of old, put back
        real(c, text, font, size, x, y, char_space + 1.5, fill)
    monkeypatch.setattr(pdf_backend, "text_run", letter_spaced)
    result = run("build", "--project", mini_project, "--out", out, "--check-print", "--jobs", "1")
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert "mini/shop/cards-faces.pdf: p1" in result.output
    assert "mm from where the plan places it" in result.output
    assert (out / "mini/shop/cards-faces.pdf").read_bytes() == before
