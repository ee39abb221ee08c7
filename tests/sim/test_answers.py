"""The figures that answer a question, under each rule and paired between two (issue: answers computed
but not printed).  The toy engine's truth is known: under ``standard`` the deal's favourite always wins,
under ``late`` a die after the choices picks the winner (the favourite wins 1 game in 3 at 3 players)."""
from __future__ import annotations

import random

from report_toy_engine import ToyEngine
from test_reports import pdf_text, summary

from pnp.sim.answers import Measure, Measures, answered_findings
from pnp.sim.comparisons import builtin_comparisons
from pnp.sim.engine import Finding
from pnp.sim.labels import report_labels
from pnp.sim.report import write_report
from pnp.sim.result import RunResult
from pnp.sim.runner import Batch, run_games

Q = "有利な席はそのまま勝つか"


def _fav_wins(r):
    return (float(r.result.winners[0] == r.result.extra["fav"]), 1.0)


def _a_share(r):
    used = r.result.extra["cards_used"]
    return (float(sum(1 for k in used if k == "a")), 1.0)


def _never(r):
    return (0.0, 1.0)


def _questions(records):
    done = [r for r in records if r.result is not None]
    k = sum(_fav_wins(r)[0] for r in done)
    return [Finding(Q, f"有利な席が勝ったのは{k:.0f}/{len(done)}ゲーム。", {})]


class FavEngine(ToyEngine):
    def result(self, s):
        r = super().result(s)
        return type(r)(r.scores, r.ranks, r.end_reason, r.end_reason_ja, {**r.extra, "fav": s.fav})


MEASURES = (Measure("fav_wins", Q, "有利な席が勝つ", _fav_wins, lambda r: 1 / r.players),
            Measure("never", Q, "決して起きないこと", _never))


def engine(**kw):
    return FavEngine(measures=MEASURES, questions=_questions,
                     comparisons=({"name_ja": "最後のダイスで決める", "variant": "late", "a_ja": "配りで決める",
                                   "b_ja": "ダイスで決める"},), **kw)


def test_one_batch_gives_each_figure_its_interval_and_chance():
    s, _ = summary(engine(), games=60)
    fav = next(m for m in s["measures"] if m["key"] == "fav_wins")
    assert fav["rate"] == 1.0 and fav["chance"] == round(1 / 3, 4) and fav["ci"][0] > 0.9


def test_paired_answer_holds_both_rules_and_a_difference_that_excludes_zero():
    e = engine()
    s, batch = summary(e, games=90)
    [rc] = builtin_comparisons(e, batch, RunResult.from_json(s))
    rows = {m["key"]: m for m in rc["answers"]["measures"]}
    fav = rows["fav_wins"]
    assert fav["a"]["rate"] == 1.0 and 0.2 < fav["b"]["rate"] < 0.5
    lo, hi = fav["diff"]["ci"]
    assert hi < 0 and lo < fav["diff"]["mean_diff"] < hi and fav["verdict"] == "下回る"
    # a figure the rule does not touch: no difference, and the equivalence reading says so (±3 points)
    assert rows["never"]["diff"]["mean_diff"] == 0 and rows["never"]["verdict"] == "ほとんど同じ"


def test_ratio_interval_covers_the_truth_in_most_of_many_batches():
    """A ratio over games (cards a of all picks, truth 1/2 under random play): the games are the unit, so
    the 95% interval covers the truth in about 95 of 100 independent batches."""
    m = Measure("a", Q, "a", lambda r: (float(sum(1 for c in r.result.extra["picks"] if c == "a")),
                                            float(len(r.result.extra["picks"]))), percent=True)

    class PickEngine(ToyEngine):
        def result(self, s):
            r = super().result(s)
            return type(r)(r.scores, r.ranks, r.end_reason, r.end_reason_ja, {**r.extra, "picks": list(s.picks)})
    covered = 0
    rng = random.Random(3)
    e = PickEngine(measures=(m,))
    for _ in range(100):
        acc = Measures(e)
        for r in run_games(e, Batch(3, ("random",), 30, seed=rng.randrange(10 ** 9))):
            acc.add(r)
        [fig] = acc.result()
        covered += fig["ci"][0] <= 0.5 <= fig["ci"][1]
    assert 88 <= covered <= 100


def test_report_and_text_print_both_rules_figures_beside_the_answer(tmp_path):
    from pnp.commands.sim import format_summary
    e = engine(labels={"done": "決着"})
    s, batch = summary(e, games=60)
    s["report_comparisons"] = builtin_comparisons(e, batch, RunResult.from_json(s))
    [f] = answered_findings(s)
    assert f["answer"].startswith("配りで決める：")
    text = "\n".join(format_summary(s, e))
    assert "有利な席が勝つ：配りで決める 100.0%" in text and "ダイスで決める" in text
    out = tmp_path / "r.pdf"
    write_report(out, "トイ", [s], labels=report_labels(e, [s]))
    first = "".join(pdf_text(out))
    assert "有利な席が勝つ：配りで決める100.0%" in first
    assert "差（ダイスで決める−配りで決める、同じ種60組）−" in first


def test_page_one_is_the_table_of_answers(tmp_path):
    e = engine(labels={"done": "決着"})
    s, batch = summary(e, games=60)
    s["report_comparisons"] = builtin_comparisons(e, batch, RunResult.from_json(s))
    out = tmp_path / "r.pdf"
    write_report(out, "トイ", [s], labels=report_labels(e, [s]))
    pages = pdf_text(out)
    # page 1 answers the questions; every figure follows on page 2, before the players who made them
    assert "設計者の問いへの答え" in pages[0] and "すべての数字" not in pages[0]
    first = pages[1]
    assert first.index("すべての数字") < first.index("人数問い数字95%区間偶然なら判定") < first.index("このレポートを作ったプレイヤー")
    # the favourite always wins under the deal: far above chance (1/3); under the die it wins less
    assert "3人有利な席が勝つ100.0%94.0〜100.0%33.3%偶然より高い" in first
    assert "有利な席が勝つ（ダイスで決める−配りで決める）" in first and "ダイスで決めるで低い" in first
    assert "決して起きないこと0.0%0.0〜6.0%—記述（偶然の基準なし）" in first   # no baseline: descriptive
