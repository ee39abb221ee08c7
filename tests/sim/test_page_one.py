"""The report's first page answers the designer's questions: one row per question, no figure twice, and
a ranked list of what to change that holds after Holm's correction over every difference on the page."""
from __future__ import annotations

from pypdf import PdfReader
from report_toy_engine import ToyEngine

from pnp.sim.labels import report_labels
from pnp.sim.metrics import summarize
from pnp.sim.page_one import first_page, holm, p_of, question_rows
from pnp.sim.report import write_report
from pnp.sim.runner import Batch, run_games


def rate(r, lo, hi, n=100):
    return {"rate": r, "ci": [lo, hi], "n": n}


def measure(key, question, label, r, lo, hi, chance=None):
    m = {"key": key, "question": question, "label": label, "percent": True, "unit": "", **rate(r, lo, hi)}
    if chance is not None:
        m["chance"] = chance
    return m


def diff(d, lo, hi):
    return {"mean_diff": d, "ci": [lo, hi], "n": 100}


def comparison(name, rows, seats):
    return {"name_ja": name, "a_ja": "いまのルール", "b_ja": name,
            "a": {"seat_win_rates": [s[0] for s in seats]}, "b": {"seat_win_rates": [s[1] for s in seats]},
            "paired": {"seat_win_rate_diff": [s[2] for s in seats]},
            "answers": {"measures": [{"key": k, "label": lab, "question": "", "percent": True, "unit": "",
                                      "a": a, "b": b, "diff": d} for k, lab, a, b, d in rows]}}


SEAT1 = rate(0.35, 0.264, 0.448)
PARENT = measure("first_parent", "最初の親はどれほど重要か", "最初の親の勝率", 0.35, 0.264, 0.448, chance=1 / 3)
LEADER = measure("leader", "1ハンド目は無味乾燥か", "1ハンド目の首位が勝つ", 0.45, 0.30, 0.60)
COMEBACK = measure("comeback", "逆転できるか", "逆転", 0.55, 0.40, 0.70)


RANGE = {"mean": 5.0, "p10": 5, "p50": 5, "p90": 5, "min": 5, "max": 5}


def summary(**extra):
    """A summary as `simulate --json` writes one, with the figures the first page reads."""
    s = {"game": "toy", "players": 3, "games": 100, "completed": 100, "seed": 1, "policies": ["random"],
         "variant": "standard", "options": {}, "errors": [], "cooperative": False,
         "length": {"rounds": RANGE, "turns": RANGE}, "end_reasons": {"done": 100},
         "end_reason_rates": {"done": rate(1.0, 0.963, 1.0)}, "length_histogram": {"5": 100},
         "seat_win_rates": [SEAT1, rate(0.33, 0.25, 0.43), rate(0.32, 0.24, 0.42)],
         "seat_test": {"chi2": 0.1, "df": 2, "p": 0.95},
         "measures": [PARENT, LEADER, COMEBACK],
         "findings": [{"question": PARENT["question"], "answer": "…"}, {"question": LEADER["question"], "answer": "…"},
                      {"question": COMEBACK["question"], "answer": "…"},
                      {"question": "いつ渡海するのが得か", "answer": "第12ラウンドが最も高い。内訳は長い。"},
                      {"question": "席順の有利不利（後手に1VP）", "answer": "…"}]}
    s.update(extra)
    return s


def test_one_row_per_question_and_no_figure_twice():
    rows = question_rows(summary())
    assert [r.question for r in rows] == ["最初の親はどれほど重要か", "1ハンド目は無味乾燥か", "逆転できるか",
                                           "いつ渡海するのが得か", "席順の有利不利（後手に1VP）"]
    first, _, comeback, crossing, seats = rows
    # seat 1 is the first parent: said on the question's row, no generic seat row of the same figure
    assert first.figure == "最初の親の勝率 35.0%（26.4〜44.8%）（＝1番席の勝率）"
    assert first.verdict == "偶然と区別できない（偶然なら33.3%）"
    assert comeback.figure.endswith("（＝100% −「1ハンド目の首位が勝つ」）")
    assert crossing.figure == "第12ラウンドが最も高い。" and crossing.verdict == "記述"
    # the engine's own seat question gets the seats' figures, not a second row of its own
    assert seats.figure.startswith("1番席 35.0%・2番席 33.0%・3番席 32.0%") and "χ²検定 p = 0.95" in seats.verdict


def test_the_ranked_list_holds_after_holm_and_names_each_rule_once():
    big = comparison("手札は全員8枚", [("first_parent", "最初の親の勝率", PARENT, rate(0.57, 0.47, 0.66),
                                    diff(0.22, 0.085, 0.355)),
                                   ("leader", "1ハンド目の首位が勝つ", LEADER, rate(0.40, 0.3, 0.5),
                                    diff(-0.05, -0.12, 0.02))],
                     [(SEAT1, rate(0.57, 0.47, 0.66), diff(0.22, 0.085, 0.355))])
    small = comparison("親を移さない", [("first_parent", "最初の親の勝率", PARENT, rate(0.40, 0.3, 0.5),
                                     diff(0.05, 0.001, 0.099))], [])
    page = first_page([summary(report_comparisons=[big, small])])
    assert page.tested == 4
    [change] = page.changes          # +5 points with p = 0.045 alone does not hold among four differences
    assert change.text.startswith("「手札は全員8枚」にすると：最初の親の勝率 35.0% → 57.0%（差 +22.0ポイント")
    assert "1番席の勝率" not in change.text              # the same figure as the first parent's, said once
    assert "1ハンド目の首位" not in change.text          # its interval crosses 0
    assert change.points == 22.0
    row = first_page([summary(report_comparisons=[big, small])]).rows[0]
    assert row.figure.endswith("。ルール案で動く：「手札は全員8枚」で 57.0%")
    two = question_rows(summary(), moved={"first_parent": [("A", "57.0%")], "leader": [("A", "1.0%")]})
    assert two[0].figure.endswith("。ルール案で動く：「A」で 57.0%") and two[1].figure.endswith("「A」で 1.0%")


def test_holm_and_p_from_an_interval():
    assert holm([0.01, 0.04, 0.03]) == [0.03, 0.06, 0.06]
    assert abs(p_of(diff(0.0196, 0.0, 0.0392)) - 0.05) < 1e-3
    assert p_of(diff(0.0, 0.0, 0.0)) == 1.0


def test_page_one_of_the_pdf_is_the_questions(tmp_path):
    out = tmp_path / "r.pdf"
    engine = ToyEngine(labels={"done": "決着"})
    batch = Batch(3, ("random",), 30, seed=5)
    s = summarize(engine, run_games(engine, batch), batch)
    s.update({k: v for k, v in summary().items() if k in ("measures", "findings", "seat_win_rates", "seat_test")})
    write_report(out, "トイ", [s], labels=report_labels(engine, [s]))
    pages = [(p.extract_text() or "").replace("\n", "").replace(" ", "") for p in PdfReader(out).pages]
    first = pages[0]
    assert "設計者の問いへの答え" in first and "変えるならここ" in first
    assert "最初の親はどれほど重要か" in first and "席順の有利不利（後手に1VP）" in first
    assert "すべての数字" not in first and "すべての数字" in pages[1]
    assert "いまのルールの席順に、χ²検定で言える差はありません" in first
    assert "このレポートではルール案を比べていません" in first


def test_a_compare_variant_run_ranks_its_differences_too():
    s = summary()
    s["comparison"] = {"variant_a": "standard", "variant_b": "life30", "seat_win_rate_diff": [],
                       "summary_b": summary(variant="life30"),
                       "answers": {"measures": [{"key": "leader", "label": "1ハンド目の首位が勝つ", "question": "",
                                                 "percent": True, "unit": "", "a": LEADER,
                                                 "b": rate(0.2, 0.12, 0.3), "diff": diff(-0.25, -0.35, -0.15)}]}}
    page = first_page([s], {"life30": "ステーションライフ30"}.get)
    [change] = page.changes
    # the variant by its Japanese name, never its id
    assert change.text.startswith("「ステーションライフ30」にすると：1ハンド目の首位が勝つ 45.0% → 20.0%")
    assert "life30" not in change.text
