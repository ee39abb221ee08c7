"""The README's simulation figures, recomputed.

    python benchmarks/readme_figures.py --figures [--write]      # the quoted figures → benchmarks/figures.json
    python benchmarks/readme_figures.py [--game euphoria] [--jobs 2]   # the head-to-head table

``--figures`` replays, with fixed seeds, the simulation figures the README quotes in running text: the
sweeps (``FIGURES``: the EBE life sweep) and the noise-floor paragraph (``CRN_…``: the placebo of one
re-drawn chance and the comparisons against their noise floor, as ``benchmarks/crn_noise_floor.py --games
100`` prints them).  It prints the sentences the README quotes, and with ``--write`` stores the figures, the
sentences and a small check run of each (the same settings with ``CHECK_GAMES`` games) in
``benchmarks/figures.json``.
``tests/sim/test_readme_figures.py`` fails when the README's sentence is not the file's, or when the check
run no longer gives the file's figures (the engine changed): then run this with ``--write`` and copy the
printed sentence into the README.

The head-to-head table: each row seats one search player (``mcts:N:guided`` …) against the game's heuristic
(and, where the row says so, against random) at one player count; the line-up rotates so the search player
sits in every seat equally often, and a k-way tie for first counts 1/k.  The figure is its win share with
the 95% Wilson interval, beside the fair share 1/players.  The first line printed gives the commit and the
settings; the README quotes that line with the table, so a reader knows which code made the figures.
Games are seeded, so a run repeats exactly.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim.metrics import Summary
from pnp.sim.policies import default_policy
from pnp.sim.runner import Batch, run_games
from pnp.sim.stats import wilson

ROOT = Path(__file__).resolve().parents[1]
FIGURES_JSON = ROOT / "benchmarks" / "figures.json"
CHECK_GAMES = 12
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


@dataclass(frozen=True)
class Sweep:
    """A README figure from a sweep: the team's (or seat 1's) win rate at each value of one option, every
    value on the same seeds with the game's default policy in every seat (what ``pnp sweep`` prints)."""
    id: str
    game: str
    players: int
    option: str
    values: tuple[int, ...]
    games: int
    seed: int = 1


FIGURES = (Sweep("ebe_life_sweep", "ebe", 3, "life", (30, 40, 50, 60), 100),)


def sweep_wins(engine: object, f: Sweep, games: int, jobs: int = 1) -> tuple[str, list[float]]:
    """The default policy and the wins (the team's; a shared first place splits a seat's) at each value."""
    policy = default_policy(engine)
    wins = []
    for v in f.values:
        batch = Batch(f.players, (policy,), games, seed=f.seed, options={f.option: v})
        acc = Summary(engine, batch)
        for r in run_games(engine, batch, jobs=jobs):
            if r.result is None:
                raise SystemExit(f"{f.game} {f.option}={v} game {r.index} failed: {r.error}")
            acc.add(r)
        won = acc.team_wins if acc.coop else acc.seat_wins[0]
        wins.append(int(won) if float(won).is_integer() else round(won, 6))
    return policy, wins


def sweep_sentence(fig: dict) -> str:
    """The README's sentence for a sweep figure of figures.json."""
    who = "チームの勝率" if fig["team"] else "1番席の勝率"
    rates = " / ".join(f"{100 * w / fig['games']:.0f}%" for w in fig["wins"])
    return (f"{fig['players']}人・{fig['policy']}・各{fig['games']}ゲーム（種{fig['seed']}）で、"
            f"{' / '.join(map(str, fig['values']))} の{who}は {rates} でした")


CRN_GAMES, CRN_SEED, CRN_PLAYERS = 100, 1, 3
CRN_PLACEBOS = (("terror24", "24"), ("ebe", "EBE"), ("tantei2", "探偵無宿２"))
CRN_COMPARISONS = (("terror24", "24 の2ハンド戦", "2ハンド戦（"),
                   ("tantei2", "探偵無宿２のキューブ案", "裏向きのカードにキューブ"),
                   ("ebe", "EBE のステーションライフ30", "ステーションライフ30"),
                   ("euphoria", "ユーフォリアの伏せ札なし得点", "伏せ札を得点にしない"))


def _crn_module() -> Any:
    spec = importlib.util.spec_from_file_location("crn_noise_floor", ROOT / "benchmarks" / "crn_noise_floor.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def crn_placebo(engine: Any, games: int, keyed: bool = True) -> float:
    """The share of games whose winner one re-drawn chance draw changes (3 players, the default policy)."""
    crn = _crn_module()
    e = engine if keyed else crn.SingleStream(engine)
    batch = Batch(CRN_PLAYERS, (default_policy(engine),), games, seed=CRN_SEED)
    return float(crn.midgame_placebo(e, batch, "chance", jobs=1)["rate"])


def _pct(r: float) -> str:
    return f"{100 * r:.0f}%"


def crn_sentences(fig: dict) -> list[str]:
    """The README's two sentences on the noise floor, made from the figures of figures.json."""
    pl = fig["placebo"]
    t, e, d = pl["terror24"], pl["ebe"], pl["tantei2"]
    first = (f"1本の流れでは 24 {_pct(t['single'])}・EBE {_pct(e['single'])} でしたが、鍵つきの流れでは "
             f"24 {_pct(t['keyed'])}・EBE {_pct(e['keyed'])} です。探偵無宿２は "
             + (f"{_pct(d['keyed'])} のままです" if d["single"] == d["keyed"]
                else f"{_pct(d['single'])} から {_pct(d['keyed'])} です"))
    groups: dict[str, list[str]] = {"above_noise": [], "negligible": [], "undecided": []}
    order = sorted(fig["comparisons"], key=lambda c: list(groups).index(c["verdict"]))
    for i, c in enumerate(order):
        head = f"{c['name']}で勝者が変わる " if i == 0 else f"{c['name']} "
        floor = "偶然の下限" if i == 0 else "下限"
        groups[c["verdict"]].append(f"{head}{_pct(c['winner_changed'])}（{floor} {_pct(c['noise_floor'])}）")
    parts = []
    if groups["above_noise"]:
        parts.append("、".join(groups["above_noise"]) + "はルールで勝者が変わり")
    if groups["negligible"]:
        parts.append("、".join(groups["negligible"]) + "は偶然の分を除くとほとんど変わらず（3%未満）")
    if groups["undecided"]:
        parts.append("、".join(groups["undecided"]) + "は「判定できません」")
    return [first, "、".join(parts) + "です"]


def crn_figure(project: Project) -> dict:
    crn = _crn_module()
    engines = {g: make_engine(project.load_game(g)) for g in {"terror24", "ebe", "tantei2", "euphoria"}}
    placebo = {g: {"single": crn_placebo(engines[g], CRN_GAMES, keyed=False),
                   "keyed": crn_placebo(engines[g], CRN_GAMES)} for g, _ in CRN_PLACEBOS}
    comparisons = []
    for g, name, prefix in CRN_COMPARISONS:
        e = engines[g]
        [spec] = [c for c in crn.comparison_specs(e) if c["name_ja"].startswith(prefix)]
        batch = Batch(CRN_PLAYERS, (default_policy(e),), CRN_GAMES, seed=CRN_SEED)
        c = crn.comparison(e, batch, spec, 1)
        comparisons.append({"game": g, "name": name, "spec": spec["name_ja"],
                            "winner_changed": c["winner_changed"]["rate"], "noise_floor": c["noise_floor"]["rate"],
                            "verdict": c["winner_change_verdict"]["verdict"]})
    fig = {"id": "crn_noise_floor", "players": CRN_PLAYERS, "games": CRN_GAMES, "seed": CRN_SEED,
           "placebo": placebo, "comparisons": comparisons,
           "check": {"games": CHECK_GAMES, "terror24_keyed_placebo": crn_placebo(engines["terror24"], CHECK_GAMES)}}
    fig["readme"] = crn_sentences(fig)
    return fig


def figures(jobs: int) -> dict:
    project = Project(ROOT)
    out: list[dict] = []
    for f in FIGURES:
        engine = make_engine(project.load_game(f.game))
        policy, wins = sweep_wins(engine, f, f.games, jobs)
        _, check = sweep_wins(engine, f, CHECK_GAMES, jobs)
        fig = {"id": f.id, "game": f.game, "players": f.players, "policy": policy, "option": f.option,
               "values": list(f.values), "games": f.games, "seed": f.seed,
               "team": bool(getattr(engine, "cooperative", False)), "wins": wins,
               "check": {"games": CHECK_GAMES, "wins": check}}
        fig["readme"] = sweep_sentence(fig)
        out.append(fig)
    out.append(crn_figure(project))
    return {"command": "python benchmarks/readme_figures.py --figures --write", "figures": out}


def _compact(data: dict) -> str:
    """figures.json: one figure a block, lists on one line."""
    text = json.dumps(data, ensure_ascii=False, indent=1)
    return re.sub(r"\[\s+([^\[\]{}\"]*?)\s+\]", lambda m: "[" + ", ".join(x.strip() for x in m.group(1).split(",")) + "]",
                  text)


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
    ap.add_argument("--figures", action="store_true", help="the README's sweep figures, not the table")
    ap.add_argument("--write", action="store_true", help="with --figures: write benchmarks/figures.json")
    args = ap.parse_args()
    if args.figures:
        data = figures(args.jobs)
        for fig in data["figures"]:
            for line in [fig["readme"]] if isinstance(fig["readme"], str) else fig["readme"]:
                print(f"{fig['id']}: {line}")
        if args.write:
            FIGURES_JSON.write_text(_compact(data) + "\n", encoding="utf-8")
            print(f"wrote {FIGURES_JSON.relative_to(ROOT)}")
        return
    rows = [r for r in ROWS if not args.game or r.game in args.game]
    project = Project(ROOT)
    engines = {g: make_engine(project.load_game(g)) for g in {r.game for r in rows}}
    start = time.time()
    import docfigures  # beside this script: the commit a figure was measured at, said one way
    print(f"commit {docfigures.commit()}; python benchmarks/readme_figures.py"
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
