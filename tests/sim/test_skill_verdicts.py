"""Skill and luck figures that say only what they measure: a deal figure only where a deal is held,
a deterministic replay flagged, a skill figure undecided (判定できません) with its reason when it rests on
too few games or on a search weaker than the one shown to beat the game's own player."""
from __future__ import annotations

from pathlib import Path

import pytest
from report_toy_engine import ToyEngine

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.engine import CHANCE
from pnp.sim.skill import deal_luck, skill_figures, skill_luck_ja, undecided_skill
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


def test_skill_figure_undecided_with_few_games_or_a_weak_search():
    fig = skill_figures(ToyEngine(), 2, games=6, seed=1, search="mcts:5", variant="late", options={"a_wins": True})
    assert "6ゲームしか遊んでいないため" in fig["undecidable"]["random"]
    text = "".join(skill_luck_ja({"skill": fig}))
    assert "腕が効くかどうかは判定できません。6ゲームしか" in text
    t24 = make_engine(Project(ROOT).load_game("terror24"))
    weak = undecided_skill(t24, 3, "mcts:25:guided", "heuristic", 100)
    assert "読み25回" in weak and "読み400回" in weak
    assert undecided_skill(t24, 3, "mcts:400:guided", "heuristic", 100) == ""


def test_a_deal_figure_that_cannot_decide_within_its_budget_says_so():
    """A late die decides the toy: 4 deals leave the interval across both the base rate and 5 points above
    it — 判定できません, with the interval and how to get more deals; never a verdict from 4 deals."""
    d = deal_luck(ToyEngine(), 3, deals=4, continuations=3, seed=3, policy="random", variant="late")
    assert d["chance_after_deal"] is True and d["decision"] is None and d["played"] == 4
    [line] = skill_luck_ja({"deal": d})
    assert line.startswith("配りの影響：判定できません。配り4通り（上限）では、一致率の区間") and "--luck-deals" in line
