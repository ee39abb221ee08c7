"""Common random numbers and noise floors: what a placebo changes, before and after keyed streams.
Prints figures; not a test.

    python benchmarks/crn_noise_floor.py [--games 300] [--seed 1] [--jobs 2] [--games-only terror24,ebe]

For each bundled game and player count, with its default policy in every seat:

* placebo 「1回の偶然」: the same rules twice, one chance draw re-drawn halfway through the game
  (:func:`pnp.sim.comparisons.midgame_placebo`): the share of games whose winner changes.  「単一の流れ」
  is the runner before keyed streams (one chance stream per game, one per seat: every later draw moves);
  「鍵つき」 is the runner with the engine's ``chance_key`` / ``decision_key``;
* placebo 「1手の迷い」: the same with one decision's random numbers re-drawn (the seat is the game index
  modulo the players);
* each comparison the game asks for (``report_comparisons``): 「勝者が変わる」 with its Wilson 95%
  interval beside its noise floor (:mod:`pnp.sim.comparisons`), and the verdict, both ways.
"""
from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path
from typing import Any

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.comparisons import comparison_specs, midgame_placebo, paired
from pnp.sim.metrics import Comparison
from pnp.sim.policies import default_policy, game_policies
from pnp.sim.runner import Batch

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = {"terror24": (3, 5), "tantei2": (3,), "euphoria": (3, 5), "ebe": (3,)}


class SingleStream:
    """The engine without its chance / decision keys: the runner falls back to one chance stream per
    game and one stream per seat, as it played every game before keyed streams."""

    def __init__(self, engine: Any) -> None:
        self._engine = engine
        self.policies = game_policies(engine)

    def __getattr__(self, name: str) -> Any:
        if name in ("chance_key", "decision_key"):
            raise AttributeError(name)
        return getattr(self._engine, name)


def pct(r: dict[str, Any]) -> str:
    return f"{100 * r['rate']:5.1f}% [{100 * r['ci'][0]:4.1f}–{100 * r['ci'][1]:4.1f}]"


def comparison(engine: Any, batch: Batch, spec: dict[str, Any], jobs: int) -> dict[str, Any]:
    other = replace(batch, variant=spec["variant"]) if "variant" in spec else \
        replace(batch, options={**batch.options, **spec["options"]})
    acc = Comparison(engine, batch.variant, other.variant)
    for x, y, z in paired(engine, batch, other, jobs=jobs):
        acc.add(x, y, z)
    return acc.result()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--games-only", default="", help="comma-separated game ids")
    args = ap.parse_args()
    only = [g for g in args.games_only.split(",") if g] or list(PLAYERS)
    project = Project(ROOT)
    print(f"{args.games} games a figure, seed {args.seed}; Wilson 95% intervals")
    for gid in only:
        keyed = make_engine(project.load_game(gid))
        single = SingleStream(keyed)
        pol = default_policy(keyed)
        for n in PLAYERS[gid]:
            batch = Batch(n, (pol,), args.games, seed=args.seed)
            print(f"\n{gid} {n}人 ({pol})")
            for kind, name in (("chance", "1回の偶然"), ("seat", "1手の迷い")):
                before = midgame_placebo(single, batch, kind, jobs=1)
                after = midgame_placebo(keyed, batch, kind, jobs=1)
                print(f"  placebo {name}: 単一の流れ {pct(before)}   鍵つき {pct(after)}")
            for spec in comparison_specs(keyed):
                for label, engine in (("単一の流れ", single), ("鍵つき", keyed)):
                    c = comparison(engine, batch, spec, 1)
                    print(f"  {spec['name_ja']} [{label}]: 勝者が変わる {pct(c['winner_changed'])}"
                          f"  雑音の下限 {pct(c['noise_floor']) if c['noise_floor'] else '—'}"
                          f"  → {c['winner_change_verdict']['verdict']}")


if __name__ == "__main__":
    main()
