"""「勝者が変わる」 of every comparison a bundled game asks for, beside its placebo floor and its verdict.
Prints figures; not a test.

    python benchmarks/winner_change_verdicts.py [--games 300] [--seed 1] [--players 3] [--games-only euphoria]

For each game's ``report_comparisons`` (the default policy in every seat, the batch's seeds): the share of
paired games whose winner changes (Wilson 95%), the placebo floor (the same share when only the chance the
rule adds or removes is re-drawn under unchanged rules, :mod:`pnp.sim.comparisons`), how many pairs drew
identical chance, the excess over the floor with its 95% interval, and the verdict with its margin.
"""
from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path
from typing import Any

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.comparisons import comparison_specs, paired
from pnp.sim.metrics import Comparison
from pnp.sim.policies import default_policy
from pnp.sim.runner import Batch

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("terror24", "euphoria", "ebe", "tantei2")


def pct(r: dict[str, Any] | None) -> str:
    if not r:
        return "—"
    return f"{100 * r['rate']:5.1f}% [{100 * r['ci'][0]:4.1f}, {100 * r['ci'][1]:4.1f}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games-only", default="", help="comma-separated game ids")
    args = ap.parse_args()
    project = Project(ROOT)
    only = [g for g in args.games_only.split(",") if g] or list(GAMES)
    print(f"{args.games} pairs a comparison, {args.players} players, seed {args.seed}")
    for gid in only:
        engine = make_engine(project.load_game(gid))
        players = max(engine.min_players, min(engine.max_players, args.players))
        batch = Batch(players, (default_policy(engine),), args.games, seed=args.seed)
        print(f"\n{gid} {players}人 ({batch.policies[0]})")
        for spec in comparison_specs(engine):
            other = replace(batch, variant=spec["variant"]) if "variant" in spec else \
                replace(batch, options={**batch.options, **spec["options"]})
            acc = Comparison(engine, batch.variant, other.variant)
            for pair in paired(engine, batch, other):
                acc.add(*pair)
            c = acc.result()
            v = c["winner_change_verdict"]
            ex = c.get("winner_change_excess")
            same = c.get("chance_identical")
            print(f"  {spec['name_ja']}: 勝者が変わる {pct(c['winner_changed'])}  下限 {pct(c['noise_floor'])}"
                  + (f"  同じ偶然 {same}/{c['pairs']}" if same is not None else "")
                  + (f"  超過 {100 * ex['diff']:+.1f} [{100 * ex['ci'][0]:+.1f}, {100 * ex['ci'][1]:+.1f}]"
                     if ex else "")
                  + f"  → {v['verdict']}")


if __name__ == "__main__":
    main()
