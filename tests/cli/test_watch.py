"""`pnp watch`: a save is seen, rebuilt (only what changed) with a message and a current preview; a bad
save prints the problem with file:line and watching goes on."""
from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import main
from pnp.commands.watch import Watcher, changes, snapshot

WAIT_S = 90      # the machine may be busy: wait long for a rebuild, but stop as soon as it is seen


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))


def wait_for(lines: list[str], text: str, start: int = 0) -> int:
    """Index of the first line from start that contains text (fails after WAIT_S)."""
    end = time.monotonic() + WAIT_S
    while time.monotonic() < end:
        for i in range(start, len(lines)):
            if text in lines[i]:
                return i
        time.sleep(0.05)
    raise AssertionError(f"no {text!r} after line {start} in:\n" + "\n".join(lines))


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    time.sleep(0.05)           # a different modification time from the last save
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_watch_rebuilds_on_save_and_survives_a_bad_edit(tmp_path):
    project = tmp_path / "project"
    assert CliRunner().invoke(main, ["new", "demo", "--project", str(project)]).exit_code == 0
    cards = project / "components/demo/cards.yaml"
    lines: list[str] = []
    w = Watcher(project, ["demo"], project / "out", interval=0.05, echo=lines.append)
    thread = threading.Thread(target=w.run, daemon=True)
    thread.start()
    try:
        at = wait_for(lines, "watching components/demo")
        assert any("built demo" in ln and "3 file(s) drawn" in ln for ln in lines[:at])
        sheets = project / "out/demo/cards-sheets.pdf"
        preview = project / "preview-demo-cards.png"
        assert sheets.is_file() and preview.is_file()
        first_preview = preview.stat().st_mtime_ns

        edit(cards, "手札を1枚引く。", "手札を2枚引く。")
        at = wait_for(lines, "changed: components/demo/cards.yaml", at)
        ready = wait_for(lines, "sheets of demo ready in", at)
        assert lines[ready].endswith(": out/demo/cards-sheets.pdf")
        # the preview comes with the home sheets, before the shop pages are drawn
        shown = wait_for(lines, "preview preview-demo-cards.png", ready)
        at = wait_for(lines, "built demo", at)
        assert ready < shown < at
        assert "3 file(s) drawn" in lines[at]
        assert "手札を2枚引く。" in PdfReader(str(sheets)).pages[0].extract_text()
        assert preview.stat().st_mtime_ns != first_preview
        good = sheets.read_bytes()

        edit(cards, "suit: sun, value: 1", "suit: nosuch, value: 1")
        at = wait_for(lines, "changed: components/demo/cards.yaml", at + 1)
        at = wait_for(lines, "unknown suit 'nosuch'", at)
        assert lines[at].startswith("components/demo/cards.yaml:14:")
        assert "the last good files stay" in lines[at + 1]
        assert sheets.read_bytes() == good and thread.is_alive()

        edit(cards, "suit: nosuch, value: 1", "suit: moon, value: 1")
        at = wait_for(lines, "changed: components/demo/cards.yaml", at + 1)
        at = wait_for(lines, "built demo", at)
        assert "3 file(s) drawn" in lines[at] and sheets.read_bytes() != good
    finally:
        w.stop.set()
        thread.join(30)
    assert not thread.is_alive()
    assert not any("Traceback" in ln for ln in lines)


def test_changes_name_added_changed_and_removed_files(tmp_path):
    (tmp_path / "a.yaml").write_text("a", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("b", encoding="utf-8")
    (tmp_path / ".a.yaml.swp").write_text("editor", encoding="utf-8")
    before = snapshot([tmp_path])
    assert sorted(p.name for p in before) == ["a.yaml", "b.yaml"]
    (tmp_path / "a.yaml").write_text("aa", encoding="utf-8")
    (tmp_path / "b.yaml").unlink()
    (tmp_path / "c.yaml").write_text("c", encoding="utf-8")
    assert [(k, p.name) for k, p in changes(before, snapshot([tmp_path]))] == \
        [("changed", "a.yaml"), ("removed", "b.yaml"), ("added", "c.yaml")]


def test_watch_help():
    r = CliRunner().invoke(main, ["watch", "--help"])
    assert r.exit_code == 0 and "--interval" in r.output and "--no-preview" in r.output
