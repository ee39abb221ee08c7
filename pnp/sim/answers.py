"""The figures that answer a designer's question, under one rule and paired between two.

An engine names them as ``measures``: a tuple of :class:`Measure`, each a figure of one game
(``value(record) -> (numerator, denominator)`` or ``None`` where the game says nothing about it), the
question it answers (the ``question_ja`` of the engine's Finding), and optionally what the figure would
be by chance (``chance(record)``: the expected numerator if the outcome were drawn at random, e.g. 1/n
for "the first seat wins").  A figure is the ratio of the sums over the games (the share of games, or
of the face-down cards flipped over all games).

* :class:`Measures` folds one batch: each figure with its 95% interval and its chance baseline.
* :class:`PairedAnswers` folds two batches played on the same seeds (game i of one with game i of the
  other): each side's figure and the paired difference (b − a) with its 95% interval.

Intervals: a share of games (every game counts 0 or 1) has the Wilson score interval, as every rate of
pnp; a ratio over games (cards flipped of cards placed) has the normal interval of the ratio estimator
with games as the unit (delta method), so cards of one game are not taken for independent trials; a
paired difference has the normal interval of the differences of the pairs (delta method for ratios).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .engine import BaseEngine, GameRecord
from .result import RunResult, as_run
from .stats import Z95, wilson

INTERVALS_JA = ("割合の括弧は95%区間です。ゲームの割合はWilsonの区間、ゲームをまたぐ比（表になった枚数÷置いた枚数など）"
                "はゲームを単位にした比の正規近似（デルタ法）、同じ種で遊んだ2つのルールの差は組ごとの差の正規近似です。")


@dataclass(frozen=True)
class Measure:
    """One figure that answers a question (see the module docstring)."""

    key: str
    question_ja: str
    label_ja: str
    value: Callable[[GameRecord], tuple[float, float] | None]
    chance: Callable[[GameRecord], float] | None = None
    percent: bool = True
    unit_ja: str = ""


def engine_measures(engine: BaseEngine) -> tuple[Measure, ...]:
    return tuple(engine.capabilities.measures)


class _Ratio:
    """Σnum / Σden over games, with second moments for the interval."""

    def __init__(self) -> None:
        self.g = 0
        self.n = self.d = self.nn = self.dd = self.nd = self.chance = 0.0
        self.binary = True

    def add(self, v: tuple[float, float] | None, chance: float | None = None) -> None:
        self.g += 1
        num, den = v if v is not None else (0.0, 0.0)
        self.n += num
        self.d += den
        self.nn += num * num
        self.dd += den * den
        self.nd += num * den
        self.binary = self.binary and den in (0, 1) and num in (0, 1)
        if chance is not None and v is not None:
            self.chance += chance

    def result(self, percent: bool = True) -> dict[str, Any]:
        if self.d <= 0:
            return {"rate": 0.0, "ci": [0.0, 1.0] if percent else [0.0, 0.0], "n": 0, "games": self.g}
        r = self.n / self.d
        if self.binary:
            lo, hi = wilson(self.n, self.d)
        else:
            m = self.d / self.g
            var = (self.nn - 2 * r * self.nd + r * r * self.dd) / max(1, self.g - 1) / (m * m)
            half = Z95 * math.sqrt(max(0.0, var) / self.g)
            lo, hi = r - half, r + half
            if percent:
                lo, hi = max(0.0, lo), min(1.0, hi)
        return {"rate": round(r, 4), "ci": [round(lo, 4), round(hi, 4)], "n": round(self.d, 4), "games": self.g}


def ratio_over_games(values: Sequence[tuple[float, float] | None], percent: bool = True) -> dict[str, Any]:
    """Σnum / Σden of per-game ``(numerator, denominator)`` with the interval a measure gets (games as
    the unit): for an engine's own answer that quotes a ratio over games in its text."""
    acc = _Ratio()
    for v in values:
        acc.add(v)
    return acc.result(percent)


class Measures:
    """A batch's figures for the engine's measures, folded one game at a time."""

    def __init__(self, engine: BaseEngine) -> None:
        self.measures = engine_measures(engine)
        self.acc = [_Ratio() for _ in self.measures]

    def add(self, r: GameRecord) -> None:
        if r.result is None:
            return
        for m, acc in zip(self.measures, self.acc):
            v = m.value(r)
            acc.add(v, m.chance(r) if m.chance and v is not None else None)

    def result(self) -> list[dict[str, Any]]:
        out = []
        for m, acc in zip(self.measures, self.acc):
            fig = acc.result(m.percent)
            if not fig["n"]:
                continue
            row: dict[str, Any] = {"key": m.key, "question": m.question_ja, "label": m.label_ja,
                                   "percent": m.percent, "unit": m.unit_ja, **fig}
            if m.chance is not None:
                row["chance"] = round(acc.chance / acc.d, 4)
            out.append(row)
        return out


class PairedRatio:
    """Two ratios on the same games and their difference, with the sums of products for the interval."""

    def __init__(self) -> None:
        self.a, self.b = _Ratio(), _Ratio()
        self.s = [[0.0] * 4 for _ in range(4)]

    def add(self, va: tuple[float, float] | None, vb: tuple[float, float] | None) -> None:
        self.a.add(va)
        self.b.add(vb)
        v = list(va or (0.0, 0.0)) + list(vb or (0.0, 0.0))
        for i in range(4):
            for j in range(4):
                self.s[i][j] += v[i] * v[j]

    def estimate(self) -> tuple[float, float] | None:
        """The difference b − a and its standard error; None with fewer than 2 pairs or a side never counted."""
        g = self.a.g
        if g < 2 or self.a.d <= 0 or self.b.d <= 0:
            return None
        ma, mb = self.a.d / g, self.b.d / g
        ra, rb = self.a.n / self.a.d, self.b.n / self.b.d
        c = [-1 / ma, ra / ma, 1 / mb, -rb / mb]     # z = (nb − rb·db)/mb − (na − ra·da)/ma, mean 0
        var = sum(c[i] * c[j] * self.s[i][j] for i in range(4) for j in range(4)) / (g - 1)
        return rb - ra, math.sqrt(max(0.0, var) / g)

    def diff(self) -> dict[str, Any]:
        est = self.estimate()
        if est is None:
            return {"mean_diff": 0.0, "ci": [0.0, 0.0], "n": self.a.g}
        d, se = est
        half = Z95 * se
        return {"mean_diff": round(d, 4), "ci": [round(d - half, 4), round(d + half, 4)], "n": self.a.g}


EQUIVALENCE_MARGIN = 0.03    # a paired difference of a share whose interval stays within ±3 points: "about the same"


def verdict_ja(ci: Sequence[float], ref: float = 0.0, margin: float | None = None) -> str:
    """上回る / 下回る / 差は言えない; with ``margin`` (a share's difference), 「ほとんど同じ」 where the whole
    interval lies within ±margin of ``ref`` (the equivalence reading: two one-sided tests at 2.5%)."""
    lo, hi = ci
    if margin is not None and ref - margin < lo and hi < ref + margin:
        return "ほとんど同じ"
    if lo > ref:
        return "上回る"
    if hi < ref:
        return "下回る"
    return "差は言えない"


class PairedAnswers:
    """Each measure under both rules, on the same seeds, and the paired difference; besides, the records
    of both sides (at most ``keep`` each) for the engine's questions asked of both settings together."""

    def __init__(self, engine: BaseEngine, keep: int = 20_000) -> None:
        self.engine = engine
        self.measures = engine_measures(engine)
        self.acc = [PairedRatio() for _ in self.measures]
        self.keep = keep
        self.kept: list[GameRecord] = []
        self.pairs = 0

    def add(self, x: GameRecord, y: GameRecord) -> None:
        if x.result is None or y.result is None or x.seed != y.seed:
            return
        self.pairs += 1
        for m, acc in zip(self.measures, self.acc):
            acc.add(m.value(x), m.value(y))
        if len(self.kept) < 2 * self.keep:
            self.kept += [x, y]

    def result(self) -> dict[str, Any]:
        rows = []
        for m, acc in zip(self.measures, self.acc):
            a, b = acc.a.result(m.percent), acc.b.result(m.percent)
            if not a["n"] and not b["n"]:
                continue
            d = acc.diff()
            rows.append({"key": m.key, "question": m.question_ja, "label": m.label_ja, "percent": m.percent,
                         "unit": m.unit_ja, "a": a, "b": b, "diff": d,
                         "verdict": verdict_ja(d["ci"], margin=EQUIVALENCE_MARGIN if m.percent else None)
                         if a["n"] and b["n"] else "片方のルールでは起きない"})
        questions = self.engine.questions if self.engine.capabilities.questions else None
        # only the questions whose answer the engine splits by setting (e.g. 2 hands and 3) are read from
        # both batches together; any other would mix the two rules in one figure
        asked = set(self.engine.capabilities.questions_across_settings)
        findings = ([{"question": f.question_ja, "answer": f.answer_ja, "figures": dict(f.figures)}
                     for f in questions(self.kept) if f.question_ja in asked] if questions and self.kept else [])
        return {"pairs": self.pairs, "measures": rows, "findings_both": findings}


def figure_ja(fig: dict[str, Any], percent: bool, unit: str = "") -> str:
    """A side's figure as report text: 「51.0%（95%区間 45.4〜56.6%）」 or 「4.06VP（95%区間 …）」."""
    lo, hi = fig["ci"]
    if percent:
        return f"{100 * fig['rate']:.1f}%（95%区間 {100 * lo:.1f}〜{100 * hi:.1f}%）"
    return f"{fig['rate']:.2f}{unit}（95%区間 {lo:.2f}〜{hi:.2f}{unit}）"


def diff_ja(d: dict[str, Any], percent: bool, unit: str = "") -> str:
    lo, hi = (v + 0.0 for v in d["ci"])
    if percent:
        return f"{_signed(100 * d['mean_diff'], 1)}ポイント（95%区間 {_signed(100 * lo, 1)}〜{_signed(100 * hi, 1)}）"
    return f"{_signed(d['mean_diff'], 2)}{unit}（95%区間 {_signed(lo, 2)}〜{_signed(hi, 2)}{unit}）"


def _signed(v: float, digits: int) -> str:
    """+1.5 / −0.3 / ±0.0 (never 「-0.0」)."""
    text = f"{abs(v):.{digits}f}"
    if float(text) == 0:
        return "±" + text
    return ("+" if v > 0 else "−") + text


def paired_lines_ja(answers: dict[str, Any], name_a: str, name_b: str, question: str | None = None) -> list[str]:
    """One sentence per measure: both rules' figures and the paired difference (b − a)."""
    out = []
    for row in answers.get("measures", []):
        if question is not None and row["question"] != question:
            continue
        p, u = row["percent"], row["unit"]
        out.append(f"{row['label']}：{name_a} {figure_ja(row['a'], p, u)}、{name_b} {figure_ja(row['b'], p, u)}。"
                   f"差（{name_b} − {name_a}、同じ種 {row['diff']['n']} 組）{diff_ja(row['diff'], p, u)}"
                   + ("、区間が0をまたぐので差は言えません" if row["verdict"] == "差は言えない" else
                      f"、区間が±{100 * EQUIVALENCE_MARGIN:.0f}ポイントの内側なのでほとんど同じです"
                      if row["verdict"] == "ほとんど同じ" else "") + "。")
    return out


def answered_findings(s: RunResult | Mapping[str, Any]) -> list[dict[str, Any]]:
    """A batch's answers to the engine's questions, each with the comparisons that bear on it:
    where a comparison the game asks for (``report_comparisons``) or ``--compare-variant`` played both
    rules on the same seeds, the answer is the engine's own read of both batches together, followed by
    one sentence per figure with both rules' values and the paired difference."""
    run = as_run(s)
    comps: list[tuple[dict[str, Any], str, str]] = []
    for rc in run.report_comparisons or ():
        comps.append((rc.get("answers") or {}, rc.a_ja, rc.b_ja))
    if run.comparison is not None:
        c = run.comparison
        comps.append((c.get("answers") or {}, c.variant_a, c.variant_b))
    out = []
    for f in run.answered:
        answer, paired = f.answer, list[str]()
        read_both = False        # the first comparison whose games answer it together gives the answer
        for ans, name_a, name_b in comps:
            lines = paired_lines_ja(ans, name_a, name_b, f.question)
            if not lines:
                continue
            both = [g for g in ans.get("findings_both", []) if g["question"] == f.question]
            if both and not read_both:
                answer, read_both = both[0]["answer"], True
            elif not paired:
                answer = f"{name_a}：{answer}"
            paired += lines
        out.append({"question": f.question, "answer": answer, "paired": paired})
    return out
