"""「勝者が変わる」: how often a rule change changes the winner of the same game, beside what chance alone
would change, and the verdict that allows — including "hardly any" (an equivalence reading).

Two rules played on one seed share their chance (:mod:`pnp.sim.sampling`) wherever both draw it.  What
they do not share is chance one side has and the other lacks — the third hand the two-hand rules never
deal, the rounds a longer game plays, a deck of another size shuffled.  The *placebo* of a pair re-draws
exactly that chance, under each side's own, unchanged rules (:func:`pnp.sim.sampling.chance_disturbance`):
game ``x`` (rules A) again with A's unshared chance re-drawn, and game ``y`` (rules B) again with B's.
The pair's floor event is "a placebo game's winner differs from its original's": chance the rule touches
changed the winner without any rule being changed.  A rule that adds or removes no chance (the same deal
under both) has nothing to re-draw: its floor is 0 by construction, not by estimate.  The players' own
random numbers are never re-drawn: how a player reacts to a rule is the rule's effect.

The figure judged is the *excess*, the winner-change share minus the floor, paired game by game (each
pair counts 1 or 0 in both), with Newcombe's interval for paired proportions (method 10: Wilson
intervals of both shares joined by their correlation); with a floor of 0 by construction it is the Wilson
interval of the share itself.  Verdicts, on the 95% interval [lo, hi] of the excess and a margin
(``MARGIN``, 3 percentage points):

* ``above_noise``: lo > 0 and hi ≥ margin — the rule changes winners beyond what its chance does;
* ``negligible``: hi < margin — beyond chance, the rule changes fewer than 3 games in 100 (two
  one-sided tests at 2.5% each: the equivalence reading);
* ``undecided``: lo ≤ 0 and hi ≥ margin — the interval straddles both 0 and the margin: more games.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .engine import GameRecord
from .stats import Z95, rate, wilson

MARGIN = 0.03          # a rule that changes fewer winners than this beyond chance changes "hardly any"
WILSON = "Wilson 95%"
FLOOR_METHOD = ("placebo: each side's rules again on the same seed, the chance the other side did not share "
                "(events it lacks, streams it used differently) re-drawn, the players' own random numbers "
                "kept; a pair counts when a placebo game's winner differs from its original's; Wilson 95%")
FLOOR_EXACT = "exact: every pair drew the same chance under both rules, nothing to re-draw"
EXCESS_METHOD = "winner changed minus placebo floor, paired by game; Newcombe's paired interval (method 10), 95%"
EXCESS_EXACT = "floor 0 by construction (every pair drew the same chance): Wilson 95% of the share itself"


@dataclass(frozen=True)
class Placebo:
    """The placebo games of one pair: ``a`` is the first game (rules A) with A's unshared chance re-drawn,
    ``b`` the second (rules B) with B's; ``None`` where that side had no unshared chance."""

    a: GameRecord | None = None
    b: GameRecord | None = None

    @property
    def identical_chance(self) -> bool:
        return self.a is None and self.b is None


def newcombe_paired(n11: int, n10: int, n01: int, n00: int, z: float = Z95) -> tuple[float, float, float]:
    """The difference p1 − p2 of two proportions on the same units and its 95% interval (Newcombe 1998,
    method 10: the Wilson intervals of both, joined by their continuity-corrected correlation).  n11:
    units counted by both; n10: by the first only; n01: by the second only; n00: by neither."""
    n = n11 + n10 + n01 + n00
    if n <= 0:
        return 0.0, -1.0, 1.0
    p1, p2 = (n11 + n10) / n, (n11 + n01) / n
    l1, u1 = wilson(n11 + n10, n, z)
    l2, u2 = wilson(n11 + n01, n, z)
    den = (n11 + n10) * (n01 + n00) * (n11 + n01) * (n10 + n00)
    # the correlation of the two counts, continuity-corrected as Newcombe recommends (a positive
    # correlation shrinks by n/2 first, so it never narrows the interval on a hint of agreement)
    cov: float = n11 * n00 - n10 * n01
    cov = max(0.0, cov - n / 2) if cov > 0 else cov
    phi = cov / math.sqrt(den) if den > 0 else 0.0
    d = p1 - p2
    delta = math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    eps = math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
    return d, max(-1.0, d - delta), min(1.0, d + eps)


def _pts(v: float) -> str:
    """+1.5 / −0.3 / ±0.0 percentage points."""
    text = f"{abs(100 * v):.1f}"
    return ("±" if float(text) == 0 else "+" if v > 0 else "−") + text


def winner_change_verdict(changed: Mapping[str, Any], floor: Mapping[str, Any] | None,
                          excess: Mapping[str, Any] | None = None, margin: float = MARGIN) -> dict[str, Any]:
    """The verdict on 「勝者が変わる」 from the excess over its placebo floor (see the module docstring).
    Without ``excess`` (an older result), the excess interval is taken as the share's own interval minus the
    floor's rate — only where the floor is 0."""
    if floor is None or not changed["n"] or not floor["n"]:
        return {"verdict": "undecided", "margin": margin,
                "verdict_ja": "判定できません（偶然の下限が測れていません）"}
    if excess is None:
        if floor["rate"] != 0:
            return {"verdict": "undecided", "margin": margin,
                    "verdict_ja": "判定できません（偶然の分を除いた区間がありません）"}
        excess = {"diff": changed["rate"], "ci": changed["ci"]}
    lo, hi = excess["ci"]
    span = f"{_pts(lo)}〜{_pts(hi)}ポイント"
    m = f"{100 * margin:.0f}%"
    if hi < margin:
        return {"verdict": "negligible", "margin": margin,
                "verdict_ja": f"ほとんど変わりません（偶然の分を除くと {span}、{m}未満）"}
    if lo > 0:
        return {"verdict": "above_noise", "margin": margin,
                "verdict_ja": f"ルールの違いで勝者が変わります（偶然の分を除いて {span}）"}
    return {"verdict": "undecided", "margin": margin,
            "verdict_ja": f"判定できません（偶然の分を除くと {span}で、0と{m}の両方をまたぎます）"}


class WinnerChange:
    """The winner-change share of a paired comparison and its placebo floor, folded pair by pair."""

    def __init__(self) -> None:
        self.n = self.changed = 0
        self.cells = [0, 0, 0, 0]        # (changed, floor changed): 11, 10, 01, 00
        self.floored = 0                  # pairs whose placebo was measured
        self.identical = 0                # pairs that drew the same chance (nothing to re-draw)
        self.sides = [0, 0]               # pairs whose first / second game was replayed with chance re-drawn

    def add(self, x: GameRecord, y: GameRecord, placebo: Placebo | None) -> None:
        assert x.result is not None and y.result is not None
        c = x.result.winners != y.result.winners
        self.n += 1
        self.changed += c
        if placebo is None:
            return
        f = False
        for orig, z in ((x.result, placebo.a), (y.result, placebo.b)):
            if z is None:
                continue
            if z.result is None or z.seed != x.seed:
                return          # a placebo game that failed: the pair has no floor
            f = f or z.result.winners != orig.winners
        self.floored += 1
        self.identical += placebo.identical_chance
        self.sides[0] += placebo.a is not None
        self.sides[1] += placebo.b is not None
        self.cells[(0 if c else 2) + (0 if f else 1)] += 1

    def result(self) -> dict[str, Any]:
        changed = {**rate(self.changed, self.n), "method": WILSON}
        if not self.floored:
            return {"winner_changed": changed, "noise_floor": None, "chance_identical": None,
                    "winner_change_excess": None, "winner_change_verdict": winner_change_verdict(changed, None)}
        n11, n10, n01, n00 = self.cells
        fc = {**rate(n11 + n01, self.floored), "method": FLOOR_METHOD}
        if self.identical == self.floored:     # nothing was re-drawn: the floor is 0, not an estimate
            fc = {"rate": 0.0, "ci": [0.0, 0.0], "n": self.floored, "method": FLOOR_EXACT}
            lo, hi = wilson(n11 + n10, self.floored)
            excess = {"diff": round((n11 + n10) / self.floored, 4), "ci": [round(lo, 4), round(hi, 4)],
                      "n": self.floored, "method": EXCESS_EXACT}
        else:
            d, lo, hi = newcombe_paired(n11, n10, n01, n00)
            excess = {"diff": round(d, 4), "ci": [round(lo, 4), round(hi, 4)], "n": self.floored,
                      "method": EXCESS_METHOD}
        return {"winner_changed": changed, "noise_floor": fc, "chance_identical": self.identical,
                "placebo_games": {"a": self.sides[0], "b": self.sides[1]},
                "winner_change_excess": excess, "winner_change_verdict": winner_change_verdict(changed, fc, excess)}


def winner_change_ja(c: Mapping[str, Any]) -> str:
    """「勝者が変わる」 with its interval, beside its placebo floor and the verdict, as report text (from a
    comparison result, or any mapping with ``winner_changed`` and ``noise_floor``)."""
    def pct(r: Mapping[str, Any]) -> str:
        lo, hi = r["ci"]
        return f"{100 * r['rate']:.1f}%（{100 * lo:.1f}〜{100 * hi:.1f}%）"
    wc, floor = c["winner_changed"], c.get("noise_floor")
    if not wc["n"]:
        return "勝者が変わる：データなし"
    verdict = c.get("winner_change_verdict") or winner_change_verdict(wc, floor, c.get("winner_change_excess"))
    text = f"勝者が変わる {pct(wc)}"
    if floor:
        same = c.get("chance_identical")
        if same is not None and same == floor["n"]:
            text += f"、偶然の下限 0%（{same}組すべてで両方のルールが同じ偶然を引きました）"
        else:
            sides = c.get("placebo_games") or {}
            where = (f"：{floor['n']}組のうち先のルールで{sides['a']}組、後のルールで{sides['b']}組を遊び直し"
                     if sides else "")
            text += f"、偶然の下限（片方のルールにしかない偶然だけを、それぞれのルールのまま引き直したとき{where}）{pct(floor)}"
    return f"{text}［Wilson 95%区間、n={wc['n']}］：{verdict['verdict_ja']}"
