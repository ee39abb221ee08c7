"""探偵無宿２: games per second on one core, per player count and policy — by wall clock and by the process's
own CPU time (which a busy shared machine does not distort).  Prints figures; not a test.

    python benchmarks/tantei2_throughput.py [--games 2000] [--seed 1]

Target (issue 18): random-policy play at ≥ 1,000 games/s at every player count on one core.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.runner import Batch, run_games

ROOT = Path(__file__).resolve().parents[1]
TARGET = 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--policies", default="random,heuristic")
    args = ap.parse_args()
    engine = make_engine(Project(ROOT).load_game("tantei2"))
    for policy in args.policies.split(","):
        for n in range(engine.min_players, engine.max_players + 1):
            wall, cpu = time.perf_counter(), time.process_time()
            records = run_games(engine, Batch(players=n, policies=(policy,), games=args.games, seed=args.seed), jobs=1)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            failed = sum(r.result is None for r in records)
            mark = "" if policy != "random" else ("  OK" if args.games / cpu >= TARGET else f"  below {TARGET}")
            print(f"tantei2 {n}p {policy:<10} {args.games / cpu:7.0f} games/s CPU  {args.games / wall:7.0f} games/s wall"
                  f"  ({failed} failed){mark}", flush=True)


if __name__ == "__main__":
    main()
