"""Fits the weights of EBE's team value (pnp/games/ebe/value.py, the hook the search player scores a cut
playout with) and prints them as the ``WEIGHTS`` table to paste there.

    python benchmarks/ebe_value_fit.py [--games 1000] [--seed 1] [--sample 0.5]

For every player count: seeded games of the team planner (every fourth game, for states off the planner's
own path, the early planner); about ``--sample`` of the chance states (the starts of turns and rounds, before
the dice: where the search player's cut playouts are scored) kept with the game's outcome (escaped or not); a
logistic regression (Newton's method, a small ridge) of the outcome on ``value_features``.  Prints the
weights, the log-loss and the Brier score on held-out games (every fifth game), beside the base rate's.
Seeded: a run repeats exactly.  It is not a test."""
from __future__ import annotations

import argparse
import math
import random
from pathlib import Path

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.games.ebe.policies import EarlyPlannerPolicy, PlannerPolicy
from pnp.games.ebe.value import FEATURES
from pnp.sim.engine import CHANCE, TERMINAL
from pnp.sim.sampling import derive_seed

ROOT = Path(__file__).resolve().parents[1]


def samples(engine, players: int, games: int, seed: int, keep: float):
    """(features, won, game index) of chance states of seeded planner / early-planner games."""
    out = []
    for g in range(games):
        rng = random.Random(derive_seed(seed, "value", players, g))
        make = EarlyPlannerPolicy if g % 4 == 3 else PlannerPolicy
        pols = [make() for _ in range(players)]
        s = engine.new_state(players)
        kept = []
        while True:
            m = engine.to_move(s)
            if m == TERMINAL:
                break
            if m == CHANCE:
                if rng.random() < keep:
                    kept.append(engine.value_features(s))
                engine.apply(s, engine.sample_chance(s, rng))
                continue
            legal = engine.legal_actions(s)
            engine.apply(s, pols[m].choose(engine.observe(s, m), legal, rng))
        won = 1.0 if engine.result(s).winners else 0.0
        out += [(f, won, g) for f in kept]
    return out


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-z)) if z >= 0 else math.exp(z) / (1 + math.exp(z))


def fit(data, ridge: float = 1e-3, rounds: int = 25) -> list[float]:
    k = len(data[0][0])
    w = [0.0] * k
    for _ in range(rounds):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y, _ in data:
            p = sigmoid(sum(a * b for a, b in zip(w, x)))
            d = p - y
            v = p * (1 - p)
            for i in range(k):
                grad[i] += d * x[i]
                xi = v * x[i]
                row = hess[i]
                for j in range(i, k):
                    row[j] += xi * x[j]
        for i in range(k):
            grad[i] += ridge * len(data) * w[i]
            hess[i][i] += ridge * len(data)
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
        if max(abs(x) for x in step) < 1e-7:
            break
    return w


def scores(w, data) -> tuple[float, float]:
    ll = br = 0.0
    for x, y, _ in data:
        p = min(1 - 1e-9, max(1e-9, sigmoid(sum(a * b for a, b in zip(w, x)))))
        ll -= y * math.log(p) + (1 - y) * math.log(1 - p)
        br += (p - y) ** 2
    return ll / len(data), br / len(data)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000, help="games per player count")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sample", type=float, default=0.5, help="share of turn-start states kept")
    ap.add_argument("--project", type=Path, default=ROOT)
    args = ap.parse_args()
    engine = make_engine(Project(args.project).load_game("ebe"))
    rows = {}
    for players in range(engine.min_players, engine.max_players + 1):
        data = samples(engine, players, args.games, args.seed, args.sample)
        train = [d for d in data if d[2] % 5]
        test = [d for d in data if not d[2] % 5]
        w = fit(train)
        base = sum(y for _, y, _ in train) / len(train)
        ll, br = scores(w, test)
        ll0, br0 = scores([math.log(base / (1 - base))] + [0.0] * (len(w) - 1), test)
        print(f"# {players}p: {len(train)} states to fit, {len(test)} held out; log-loss {ll:.3f} "
              f"(base rate {ll0:.3f}), Brier {br:.3f} (base rate {br0:.3f})", flush=True)
        rows[players] = w
    print("# " + ", ".join(FEATURES))
    print("WEIGHTS: dict[int, tuple[float, ...]] = {")
    for players, w in rows.items():
        print(f"    {players}: ({', '.join(f'{x:.4f}' for x in w)}),")
    print("}")


if __name__ == "__main__":
    main()
