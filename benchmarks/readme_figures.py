"""The README's head-to-head table of the search player, printed as the README quotes it.

    python benchmarks/readme_figures.py [--game euphoria] [--jobs 2]

Each row seats one search player (``mcts:N:guided`` …) against the game's heuristic (and, where the row
says so, against random) at one player count; the line-up rotates so the search player sits in every
seat equally often, and a k-way tie for first counts 1/k.  The figure is its win share with the 95%
Wilson interval, beside the fair share 1/players.  The first line printed gives the commit and the
settings; the README quotes that line with the table, so a reader knows which code made the figures.
Prints figures; it is not a test.  Games are seeded, so a run repeats exactly.
"""
from __future__ import annotations

import argparse
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.runner import Batch, run_games
from pnp.sim.stats import wilson

ROOT = Path(__file__).resolve().parents[1]
TITLES = {"euphoria": "ユーフォリア", "terror24": "24", "tantei2": "探偵無宿２"}


@dataclass(frozen=True)
class Row:
    game: str
    players: int
    search: str
    games: int                  # against the heuristic
    seed: int
    random_games: int = 0       # against random (0: not played)
    note: str = ""


ROWS = (
    Row("euphoria", 3, "mcts:50:guided", 150, 1, 60),
    Row("euphoria", 4, "mcts:50:guided", 150, 1, 60),
    Row("euphoria", 5, "mcts:50:guided", 150, 1, 60),
    Row("terror24", 3, "mcts:400:guided", 72, 4),
    Row("terror24", 3, "mcts:100:guided", 24, 2, 12),
    Row("terror24", 4, "mcts:200:guided", 36, 4),
    Row("terror24", 4, "mcts:100:guided", 36, 2, 20),
    Row("terror24", 5, "mcts:100:guided", 35, 2, 20),
    Row("tantei2", 3, "mcts:30:guided", 48, 3, 24, "（paired）"),
    Row("tantei2", 4, "mcts:30:guided", 48, 3, 24, "（paired）"),
)


def commit() -> str:
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "describe", "--always", "--dirty"], capture_output=True,
                             text=True, check=True)
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def share(engine: object, row: Row, opponent: str, games: int, jobs: int) -> str:
    batch = Batch(row.players, (row.search,) + (opponent,) * (row.players - 1), games, seed=row.seed)
    wins = 0.0
    done = 0
    for r in run_games(engine, batch, jobs=jobs):
        if r.result is None:
            raise SystemExit(f"{row.game} game {r.index} failed: {r.error}")
        done += 1
        winners = r.result.winners
        wins += sum(1 / len(winners) for s in winners if r.policies[s] == row.search)
    lo, hi = wilson(wins, done)
    rate = wins / done
    text = f"{100 * rate:.0f}%" if rate in (0.0, 1.0) else f"{100 * rate:.1f}%"
    return f"{text}（{100 * lo:.1f}〜{100 * hi:.1f}%）"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", action="append", help="only these games (repeatable; default all rows)")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    rows = [r for r in ROWS if not args.game or r.game in args.game]
    project = Project(ROOT)
    engines = {g: make_engine(project.load_game(g)) for g in {r.game for r in rows}}
    start = time.time()
    print(f"commit {commit()}; python benchmarks/readme_figures.py"
          + "".join(f" --game {g}" for g in (args.game or [])) + f" --jobs {args.jobs}")
    print()
    print("| ゲーム・人数 | 探索プレイヤー | 相手 heuristic | 相手 random | 公平 |")
    print("|---|---|---|---|---|")
    for r in rows:
        e = engines[r.game]
        against = share(e, r, "heuristic", r.games, args.jobs)
        rand = share(e, r, "random", r.random_games, args.jobs) if r.random_games else "—"
        games = f"{r.games}局" + (f"・{r.random_games}局" if r.random_games else "")
        print(f"| {TITLES[r.game]} {r.players}人（{games}、種{r.seed}） | `{r.search}`{r.note} | {against} | {rand} | "
              f"{100 / r.players:.1f}% |", flush=True)
    print(f"\n{time.time() - start:.0f} s")


if __name__ == "__main__":
    main()
