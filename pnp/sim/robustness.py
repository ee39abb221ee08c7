"""Do the figures depend on who plays?  The batch replayed on the same seeds by a second competent player
(the engine's ``second_policy``: ユーフォリア's daring player, 24's basic player, EBE's early planner), game i
of one beside game i of the other.

Every figure of the first page is tested: each seat's win share (the team's win rate in a cooperative
game) and each of the engine's ``measures``.  A figure's test is a paired sign-flip randomization test:
when the players change nothing, the two games of a pair are exchangeable, so swapping them changes
nothing either; the p-value is the share of seeded random swap patterns (``FLIPS``, Besag–Clifford
sequential stopping once ``STOP_AFTER`` patterns reach the observed difference) whose difference of the
figure (b − a: a mean, or a ratio of sums over games) is at least as large as the observed one, two-sided.
It is exact for any number of pairs, however few of them differ — where Student's t on the pairs'
differences marked figures that only a handful of pairs moved (``benchmarks/policy_null.py``).  The
tests of one batch are corrected together by Holm's method, so that when the second player changes
nothing, the chance that the report marks *any* figure is at most 5% (``ALPHA``), however many figures
there are.  A figure whose test stays significant after the correction is marked as depending on the
players (「方針で変わる」).  A figure that one of the two never counts (no denominator) is not tested and
not counted in the family."""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from .answers import PairedRatio, engine_measures
from .engine import BaseEngine, GameRecord
from .metrics import _win_shares
from .runner import Batch, iter_games
from .sampling import derive_seed
from .stats import t_two_sided

ALPHA = 0.05          # family-wise: the chance of marking any figure when the players change nothing
FLIPS = 4000          # random swap patterns at most per figure (the smallest p-value is 1/4001)
STOP_AFTER = 40       # ... stopping once this many reach the observed difference (Besag–Clifford)
METHOD = ("paired sign-flip randomization test (seeded swaps of the two games of a pair), two-sided, "
          "Holm-corrected across the figures")
METHOD_T = "paired difference, two-sided t test, Holm-corrected across the figures"


def _p_two_sided(acc: PairedRatio) -> float | None:
    """The paired test's p-value (Student's t on the pairs' differences, pairs − 1 degrees of freedom);
    None when the figure cannot be tested."""
    est = acc.estimate()
    if est is None:
        return None
    d, se = est
    if se <= 0:
        return 1.0 if d == 0 else 0.0
    return t_two_sided(d / se, acc.a.g - 1)


class _Deltas:
    """The pairs whose two games differ in one figure: (numerator b − a, denominator b − a) of each."""

    __slots__ = ("dn", "dd")

    def __init__(self) -> None:
        self.dn: list[float] = []
        self.dd: list[float] = []

    def add(self, va: tuple[float, float] | None, vb: tuple[float, float] | None) -> None:
        na, da = va or (0.0, 0.0)
        nb, db = vb or (0.0, 0.0)
        if na != nb or da != db:
            self.dn.append(nb - na)
            self.dd.append(db - da)


def _p_flips(acc: PairedRatio, deltas: _Deltas, rng: random.Random) -> float | None:
    """The sign-flip p-value of b − a for one figure (see the module docstring); None when the figure
    cannot be tested (fewer than 2 pairs, or a side never counts it)."""
    if acc.a.g < 2 or acc.a.d <= 0 or acc.b.d <= 0:
        return None
    na, da, nb, db = acc.a.n, acc.a.d, acc.b.n, acc.b.d
    observed = abs(nb / db - na / da) * (1 - 1e-9)
    dn, dd = deltas.dn, deltas.dd
    size = len(dn)
    if not size or observed == 0:
        return 1.0
    counts = not any(dd)        # a share of games: the denominators never move
    hits = 0
    for done in range(1, FLIPS + 1):
        flags = format(rng.getrandbits(size), f"0{size}b")
        sn = sum(d for d, f in zip(dn, flags) if f == "1")
        sd = 0.0 if counts else sum(d for d, f in zip(dd, flags) if f == "1")
        a_d, b_d = da + sd, db - sd
        if a_d <= 0 or b_d <= 0 or abs((nb - sn) / b_d - (na + sn) / a_d) >= observed:
            hits += 1
            if hits >= STOP_AFTER:
                return hits / done
    return (hits + 1) / (FLIPS + 1)


def holm(ps: list[float], alpha: float = ALPHA) -> list[bool]:
    """Holm's step-down rejections for ``ps`` (same order); the family-wise error rate is at most ``alpha``."""
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    out = [False] * len(ps)
    m = len(ps)
    for k, i in enumerate(order):
        if ps[i] > alpha / (m - k):
            break
        out[i] = True
    return out


class PairedFigures:
    """The first page's figures of two batches played on the same seeds, folded pair by pair."""

    def __init__(self, engine: BaseEngine, players: int, seed: int = 0, method: str = "flips") -> None:
        self.coop = engine.capabilities.cooperative
        self.measures = engine_measures(engine)
        self.players = players
        self.seed, self.method = seed, method
        self.seats = [PairedRatio() for _ in range(1 if self.coop else players)]
        self.acc = [PairedRatio() for _ in self.measures]
        self.seat_d = [_Deltas() for _ in self.seats]
        self.acc_d = [_Deltas() for _ in self.measures]
        self.pairs = 0

    def _seat_values(self, r: GameRecord) -> list[float]:
        assert r.result is not None
        return [1.0 if r.result.winners else 0.0] if self.coop else _win_shares(r)

    def add(self, x: GameRecord, y: GameRecord) -> None:
        """Game i of the first player (``x``) and of the second (``y``); a pair with a failed game is left out."""
        if x.result is None or y.result is None:
            return
        self.pairs += 1
        for acc, dl, a, b in zip(self.seats, self.seat_d, self._seat_values(x), self._seat_values(y)):
            acc.add((a, 1.0), (b, 1.0))
            dl.add((a, 1.0), (b, 1.0))
        for m, acc, dl in zip(self.measures, self.acc, self.acc_d):
            va, vb = m.value(x), m.value(y)
            acc.add(va, vb)
            dl.add(va, vb)

    def _p(self, key: str, acc: PairedRatio, deltas: _Deltas) -> float | None:
        if self.method == "t":
            return _p_two_sided(acc)
        return _p_flips(acc, deltas, random.Random(derive_seed(self.seed, "robustness", key)))

    def result(self, policy: str) -> dict[str, Any]:
        tests: list[tuple[str, str, int | None, float, float, float]] = []   # key, label, seat, a, b, p
        for i, (acc, dl) in enumerate(zip(self.seats, self.seat_d)):
            p = self._p(f"seat{i}", acc, dl)
            if p is not None:
                key, label = ("team_win_rate", "チームの勝率") if self.coop else ("seat_win_rates", "席ごとの勝率")
                tests.append((key, label, None if self.coop else i + 1, acc.a.n / acc.a.d, acc.b.n / acc.b.d, p))
        for m, acc, dl in zip(self.measures, self.acc, self.acc_d):
            p = self._p(m.key, acc, dl)
            if p is not None:
                tests.append((m.key, m.label_ja, None, acc.a.n / acc.a.d, acc.b.n / acc.b.d, p))
        marked = holm([t[5] for t in tests])
        moved: list[dict[str, Any]] = []
        seats = [t for t, hit in zip(tests, marked) if hit and t[0] == "seat_win_rates"]
        if seats:
            moved.append({"key": "seat_win_rates", "label": "席ごとの勝率", "seats": [t[2] for t in seats],
                          "a": [round(t[3], 4) for t in seats], "b": [round(t[4], 4) for t in seats],
                          "p": [round(t[5], 6) for t in seats]})
        kinds = {m.key: m for m in self.measures}
        for t, hit in zip(tests, marked):
            if hit and t[0] != "seat_win_rates":
                kind = kinds.get(t[0])
                moved.append({"key": t[0], "label": t[1], "a": round(t[3], 4), "b": round(t[4], 4),
                              "p": round(t[5], 6), "percent": kind.percent if kind else True,
                              "unit": kind.unit_ja if kind else ""})
        return {"policy": policy, "games": self.pairs, "tested": len(tests), "alpha": ALPHA,
                "method": METHOD_T if self.method == "t" else METHOD, "moved": moved}


def compare_pairs(engine: BaseEngine, players: int, pairs: Iterable[tuple[GameRecord, GameRecord]],
                  policy: str, seed: int = 0, method: str = "flips") -> dict[str, Any]:
    """The figures that moved between the games of each pair (first player, ``policy``), Holm-corrected;
    ``method`` "t" is the former Student's t test (kept for benchmarks/policy_null.py's before/after)."""
    acc = PairedFigures(engine, players, seed, method)
    for x, y in pairs:
        acc.add(x, y)
    return acc.result(policy)


def robustness(engine: BaseEngine, batch: Batch, summary: dict[str, Any] | None = None,
               executor: Any = None, on_games: Callable[[int], None] | None = None) -> dict[str, Any] | None:
    """The batch and the same seeds with the engine's second competent player in every seat, game by game;
    None without a second player.  The first batch is played again (the same seeds give the same games)
    so that each of its games meets its pair; ``summary`` is not needed and kept for the callers."""
    second = engine.second_policy
    if not second or tuple(batch.policies) == (second,):
        return None
    other = replace(batch, policies=(second,))
    pairs = zip(iter_games(engine, batch, executor=executor, on_progress=on_games),
                iter_games(engine, other, executor=executor, on_progress=on_games))
    return compare_pairs(engine, batch.players, pairs, second, seed=batch.seed)


def robustness_ja(rb: dict[str, Any], label: Any = str) -> str:
    from .labels import policy_label
    who = policy_label(rb["policy"]) if label is str else label(rb["policy"])   # the engine's word for its player
    how = (f"（{rb.get('tested', 0)}個の数字それぞれで同じ種の組の2ゲームを入れ替える並べ替え検定で差を確かめ、Holm 法で補正。方針で何も変わらないとき"
           f"に1つでも挙げてしまう確率は{100 * rb.get('alpha', ALPHA):.0f}%以下）")
    if not rb["moved"]:
        return (f"方針による違い：同じ種を{who}だけで遊んでも（{rb['games']}ゲーム）、方針で変わると言える数字は"
                f"ありませんでした{how}。")
    parts = []
    for m in rb["moved"]:
        if m["key"] == "seat_win_rates":
            parts.append("席ごとの勝率（" + "・".join(f"{s}番席 {100 * a:.1f}%→{100 * b:.1f}%"
                                            for s, a, b in zip(m["seats"], m["a"], m["b"])) + "）")
        elif m.get("percent", True):
            parts.append(f"{m['label']}（{100 * m['a']:.1f}%→{100 * m['b']:.1f}%）")
        else:
            parts.append(f"{m['label']}（{m['a']:.2f}{m.get('unit', '')}→{m['b']:.2f}{m.get('unit', '')}）")
    parts = list(dict.fromkeys(parts))      # a measure that is the team's win rate again reads once
    return (f"方針による違い：同じ種を{who}だけで遊ぶと（{rb['games']}ゲーム）、" + "、".join(parts)
            + f"が変わりました{how}。これらの数字はプレイヤーの打ち方しだいで変わります（表では「方針で変わる」）。")
