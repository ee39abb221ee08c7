"""Labels and units a designer reads: the seat test (a best seat named only where the χ² test tells the
seats apart), lengths in the game's own unit (24 counts hands), 勝差 as the winner rule defines it."""
from __future__ import annotations

from pathlib import Path

from report_toy_engine import ToyEngine
from test_reports import pdf_text, summary

from pnp.commands.sim import format_summary
from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.labels import report_labels
from pnp.sim.metrics import summarize
from pnp.sim.report import seat_sentence, write_report
from pnp.sim.runner import Batch, run_games
from pnp.sim.stats import chi2_sf, seat_chi2

ROOT = Path(__file__).resolve().parents[2]


def test_chi2_survival_matches_the_tables():
    assert abs(chi2_sf(3.841, 1) - 0.05) < 1e-3 and abs(chi2_sf(9.488, 4) - 0.05) < 1e-3
    assert seat_chi2([10, 10, 10], 30)["p"] == 1.0


def test_fair_seats_name_no_best_seat(tmp_path):
    # the deal names the winner, every seat equally likely: the seats are equal by construction
    s, _ = summary(ToyEngine(labels={"done": "決着"}), games=300)
    assert s["seat_test"]["p"] > 0.05
    text = seat_sentence(s)
    assert "席による差は言えません" in text and "いちばん勝つ" not in text
    out = tmp_path / "r.pdf"
    write_report(out, "トイ", [s], labels=report_labels(ToyEngine(labels={"done": "決着"}), [s]))
    first = pdf_text(out)[0]
    assert "χ²検定" in first and "いちばん勝つ" not in first


def test_a_seat_that_wins_more_is_named_with_its_test():
    # late die with card a winning: the first seat to pick a wins, so seat 1 wins about half the games
    s, _ = summary(ToyEngine(), games=300, variant="late", options={"a_wins": True})
    assert s["seat_test"]["p"] < 0.001
    assert "席によって勝率が違います。いちばん勝つのは1番席" in seat_sentence(s)
    assert "χ²検定：χ² = " in "\n".join(format_summary(s, ToyEngine()))


def test_24_lengths_count_hands_and_euphoria_margin_is_never_negative():
    engine = make_engine(Project(ROOT).load_game("terror24"))
    batch = Batch(3, ("heuristic",), 10, seed=2)
    text = "\n".join(format_summary(summarize(engine, run_games(engine, batch), batch), engine))
    assert "ハンド数：平均 3.0ハンド" in text and "ラウンド数" not in text
    engine = make_engine(Project(ROOT).load_game("euphoria"))
    batch = Batch(5, ("heuristic",), 60, seed=2)
    s = summarize(engine, run_games(engine, batch), batch)
    m = s["scores"]["margin"]
    assert m["min"] >= 0 and m["games"] + s["scores"]["won_below_top_score"] <= 60
    if s["scores"]["won_below_top_score"]:
        assert "得点以外の勝ち方" in "\n".join(format_summary(s, engine))
