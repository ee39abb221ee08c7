"""The report's first page: the designer's questions, one row each, and a ranked list of what to change.

* **One row per question.**  The questions are the engine's (``questions``: the draft's notes and the
  rulings, each a Finding), in the engine's order, per player count, followed by the questions every game
  is asked (seat order or the team's win rate, how much skill matters, how much the deal decides).  A
  question's figure is the first of the engine's ``measures`` that answers it, with its 95% interval and
  what chance would give; a question without a measure is answered by the first sentence of the engine's
  answer (its whole answer follows on the next pages).  A generic row whose figure a question's figure
  already is (in ユーフォリア the first seat is the first parent; in EBE the team's win rate is a measure)
  is not repeated: the question's row says so instead.
* **What to change, ranked.**  Every paired difference the rule comparisons measured (each measure and
  each seat's win rate, under the alternative rules minus the current ones, on the same seeds) is tested
  against 0, two-sided, from its normal interval; the p values of ALL of them on the page, across every
  comparison and player count, are corrected together by Holm's method, and only those below 5% after
  the correction are listed, grouped by rule change, the rule with the largest effect first (percentage
  points; a rule that moves only figures in other units after, strongest evidence first).  Where the current rules themselves show a seat advantage (χ² test) or a
  figure off its chance value, that is listed too.  The page says how many differences were corrected.

Everything here reads the runs' records (what ``--json`` holds), never the engine's games."""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .result import RunResult, as_run
from .stats import Z95

ALPHA = 0.05


@dataclass(frozen=True)
class QuestionRow:
    """One question on the first page."""

    players: int
    question: str
    figure: str          # the figure that answers it, with its 95% interval
    verdict: str         # what the interval allows (or 「記述」)


@dataclass(frozen=True)
class Change:
    """One entry of the ranked list: a rule change and the differences that held after Holm's correction
    (or the current rules' seat advantage)."""

    players: int
    text: str
    points: float | None     # its largest |difference| in percentage points (None: another unit)
    p_holm: float


@dataclass(frozen=True)
class FirstPage:
    rows: tuple[QuestionRow, ...]
    changes: tuple[Change, ...]
    tested: int              # paired differences corrected together


def _pct(v: float) -> str:
    return f"{100 * v:.1f}%"


def _signed(v: float, digits: int = 1) -> str:
    text = f"{abs(v):.{digits}f}"
    return ("±" if float(text) == 0 else "+" if v > 0 else "−") + text


def _fig(m: Mapping[str, Any]) -> str:
    lo, hi = m["ci"]
    if m["percent"]:
        return f"{_pct(m['rate'])}（{100 * lo:.1f}〜{100 * hi:.1f}%）"
    return f"{m['rate']:.2f}{m['unit']}（{lo:.2f}〜{hi:.2f}{m['unit']}）"


def _diff(d: Mapping[str, Any], percent: bool, unit: str = "") -> str:
    lo, hi = d["ci"]
    if percent:
        return f"{_signed(100 * d['mean_diff'])}ポイント（{_signed(100 * lo)}〜{_signed(100 * hi)}）"
    return f"{_signed(d['mean_diff'], 2)}{unit}（{_signed(lo, 2)}〜{_signed(hi, 2)}{unit}）"


def p_of(d: Mapping[str, Any]) -> float:
    """Two-sided p of a paired difference against 0, from its 95% normal interval."""
    lo, hi = d["ci"]
    se = (hi - lo) / (2 * Z95)
    if se <= 0:
        return 1.0 if d["mean_diff"] == 0 else 0.0
    return math.erfc(abs(d["mean_diff"]) / se / math.sqrt(2))


def holm(ps: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p values, in the input order."""
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    out = [1.0] * len(ps)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(ps) - rank) * ps[i]))
        out[i] = running
    return out


def _against(ci: Sequence[float], ref: float) -> str:
    lo, hi = ci
    return "偶然より高い" if lo > ref else "偶然より低い" if hi < ref else "偶然と区別できない"


def _same(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    return a["rate"] == b["rate"] and list(a["ci"]) == list(b["ci"])


def _first_sentence(text: str) -> str:
    head, dot, _ = text.partition("。")
    return head + dot


SEAT_QUESTION = "席順の有利不利"


def _complement(m: Mapping[str, Any], others: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The figure ``m`` is 100% minus of (24: a comeback is the hand-1 leader not winning), if any."""
    for o in others:
        if o is not m and o["percent"] and m["percent"] and o["n"] == m["n"] and \
                abs(o["rate"] + m["rate"] - 1) < 1e-4:
            return o
    return None


def _asked(run: RunResult, measures: Sequence[Mapping[str, Any]]) -> list[str]:
    """The engine's questions in its order: those it answered, then those only a measure answers."""
    asked: list[str] = []
    for q in [f.question for f in run.answered] + [m["question"] for m in measures]:
        if q not in asked:
            asked.append(q)
    return asked


@dataclass
class _Rows:
    """The rows of one player count as they are gathered: the generic figure (the team's or the first
    seat's win rate), whether a question's row already says it, the measures shown so far."""

    players: int
    generic: Mapping[str, Any]
    generic_name: str
    moved: Mapping[str, Sequence[tuple[str, str]]]
    covered: bool = False
    shown: list[Mapping[str, Any]] = field(default_factory=list)

    def measured(self, q: str, ms: Sequence[Mapping[str, Any]]) -> QuestionRow:
        """A question answered by its measures: the first with its interval and chance value, the rest
        after it, and the rule changes that move them."""
        m = ms[0]
        figure = f"{m['label']} {_fig(m)}"
        if m["percent"] and _same(m, self.generic):
            self.covered = True
            if m["label"] != self.generic_name:
                figure += f"（＝{self.generic_name}）"
        twin = _complement(m, self.shown)
        if twin is not None:
            figure += f"（＝100% −「{twin['label']}」）"
        self.shown.append(m)
        figure += "".join(f"。{o['label']} {_fig(o)}" for o in ms[1:])
        by_rule: dict[str, list[str]] = {}
        for o in ms:
            for rule, value in self.moved.get(o["key"], ()):
                by_rule.setdefault(rule, []).append(value)
        if by_rule:
            figure += "。ルール案で動く：" + "、".join(f"「{rule}」で {'・'.join(v)}" for rule, v in by_rule.items())
        chance = m.get("chance")
        verdict = "記述（偶然の基準なし）" if chance is None else f"{_against(m['ci'], chance)}（偶然なら{_pct(chance)}）"
        return QuestionRow(self.players, q, figure, verdict)


def question_rows(s: RunResult | Mapping[str, Any], label: Callable[[str], str] = str,
                  moved: Mapping[str, Sequence[tuple[str, str]]] | None = None) -> list[QuestionRow]:
    """The rows of one player count (see the module docstring).  ``moved``: measure key → (rule change,
    the figure under it) of the changes that move it after Holm's correction, added to its question's row."""
    run = as_run(s)
    p, coop = run.players, run.cooperative
    measures = list(run.measures or ())
    generic = run.team_win_rate if coop else run.seat_win_rates[0]
    assert generic is not None
    acc = _Rows(p, generic.to_json(), "チームの勝率" if coop else "1番席の勝率", moved or {})
    rows: list[QuestionRow] = []
    answers = {f.question: f.answer for f in run.answered}
    seat_row = None if coop else _seat_row(run)
    for q in _asked(run, measures):
        ms = [m for m in measures if m["question"] == q]
        if not ms and seat_row is not None and q.startswith(SEAT_QUESTION):
            # the engine asks the generic question in its own words: its row gets the seats' figures
            rows.append(QuestionRow(p, q, seat_row.figure, seat_row.verdict))
            acc.covered = True
        elif not ms:
            rows.append(QuestionRow(p, q, _first_sentence(answers[q]), "記述"))
        else:
            rows.append(acc.measured(q, ms))
    if not acc.covered:
        if coop:
            rows.append(QuestionRow(p, "チームの勝率", _fig({**acc.generic, "percent": True}), "記述"))
        elif seat_row is not None:
            rows.append(seat_row)
    return rows + _skill_rows_of(run, label)


def _skill_rows_of(run: RunResult, label: Callable[[str], str]) -> list[QuestionRow]:
    """How much skill matters (the ladder), how much the deal and a chance event decide."""
    from .skill import ladder_row
    from .verdicts import _skill_rows
    p, rows = run.players, []
    fig = run.skill_luck.data if run.skill_luck else {}
    if fig.get("ladder"):
        r = ladder_row(fig["ladder"], label)
        rows.append(QuestionRow(p, "腕はどれくらい効くか", f"{r['question'].removeprefix('腕の影響（').removesuffix('）')} "
                                f"{r['figure']}（{r['interval']}）", r["verdict"]))
    for r in _skill_rows({k: v for k, v in fig.items() if k != "ladder"}, p, label):
        interval = f"（{r['interval']}）" if r["interval"] != "—" else ""
        chance = f"、偶然なら{r['chance']}" if r["chance"] not in ("—", "差0") else ""
        rows.append(QuestionRow(p, r["question"], f"{r['figure']}{interval}{chance}", r["verdict"]))
    return rows


@dataclass(frozen=True)
class _Difference:
    players: int
    rule: str                   # the comparison's name
    what: str                   # the figure's name
    a: Mapping[str, Any]
    b: Mapping[str, Any]
    diff: Mapping[str, Any]
    percent: bool
    unit: str
    key: str = ""               # the measure's key (none for a seat)


def _seat_row(s: RunResult) -> QuestionRow:
    p, t = s.players, s.seat_test
    seats = "・".join(f"{i + 1}番席 {_pct(r.rate)}" for i, r in enumerate(s.seat_win_rates))
    verdict = (("席で差あり" if t.p < ALPHA else "席の差は言えない") + f"（χ²検定 p = {t.p:.2f}）" if t else "—")
    return QuestionRow(p, SEAT_QUESTION, f"{seats}（公平なら{_pct(1 / p)}）", verdict)


def _measured(players: int, rule: str, answers: Mapping[str, Any] | None) -> list[_Difference]:
    """The paired differences of the measures both rules counted."""
    return [_Difference(players, rule, m["label"], m["a"], m["b"], m["diff"], m["percent"], m["unit"], m["key"])
            for m in (answers or {}).get("measures", []) if m["a"]["n"] and m["b"]["n"]]


def _differences(s: RunResult, label: Callable[[str], str] = str) -> list[_Difference]:
    """Every paired difference the summary's rule comparisons measured (the game's own and
    ``--compare-variant``/``--compare-option``): each measure, each seat's win rate."""
    out = []
    c = s.comparison
    if c:
        name = str(label(c.variant_b))
        out += _measured(s.players, name, c.get("answers"))
        if "seat_win_rate_diff" in c and c.summary_b is not None and s.seat_win_rates:
            for i, d in enumerate(c["seat_win_rate_diff"]):
                out.append(_Difference(s.players, name, f"{i + 1}番席の勝率", s.seat_win_rates[i].to_json(),
                                       c.summary_b.seat_win_rates[i].to_json(), d, True, ""))
    for rc in s.report_comparisons or ():
        out += _measured(s.players, rc.name_ja, rc.get("answers"))
        if "seat_win_rates" in rc.get("a", {}):
            for i, d in enumerate(rc["paired"]["seat_win_rate_diff"]):
                out.append(_Difference(s.players, rc.name_ja, f"{i + 1}番席の勝率", rc["a"]["seat_win_rates"][i],
                                       rc["b"]["seat_win_rates"][i], d, True, ""))
    return out


def first_page(summaries: Sequence[RunResult | Mapping[str, Any]], label: Callable[[str], str] = str) -> FirstPage:
    """The questions' rows of every player count and the ranked changes (see the module docstring)."""
    runs = [as_run(s) for s in summaries]
    found = [d for s in runs for d in _differences(s, label)]
    adjusted = holm([p_of(d.diff) for d in found])
    by_rule: dict[tuple[int, str], list[tuple[_Difference, float]]] = {}
    for d, ph in zip(found, adjusted):
        if ph >= ALPHA:
            continue
        kept = by_rule.setdefault((d.players, d.rule), [])
        # the same figure under two names (ユーフォリアの first seat is the first parent) is said once
        if not any(_same(o.a, d.a) and _same(o.b, d.b) and o.diff["mean_diff"] == d.diff["mean_diff"]
                   and list(o.diff["ci"]) == list(d.diff["ci"]) for o, _ in kept):
            kept.append((d, ph))
    moved: dict[tuple[int, str], list[tuple[str, str]]] = {}
    for (players, rule), held in by_rule.items():
        for d, _ph in held:
            if d.key:
                value = _pct(d.b["rate"]) if d.percent else f"{d.b['rate']:.2f}{d.unit}"
                moved.setdefault((players, d.key), []).append((rule, value))
    rows = [r for s in runs for r in question_rows(
        s, label, {k: v for (pl, k), v in moved.items() if pl == s.players})]
    changes = []
    for (players, rule), held in by_rule.items():
        held.sort(key=lambda e: (not e[0].percent, -abs(e[0].diff["mean_diff"]) if e[0].percent else e[1]))
        parts = []
        for d, ph in held:
            a_b = (f"{_pct(d.a['rate'])} → {_pct(d.b['rate'])}" if d.percent else
                   f"{d.a['rate']:.2f} → {d.b['rate']:.2f}{d.unit}")
            parts.append(f"{d.what} {a_b}（差 {_diff(d.diff, d.percent, d.unit)}、補正後 p = {_p(ph)}）")
        top = held[0][0]
        changes.append(Change(players, f"「{rule}」にすると：" + "、".join(parts),
                              abs(100 * top.diff["mean_diff"]) if top.percent else None, min(ph for _, ph in held)))
    for s in runs:
        t = s.seat_test
        if t and t.p < ALPHA:
            seats = s.seat_win_rates
            best = max(range(len(seats)), key=lambda i: seats[i].rate)
            worst = min(range(len(seats)), key=lambda i: seats[i].rate)
            gap = seats[best].rate - seats[worst].rate
            changes.append(Change(s.players, f"いまのルールで席順に差があります：{best + 1}番席 {_pct(seats[best].rate)}、"
                                             f"{worst + 1}番席 {_pct(seats[worst].rate)}（χ²検定 p = {_p(t.p)}）",
                                  100 * gap, t.p))
    changes.sort(key=lambda c: (c.points is None, -(c.points or 0.0), c.p_holm, c.players, c.text))
    return FirstPage(tuple(rows), tuple(changes), len(found))


def _p(p: float) -> str:
    return "0.001未満" if p < 0.001 else f"{p:.3f}"
