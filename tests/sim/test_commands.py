"""pnp play / simulate / replay through click's CliRunner (registered on a local group, as the lead will)."""
from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from pnp.cli.sim import play, replay, simulate
from pnp.commands.sim import sample_game_problems
from pnp.data.project import Project

ROOT = Path(__file__).resolve().parents[2]


@click.group()
def cli():
    pass


for cmd in (play, simulate, replay):
    cli.add_command(cmd)


def run(*args):
    return CliRunner().invoke(cli, [*args, "--project", str(ROOT)], catch_exceptions=False)


def test_help_texts():
    for name in ("play", "simulate", "replay"):
        r = CliRunner().invoke(cli, [name, "--help"])
        assert r.exit_code == 0 and "Usage" in r.output


def test_play_transcript_and_replay(tmp_path):
    log = tmp_path / "game.json"
    r = run("play", "euphoria", "--seed", "4", "--players", "4", "--policy", "heuristic", "--json", str(log))
    assert r.exit_code == 0, r.output
    assert "■ 第1ラウンド" in r.output and "■ 結果" in r.output and "順位" in r.output
    data = json.loads(log.read_text(encoding="utf-8"))
    for key in ("engine_version", "data_hash", "seed", "players", "policies", "variant", "options"):
        assert key in data["header"]
    assert data["events"][0]["seat"] == "chance" and data["result"]["end_reason"]
    r = run("replay", str(log))
    assert r.exit_code == 0 and "一致" in r.output
    # a tampered log: a different card played somewhere
    ev = next(e for e in data["events"] if isinstance(e["action"], dict) and e["action"].get("move") == "chant")
    ev["action"]["card"] = (ev["action"]["card"] + 1) % 40
    log.write_text(json.dumps(data), encoding="utf-8")
    r = run("replay", str(log))
    assert r.exit_code == 1 and "is not a legal action here" in r.output and "Traceback" not in r.output
    data["final_state_hash"] = "0" * 64
    log.write_text("{broken", encoding="utf-8")
    r = run("replay", str(log))
    assert r.exit_code == 1 and "JSON" in r.output


def test_replay_detects_a_different_final_state(tmp_path):
    log = tmp_path / "g.json"
    assert run("play", "euphoria", "--seed", "9", "--json", str(log)).exit_code == 0
    data = json.loads(log.read_text(encoding="utf-8"))
    data["final_state_hash"] = "f" * 64
    log.write_text(json.dumps(data), encoding="utf-8")
    r = run("replay", str(log))
    assert r.exit_code == 1 and "different state" in r.output


def test_play_same_seed_same_log(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    run("play", "euphoria", "--seed", "2", "--players", "5", "--json", str(a))
    run("play", "euphoria", "--seed", "2", "--players", "5", "--json", str(b))
    assert a.read_bytes() == b.read_bytes()


def test_simulate_json_jobs_independent_and_report(tmp_path):
    j1, j2, pdf = tmp_path / "1.json", tmp_path / "2.json", tmp_path / "r.pdf"
    small = ("--skill-games", "4", "--search-iterations", "5", "--luck-deals", "4", "--luck-events", "4")
    r = run("simulate", "euphoria", "--games", "60", "--players", "4", "--policy", "heuristic,random",
            "--json", str(j1), "--report", str(pdf), "--compare-variant", "hidden_removed", *small)
    assert r.exit_code == 0, r.output
    assert "席ごとの勝率" in r.output and "設計上の疑問" in r.output
    r = run("simulate", "euphoria", "--games", "60", "--players", "4", "--policy", "heuristic,random",
            "--json", str(j2), "--jobs", "2", "--compare-variant", "hidden_removed", *small)
    assert j1.read_bytes() == j2.read_bytes()
    data = json.loads(j1.read_text(encoding="utf-8"))
    assert data["game"] == "euphoria" and data["errors"] == [] and len(data["wins_by_seat"]) == 4
    assert pdf.read_bytes().startswith(b"%PDF")
    first = pdf.read_bytes()
    run("simulate", "euphoria", "--games", "60", "--players", "4", "--policy", "heuristic,random",
        "--report", str(pdf), "--compare-variant", "hidden_removed", *small)
    assert pdf.read_bytes() == first          # invariant=1: same input, same bytes


def test_simulate_all_player_counts_and_options(tmp_path):
    j = tmp_path / "all.json"
    r = run("simulate", "euphoria", "--games", "20", "--option", "round_minimum_cap=6", "--json", str(j))
    assert r.exit_code == 0, r.output
    data = json.loads(j.read_text(encoding="utf-8"))
    assert data["players"] == [3, 4, 5] and len(data["runs"]) == 3
    assert data["runs"][0]["options"] == {"round_minimum_cap": 6}


@pytest.mark.parametrize("args,message", [
    (("--option", "nope=1"), "--option 'nope=1': not an option of the game"),
    (("--option", "round_minimum_cap=7"), "not one of"),
    (("--policy", "genius"), "unknown policy"),
    (("--players", "9"), "3–5 players"),
    (("--variant", "moon"), "has no such variant"),
])
def test_user_errors_exit_1(args, message):
    r = run("play", "euphoria", *args)
    assert r.exit_code == 1 and message in r.output


def test_sample_games_for_validate():
    game = Project(ROOT).load_game("euphoria")
    assert sample_game_problems(game, games_per_config=10) == []


def test_compare_option_plays_the_same_seeds_with_another_option(repo):
    from click.testing import CliRunner

    from pnp.cli import main
    r = CliRunner().invoke(main, ["simulate", "terror24", "--games", "12", "--players", "3", "--option", "hands=2",
                                  "--compare-option", "hands=3", "--project", str(repo)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    assert "比較（hands=2 → hands=3、同じ種 12 組）" in r.output
    assert "2ハンド戦の逆転" in r.output and "3ハンド戦の逆転" in r.output


def test_report_keeps_every_answer_and_embeds_every_font(repo, tmp_path):
    """Findings that do not fit the first page go on over the page, never cut off."""
    import pdfplumber
    from click.testing import CliRunner
    from pypdf import PdfReader

    from pnp.cli import main
    out = tmp_path / "r.pdf"
    # as few games and as short searches as still fill seven pages with every kind of finding (the skill
    # rows, said undecided, are among the longest); the default skill games' search players cost 40 s
    r = CliRunner().invoke(main, ["simulate", "terror24", "--games", "6", "--players", "4", "--compare-variant",
                                  "notes-skills", "--skill-games", "2", "--search-iterations", "2",
                                  "--luck-events", "4", "--report", str(out), "--project", str(repo)],
                           catch_exceptions=False)
    assert r.exit_code == 0, r.output
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) > 1
        text = "".join((p.extract_text() or "") for p in pdf.pages).replace("\n", "").replace(" ", "")
    for question in ("1ハンド目は無味乾燥か", "刑事ごとの勝率", "同点の決着ルールはどれくらい使われるか",
                     "比較：標準ルール→メモのスキル案"):
        assert question in text, question
    for page in PdfReader(out).pages:
        for font in page["/Resources"]["/Font"].values():
            assert "+" in str(font.get_object()["/BaseFont"])       # subset-embedded, no bare Helvetica
