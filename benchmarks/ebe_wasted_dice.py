"""EBE: how often the team gives the イーバ a die above every player's (so everyone acts before it) in a
turn where a player then spends no AP — station life paid to protect a player who does nothing.

    python benchmarks/ebe_wasted_dice.py [--games 200] [--players 3]

Prints figures; it is not a test."""
from __future__ import annotations

import argparse
import random
from pathlib import Path

from pnp.data.project import Project
from pnp.games import ebe as E
from pnp.games import make_engine
from pnp.sim.engine import CHANCE, TERMINAL
from pnp.sim.stats import wilson

ROOT = Path(__file__).resolve().parents[1]
AP_KINDS = (E.K_HEAL, E.K_CONVERT, E.K_LOAD, E.K_GAIN)


def measure(eng, policy: str, players: int, games: int, seed: int) -> tuple[int, int, int]:
    high = wasted = turns = 0
    for g in range(games):
        rng = random.Random(seed * 100003 + g)
        pols = [eng.policies[policy]() for _ in range(players)]
        s = eng.new_state(players)
        spent, ebe_high, key = [0] * players, False, None
        while True:
            who = eng.to_move(s)
            if who == TERMINAL:
                break
            if who == CHANCE:
                a = eng.sample_chance(s, rng)
            else:
                a = pols[who].choose(eng.observe(s, who), eng.legal_actions(s), rng)
                if isinstance(a, E.Act) and a.kind in AP_KINDS:
                    spent[who] += 1
            before = (s.rnd, s.turn)
            eng.apply(s, a)
            if s.phase == E.P_CHOOSE and key != before:
                key = before
                ebe_high = bool(s.ebe_die) and min(s.ebe_die) > max(s.die)
                spent = [0] * players
            if (s.rnd, s.turn) != before or eng.to_move(s) == TERMINAL:
                if key == before:
                    turns += 1
                    high += ebe_high
                    wasted += ebe_high and min(spent) == 0
                    key = None
    return turns, high, wasted


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    eng = make_engine(Project(ROOT).load_game("ebe"))
    for n in (int(x) for x in args.players.split(",")):
        for policy in ("planner", "early-planner"):
            turns, high, wasted = measure(eng, policy, n, args.games, args.seed)
            lo, hi = wilson(wasted, turns)
            print(f"{n}p {policy:14s} turns {turns:5d}  イーバが最後に動く {high / turns:6.1%}  "
                  f"そのうえAPを使わない人がいる {wasted / turns:6.1%} [{lo:.1%}–{hi:.1%}]")


if __name__ == "__main__":
    main()
