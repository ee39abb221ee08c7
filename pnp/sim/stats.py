"""Small statistics: Wilson intervals, quantiles, means — no numpy needed."""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

Z95 = 1.959963984540054


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval of a rate (successes may be fractional: shared wins)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def quantile(values: Sequence[float], q: float) -> float:
    """Linear-interpolated quantile (as numpy's default); 0.0 for no values."""
    if not values:
        return 0.0
    xs = sorted(values)
    pos = (len(xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def stdev(values: Sequence[float]) -> float:
    if len(values) < 2:
        return 0.0
    m = mean(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1))


def describe(values: Sequence[float]) -> dict[str, float]:
    return {"mean": round(mean(values), 4), "p10": quantile(values, 0.1), "p50": quantile(values, 0.5),
            "p90": quantile(values, 0.9), "min": min(values, default=0), "max": max(values, default=0)}


def rate(successes: float, n: float) -> dict[str, Any]:
    lo, hi = wilson(successes, n)
    return {"rate": round(successes / n, 4) if n else 0.0, "ci": [round(lo, 4), round(hi, 4)], "n": n}


def num(v: float) -> str:
    """A figure for report text: at most one decimal, no trailing zero (13.9667 → 「14」, 2.25 → 「2.2」)."""
    text = f"{v:.1f}"
    return text[:-2] if text.endswith(".0") else text


def rate_ja(r: dict[str, Any]) -> str:
    """A rate from :func:`rate` as report text: 「12.3%（95%区間 10.1〜14.5%、n=300）」."""
    if not r["n"]:
        return "データなし"
    lo, hi = r["ci"]
    return f"{100 * r['rate']:.1f}%（95%区間 {100 * lo:.1f}〜{100 * hi:.1f}%、n={r['n']}）"
