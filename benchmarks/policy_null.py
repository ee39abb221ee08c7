"""How often 「方針で変わる」 marks a figure when nothing changes: the calibration of the report's robustness
check (:mod:`pnp.sim.robustness`).  Prints figures; not a test.

    python benchmarks/policy_null.py [--pairs 20] [--games 300] [--players 3] [--null draw|seeds] [--games-only ebe]

Each null pair is a batch of the game's default policy beside a second batch of the *same* policy, compared
figure by figure exactly as the report compares the second competent player:

* ``--null draw`` (default): the same seeds, the same chance, the players' own random numbers drawn anew
  (``Batch.policy_draw``) — the same player with other coin flips;
* ``--null seeds``: independent root seeds (other deals, other dice, other coin flips).

A calibrated check marks at least one figure in at most 5% of null pairs (its family-wise rate).  The share
is printed with its Wilson 95% interval, per game and over all games, for the report's test (the paired
sign-flip randomization test) and, on the same pairs, for the Student's t test it replaced.
"""
from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.policies import default_policy
from pnp.sim.robustness import compare_pairs
from pnp.sim.runner import Batch, run_games
from pnp.sim.stats import wilson

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("euphoria", "terror24", "ebe")       # the games with a second competent player


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=20, help="null pairs per game")
    ap.add_argument("--games", type=int, default=300, help="games per batch")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--null", choices=("draw", "seeds"), default="draw")
    ap.add_argument("--games-only", default="", help="comma-separated game ids")
    args = ap.parse_args()
    project = Project(ROOT)
    only = [g for g in args.games_only.split(",") if g] or list(GAMES)
    print(f"null: {args.null}; {args.pairs} pairs a game, {args.games} games a batch, {args.players} players")
    methods = ("t", "flips")
    total = 0
    marked_total = dict.fromkeys(methods, 0)
    for gid in only:
        engine = make_engine(project.load_game(gid))
        pol = default_policy(engine)
        marked = dict.fromkeys(methods, 0)
        hits: dict[str, list[str]] = {m: [] for m in methods}
        tested = 0
        for k in range(args.pairs):
            a = Batch(args.players, (pol,), args.games, seed=args.seed + 2 * k)
            b = replace(a, policy_draw=1) if args.null == "draw" else replace(a, seed=args.seed + 2 * k + 1)
            pairs = list(zip(run_games(engine, a), run_games(engine, b)))
            for method in methods:
                r = compare_pairs(engine, args.players, pairs, pol, seed=a.seed, method=method)
                tested = r["tested"]
                if r["moved"]:
                    marked[method] += 1
                    hits[method] += [m["key"] for m in r["moved"]]
        for method in methods:
            lo, hi = wilson(marked[method], args.pairs)
            print(f"{gid} ({pol}, {tested} figures tested) {method:5}: marked {marked[method]}/{args.pairs} = "
                  f"{100 * marked[method] / args.pairs:.0f}% [{100 * lo:.0f}, {100 * hi:.0f}]  "
                  f"{sorted(set(hits[method]))}", flush=True)
            marked_total[method] += marked[method]
        total += args.pairs
    for method in methods:
        lo, hi = wilson(marked_total[method], total)
        print(f"all {method:5}: marked {marked_total[method]}/{total} = {100 * marked_total[method] / total:.1f}% "
              f"[{100 * lo:.1f}, {100 * hi:.1f}]")


if __name__ == "__main__":
    main()
