"""24 −共鳴するテロル−: random-policy games per second on one core, per player count, and the default
policy's, timed by the process's own CPU clock as well as the wall clock (a busy machine slows the
wall clock, not the CPU time one process uses).

    python benchmarks/bench_terror24.py [--games 2000] [--policy random]

Prints figures next to the target (1,000 games/s at every player count); it is not a test."""
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
    ap.add_argument("--policy", action="append", help="policies to time (default: random)")
    ap.add_argument("--project", type=Path, default=ROOT)
    args = ap.parse_args()
    engine = make_engine(Project(args.project).load_game("terror24"))
    for policy in args.policy or ["random"]:
        for players in range(engine.min_players, engine.max_players + 1):
            batch = Batch(players, (policy,), args.games, seed=1)
            wall, cpu = time.perf_counter(), time.process_time()
            run_games(engine, batch, jobs=1)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            rate = args.games / cpu
            mark = "ok" if policy != "random" or rate >= TARGET else f"below the target {TARGET}"
            print(f"terror24 {players}p {policy:10s} {rate:7.0f} games/s by CPU time, "
                  f"{args.games / wall:7.0f} by the wall clock  ({mark})")


if __name__ == "__main__":
    main()
