"""探偵無宿２: how strong the players are — one seat's policy against the others', with 95% intervals.
Prints figures; not a test.

    python benchmarks/tantei2_strength.py [--games 400] [--players 3,4] [--seed 1] [--pairs heuristic/before,...]

Each pair ``A/B`` seats A in one seat (rotating through every seat) and B in the others, on the same seeds;
A "wins" when it ranks first (a shared first place counts as a win for each sharer).  ``before`` is the
heuristic as it was before issue 14 (kept here, verbatim, for the comparison); ``mcts:N`` is the search
player.
"""
from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.games.tantei2.actions import Kind, Phase
from pnp.games.tantei2.facts import Facts
from pnp.games.tantei2.policies import HeuristicPolicy
from pnp.games.tantei2.state import Observation
from pnp.sim.policies import make_policy
from pnp.sim.runner import play_game
from pnp.sim.sampling import game_seed
from pnp.sim.stats import wilson

ROOT = Path(__file__).resolve().parents[1]


class OldHeuristic(HeuristicPolicy):
    """Plays the most valuable payable event, buys one missing colour with 代用コスト when that
    completes a card worth 2 VP or more, otherwise rests: it places face down a valuable card that is
    close to payable and discards the hardest card.  Its choices are kept as they were; the card
    measures it shares with today's heuristic (``_missing``, ``_worth``) come from that class."""

    name = "heuristic-before"

    def choose(self, o: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        k = legal[0].kind
        f = o.facts
        if o.phase == Phase.MAIN:
            return self._main(o, legal, f)
        if k == Kind.DISC:
            return min(legal, key=lambda a: (self._worth(o, f, a.card), a.card))
        if k == Kind.PICK:
            return legal[int(rng.random() * len(legal))]
        if k == Kind.OUT:
            return self._outside(o, legal, f)
        if o.phase == Phase.DOWN:
            cands = [a for a in legal if a.kind == Kind.DOWN and f.ev_vp[a.card] >= 2 and self._missing(o, f, a.card) > 0]
            return max(cands, key=lambda a: (f.ev_vp[a.card], -a.card)) if cands else legal[-1]
        if k == Kind.FLIP:
            return max(legal, key=lambda a: (f.ev_vp[a.card], -a.card))
        if o.phase == Phase.KEEP:
            keeps = [a for a in legal if a.kind == Kind.KEEP and f.ev_vp[a.card] >= 2]
            if keeps and len(o.hand) >= 3:
                return max(keeps, key=lambda a: f.ev_vp[a.card])
            return legal[-1]
        return legal[int(rng.random() * len(legal))]

    def _rest(self, o: Observation, rests: Sequence[Any], f: Facts) -> Any:
        # face down: a valuable card one or two colours short
        downs = [a for a in rests if a.face_down and f.ev_placed[a.card] and f.ev_vp[a.card] >= 2
                 and not any(c == f.black and o.dead[f.black] for c, _ in f.ev_need[a.card])
                 and self._missing(o, f, a.card) <= 2]
        if downs and len(o.my_down) < 2:
            return max(downs, key=lambda a: (f.ev_vp[a.card] - self._missing(o, f, a.card), -a.card))
        discards = [a for a in rests if not a.face_down]
        return min(discards, key=lambda a: (self._worth(o, f, a.card), a.card))


def policy(engine: Any, name: str) -> Any:
    return OldHeuristic() if name == "before" else make_policy(engine, name)


def head_to_head(engine: Any, a: str, b: str, players: int, games: int, seed: int,
                 variant: str = "standard") -> tuple[int, int, float]:
    """(wins of A, games, seconds): A in seat ``g % players`` of game g, B elsewhere."""
    wins = 0
    t = time.perf_counter()
    for g in range(games):
        seat = g % players
        names = [a if s == seat else b for s in range(players)]
        pols = [policy(engine, n) for n in names]
        rec = play_game(engine, players, names, game_seed(seed, g), index=g, variant=variant, policy_objects=pols)
        if rec.result is None:
            raise SystemExit(f"game {g} failed: {rec.error}")
        wins += rec.result.ranks[seat] == 1
    return wins, games, time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=400, help="games per pair and player count")
    ap.add_argument("--players", default="3,4")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--pairs", default="heuristic/before,heuristic/random,before/random",
                    help="A/B pairs, comma separated (A in one seat, B in the others)")
    args = ap.parse_args()
    engine = make_engine(Project(ROOT).load_game("tantei2"))
    for pair in args.pairs.split(","):
        a, b = pair.split("/", 1)
        for n in (int(x) for x in args.players.split(",")):
            w, g, dt = head_to_head(engine, a, b, n, args.games, args.seed, args.variant)
            lo, hi = wilson(w, g)
            print(f"{n}p  {a:>10} vs {b:<10} {w / g:6.1%}  [{lo:.1%}–{hi:.1%}]  n={g}  (fair {1 / n:.1%})  {dt:.0f}s",
                  flush=True)


if __name__ == "__main__":
    main()
