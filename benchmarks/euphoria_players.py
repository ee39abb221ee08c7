"""ユーフォリア: how strong the game's players are against each other, and how fast random play runs.

    python benchmarks/euphoria_players.py [--games 2000] [--search-games 150] [--pair heuristic,beginner …]
    python benchmarks/euphoria_players.py --throughput [--games 2000]

Head-to-head: two policies alternate over the seats (the runner's rotation), every player count; the
figure is the share of seats of each policy that won, with its 95% Wilson interval, next to the fair
share 1/players.  Throughput: random-policy games per second on one core, by wall clock and by CPU time
(the CPU figure is the one to trust on a busy machine).  Prints figures; it is not a test."""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.runner import Batch, run_games
from pnp.sim.stats import wilson

ROOT = Path(__file__).resolve().parents[1]
PAIRS = ("heuristic,beginner", "heuristic,random", "heuristic,daring", "beginner,random", "mcts:200,heuristic")
TARGET = 5000


def head_to_head(engine, pair: str, players: int, games: int, seed: int) -> str:
    names = tuple(pair.split(","))
    records = run_games(engine, Batch(players, names, games, seed=seed))
    won = {n: 0 for n in names}
    seats = {n: 0 for n in names}
    for r in records:
        for seat, name in enumerate(r.policies):
            seats[name] += 1
            won[name] += r.result.ranks[seat] == 1
    parts = []
    for n in names:
        lo, hi = wilson(won[n], seats[n])
        parts.append(f"{n} {won[n] / seats[n]:.3f} [{lo:.3f}, {hi:.3f}]")
    return f"{players}p {games} games (fair {1 / players:.3f}): " + "  ".join(parts)


def throughput(engine, games: int) -> None:
    for players in range(engine.min_players, engine.max_players + 1):
        batch = Batch(players, ("random",), games, seed=1)
        wall, cpu = time.perf_counter(), time.process_time()
        run_games(engine, batch, jobs=1)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(f"euphoria {players}p random: {games / wall:7.0f} games/s wall, {games / cpu:7.0f} games/s CPU "
              f"(target ≥ {TARGET})")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--search-games", type=int, default=150, help="games per player count with a mcts seat")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pair", action="append", help="A,B (default: the report's pairs)")
    ap.add_argument("--throughput", action="store_true")
    args = ap.parse_args()
    engine = make_engine(Project(ROOT).load_game("euphoria"))
    if args.throughput:
        throughput(engine, args.games)
        return
    for pair in args.pair or PAIRS:
        games = args.search_games if "mcts" in pair else args.games
        print(f"## {pair}")
        for players in (3, 4, 5):
            print(head_to_head(engine, pair, players, games, args.seed), flush=True)


if __name__ == "__main__":
    main()
