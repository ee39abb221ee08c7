"""The report rebuilt from `simulate --json` without playing a game: the same bytes as the live run's,
and a file that is not such a study refused with its file and field named (exit 1), never a traceback."""
from __future__ import annotations

import json
from pathlib import Path

import click
from click.testing import CliRunner

from pnp.cli.sim import simulate

ROOT = Path(__file__).resolve().parents[2]


@click.group()
def cli():
    pass


cli.add_command(simulate)


def run(*args):
    return CliRunner().invoke(cli, [*map(str, args), "--project", str(ROOT)])


SMALL = ("--games", "20", "--skill-games", "4", "--skill-ladder", "1,2", "--luck-deals", "2", "--luck-events", "2")


def no_engine(monkeypatch):
    """Any attempt to make a game's engine fails the test: the report must be rebuilt from the file alone."""
    def refuse(*_args, **_kw):
        raise AssertionError("the engine was loaded")
    import pnp.commands.sim
    import pnp.games
    monkeypatch.setattr(pnp.games, "make_engine", refuse)
    monkeypatch.setattr(pnp.commands.sim, "make_engine", refuse)


def test_the_report_from_json_is_the_live_reports_bytes_without_the_engine(tmp_path, monkeypatch):
    live, data = tmp_path / "live.pdf", tmp_path / "s.json"
    # every player count (3 to 5): the file holds {"runs": […]}
    r = run("simulate", "euphoria", *SMALL, "--json", data, "--report", live)
    assert r.exit_code == 0, r.output
    study = json.loads(data.read_text(encoding="utf-8"))
    assert [s["players"] for s in study["runs"]] == [3, 4, 5]
    # the words the report asks the engine for, kept in the file: the search player's note among them
    labels = study["labels"]
    assert labels["round_unit"] == "ラウンド" and labels["words"]["hidden_removed"] == "伏せ札なし得点"
    assert "mcts:N:guided" in labels["policy_notes"] and list(study)[-1] == "labels"
    no_engine(monkeypatch)
    again = tmp_path / "again.pdf"
    r = run("simulate", "euphoria", "--from-json", data, "--report", again)
    assert r.exit_code == 0, r.output
    assert again.read_bytes() == live.read_bytes()
    assert "ゲーム" not in r.output.replace("レポート", "")      # no progress: nothing was played


def test_one_player_counts_file_rebuilds_its_report_without_the_engine(tmp_path, monkeypatch):
    live, data = tmp_path / "live.pdf", tmp_path / "s.json"
    r = run("simulate", "terror24", "--players", "3", *SMALL, "--json", data, "--report", live)
    assert r.exit_code == 0, r.output
    summary = json.loads(data.read_text(encoding="utf-8"))
    assert summary["players"] == 3 and summary["labels"]["round_unit"] == "ハンド"
    no_engine(monkeypatch)
    again = tmp_path / "again.pdf"
    r = run("simulate", "terror24", "--from-json", data, "--report", again)
    assert r.exit_code == 0, r.output
    assert again.read_bytes() == live.read_bytes()


def test_a_study_written_before_the_labels_were_kept_is_refused(tmp_path, monkeypatch):
    data = tmp_path / "s.json"
    r = run("simulate", "euphoria", "--games", "6", "--json", data)
    assert r.exit_code == 0, r.output
    study = json.loads(data.read_text(encoding="utf-8"))
    no_engine(monkeypatch)
    out = tmp_path / "r.pdf"
    for damaged, said in (({k: v for k, v in study.items() if k != "labels"},
                           "labels: the file has no labels (the words the report takes from the game's engine); it "
                           "was written by an older pnp: play the study again with simulate --json"),
                          ({**study, "labels": {**study["labels"], "round_unit": 3}},
                           "labels.round_unit: expected str, got int"),
                          ({**study, "labels": {**study["labels"], "policy_notes": None}},
                           "labels.policy_notes: expected dict, got nothing"),
                          ({**study, "labels": {**study["labels"], "words": {"life30": 30}}},
                           "labels.words.life30: expected str, got int")):
        old = tmp_path / "old.json"
        old.write_text(json.dumps(damaged), encoding="utf-8")
        r = run("simulate", "euphoria", "--from-json", old, "--report", out)
        assert r.exit_code == 1 and "Traceback" not in r.output, r.output
        assert f"{old}: {said}" in r.output, r.output
        assert not out.exists()


def test_a_file_that_is_not_a_study_is_refused_by_file_and_field(tmp_path):
    data = tmp_path / "s.json"
    r = run("simulate", "euphoria", "--players", "3", "--games", "10", "--json", data)
    assert r.exit_code == 0, r.output
    summary = json.loads(data.read_text(encoding="utf-8"))
    out = tmp_path / "r.pdf"

    def refused(content: str, *words: str) -> None:
        bad = tmp_path / "bad.json"
        bad.write_text(content, encoding="utf-8")
        r = run("simulate", "euphoria", "--from-json", bad, "--report", out)
        assert r.exit_code == 1 and "Traceback" not in r.output, r.output
        for w in (str(bad), *words):
            assert w in r.output, (w, r.output)
        assert not out.exists()

    refused(json.dumps({k: v for k, v in summary.items() if k != "length"}), "length: expected dict, got nothing")
    refused(json.dumps({**summary, "players": "3"}), "players: expected int, got str")
    refused(json.dumps({"game": "euphoria", "runs": [summary, 5]}), "runs[1]", "expected a summary")
    refused(json.dumps({**summary, "game": "ebe"}), "a study of 'ebe', not of 'euphoria'")
    refused('{"game": ', "1:10: not readable as JSON")
    refused(json.dumps({**summary, "error_count": 2}), "2 games of this study broke")
    r = run("simulate", "euphoria", "--from-json", data)
    assert r.exit_code == 2 and "--from-json rebuilds the report" in r.output


def test_run_study_is_what_simulate_prints_and_writes(tmp_path):
    """The library call plays what the command plays: the same summary as `simulate --json`, no CLI needed."""
    from pnp.data.project import Project
    from pnp.games import make_engine
    from pnp.sim.policies import parse_policies
    from pnp.sim.study import StudySpec, run_study
    engine = make_engine(Project(ROOT).load_game("euphoria"))
    study = run_study(engine, StudySpec(players=(3,), policies=parse_policies(engine, None), games=12, seed=4,
                                        skill_games=4, ladder=(1,), builtin=True))
    data = tmp_path / "s.json"
    r = run("simulate", "euphoria", "--players", "3", "--games", "12", "--seed", "4", "--skill-games", "4",
            "--skill-ladder", "1", "--builtin-comparisons", "--json", data)
    assert r.exit_code == 0, r.output
    assert study.game == "euphoria" and len(study.runs) == 1
    written = json.loads(data.read_text(encoding="utf-8"))
    assert study.runs[0].to_json() == {k: v for k, v in written.items() if k != "labels"}
    assert study.labels.to_json() == written["labels"]


def test_a_bad_ladder_is_a_usage_error():
    r = run("simulate", "euphoria", "--games", "5", "--skill-ladder", "1,two")
    assert r.exit_code == 2 and "search budgets are whole numbers" in r.output
    r = run("simulate", "euphoria", "--games", "5", "--skill-ladder", "1,2", "--search-iterations", "4")
    assert r.exit_code == 2 and "give one" in r.output
