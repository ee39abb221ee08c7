"""探偵無宿２: each event card's effect on the win rate, with 95% intervals.  Prints figures; not a test.

    python benchmarks/tantei2_events.py [--games 3000] [--players 3,4] [--jobs 2] [--seed 1]

For every event: how often it is put into effect (placed face up, flipped, or used), and the win rate
of the player who did so, beside the pooled win rate of its tier (the other cards of the same VP, or
the instant cards).  A card is flagged ``dead`` when it is used in fewer than 3% of games, ``strong``
when its interval lies wholly above its tier's rate by more than 10 points, ``weak`` when wholly below
by more than 10 points.  Heuristic players in every seat; shared wins count as a fraction.  A card counts for
the first player who put it into effect in a game (``Result.extra["cards_used"]``, as the report reads it).
"""
from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.runner import Batch, run_games
from pnp.sim.stats import wilson

ROOT = Path(__file__).resolve().parents[1]


def figures(games: int, players: list[int], jobs: int, seed: int, project: Path = ROOT) -> list[dict]:
    game = Project(project).load_game("tantei2")
    engine = make_engine(game)
    cards = sorted(game.deck("events").cards, key=lambda c: c.rules["serial"])
    serial_of = {c.id: c.rules["serial"] for c in cards}
    used = defaultdict(int)       # serial → games where someone used it
    won = defaultdict(float)      # serial → wins of the user (fractional when shared)
    total = 0
    for n in players:
        records = run_games(engine, Batch(players=n, policies=("heuristic",), games=games, seed=seed), jobs=jobs)
        for r in records:
            if r.result is None:
                raise SystemExit(f"game {r.index} ({n} players) failed: {r.error}")
            total += 1
            ranks = r.result.ranks
            winners = sum(1 for x in ranks if x == 1)
            for card_id, seat in r.result.extra["cards_used"].items():   # the report's own figure
                serial = serial_of[card_id]
                used[serial] += 1
                if ranks[seat] == 1:
                    won[serial] += 1 / winners
    tiers: dict[str, list[int]] = defaultdict(list)
    for c in cards:
        tiers[f"{c.rules['vp']}VP" if c.rules["type"] == "placed" else "即時"].append(c.rules["serial"])
    rows = []
    for c in cards:
        sn = c.rules["serial"]
        tier = f"{c.rules['vp']}VP" if c.rules["type"] == "placed" else "即時"
        others = [x for x in tiers[tier] if x != sn]
        t_used = sum(used[x] for x in others)
        t_rate = sum(won[x] for x in others) / t_used if t_used else 0.0
        n = used[sn]
        rate = won[sn] / n if n else 0.0
        lo, hi = wilson(won[sn], n)
        flag = ""
        if n < 0.03 * total:
            flag = "dead"
        elif lo > t_rate + 0.10:
            flag = "strong"
        elif hi < t_rate - 0.10:
            flag = "weak"
        kind = ("常時" if c.rules.get("ongoing") else "配置時" if c.rules.get("effect") and c.rules["type"] == "placed"
                else "即時" if c.rules["type"] != "placed" else "VPのみ")
        rows.append({"serial": sn, "title": c.title, "tier": tier, "kind": kind, "use": n / total, "win": rate,
                     "lo": lo, "hi": hi, "tier_win": t_rate, "flag": flag, "games": total})
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3000, help="games per player count")
    ap.add_argument("--players", default="3,4")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rows = figures(args.games, [int(x) for x in args.players.split(",")], args.jobs, args.seed)
    print(f"{rows[0]['games']} games, heuristic players")
    print(" no  title                 tier  kind    used   win%  [95% interval]   tier win%  flag")
    for r in rows:
        print(f"{r['serial']:>3}  {r['title']:<12}\t{r['tier']:>4}  {r['kind']:<6} {r['use']:6.1%}  {r['win']:5.1%}  "
              f"[{r['lo']:5.1%}, {r['hi']:5.1%}]   {r['tier_win']:5.1%}  {r['flag']}")
    flagged = [r for r in rows if r["flag"]]
    print(f"flagged: {len(flagged)}" + "".join(f"\n  {r['serial']} {r['title']}: {r['flag']}" for r in flagged))


if __name__ == "__main__":
    main()
