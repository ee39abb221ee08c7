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


def _gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) (series below a + 1, continued fraction above)."""
    if x <= 0:
        return 1.0
    lg = math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        k = a
        for _ in range(1000):
            k += 1
            term *= x / k
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-x + a * math.log(x) - lg))
    b = x + 1 - a
    c = 1 / 1e-300
    d = 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(-x + a * math.log(x) - lg) * h)


def chi2_sf(x: float, df: int) -> float:
    """P(χ² with ``df`` degrees of freedom ≥ x)."""
    return _gamma_q(df / 2, x / 2)


def seat_chi2(wins: Sequence[float], n: float) -> dict[str, Any]:
    """Pearson's χ² test of equal seats: the seats' wins (shared wins split) against n/seats each."""
    k = len(wins)
    if n <= 0 or k < 2:
        return {"chi2": 0.0, "df": max(0, k - 1), "p": 1.0}
    e = n / k
    x = sum((w - e) ** 2 / e for w in wins)
    return {"chi2": round(x, 3), "df": k - 1, "p": round(chi2_sf(x, k - 1), 4)}


def binom_two_sided(k: float, n: float, p: float) -> float:
    """Exact two-sided binomial test: P(an outcome no more likely than k successes of n at rate p).
    Fractional k (shared wins) is rounded to the nearest count."""
    n_i, k_i = int(round(n)), int(round(k))
    if n_i <= 0 or p <= 0 or p >= 1:
        return 1.0
    lp, lq = math.log(p), math.log(1 - p)
    lg = math.lgamma(n_i + 1)

    def logpmf(i: int) -> float:
        return lg - math.lgamma(i + 1) - math.lgamma(n_i - i + 1) + i * lp + (n_i - i) * lq
    ref = logpmf(k_i) + 1e-7
    total = sum(math.exp(logpmf(i)) for i in range(n_i + 1) if logpmf(i) <= ref)
    return min(1.0, total)


def _beta_i(x: float, a: float, b: float) -> float:
    """The regularized incomplete beta function I_x(a, b) (Lentz's continued fraction)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    if x > (a + 1) / (a + b + 2):
        return 1.0 - _beta_i(1 - x, b, a)
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)) / a
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1 / (1e-300 if abs(d) < 1e-300 else d)
    h = d
    for m in range(1, 1000):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + num * d
            d = 1 / (1e-300 if abs(d) < 1e-300 else d)
            c = 1 + num / c
            c = 1e-300 if abs(c) < 1e-300 else c
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return min(1.0, front * h)


def t_two_sided(t: float, df: float) -> float:
    """P(|T| ≥ |t|) for Student's t with ``df`` degrees of freedom."""
    if df <= 0:
        return 1.0
    return _beta_i(df / (df + t * t), df / 2, 0.5)
