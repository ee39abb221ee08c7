"""Skill and luck figures that say only what they measure: a deal figure only where a deal is held,
a deterministic replay flagged, a skill figure undecided (判定できません) with its reason when it rests on
too few games or on a search weaker than the one shown to beat the game's own player."""
from __future__ import annotations

from pathlib import Path

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


def test_24_holds_no_deal_and_euphoria_5p_is_flagged_deterministic():
    t24 = make_engine(Project(ROOT).load_game("terror24"))
    assert deal_luck(t24, 3, deals=2, continuations=2, seed=1)["deal_held"] is False
    eu = make_engine(Project(ROOT).load_game("euphoria"))
    d5 = deal_luck(eu, 5, deals=4, continuations=3, seed=1)
    # 100% with a zero-width interval by construction: said, not passed off as luck
    assert d5["same_outcome"]["ci"] == [1.0, 1.0] and d5["deterministic"] is True
    assert "作りから来るもの" in skill_luck_ja({"deal": d5})[0]
    row = next(r for r in verdict_rows({"players": 5, "seat_win_rates": [{"rate": .2, "ci": [.1, .3]}] * 5,
                                        "skill_luck": {"deal": d5}}) if r["question"].startswith("配り"))
    assert row["verdict"] == "判定できません"


def test_skill_figure_undecided_with_few_games_or_a_weak_search():
    fig = skill_figures(ToyEngine(), 2, games=6, seed=1, search="mcts:5", variant="late", options={"a_wins": True})
    assert "6ゲームしか遊んでいないため" in fig["undecidable"]["random"]
    text = "".join(skill_luck_ja({"skill": fig}))
    assert "腕が効くかどうかは判定できません。6ゲームしか" in text
    t24 = make_engine(Project(ROOT).load_game("terror24"))
    weak = undecided_skill(t24, 3, "mcts:25:guided", "heuristic", 100)
    assert "読み25回" in weak and "読み400回" in weak
    assert undecided_skill(t24, 3, "mcts:400:guided", "heuristic", 100) == ""
