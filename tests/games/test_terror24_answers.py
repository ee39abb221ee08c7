"""24: the figures that answer the draft's questions measure what the questions ask.

* ruling death-risk (「５ラウンド目は特に何のデメリットもなく振れてしまえる」): the 5th incident of the last
  hand — dice rolled there and deaths — and the last hand's deaths, paired between the rules as written
  and the notes' proposal (death_rule=points);
* 「大きく点差が付いたとしても、２回チャンスがあれば逆転は十分に可能」: a comeback from a big hand-1 lead
  (a lone leader at least BIG_GAP VP ahead), not from any lead."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import terror24 as T
from pnp.games.terror24.questions import BIG_GAP, Q_COMEBACK, Q_DEATH
from pnp.sim.answers import PairedAnswers, paired_lines_ja
from pnp.sim.runner import Batch, run_games

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def E():
    return T.make_engine(Project(ROOT).load_game("terror24"))


@pytest.fixture(scope="module")
def draft(E):
    return run_games(E, Batch(3, ("heuristic",), 120, seed=7))


def test_the_last_hand_counts_agree_with_the_game_totals(E, draft):
    one = run_games(E, Batch(3, ("heuristic",), 40, seed=3, options={"hands": 1}))
    for r in one:                 # one hand: the last hand is the whole game
        x = r.result.extra
        assert sum(x["last_hand_dice"]["red"]) == x["dice"]["red"]["used"]
        assert sum(x["last_hand_dice"]["green"]) == x["dice"]["green"]["used"]
        assert sum(x["last_hand_deaths"]) == x["deaths_by_hand"][-1]
    for r in draft:
        x = r.result.extra
        assert sum(x["last_hand_deaths"]) == x["deaths_by_hand"][-1]
        assert sum(x["last_hand_dice"]["red"]) <= x["dice"]["red"]["used"]
        # a seat rolls each die at most once an incident
        assert all(v <= r.players for c in ("green", "red") for v in x["last_hand_dice"][c])
    assert sum(r.result.extra["last_hand_dice"]["red"][4] for r in draft) > 0


def test_the_death_risk_question_gets_the_fifth_incident_paired_between_the_rules(E, draft):
    points = run_games(E, Batch(3, ("heuristic",), 120, seed=7, options={"death_rule": "points"}))
    ans = PairedAnswers(E)
    for x, y in zip(draft, points):
        ans.add(x, y)
    res = ans.result()
    rows = {row["key"]: row for row in res["measures"] if row["question"] == Q_DEATH}
    assert set(rows) == {"last5_red", "last5_dice", "last5_deaths", "last_hand_deaths"}
    # the proposal pays 6 − incident for a death in the last hand: more seats die there
    deaths = rows["last_hand_deaths"]
    assert deaths["diff"]["ci"][0] > 0 and deaths["b"]["rate"] > deaths["a"]["rate"]
    expect = sum(sum(r.result.extra["last_hand_deaths"]) for r in draft) / len(draft)
    assert deaths["a"]["rate"] == pytest.approx(expect, abs=1e-4)
    lines = paired_lines_ja(res, "いまのルール", "殉職で6−事件番号のVP", Q_DEATH)
    assert any(line.startswith("最後のハンドの事件番号5で振った赤のダイス（1ゲームあたり）：いまのルール") and "個" in line
               for line in lines)
    [finding] = [f for f in E.questions(draft) if f.question_ja == Q_DEATH]
    assert "事件番号5で振った赤のダイスは1ゲーム平均" in finding.answer_ja


def test_the_comeback_question_reads_the_big_lead(E, draft):
    [m] = [m for m in E.measures if m.key == "big_comeback"]
    assert m.question_ja == Q_COMEBACK
    big = [r for r in draft if len(r.result.extra["hand1_leaders"]) == 1 and r.result.extra["hand1_gap"] >= BIG_GAP]
    small = [r for r in draft if r not in big]
    assert big and small
    assert all(m.value(r) is None for r in small)
    assert sum(m.value(r)[0] for r in big) == sum(r.result.winners[0] != r.result.extra["hand1_leaders"][0]
                                                  for r in big)
    [finding] = [f for f in E.questions(draft) if f.question_ja == Q_COMEBACK]
    assert f"単独首位が{BIG_GAP}VP以上離していたのは" in finding.answer_ja
    assert finding.figures["hands3_big_comeback"]["n"] == len(big)
