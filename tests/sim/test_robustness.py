"""Figures that depend on who plays are marked: the same seeds replayed by a second competent player
(the engine's ``second_policy``), each figure tested on the pairs of games and the tests Holm-corrected
together, so that a player who changes nothing gets any figure marked 「方針で変わる」 at most 5% of the time."""
from __future__ import annotations

from report_toy_engine import ToyEngine
from test_reports import summary

from pnp.sim.answers import Measure
from pnp.sim.robustness import ALPHA, compare_pairs, holm, robustness, robustness_ja
from pnp.sim.runner import Batch, run_games
from pnp.sim.stats import t_two_sided, wilson
from pnp.sim.verdicts import verdict_rows


class Second(ToyEngine):
    second_policy = "mcts:8"


def _nobody_picks_b(r):
    return (0.0 if "b" in r.result.extra["cards_used"] else 1.0), 1.0


def _winner_seat(r):
    return float(r.result.winners[0]), 1.0


MEASURES = (Measure("all_a", "全員がaを選ぶか", "全員がaを選ぶ", _nobody_picks_b),
            Measure("winner_seat", "勝つのは何番席か", "勝った席の番号", _winner_seat, percent=False, unit_ja="番"))


def test_a_figure_the_players_decide_is_marked():
    # late die with card a winning: random players take a half the time, the searcher always: seat 1 wins
    # every game under the searcher, about half under random players
    e = Second()
    s, batch = summary(e, games=120, variant="late", options={"a_wins": True})
    rb = robustness(e, batch, s)
    assert rb is not None and rb["policy"] == "mcts:8"
    assert rb["games"] == 120 and rb["tested"] == 3 and rb["alpha"] == ALPHA
    [moved] = rb["moved"]
    assert moved["key"] == "seat_win_rates" and 1 in moved["seats"]
    assert all(p < ALPHA for p in moved["p"])
    s["robustness"] = rb
    row = verdict_rows(s)[0]
    assert row["verdict"].endswith("（方針で変わる）")
    text = robustness_ja(rb)
    assert "が変わりました（3個の数字それぞれで" in text and "Holm 法で補正" in text and "5%以下" in text


def test_a_measure_the_players_decide_is_marked_with_its_unit():
    e = Second(measures=MEASURES)
    s, batch = summary(e, games=120, variant="late", options={"a_wins": True})
    rb = robustness(e, batch, s)
    assert rb is not None and rb["tested"] == 5
    moved = {m["key"]: m for m in rb["moved"]}
    # the searcher always takes a (random players all do 1/8 of the time), and seat 1 always wins
    assert moved["all_a"]["b"] == 1.0 and 0.05 < moved["all_a"]["a"] < 0.25
    assert moved["winner_seat"]["b"] == 0.0
    text = robustness_ja(rb)
    assert "全員がaを選ぶ（" in text and "%→100.0%）" in text
    assert "勝った席の番号（" in text and "番→0.00番）" in text


def test_a_figure_the_deal_decides_is_not_marked():
    # the deal names the winner whoever plays
    e = Second()
    s, batch = summary(e, games=120)
    rb = robustness(e, batch, s)
    assert rb is not None and rb["moved"] == [] and rb["tested"] == 3
    s["robustness"] = rb
    assert "方針で変わる" not in verdict_rows(s)[0]["verdict"]
    assert "方針で変わると言える数字はありませんでした（3個の数字" in robustness_ja(rb)


def test_under_the_null_any_figure_is_marked_at_most_five_percent_of_the_time():
    """The same policy in both arms, independent seeds, few games per run: the share of runs with any
    figure marked (5 figures: 3 seats and 2 measures) stays within 5%, Wilson interval and all."""
    e = ToyEngine(measures=MEASURES)
    runs, games, marked = 600, 20, 0
    opts = {"a_wins": True}
    for k in range(runs):
        a = run_games(e, Batch(3, ("random",), games, seed=10_000 + 2 * k, variant="late", options=opts))
        b = run_games(e, Batch(3, ("random",), games, seed=10_001 + 2 * k, variant="late", options=opts))
        rb = compare_pairs(e, 3, zip(a, b), "random")
        assert rb["tested"] == 5 and rb["games"] == games
        marked += bool(rb["moved"])
    lo, hi = wilson(marked, runs)
    assert marked / runs <= ALPHA, (marked, runs, lo, hi)
    assert hi < ALPHA + 0.025, (marked, runs, lo, hi)


def test_holm_steps_down_and_t_matches_its_table():
    assert holm([0.01, 0.04, 0.03]) == [True, False, False]        # 0.01 ≤ .05/3; 0.03 > .05/2: stop
    assert holm([0.01, 0.02, 0.04]) == [True, True, True]          # .01 ≤ .0167, .02 ≤ .025, .04 ≤ .05
    assert holm([0.2, 0.001]) == [False, True]
    assert holm([]) == []
    assert abs(t_two_sided(2.093, 19) - 0.05) < 1e-4
    assert abs(t_two_sided(3.169, 10) - 0.01) < 1e-4
    assert t_two_sided(0.0, 5) == 1.0


def test_a_measure_that_repeats_the_team_figure_reads_once():
    # EBE's measure 「チームの勝率」 is the team's win rate again: both are tested, the sentence names it once
    rb = {"policy": "early-planner", "games": 100, "tested": 2, "alpha": ALPHA,
          "moved": [{"key": "team_win_rate", "label": "チームの勝率", "a": 0.71, "b": 0.3, "p": 0.0},
                    {"key": "team_win", "label": "チームの勝率", "a": 0.71, "b": 0.3, "p": 0.0, "percent": True}]}
    text = robustness_ja(rb)
    assert text.count("チームの勝率（71.0%→30.0%）") == 1 and "2個の数字それぞれで" in text


def test_a_handful_of_moved_pairs_is_not_marked_as_if_it_were_many():
    """7 of 300 pairs differ, all the same way: when nothing changes that happens with probability 2/2⁷ =
    1.6% (the exact sign test), which Holm across 6 figures does not mark (0.83% needed); Student's t on the
    pairs made it 0.8% and marked it — the over-firing benchmarks/policy_null.py measured."""
    import random

    from pnp.sim.answers import PairedRatio
    from pnp.sim.robustness import _Deltas, _p_flips, _p_two_sided
    acc, deltas = PairedRatio(), _Deltas()
    for i in range(300):
        a, b = (0.0, 1.0) if i < 7 else (1.0, 1.0) if i % 2 else (0.0, 0.0)
        acc.add((a, 1.0), (b, 1.0))
        deltas.add((a, 1.0), (b, 1.0))
    t_p = _p_two_sided(acc)
    flip_p = _p_flips(acc, deltas, random.Random(1))
    assert t_p is not None and flip_p is not None
    assert t_p < ALPHA / 6 < flip_p
    assert abs(flip_p - 2 / 2 ** 7) < 0.006
    assert holm([flip_p] + [0.5] * 5) == [False] * 6


def test_the_flip_test_of_a_ratio_swaps_numerators_and_denominators_together():
    """A ratio over games (cards flipped of cards placed): a pair swapped moves both sums; a clear
    difference in every pair gives the smallest p-value the flips allow, no difference gives 1."""
    import random

    from pnp.sim.answers import PairedRatio
    from pnp.sim.robustness import FLIPS, _Deltas, _p_flips
    acc, deltas = PairedRatio(), _Deltas()
    for i in range(40):
        va, vb = (1.0, 4.0 + i % 3), (3.0, 4.0 + i % 2)
        acc.add(va, vb)
        deltas.add(va, vb)
    assert _p_flips(acc, deltas, random.Random(2)) == 1 / (FLIPS + 1)
    same, none = PairedRatio(), _Deltas()
    for _i in range(40):
        same.add((1.0, 3.0), (1.0, 3.0))
        none.add((1.0, 3.0), (1.0, 3.0))
    assert _p_flips(same, none, random.Random(2)) == 1.0
