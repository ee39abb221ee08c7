"""24 −共鳴するテロル−: how strong the game's players are, head to head.

    python benchmarks/terror24_players.py [--games 600] [--jobs 2] [--pair heuristic:basic] …

For each pair ``A/B`` and each player count, one seat plays A and the others B; the line-up rotates so
A sits in every seat equally often.  Prints A's win share with its 95% Wilson interval beside the fair
share 1/players, and the share of incidents whose order among the top two was settled by play order
(equal power and equal first card).  Prints figures; it is not a test.  Games are seeded."""
from __future__ import annotations

import argparse
from pathlib import Path

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.runner import Batch, run_games
from pnp.sim.stats import wilson

ROOT = Path(__file__).resolve().parents[1]
PAIRS = ("heuristic/random", "heuristic/basic", "basic/heuristic", "heuristic/heuristic", "basic/basic")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=600, help="games per pair and player count")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--pair", action="append", help="A/B (default: " + ", ".join(PAIRS) + ")")
    ap.add_argument("--players", type=int, action="append")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    engine = make_engine(Project(ROOT).load_game("terror24"))
    for pair in args.pair or PAIRS:
        a, b = pair.split("/")
        for n in args.players or range(engine.min_players, engine.max_players + 1):
            games = args.games - args.games % n
            recs = run_games(engine, Batch(n, (a,) + (b,) * (n - 1), games, seed=args.seed), jobs=args.jobs)
            done = [r for r in recs if r.result is not None]
            wins = sum(1 for r in done if r.result.ranks[r.policies.index(a)] == 1)
            lo, hi = wilson(wins, len(done))
            inc = sum(r.result.extra["incidents"] for r in done)
            by_order = sum(r.result.extra["tie_break_incident_order"] for r in done)
            print(f"{n}p one {a} vs {b}: {100 * wins / len(done):5.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] "
                  f"(fair {100 / n:.1f}%, {len(done)} games; incidents settled by play order "
                  f"{100 * by_order / max(1, inc):.1f}%)", flush=True)


if __name__ == "__main__":
    main()
