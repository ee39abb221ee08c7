"""The search player (``mcts:<iterations>``, pnp/sim/search.py): how fast it plays and how strong it is.

    python benchmarks/bench_search.py [--games 24] [--iterations 100] [--speed 100,400] [--jobs 2]
                                      [--game euphoria] [--skip-speed] [--skip-strength]

Speed: games per second (and milliseconds per search decision) with every seat played by
``mcts:<iterations>``, at the smallest player count, in one process.

Strength: at every player count (or ``--players``), one seat ``mcts:<iterations>`` (``--settings guided``:
guided by the game's default policy, see pnp/sim/search.py) against the others all playing one of
the game's own policies (``heuristic`` …) or all ``random``; the line-up rotates so the search player sits in every
seat equally often.  The figure is the search player's win share (a k-way tie for first counts 1/k)
with its 95% Wilson interval, beside the fair share 1/players.  A cooperative game (EBE) has no
head-to-head: it prints the team's win rate with every seat played by each policy (the game's own, random,
and the search player), on the same seeds, with the games per second; the search team plays
``--coop-games`` games per player count.  There ``guided`` is paired playouts by the game's default policy
scored by the engine's team value (see pnp/sim/search.py); the README's figures for EBE come from

    python benchmarks/bench_search.py --game ebe --skip-speed --iterations 6 --games 200 --coop-games 200 --jobs 1

Prints figures; it is not a test.  Games are seeded, so a run repeats exactly."""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.policies import default_policy, game_policies
from pnp.sim.runner import Batch, run_games
from pnp.sim.stats import wilson

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=24, help="games per player count and opponent")
    ap.add_argument("--iterations", type=int, default=100, help="search iterations for the strength runs")
    ap.add_argument("--settings", default="guided",
                    help="what follows mcts:N in the strength runs: 'guided' (the game's default policy for "
                         "playouts and first choices, playouts cut after --depth decisions), 'plain' (random "
                         "playouts), or a literal suffix such as ':rollout=heuristic:tree=own'")
    ap.add_argument("--depth", type=int, default=40, help="decisions per playout for 'guided'")
    ap.add_argument("--players", type=int, action="append", help="only these player counts")
    ap.add_argument("--speed", default="100,400", help="iteration budgets for the speed runs")
    ap.add_argument("--speed-games", type=int, default=2)
    ap.add_argument("--coop-games", type=int, default=6, help="games per player count for a cooperative game")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--project", type=Path, default=ROOT)
    ap.add_argument("--game", action="append", help="only these games (default: every game with an engine)")
    ap.add_argument("--skip-speed", action="store_true")
    ap.add_argument("--skip-strength", action="store_true")
    args = ap.parse_args()
    project = Project(args.project)
    for gid in args.game or project.game_ids():
        game = project.load_game(gid)
        if not game.engine:
            continue
        engine = make_engine(game)
        if not args.skip_speed:
            speed(gid, engine, args)
        if not args.skip_strength:
            strength(gid, engine, args)


def speed(gid, engine, args) -> None:
    players = engine.min_players
    for it in (int(x) for x in args.speed.split(",")):
        name = f"mcts:{it}"
        t = time.perf_counter()
        recs = run_games(engine, Batch(players, (name,), args.speed_games, seed=args.seed), jobs=1)
        dt = time.perf_counter() - t
        turns = sum(r.turns for r in recs)
        errors = sum(1 for r in recs if r.error)
        print(f"{gid} {players}p {name:9s} {args.speed_games / dt:8.3f} games/s  "
              f"{1000 * dt / max(1, turns):7.1f} ms/decision  (every seat searches, 1 process"
              f"{f', {errors} errors' if errors else ''})", flush=True)


def search_name(engine, args) -> str:
    base = f"mcts:{args.iterations}"
    if args.settings == "plain":
        return base
    if args.settings == "guided":
        default = default_policy(engine)
        if default == "random":
            return base
        return f"{base}:guided" if args.depth == 40 else f"{base}:rollout={default}:depth={args.depth}:prior=on"
    return base + args.settings


def strength(gid, engine, args) -> None:
    search = search_name(engine, args)
    opponents = sorted(game_policies(engine)) + ["random"]
    if getattr(engine, "cooperative", False):
        counts = range(engine.min_players, engine.max_players + 1)
        for players in [p for p in args.players if p in counts] if args.players else counts:
            for pol in opponents + [search]:
                t = time.perf_counter()
                games = args.coop_games if pol == search else args.games
                recs = run_games(engine, Batch(players, (pol,), games, seed=args.seed), jobs=args.jobs)
                done = [r for r in recs if r.result is not None]
                won = sum(1 for r in done if r.result.winners)
                lo, hi = wilson(won, len(done))
                dt = time.perf_counter() - t
                print(f"{gid} {players}p team of {pol:10s} team win {won / max(1, len(done)):6.1%} "
                      f"[{lo:6.1%}, {hi:6.1%}]  n={len(done)}  ({dt:.0f} s, {games / dt:.2f} games/s)", flush=True)
        return
    counts = range(engine.min_players, engine.max_players + 1)
    for players in [p for p in args.players if p in counts] if args.players else counts:
        for opp in opponents:
            lineup = (search,) + (opp,) * (players - 1)
            games = args.games - args.games % players or players      # every seat equally often
            t = time.perf_counter()
            recs = run_games(engine, Batch(players, lineup, games, seed=args.seed), jobs=args.jobs)
            share = 0.0
            n = 0
            for r in recs:
                if r.result is None:
                    continue
                n += 1
                seat = r.policies.index(search)
                k = sum(1 for x in r.result.ranks if x == 1)
                share += 1 / k if r.result.ranks[seat] == 1 else 0.0
            lo, hi = wilson(share, n)
            verdict = "stronger" if lo > 1 / players else "weaker" if hi < 1 / players else "not separable"
            print(f"{gid} {players}p {search} vs {opp:10s} win {share / max(1, n):6.1%} [{lo:6.1%}, {hi:6.1%}]"
                  f"  fair {1 / players:5.1%}  n={n}  {verdict}  ({time.perf_counter() - t:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
