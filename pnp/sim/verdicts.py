"""The report's first page: one row per question a figure answers — the figure, its 95% interval, what
chance alone would give, and the verdict the interval allows.

A verdict is said only where the interval excludes the chance baseline (or 0 for a difference between
two rules); a figure without a baseline is descriptive, and a figure that changed significantly when a
second competent player played the same seeds (``robustness``: paired tests, Holm-corrected across the
figures) says it depends on the players."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def _pct(v: float) -> str:
    return f"{100 * v:.1f}%"


def _ci(ci: Sequence[float], percent: bool = True, signed: bool = False) -> str:
    lo, hi = ci
    if percent:
        if signed:
            return f"{100 * lo:+.1f}〜{100 * hi:+.1f}"
        return f"{100 * lo:.1f}〜{100 * hi:.1f}%"
    return f"{lo:+.2f}〜{hi:+.2f}" if signed else f"{lo:.2f}〜{hi:.2f}"


def against(ci: Sequence[float], ref: float) -> str:
    lo, hi = ci
    if lo > ref:
        return "偶然より高い"
    if hi < ref:
        return "偶然より低い"
    return "偶然と区別できない"


def verdict_rows(s: Mapping[str, Any], label: Any = str) -> list[dict[str, str]]:
    """The rows of one player count's summary (keys: question, figure, interval, chance, verdict)."""
    p = s["players"]
    rows: list[dict[str, str]] = []
    moved = {m["key"] for m in (s.get("robustness") or {}).get("moved", [])}
    depends = "（方針で変わる）"
    if s.get("cooperative"):
        r = s["team_win_rate"]
        rows.append({"question": "チームの勝率", "figure": _pct(r["rate"]), "interval": _ci(r["ci"]), "chance": "—",
                     "verdict": "記述" + (depends if "team_win_rate" in moved else "")})
    else:
        seats = s["seat_win_rates"]
        t = s.get("seat_test") or {}
        verdict = ("席で差あり" if t.get("p", 1) < 0.05 else "席の差は言えない") + f"（χ² p={t.get('p', 1):.2f}）"
        rows.append({"question": "席順の有利不利（1番席の勝率）", "figure": _pct(seats[0]["rate"]),
                     "interval": _ci(seats[0]["ci"]), "chance": _pct(1 / p),
                     "verdict": verdict + (depends if "seat_win_rates" in moved else "")})
    for m in s.get("measures", []):
        chance = m.get("chance")
        fig = _pct(m["rate"]) if m["percent"] else f"{m['rate']:.2f}{m['unit']}"
        if chance is None:
            verdict = "記述（偶然の基準なし）"
        else:
            verdict = against(m["ci"], chance)
        rows.append({"question": m["label"], "figure": fig, "interval": _ci(m["ci"], m["percent"]),
                     "chance": _pct(chance) if chance is not None else "—",
                     "verdict": verdict + (depends if m["key"] in moved else "")})
    for rc in s.get("report_comparisons", []):
        a, b = rc.get("a_ja", "いまのルール"), rc.get("b_ja", rc["name_ja"])
        for m in (rc.get("answers") or {}).get("measures", []):
            d = m["diff"]
            if m["percent"]:
                fig = f"{100 * d['mean_diff']:+.1f}ポイント"
            else:
                fig = f"{d['mean_diff']:+.2f}{m['unit']}"
            lo, hi = d["ci"]
            verdict = ("ほとんど同じ" if m.get("verdict") == "ほとんど同じ" else
                       f"{b}で高い" if lo > 0 else f"{b}で低い" if hi < 0 else "差は言えない")
            rows.append({"question": f"{m['label']}（{b} − {a}）", "figure": fig,
                         "interval": _ci(d["ci"], m["percent"], signed=True) + ("" if m["percent"] else m["unit"]),
                         "chance": "差0", "verdict": verdict})
    rows += _skill_rows(s.get("skill_luck") or {}, p, label)
    return rows


def _skill_rows(fig: Mapping[str, Any], players: int, label: Any) -> list[dict[str, str]]:
    from .skill import ladder_row
    rows: list[dict[str, str]] = []
    if fig.get("ladder"):
        rows.append(ladder_row(fig["ladder"], label))
    dl = fig.get("deal")
    if dl:
        q = "配りの影響（同じ配りで同じ結果）"
        if dl.get("chance_after_deal") is False:      # the deal is all the chance: nothing but coin flips to measure
            rows.append({"question": q, "figure": "—", "interval": "—", "chance": "—",
                         "verdict": "測りません（偶然は配りだけ）"})
        elif dl.get("undecidable"):
            r = dl.get("same_outcome")
            rows.append({"question": q, "figure": _pct(r["rate"]) if r else "—", "interval": _ci(r["ci"]) if r else "—",
                         "chance": _pct(dl["base_rate"]) if r else "—", "verdict": "判定できません"})
        else:
            r = dl["same_outcome"]
            verdict = {"little": "ほとんど影響なし", "matters": "偶然より高い"}.get(dl.get("decision") or "") \
                or against(r["ci"], dl["base_rate"])
            rows.append({"question": q, "figure": _pct(r["rate"]), "interval": _ci(r["ci"]),
                         "chance": _pct(dl["base_rate"]), "verdict": verdict})
    ev = fig.get("event")
    if ev and ev.get("measured"):
        d = ev["difference"]
        lo, hi = d["ci"]
        rows.append({"question": "途中の偶然1回の影響（一致率の差）", "figure": f"{100 * d['mean']:+.1f}ポイント",
                     "interval": _ci(d["ci"], signed=True), "chance": "差0",
                     "verdict": "ほとんど左右しない" if ev.get("decision") == "little" else "勝者を左右する" if lo > 0
                     else ("判定できません" if "decision" in ev else "差は言えない") if hi >= 0 else "逆向き（偶然か）"})
    return rows
