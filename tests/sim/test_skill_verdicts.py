"""Skill and luck figures that say only what they measure: a deal figure only where a deal is held,
a deterministic replay flagged, and a skill ladder whose verdict reads its intervals: skill matters
where a step up the ladder lies above 0, hardly matters where every step lies within the margin, and
is undecided only where an interval straddles 0 and reaches past the margin."""
from __future__ import annotations

from pathlib import Path

import pytest
from report_toy_engine import ToyEngine

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.engine import CHANCE
from pnp.sim.skill import deal_luck, ladder_budgets, ladder_games, ladder_row, ladder_rungs, skill_ladder, skill_luck_ja
from pnp.sim.verdicts import verdict_rows

ROOT = Path(__file__).resolve().parents[2]


class PickFirst(ToyEngine):
    """The toy with its deal after the choices: the first step is a decision, as in 24 (the 刑事 picks)."""

    def to_move(self, s):
        if len(s.picks) < s.n:
            return len(s.picks)
        if s.fav is None:
            return CHANCE
        return super().to_move(s)


def test_no_deal_figure_where_the_first_step_is_a_decision():
    d = deal_luck(PickFirst(), 3, deals=6, continuations=3, seed=1, policy="random")
    assert d["deal_held"] is False and "same_outcome" not in d
    [line] = skill_luck_ja({"deal": d})
    assert line.startswith("配りの影響：判定できません。このゲームは最初の一手が選択")
    held = deal_luck(ToyEngine(), 3, deals=6, continuations=3, seed=1, policy="random")
    assert held["deal_held"] is True and "deterministic" not in held


@pytest.mark.parametrize("players", [3, 5])
def test_24_holds_no_deal_and_euphoria_measures_no_policy_timing_as_luck(players):
    """ユーフォリア's only chance is the deal: continuations of one deal could differ only by the players' own
    random timing, which is not luck — no figure (it printed 40.6% against 35.4% from exactly that)."""
    t24 = make_engine(Project(ROOT).load_game("terror24"))
    assert deal_luck(t24, 3, deals=2, continuations=2, seed=1)["deal_held"] is False
    eu = make_engine(Project(ROOT).load_game("euphoria"))
    d = deal_luck(eu, players, deals=16, continuations=3, seed=1)
    assert d["chance_after_deal"] is False and "same_outcome" not in d and d["played"] == 1
    assert "プレイヤー自身の乱数（打ち方の揺れ）だけで、それは運ではない" in skill_luck_ja({"deal": d})[0]
    row = next(r for r in verdict_rows({"players": players, "seat_win_rates": [{"rate": .2, "ci": [.1, .3]}] * players,
                                        "skill_luck": {"deal": d}}) if r["question"].startswith("配り"))
    assert row["verdict"] == "測りません（偶然は配りだけ）" and row["figure"] == "—"


def test_a_deal_figure_that_cannot_decide_within_its_budget_says_so():
    """A late die decides the toy: 4 deals leave the interval across both the base rate and 5 points above
    it — 判定できません, with the interval and how to get more deals; never a verdict from 4 deals."""
    d = deal_luck(ToyEngine(), 3, deals=4, continuations=3, seed=3, policy="random", variant="late")
    assert d["chance_after_deal"] is True and d["decision"] is None and d["played"] == 4
    [line] = skill_luck_ja({"deal": d})
    assert line.startswith("配りの影響：判定できません。配り4通り（上限）では、一致率の区間") and "--luck-deals" in line


def test_the_ladder_says_skill_matters_where_the_search_beats_the_field():
    # with a_wins the seat that takes card a wins the late die: the search takes it, random half the time
    lad = skill_ladder(ToyEngine(), 2, games=40, seed=1, budgets=(1, 4), variant="late", options={"a_wins": True})
    assert [r["policy"] for r in lad["rungs"]] == ["random", "mcts:1", "mcts:4"]
    assert [r["budget"] for r in lad["rungs"]] == [None, 1, 4]
    # the field plays random: its own rung is the same seat's share, 1/2 but for chance
    lo, hi = lad["rungs"][0]["ci"]
    assert lad["rungs"][0]["field"] and lo < 0.5 < hi and lad["fair"] == 0.5
    assert lad["top"]["ci"][0] > 0 and lad["verdict"] == "matters"
    assert lad["slope"] is not None and lad["slope"]["n"] == 40
    text = "".join(skill_luck_ja({"ladder": lad}))
    assert f"ランダム（ほかの席と同じ） {100 * lad['rungs'][0]['rate']:.1f}%" in text
    assert "腕が効きます（ランダム→探索（読み4）・探索の読みを倍にするごとの区間が0より上にあります）" in text
    row = ladder_row(lad)
    assert row["verdict"] == "腕が効きます" and row["question"] == "腕の影響（ランダム→探索（読み4）の勝率の伸び）"


def test_the_ladder_says_skill_hardly_matters_where_the_deal_decides():
    # standard: the deal names the winner whatever is chosen; every rung meets the same deal on a seed
    lad = skill_ladder(ToyEngine(), 3, games=30, seed=2, budgets=(1, 2))
    assert all(f["ci"] == [0.0, 0.0] for f in (lad["top"], lad["slope"]))
    assert lad["verdict"] == "none"
    assert "腕はほとんど効きません（どの区間も±5ポイントの中に収まります）" in "".join(skill_luck_ja({"ladder": lad}))


def test_the_ladder_is_undecided_only_where_an_interval_straddles():
    lad = skill_ladder(ToyEngine(), 2, games=8, seed=2, budgets=(1, 2), variant="late", options={"a_wins": True})
    lo, hi = lad["slope"]["ci"]
    assert lad["top"]["ci"] == [0.0, 0.0]                     # within the margin, but …
    assert lad["verdict"] == "undecided" and lo < 0 < hi and hi > lad["margin"]     # … the slope reaches past it
    assert "判定できません（どの区間も0をまたぎ" in "".join(skill_luck_ja({"ladder": lad}))


def test_every_bundled_game_has_a_ladder_it_can_climb():
    """The old gate wanted 30 search samples where 探偵無宿２'s search was capped at 8: a verdict that could
    never come.  The ladder's rungs are budgets the search really plays, distinct, doubling."""
    project = Project(ROOT)
    for gid in ("terror24", "euphoria", "tantei2", "ebe"):
        engine = make_engine(project.load_game(gid))
        rungs = ladder_rungs(engine, ladder_budgets(engine))
        budgets = [b for _, b in rungs if b is not None]
        assert [p for p, _ in rungs[:2]] == ["random", engine.default_policy], gid
        assert len(budgets) >= 2 and budgets == sorted(set(budgets)), gid
        assert all(b2 == 2 * b1 for b1, b2 in zip(budgets, budgets[1:])), gid
        assert 40 <= ladder_games(engine) <= 100, gid


def test_a_search_weaker_than_the_field_is_said_to_be_weak_not_taken_for_no_skill():
    lad = {"field": "heuristic", "games": 100, "cooperative": False, "fair": 1 / 3, "margin": 0.05,
           "rungs": [{"policy": "random", "budget": None, "rate": 0.02, "ci": [0.005, 0.07]},
                     {"policy": "heuristic", "budget": None, "field": True, "rate": 0.33, "ci": [0.25, 0.43]},
                     {"policy": "mcts:2:guided", "budget": 2, "rate": 0.09, "ci": [0.048, 0.162]}],
           "steps": [], "slope": None, "verdict": "matters",
           "basic": {"mean": 0.26, "ci": [0.174, 0.346]}, "top": {"to": 2, "mean": -0.19, "ci": [-0.289, -0.091]}}
    text = "".join(skill_luck_ja({"ladder": lad}))
    assert "ヒューリスティック→探索（読み2） −19.0ポイント（95%区間 −28.9〜−9.1）" in text
    assert "探索（読み2）までの探索はヒューリスティックより弱く" in text and "--skill-ladder で読みを増やします" in text
