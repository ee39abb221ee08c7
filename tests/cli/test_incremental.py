"""Incremental builds: an output whose inputs did not change is kept, and the result is byte for byte
a clean build of the same data."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))


def build(project: Path, out: Path, *args: str):
    r = CliRunner().invoke(main, ["build", *args, "--project", str(project), "--out", str(out)])
    assert r.exit_code == 0, r.output
    return r


def files(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def stamps(out: Path) -> dict[str, int]:
    return {p.relative_to(out).as_posix(): p.stat().st_mtime_ns for p in out.rglob("*.pdf")}


def copy_game(tmp_path: Path, game: str) -> Path:
    project = tmp_path / "project"
    shutil.copytree(ROOT / "components" / game, project / "components" / game)
    return project


def test_one_card_edited_redraws_its_deck_only_and_equals_a_clean_build(tmp_path):
    project = copy_game(tmp_path, "tantei2")
    out, clean = tmp_path / "out", tmp_path / "clean"
    build(project, out)
    before = stamps(out)
    events = project / "components/tantei2/events.yaml"
    text = events.read_text(encoding="utf-8")
    assert "家族写真に、知らない娘が写っている。" in text
    events.write_text(text.replace("家族写真に、知らない娘が写っている。", "家族写真に、知らない男が写っている。"),
                      encoding="utf-8")
    r = build(project, out)
    after = stamps(out)
    redrawn = sorted(p for p in after if after[p] != before.get(p))
    assert redrawn == ["tantei2/events-sheets.pdf", "tantei2/shop/events-back.pdf", "tantei2/shop/events-faces.pdf"]
    assert "3 files drawn" in r.output
    elsewhere = tmp_path / "elsewhere"           # a clean build of the edited data, from another folder
    shutil.copytree(project, elsewhere)
    build(elsewhere, clean, "--clean")
    assert files(out) == files(clean)            # every PDF and the manifest, byte for byte
    manifest = json.loads((out / "tantei2/manifest.json").read_text(encoding="utf-8"))
    units = {e["path"]: (e["unit"], e["key"]) for e in manifest["files"]}
    assert units["events-sheets.pdf"][0] == "deck/events/sheets"
    assert units["rulebook.pdf"][0] == "rulebook" and len(units["rulebook.pdf"][1]) == 64


def test_no_change_rebuild_draws_nothing_and_a_damaged_output_is_redrawn(tmp_path):
    project = copy_game(tmp_path, "euphoria")
    out = tmp_path / "out"
    first = build(project, out)
    before = stamps(out)
    again = build(project, out)
    assert "0 files drawn" in again.output and stamps(out) == before
    assert [ln for ln in again.output.splitlines() if "ページ" in ln] == \
        [ln for ln in first.output.splitlines() if "ページ" in ln]
    # an output changed or removed by hand is drawn again, the others stay
    sheets = out / "euphoria/kleshas-sheets.pdf"
    good = sheets.read_bytes()
    sheets.write_bytes(good[:-10])
    (out / "euphoria/shop/kleshas-back.pdf").unlink()
    r = build(project, out)
    assert sheets.read_bytes() == good and (out / "euphoria/shop/kleshas-back.pdf").is_file()
    assert "3 files drawn" in r.output            # the sheets, and the shop pages (one unit)
    assert stamps(out)["euphoria/rulebook.pdf"] == before["euphoria/rulebook.pdf"]


def test_options_rulebook_and_clean(tmp_path):
    project = copy_game(tmp_path, "euphoria")
    out = tmp_path / "out"
    build(project, out)
    before = stamps(out)
    # another paper redraws the home sheets only: shop pages and the rulebook do not use it
    r = build(project, out, "--paper", "letter")
    changed = sorted(p for p, t in stamps(out).items() if t != before[p])
    assert changed == ["euphoria/aid-sheets.pdf", "euphoria/kleshas-sheets.pdf"], r.output    # both decks
    # a rulebook edit redraws the rulebook, not the cards
    before = stamps(out)
    source = next((project / "components/euphoria/rulebook").glob("*.md"))
    source.write_text(source.read_text(encoding="utf-8") + "\n追記の段落です。\n", encoding="utf-8")
    build(project, out, "--paper", "letter")
    changed = sorted(p for p, t in stamps(out).items() if t != before[p])
    assert changed == ["euphoria/rulebook-booklet.pdf", "euphoria/rulebook.pdf"]
    # --clean draws everything again, to the same bytes
    before_bytes = files(out)
    r = build(project, out, "--paper", "letter", "--clean")
    assert "unchanged" not in r.output and files(out) == before_bytes


def test_a_bad_edit_is_reported_and_the_last_good_build_stays(tmp_path):
    project = copy_game(tmp_path, "euphoria")
    out = tmp_path / "out"
    build(project, out)
    good = files(out)
    deck = project / "components/euphoria/kleshas.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("suit: tonyoku,", "suit: nosuch,", 1), encoding="utf-8")
    r = CliRunner().invoke(main, ["build", "--project", str(project), "--out", str(out)])
    assert r.exit_code == 1 and "components/euphoria/kleshas.yaml:" in r.output and "Traceback" not in r.output
    assert files(out) == good
