"""Figures that depend on who plays are marked: the same seeds replayed by a second competent player
(the engine's ``second_policy``); a figure outside its first 95% interval reads 「方針で変わる」."""
from __future__ import annotations

from report_toy_engine import ToyEngine
from test_reports import summary

from pnp.sim.robustness import robustness, robustness_ja
from pnp.sim.verdicts import verdict_rows


class Second(ToyEngine):
    second_policy = "mcts:8"


def test_a_figure_the_players_decide_is_marked():
    # late die with card a winning: random players take a half the time, the searcher always: seat 1 wins
    # every game under the searcher, about half under random players
    e = Second()
    s, batch = summary(e, games=120, variant="late", options={"a_wins": True})
    rb = robustness(e, batch, s)
    assert rb is not None and rb["policy"] == "mcts:8"
    [moved] = rb["moved"]
    assert moved["key"] == "seat_win_rates" and 1 in moved["seats"]
    s["robustness"] = rb
    row = verdict_rows(s)[0]
    assert row["verdict"].endswith("（方針で変わる）")
    assert "が95%区間の外へ動きました" in robustness_ja(rb)


def test_a_figure_the_deal_decides_is_not_marked():
    # the deal names the winner whoever plays
    e = Second()
    s, batch = summary(e, games=120)
    rb = robustness(e, batch, s)
    assert rb is not None and rb["moved"] == []
    s["robustness"] = rb
    assert "方針で変わる" not in verdict_rows(s)[0]["verdict"]
    assert "どの数字も95%区間の中にとどまりました" in robustness_ja(rb)
