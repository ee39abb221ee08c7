"""EBE: each event and mission card's effect on the team win rate (planner games), so no card is dead or
dominant.  A card's rate is over the games in which it was put into effect (Result.extra["cards_used"]).

    python benchmarks/ebe_cards.py [--games 1000] [--policy planner]

Prints figures; it is not a test."""
from __future__ import annotations

import argparse
from pathlib import Path

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.runner import Batch, run_games
from pnp.sim.stats import wilson

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000, help="games per player count")
    ap.add_argument("--policy", default="planner")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    engine = make_engine(Project(ROOT).load_game("ebe"))
    labels = engine.labels_ja
    records = []
    for players in range(engine.min_players, engine.max_players + 1):
        records += [r for r in run_games(engine, Batch(players, (args.policy,), args.games, seed=args.seed))
                    if r.result is not None]
    wins = sum(1 for r in records if r.result.extra["win"])
    lo, hi = wilson(wins, len(records))
    print(f"all {len(records)} games: team win {wins / len(records):.1%} [{lo:.1%}–{hi:.1%}]")
    for deck, ids in (("missions", engine.mission_ids), ("events", engine.event_ids)):
        print(f"-- {deck}")
        for cid in dict.fromkeys(ids):
            with_card = [r for r in records if cid in r.result.extra["cards_used"]]
            k = sum(1 for r in with_card if r.result.extra["win"])
            lo, hi = wilson(k, len(with_card))
            share = k / max(1, len(with_card))
            print(f"  {labels.get(cid, cid):12s} {cid:12s} n={len(with_card):5d}  team win {share:6.1%} "
                  f"[{lo:.1%}–{hi:.1%}]")


if __name__ == "__main__":
    main()
