"""EBE: the missions-vs-events answer gives counts and intervals, and paired figures where a rule is
compared (the draft: 「イベントコストが大きすぎ、脱出アイテム作るのも面倒すぎで、結局どちらかしか優先できない」)."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import ebe
from pnp.games.ebe.questions import Q_MIX
from pnp.sim.answers import PairedAnswers
from pnp.sim.runner import Batch, run_games

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def E():
    return ebe.make_engine(Project(ROOT).load_game("ebe"))


@pytest.fixture(scope="module")
def games(E):
    return run_games(E, Batch(3, ("planner",), 80, seed=5))


def test_the_answer_counts_the_four_ways_a_game_goes_with_intervals(E, games):
    [f] = [f for f in E.questions(games) if f.question_ja == Q_MIX]
    outcomes = f.figures["outcomes"]
    assert set(outcomes) == {"both", "missions_only", "events_only", "neither"}
    assert sum(o["rate"] for o in outcomes.values()) == pytest.approx(1.0, abs=2e-4)
    wins = sum(bool(r.result.extra["win"]) for r in games)
    assert round((outcomes["both"]["rate"] + outcomes["missions_only"]["rate"]) * len(games)) == wins
    for o in outcomes.values():
        assert o["ci"][0] <= o["rate"] <= o["ci"][1]
    met = sum(r.result.extra["events_done"] for r in games)
    drawn = met + sum(r.result.extra["events_failed"] for r in games)
    assert f.figures["events_met_rate"]["rate"] == pytest.approx(met / drawn, abs=1e-4)
    assert f"イベント{drawn}件のうち達成{met}件" in f.answer_ja and "95%区間" in f.answer_ja
    assert "観察値・因果ではありません" in f.answer_ja


def test_a_compared_rule_gets_paired_differences_for_both_goals(E, games):
    life30 = run_games(E, Batch(3, ("planner",), 80, seed=5, variant="life30"))
    ans = PairedAnswers(E)
    for x, y in zip(games, life30):
        ans.add(x, y)
    rows = {row["key"]: row for row in ans.result()["measures"] if row["question"] == Q_MIX}
    assert set(rows) == {"events_met", "missions_built", "both"}
    # half the station life ends games before the missions are built
    assert rows["missions_built"]["diff"]["ci"][1] < 0
    assert rows["events_met"]["a"]["n"] > 0 and rows["events_met"]["b"]["n"] > 0
