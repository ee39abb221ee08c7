"""`pnp build --check-print` never vouches for a file it did not read: a verdict is kept in the manifest
with the bytes it was made on and pnp's version, a kept file without one is read back, and the summary
says how many files were read and how many verdicts reused.  "Changed" is decided by content."""
from __future__ import annotations

import json
import os
import time

import pytest
from click.testing import CliRunner

import pnp.render.pdf as pdf_backend
from pnp.cli import main

CHECKED = ("cards-sheets.pdf", "shop/cards-faces.pdf", "shop/cards-back.pdf")


@pytest.fixture
def run(mini_project):
    runner = CliRunner()

    def go(*args):
        result = runner.invoke(main, ["build", "--project", str(mini_project), "--out", str(mini_project / "out"),
                                      "--jobs", "1", *map(str, args)], catch_exceptions=False)
        assert "Traceback" not in result.output
        return result
    return go


def summary(result) -> str:
    lines = [line for line in result.stderr.splitlines() if line.startswith("check-print:")]
    assert len(lines) == 1, result.stderr
    return lines[0]


def verdicts(mini_project) -> dict[str, dict]:
    data = json.loads((mini_project / "out/mini/manifest.json").read_text(encoding="utf-8"))
    return {e["path"]: e["print_check"] for e in data["files"] if "print_check" in e}


def test_a_kept_file_with_no_verdict_is_read_back_and_its_misprint_found(run, mini_project, monkeypatch):
    real = pdf_backend.text_run

    def letter_spaced(c, text, font, size, x, y, char_space, fill):      # a writer fault
        real(c, text, font, size, x, y, char_space + 1.5, fill)
    monkeypatch.setattr(pdf_backend, "text_run", letter_spaced)
    assert run().exit_code == 0                     # a plain build does not read its files back
    monkeypatch.setattr(pdf_backend, "text_run", real)
    before = (mini_project / "out/mini/shop/cards-faces.pdf").read_bytes()

    result = run("--check-print")                   # nothing to draw: the kept files are read back
    assert result.exit_code == 1
    assert "mini/shop/cards-faces.pdf: p1" in result.output
    assert "mini/cards-sheets.pdf: p1" in result.output
    assert "mm from where the plan places it" in result.output
    # grouped: one line per card and kind of fault, with its first glyph and how many there are
    moved = [line for line in result.output.splitlines()
             if line.startswith("mini/shop/cards-faces.pdf: p1 ") and "from where the plan places it" in line]
    assert len(moved) == 1 and "(the first of " in moved[0], result.output
    assert ("mini/shop/cards-faces.pdf: check-print: this file was kept from the last build, drawn without "
            "--check-print: pnp build --clean draws it again") in result.output
    assert (mini_project / "out/mini/shop/cards-faces.pdf").read_bytes() == before
    assert verdicts(mini_project) == {}             # no verdict is recorded for a file that failed
    assert run("--check-print", "--clean").exit_code == 0     # drawn again by the right writer: it passes


def test_verdicts_are_kept_with_their_bytes_and_reused(run, mini_project):
    assert run().exit_code == 0
    first = run("--check-print")
    assert first.exit_code == 0, first.output
    assert summary(first).startswith("check-print: 3 files read back, 0 verdicts reused")
    recorded = verdicts(mini_project)
    assert sorted(recorded) == sorted(CHECKED)
    manifest = json.loads((mini_project / "out/mini/manifest.json").read_text(encoding="utf-8"))
    for entry in manifest["files"]:
        if entry["path"] in CHECKED:
            assert entry["print_check"]["sha256"] == entry["sha256"]
            assert entry["print_check"]["pnp"] == manifest["pnp"]
        else:                                        # the rulebook, PNG …: never said to be checked
            assert "print_check" not in entry

    again = run("--check-print")                    # the same bytes, the same pnp: nothing read
    assert again.exit_code == 0
    assert summary(again).startswith("check-print: 0 files read back, 3 verdicts reused")

    assert run().exit_code == 0                     # a plain build in between keeps the verdicts
    assert verdicts(mini_project) == recorded
    assert summary(run("--check-print")).startswith("check-print: 0 files read back, 3 verdicts reused")


def test_a_verdict_of_another_pnp_is_not_reused(run, mini_project):
    assert run("--check-print").exit_code == 0
    path = mini_project / "out/mini/manifest.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    for entry in manifest["files"]:
        if entry["path"] == "shop/cards-faces.pdf":
            entry["print_check"]["pnp"] = "0.0.1"
    path.write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    result = run("--check-print")
    assert result.exit_code == 0
    assert summary(result).startswith("check-print: 1 files read back, 2 verdicts reused")


def test_an_edited_card_is_read_back_as_drawn(run, mini_project):
    assert run("--check-print").exit_code == 0
    cards = mini_project / "components/mini/cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("満月", "新月"), encoding="utf-8")
    result = run("--check-print")
    assert result.exit_code == 0
    assert summary(result).startswith("check-print: 3 files read back, 0 verdicts reused")


def test_a_card_edited_in_place_with_the_same_size_and_mtime_is_drawn_again(run, mini_project):
    cards = mini_project / "components/mini/cards.yaml"
    old = time.time_ns() - 86_400 * 10**9         # long settled: its hash is remembered by its stamp
    os.utime(cards, ns=(old, old))
    assert run().exit_code == 0
    st = os.stat(cards)
    text = cards.read_text(encoding="utf-8")
    edited = text.replace("満月", "新月")
    assert len(edited.encode()) == len(text.encode())
    with open(cards, "r+b") as f:                  # in place: the same file, the same size …
        f.write(edited.encode())
    os.utime(cards, ns=(st.st_atime_ns, st.st_mtime_ns))      # … and the same mtime
    now = os.stat(cards)
    assert (now.st_size, now.st_mtime_ns, now.st_ino) == (st.st_size, st.st_mtime_ns, st.st_ino)
    result = run()
    assert result.exit_code == 0
    import pdfplumber
    with pdfplumber.open(mini_project / "out/mini/shop/cards-faces.pdf") as pdf:
        text = "".join(page.extract_text() or "" for page in pdf.pages)
    assert "新月" in text and "満月" not in text


def test_glyphs_outside_their_region_are_one_line_per_region():
    from pnp.render.printcheck import Planned, outside_regions
    from pnp.render.readback import Glyph
    from pnp.units import mm
    a = (mm(7), mm(40), mm(56), mm(60))
    b = (mm(14), mm(5), mm(49), mm(13))
    planned, drawn = [], []
    for char, region, x in [("み", a, mm(5)), ("さ", a, mm(6)), ("き", a, mm(6.5)),
                            ("な", b, mm(10)), ("ぎ", b, mm(11)), ("海", b, mm(20))]:
        y = region[1] + mm(4)
        planned.append(Planned(char, x, y, 1.0, 0.0, 4.5, 4.5, region, -1))
        drawn.append(Glyph(char, x, y, 1.0, 0.0, 4.5, 4.5, "mincho"))
    lines = outside_regions(planned, drawn)
    assert len(lines) == 2
    assert lines[0].startswith("「み」 at x 5.0 mm") and lines[0].endswith("(the first of 3 glyphs)")
    assert lines[1].startswith("「な」 at x 10.0 mm") and lines[1].endswith("(the first of 2 glyphs)")


def test_rulebook_only_says_it_read_nothing(run, mini_project):
    assert run("--check-print").exit_code == 0
    result = run("--check-print", "--rulebook-only")
    assert result.exit_code == 0
    assert summary(result) == "check-print: nothing read back (--rulebook-only draws no card or part PDF)"


def test_verdicts_come_back_from_the_build_workers(mini_project):
    from pnp.commands.scaffold import new_game
    new_game(mini_project, "other")
    runner = CliRunner()

    def go(*args):
        result = runner.invoke(main, ["build", "--project", str(mini_project), "--out", str(mini_project / "out"),
                                      "--jobs", "2", *args], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return result
    go()
    assert summary(go("--check-print")).startswith("check-print: 6 files read back, 0 verdicts reused")
    assert sorted(verdicts(mini_project)) == sorted(CHECKED)
    assert summary(go("--check-print")).startswith("check-print: 0 files read back, 6 verdicts reused")
