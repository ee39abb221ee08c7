"""EBE: team win rate of each player on the same seeds, per player count, with 95% Wilson intervals.

    python benchmarks/ebe_planner.py [--games 1000] [--policies planner,early-planner,random] [--variant standard]

Prints figures; it is not a test."""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.runner import Batch, run_games
from pnp.sim.stats import wilson

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--policies", default="planner,early-planner,random")
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--variant", default="standard")
    args = ap.parse_args()
    engine = make_engine(Project(ROOT).load_game("ebe"))
    for players in (int(x) for x in args.players.split(",")):
        for policy in args.policies.split(","):
            t = time.perf_counter()
            recs = run_games(engine, Batch(players, (policy,), args.games, seed=args.seed, variant=args.variant))
            dt = time.perf_counter() - t
            done = [r for r in recs if r.result is not None]
            wins = sum(1 for r in done if r.result.extra["win"])
            lo, hi = wilson(wins, len(done))
            causes: dict[str, int] = {}
            for r in done:
                causes[r.result.end_reason] = causes.get(r.result.end_reason, 0) + 1
            print(f"{players}p {policy:14s} team win {wins / len(done):6.1%} [{lo:.1%}–{hi:.1%}]  n={len(done)}  "
                  f"{' '.join(f'{k}={v}' for k, v in sorted(causes.items()))}  ({len(done) / dt:.0f} games/s)")


if __name__ == "__main__":
    main()
