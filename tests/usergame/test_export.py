"""`pnp export GAME DECK --csv`: a YAML deck as a spreadsheet, which then makes the same cards."""
from __future__ import annotations

import dataclasses
import shutil

import pdfplumber
from click.testing import CliRunner

from pnp.cli import main
from pnp.data.export import game_deck_file
from pnp.data.project import Project


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def point_at(path, sheet: str) -> None:
    """Replace the deck's YAML card list with `cards: {from: SHEET}` (suits, layout, defaults stay)."""
    text = path.read_text(encoding="utf-8")
    head = text[:text.index("\ncards:")]
    path.write_text(head + f"\ncards: {{from: {sheet}}}\n", encoding="utf-8")


def faces_text(pdf) -> list[str]:
    with pdfplumber.open(pdf) as doc:
        return [page.extract_text() for page in doc.pages]


def test_export_then_read_back_builds_identical_card_faces(repo, tmp_path):
    shutil.copytree(repo / "components/euphoria", tmp_path / "components/euphoria")
    before = run("build", "euphoria", "--project", tmp_path, "--out", tmp_path / "a")
    assert before.exit_code == 0, before.output
    result = run("export", "euphoria", "kleshas", "--csv", "--project", tmp_path)
    assert result.exit_code == 0, result.output
    sheet = tmp_path / "components/euphoria/kleshas.csv"
    assert result.output.splitlines()[0] == sheet.as_posix()
    lines = sheet.read_text(encoding="utf-8-sig").splitlines()
    assert lines[0].startswith("id,title,suit,value") and len(lines) == 41
    point_at(tmp_path / "components/euphoria/kleshas.yaml", "kleshas.csv")
    after = run("build", "euphoria", "--project", tmp_path, "--out", tmp_path / "b")
    assert after.exit_code == 0, after.output
    a, b = tmp_path / "a/euphoria/kleshas-sheets.pdf", tmp_path / "b/euphoria/kleshas-sheets.pdf"
    assert faces_text(a) == faces_text(b) and "貪欲" in "".join(faces_text(a))
    assert a.read_bytes() == b.read_bytes()


def test_every_bundled_deck_round_trips(repo, tmp_path):
    """Fields, rules (nested, true/false, lists), counts, multi-line text, provisional marks: the same cards."""
    shutil.copytree(repo / "components", tmp_path / "components")
    project = Project(tmp_path)
    before = {g.id: g for g in project.load_games()}
    for game in before.values():
        for deck in game.decks:
            path = game_deck_file(project, game, deck.id)
            out = path.parent / f"{deck.id}.tsv"
            assert run("export", game.id, deck.id, "--tsv", "--out", out, "--project", tmp_path).exit_code == 0
            point_at(path, out.name)
    after = {g.id: g for g in Project(tmp_path).load_games()}
    for gid, game in before.items():
        for d1, d2 in zip(game.decks, after[gid].decks):
            assert [dataclasses.replace(c, where=None) for c in d1.cards] == \
                   [dataclasses.replace(c, where=None) for c in d2.cards], (gid, d1.id)
            assert d2.cards[0].where.cell == "A2"


def test_export_keeps_what_exists_and_names_what_cannot_be_encoded(repo, tmp_path):
    shutil.copytree(repo / "components/tantei2", tmp_path / "components/tantei2")
    assert run("export", "tantei2", "events", "--project", tmp_path).exit_code == 0
    sheet = tmp_path / "components/tantei2/events.csv"
    first = sheet.read_bytes()
    again = run("export", "tantei2", "events", "--project", tmp_path)
    assert again.exit_code == 1 and "already exists (use --force" in again.output
    assert sheet.read_bytes() == first
    assert run("export", "tantei2", "events", "--force", "--project", tmp_path).exit_code == 0
    missing = run("export", "tantei2", "nope", "--project", tmp_path)
    assert missing.exit_code == 1 and "no deck 'nope' (decks: watashi, persons, tragedy, events, aid)" in missing.output
    deck = tmp_path / "components/tantei2/events.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("告命灯の由来", "告命灯の由来♫"), encoding="utf-8")
    sjis = run("export", "tantei2", "events", "--encoding", "cp932", "--out", tmp_path / "sjis.csv",
               "--project", tmp_path)
    assert sjis.exit_code == 1 and "sjis.csv!B2: title: ♫ cannot be written in cp932" in sjis.output
    assert not (tmp_path / "sjis.csv").exists()
    deck.write_text(deck.read_text(encoding="utf-8").replace("♫", ""), encoding="utf-8")
    ok = run("export", "tantei2", "events", "--encoding", "cp932", "--out", tmp_path / "sjis.csv", "--project", tmp_path)
    assert ok.exit_code == 0
    assert "告命灯の由来" in (tmp_path / "sjis.csv").read_bytes().decode("cp932")
