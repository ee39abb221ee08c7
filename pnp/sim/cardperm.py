"""The dealt-card figure's p-values by re-dealing: Westfall and Young's step-down maxT (1993).

The deal is what randomised the comparison (:mod:`pnp.sim.cardeffects`): a seat was dealt a card at
random.  So the null hypothesis "holding this card changes nothing" can be played out exactly: in every
game, deal the cards of each class again among the entries that were dealt a card of that class (the
holders and their wins stay; only which card each held is drawn anew), and read each card's statistic
again.  The statistic is the studentised difference ``|d / se|`` of :class:`pnp.sim.answers.PairedRatio`
(games as the unit), so cards dealt often and seldom weigh alike.

The normal p-value of that statistic was too eager: under re-dealt labels, 10 % [5.5, 17.4] of
探偵無宿２ batches flagged some card where 5 % was intended (few deals per card, a ratio's skewed
sampling).  Re-dealing needs no normal approximation: the step-down maxT adjusts for every card tested
at once (the family-wise error stays at 5 % under any dependence between the cards' figures) and keeps
more power than Holm.

* A card alone in its class is compared with every other card dealt, so its labels are re-dealt among
  all the entries of the game.
* Every game draws its re-deals from its own stream, seeded from the game's seed: the figure is the same
  whatever order the games finished in (``--jobs``).
* ``PERMUTATIONS`` re-deals: the smallest p-value is 1 / (PERMUTATIONS + 1) = 0.005.
"""
from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Hashable, Mapping, Sequence

PERMUTATIONS = 199

Unit = tuple[str, ...]
Entry = tuple[float, Unit]                   # (the holder's win, the unit of the card dealt)


def _estimate(g: int, y: Sequence[float], yy: Sequence[float], s: Sequence[float]) -> tuple[float, float] | None:
    """:meth:`PairedRatio.estimate` from sums.  Per game, x = (Tv − mv, Tn − mn, mv, mn), where T is the
    comparison set's (win, count) and m the unit's; ``y`` = (ΣTv, ΣTn), ``yy`` = (ΣTv², ΣTvTn, ΣTn²),
    ``s`` = (Σmv, Σmn, ΣmvTv, ΣmvTn, ΣmnTv, ΣmnTn, Σmv², Σmvmn, Σmn²)."""
    mv, mn, cvv, cvn, cnv, cnn, qvv, qvn, qnn = s
    an, ad, bn, bd = y[0] - mv, y[1] - mn, mv, mn
    if g < 2 or ad <= 0 or bd <= 0:
        return None
    # second moments of x, by index pairs
    a00 = yy[0] - 2 * cvv + qvv
    a01 = yy[1] - cvn - cnv + qvn
    a11 = yy[2] - 2 * cnn + qnn
    x02, x03 = cvv - qvv, cnv - qvn          # Σ (Tv − mv)·mv, Σ (Tv − mv)·mn
    x12, x13 = cvn - qvn, cnn - qnn          # Σ (Tn − mn)·mv, Σ (Tn − mn)·mn
    ma, mb = ad / g, bd / g
    ra, rb = an / ad, bn / bd
    c = (-1 / ma, ra / ma, 1 / mb, -rb / mb)
    m = ((a00, a01, x02, x03), (a01, a11, x12, x13), (x02, x12, qvv, qvn), (x03, x13, qvn, qnn))
    var = sum(c[i] * c[j] * m[i][j] for i in range(4) for j in range(4)) / (g - 1)
    return rb - ra, math.sqrt(max(0.0, var) / g)


class Redeal:
    """The re-dealing test over the kept games: ``p_values(tested)`` → unit → (raw p, adjusted p).

    Re-dealing moves only the holders' wins among a unit's entries: a unit's count in a game (mn) and its
    comparison set's totals (T) stay, so per game only Σmv, ΣmvTv, ΣmvTn, Σmv² and Σmv·mn change."""

    def __init__(self, games: Sequence[tuple[int, Sequence[Entry]]], cls: Mapping[Unit, Hashable],
                 alone: set[Unit]) -> None:
        self.cls, self.alone = cls, alone
        self.units = sorted(cls)
        index = {u: i for i, u in enumerate(self.units)}
        self.g = len(games)
        n = len(self.units)
        # per comparison set (a class, or None: every card dealt), Σ over games of T and T⊗T
        self.base: dict[Hashable, tuple[list[float], list[float]]] = defaultdict(lambda: ([0.0, 0.0], [0.0] * 3))
        self.fixed = [[0.0] * 4 for _ in range(n)]      # per unit: Σmn, ΣmnTv, ΣmnTn, Σmn² (never re-dealt)
        # per game, the groups re-dealt together: (seed, [(values, [(unit index, start, end, Tv, Tn, mn)])])
        self.plan: list[tuple[int, list[tuple[list[float], list[tuple[int, int, int, float, float, float]]]]]] = []
        for seed, entries in games:
            totals = self._set_totals(entries)
            for key, (tv, tn) in totals.items():
                y, yy = self.base[key]
                y[0] += tv; y[1] += tn
                yy[0] += tv * tv; yy[1] += tv * tn; yy[2] += tn * tn
            groups: dict[Hashable, list[Entry]] = defaultdict(list)
            for v, u in entries:        # a unit alone in its class is re-dealt among every card dealt
                groups[None if u in alone else ("class", cls[u])].append((v, u))
            plan = []
            for key in sorted(groups, key=repr):
                members = sorted(groups[key], key=lambda e: e[1])
                values = [v for v, _ in members]
                slots, start = [], 0
                for u in sorted({u for _, u in members}):
                    count = sum(1 for _, w in members if w == u)
                    tv, tn = totals[None if u in alone else ("class", cls[u])]
                    slots.append((index[u], start, start + count, tv, tn, float(count)))
                    f = self.fixed[index[u]]
                    f[0] += count; f[1] += count * tv; f[2] += count * tn; f[3] += count * count
                    start += count
                if key is None:
                    # re-dealt among every entry of the game: the other classes' entries take part too
                    values += [v for v, u in entries if u not in alone]
                plan.append((values, slots))
            self.plan.append((seed, plan))

    def _set_totals(self, entries: Sequence[Entry]) -> dict[Hashable, tuple[float, float]]:
        out: dict[Hashable, list[float]] = defaultdict(lambda: [0.0, 0.0])
        for v, u in entries:
            for key in (None, ("class", self.cls[u])):
                out[key][0] += v
                out[key][1] += 1.0
        return {k: (t[0], t[1]) for k, t in out.items()}

    @staticmethod
    def _fold(plan: Sequence[tuple[list[float], Sequence[tuple[int, int, int, float, float, float]]]],
              sums: list[list[float]]) -> None:
        for values, slots in plan:
            for ui, a, b, tv, tn, mn in slots:
                mv = values[a] if b == a + 1 else sum(values[a:b])
                if mv:
                    s = sums[ui]
                    s[0] += mv; s[1] += mv * tv; s[2] += mv * tn; s[3] += mv * mv; s[4] += mv * mn

    def _statistics(self, sums: Sequence[Sequence[float]]) -> list[float]:
        out = []
        for i, u in enumerate(self.units):
            y, yy = self.base[None if u in self.alone else ("class", self.cls[u])]
            mv, cvv, cvn, qvv, qvn = sums[i]
            mn, cnv, cnn, qnn = self.fixed[i]
            est = _estimate(self.g, y, yy, (mv, mn, cvv, cvn, cnv, cnn, qvv, qvn, qnn))
            out.append(abs(est[0] / est[1]) if est is not None and est[1] > 0 else 0.0)
        return out

    def _draws(self, permutations: int) -> tuple[list[list[float]], list[list[list[float]]]]:
        """The observed sums and ``permutations`` re-dealt ones (each game from its own seeded stream)."""
        n = len(self.units)
        observed = [[0.0] * 5 for _ in range(n)]
        drawn = [[[0.0] * 5 for _ in range(n)] for _ in range(permutations)]
        for seed, plan in self.plan:
            self._fold(plan, observed)
            rng = random.Random(f"pnp.cardperm:{seed}")
            work = [(list(values), slots) for values, slots in plan]
            for sums in drawn:
                for values, _ in work:
                    if len(values) > 1:
                        rng.shuffle(values)
                self._fold(work, sums)
        return observed, drawn

    def p_values(self, tested: Sequence[Unit], permutations: int = PERMUTATIONS) -> dict[Unit, tuple[float, float]]:
        observed, drawn = self._draws(permutations)
        at = {u: i for i, u in enumerate(self.units)}
        t_obs = self._statistics(observed)
        order = sorted((at[u] for u in tested), key=lambda i: (-t_obs[i], self.units[i]))   # most significant first
        raw_count = dict.fromkeys(order, 0)
        step_count = [0] * len(order)
        for sums in drawn:
            t = self._statistics(sums)
            running = 0.0
            for k in range(len(order) - 1, -1, -1):                # successive maxima from the least significant
                i = order[k]
                running = max(running, t[i])
                if running >= t_obs[i] - 1e-12:
                    step_count[k] += 1
                if t[i] >= t_obs[i] - 1e-12:
                    raw_count[i] += 1
        out: dict[Unit, tuple[float, float]] = {}
        adjusted = 0.0
        for k, i in enumerate(order):
            adjusted = max(adjusted, (step_count[k] + 1) / (permutations + 1))   # monotone, as step-down requires
            out[self.units[i]] = ((raw_count[i] + 1) / (permutations + 1), adjusted)
        return out
