"""Random-policy games per second, per game, in one process, and how ``--jobs`` scales.

    python benchmarks/bench_sim.py [--games 20000] [--jobs 1,2,4]

Prints figures; it is not a test."""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.runner import Batch, run_games

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--jobs", default="1,2,4")
    ap.add_argument("--project", type=Path, default=ROOT)
    ap.add_argument("--game", action="append", help="only these games (default: every game with an engine)")
    args = ap.parse_args()
    project = Project(args.project)
    for gid in args.game or project.game_ids():
        game = project.load_game(gid)
        if not game.engine:
            continue
        try:
            engine = make_engine(game)
        except Exception as exc:   # noqa: BLE001 — another engine may be half-written
            print(f"{gid}: skipped ({exc})")
            continue
        try:
            bench_game(gid, engine, args)
        except Exception as exc:   # noqa: BLE001
            print(f"{gid}: failed ({type(exc).__name__}: {exc})")


def bench_game(gid, engine, args) -> None:
    for players in range(engine.min_players, engine.max_players + 1):
        for policy in ("random", getattr(engine, "default_policy", "random")):
            batch = Batch(players, (policy,), args.games, seed=1)
            t = time.perf_counter()
            run_games(engine, batch, jobs=1)
            dt = time.perf_counter() - t
            print(f"{gid} {players}p {policy:10s} {args.games / dt:9.0f} games/s  (1 process)")
    players = engine.min_players
    base = None
    for jobs in (int(j) for j in args.jobs.split(",")):
        batch = Batch(players, ("random",), args.games * 2, seed=1)
        t = time.perf_counter()
        run_games(engine, batch, jobs=jobs)
        rate = args.games * 2 / (time.perf_counter() - t)
        base = base or rate
        print(f"{gid} {players}p random --jobs {jobs}: {rate:9.0f} games/s  (×{rate / base:.2f})")


if __name__ == "__main__":
    main()
