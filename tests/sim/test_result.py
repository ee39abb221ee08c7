"""The typed study result: what `simulate --json` writes is `RunResult.to_json()`, read back with
`RunResult.from_json` into an equal record, for a real run of each bundled game."""
from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from pnp.cli.sim import simulate
from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.policies import parse_policies
from pnp.sim.result import Rate, ReportLabels, ResultError, RunResult
from pnp.sim.study import StudySpec, run_study

ROOT = Path(__file__).resolve().parents[2]


@click.group()
def cli():
    pass


cli.add_command(simulate)


@pytest.mark.parametrize("game", ["tantei2", "terror24", "euphoria", "ebe"])
def test_a_run_read_back_is_the_same_record_and_writes_the_same_json(game, tmp_path):
    engine = make_engine(Project(ROOT).load_game(game))
    players = engine.min_players
    data = tmp_path / "s.json"
    r = CliRunner().invoke(cli, ["simulate", game, "--players", str(players), "--games", "12", "--seed", "3",
                                 "--json", str(data), "--project", str(ROOT)])
    assert r.exit_code == 0, r.output
    text = data.read_text(encoding="utf-8")
    written = json.loads(text)
    read = RunResult.from_json(written)
    labels = ReportLabels.from_json(written["labels"])
    again = {**read.to_json(), "labels": labels.to_json()}      # the study's labels after the run's keys
    assert again == written
    assert json.dumps(again, ensure_ascii=False, indent=1) + "\n" == text     # the same order too
    study = run_study(engine, StudySpec(players=(players,), policies=parse_policies(engine, None), games=12,
                                        seed=3))
    assert study.runs == (read,) and study.labels == labels
    assert (read.game, read.players, read.games, read.completed) == (game, players, 12, 12)
    # the figures a reader asks for are records, the end reasons labelled in Japanese
    assert sum(e.games for e in read.end_reasons) == 12
    assert all(e.label_ja for e in read.end_reasons)
    rates = [read.team_win_rate] if read.cooperative else list(read.seat_win_rates)
    assert rates and all(isinstance(x, Rate) and x.lo <= x.rate <= x.hi for x in rates)


def test_a_summary_missing_a_field_names_it():
    with pytest.raises(ResultError) as exc:
        RunResult.from_json({"game": "ebe", "players": True})
    assert exc.value.field == "players" and "players: expected int, got bool" in str(exc.value)


def test_a_compared_run_keeps_the_other_side_as_a_record(tmp_path):
    """--compare-variant: the other rules' summary is a record too, and the file reads back to its bytes."""
    data = tmp_path / "s.json"
    r = CliRunner().invoke(cli, ["simulate", "tantei2", "--players", "3", "--games", "8", "--seed", "2",
                                 "--compare-variant", "tie-face-up", "--json", str(data), "--project", str(ROOT)])
    assert r.exit_code == 0, r.output
    text = data.read_text(encoding="utf-8")
    written = json.loads(text)
    read = RunResult.from_json(written)
    labels = ReportLabels.from_json(written["labels"])
    assert json.dumps({**read.to_json(), "labels": labels.to_json()}, ensure_ascii=False, indent=1) + "\n" == text
    assert labels.words["tie-face-up"] == "同点は表向きのカードだけで比べる"     # the compared rules named
    c = read.comparison
    assert c is not None and (c.variant_a, c.variant_b, c.pairs) == ("standard", "tie-face-up", 8)
    assert isinstance(c.summary_b, RunResult) and c.summary_b.variant == "tie-face-up"
    assert "、同じ種 8 組）" in r.output      # the text reads the same record
