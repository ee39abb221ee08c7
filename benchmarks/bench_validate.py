"""Benchmark: `pnp validate GAME` as a designer runs it, each in a fresh process (imports counted).

    python benchmarks/bench_validate.py [--games N] [--repeat N] [--as-is] [--write] [GAME ...]

With --write the table benchmarks/README.md quotes is stored in benchmarks/measured.json (with the commit, the
cores and the load average); `python benchmarks/docfigures.py --write` then puts it into the page.

For each bundled game (copied into a fresh project with an empty cache) and for a designer's own game
(`pnp new mygame --engine --csv` in an empty folder): when the static tier's last row (data, counts,
text fit, glyphs, layout on every paper, the rulebook typeset in each size, the ledger) was printed,
counted from before the process started; the whole validate with the default sample games (sized to
validate's time budget) or --games N a configuration; a second validate of the unchanged game (the
remembered clean result); and the static tier after one card's flavour text is edited (its deck
planned again, the rest kept by the build's unit keys).  Wall-clock and CPU seconds (the process's
user+system, interpreter start-up included), best of --repeat runs; the load average is printed with
the table, since the machine may be shared: on a busy machine the wall-clock figures grow, the CPU
seconds much less.  A figure is marked against its target by its CPU seconds.

pnp's own code is compiled to bytecode once first (its __pycache__ folders), as an installed pnp is:
--as-is runs with the environment as it is (PYTHONDONTWRITEBYTECODE compiles every module at every
start).  Not a test.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GAMES = ("terror24", "ebe", "tantei2", "euphoria")
OWN = "mygame"        # the designer's own game: `pnp new mygame --engine --csv`
TARGETS = {"static": 1.5, "whole": 5.0}

# Run in the child: the CLI itself, its stdout watched for the static tier's last row.
CHILD = r"""
import json, os, sys, time
started = float(os.environ["BENCH_T0"])
seen = {}

class Watch:
    def __init__(self, out):
        self.out = out
    def write(self, text):
        mod = sys.modules.get("pnp.commands.validate")
        if mod is not None and "static" not in seen and mod.LABELS["ledger"] in text:
            cpu = os.times()
            seen["static"], seen["static_cpu"] = time.time() - started, cpu.user + cpu.system
        return self.out.write(text)
    def __getattr__(self, name):
        return getattr(self.out, name)

sys.stdout = Watch(sys.stdout)
sys.argv = ["pnp", *json.loads(os.environ["BENCH_ARGS"])]
from pnp.cli import main
code = 0
try:
    main()
except SystemExit as e:
    code = e.code or 0
cpu = os.times()
seen.update(whole=time.time() - started, cpu=cpu.user + cpu.system, exit=code)
sys.stdout = sys.stdout.out
sys.stdout.flush()
with open(os.environ["BENCH_OUT"], "w", encoding="utf-8") as f:
    json.dump(seen, f)
"""


def child(project: Path, game: str, games: int | None, env: dict[str, str]) -> dict:
    args = ["validate", game] + (["--games", str(games)] if games is not None else [])
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        out = f.name
    try:
        env = dict(env, BENCH_T0=repr(time.time()), BENCH_ARGS=json.dumps(args), BENCH_OUT=out)
        run = subprocess.run([sys.executable, "-c", CHILD], env=env, cwd=project, capture_output=True, text=True)
        data = json.loads(Path(out).read_text(encoding="utf-8"))
    finally:
        os.unlink(out)
    data["recalled"] = "入力に変更なし" in run.stdout
    data["kept"] = [line.strip() for line in run.stdout.splitlines() if "前回から変更なし" in line]
    data["samples"] = next((line.split(None, 3)[-1] for line in run.stdout.splitlines()
                            if "試遊（" in line and line[:3] in ("OK ", "NG ")), "")
    return data


def best(runs: list[dict]) -> dict:
    """Each figure the best (least) of the runs; the rest from the first."""
    out = dict(runs[0])
    for key in ("static", "static_cpu", "whole", "cpu"):
        values = [r[key] for r in runs if key in r]
        if values:
            out[key] = min(values)
    return out


def edit_one_flavor(folder: Path) -> bool:
    """The last card flavour written inline in a deck file, one character changed (「。」→「！」): a
    card the rulebook does not show (it shows a deck's first card of each suit)."""
    for path in sorted(folder.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        found = ([None] + list(re.finditer(r"flavor: ([^\n,}\"]*?)。", text)))[-1]
        if found and "kind: deck" in text:
            start, end = found.span()
            path.write_text(text[:start] + found.group(0)[:-1] + "！" + text[end:], encoding="utf-8")
            return True
    return False


def make_project(tmp: Path, game: str, env: dict[str, str]) -> Path:
    root = tmp / "project"
    if game == OWN:
        root.mkdir()
        pnp = Path(sys.executable).parent / "pnp"
        subprocess.run([str(pnp), "new", OWN, "--engine", "--csv"], cwd=root, env=env, check=True,
                       capture_output=True)
    else:
        shutil.copytree(REPO / "components" / game, root / "components" / game)
    return root


def mark(cpu: float, target: float) -> str:
    return "✓" if cpu <= target else "✗"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", default=[*GAMES, OWN], metavar="GAME",
                    help=f"bundled games, or {OWN} for a new designer's game (default: all of them)")
    ap.add_argument("--games", dest="per_config", type=int, default=None,
                    help="sample games a configuration (default: validate's own time-sized default)")
    ap.add_argument("--repeat", type=int, default=2, help="runs of each validate; the best is shown")
    ap.add_argument("--as-is", action="store_true", help="do not compile pnp to bytecode first")
    ap.add_argument("--verbose", action="store_true", help="say how much the default ran and what the edit kept")
    ap.add_argument("--write", action="store_true", help="store the table in benchmarks/measured.json")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-validate-") as top:
        env = dict(os.environ)
        env.pop("PNP_CACHE_DIR", None)
        if not args.as_is:
            env.pop("PYTHONDONTWRITEBYTECODE", None)       # pnp's __pycache__ folders, as an install has
            subprocess.run([sys.executable, "-m", "compileall", "-q", str(REPO / "pnp")], env=env, check=True)
        load = os.getloadavg()
        print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores; "
              f"sample games: {args.per_config or 'default (time budget)'}; "
              f"bytecode: {'as the environment says' if args.as_is else 'compiled once, as installed'}; "
              f"best of {args.repeat}")
        print(f"{'game':<10} {'static s':>9} {'CPU s':>6}   {'whole s':>8} {'CPU s':>6}   {'again s':>8} "
              f"{'1 card s':>9} {'CPU s':>6}  ok")
        rows: list[tuple[str, dict, dict, dict | None]] = []
        for n, game in enumerate(args.names):
            tmp = Path(top) / f"{n}"
            tmp.mkdir()
            project = make_project(tmp, game, env)
            runs, agains = [], []
            for i in range(args.repeat):
                cache = str(tmp / f"cache{i}")          # empty: the whole validate
                runs.append(child(project, game, args.per_config, dict(env, PNP_CACHE_DIR=cache)))
                agains.append(child(project, game, args.per_config, dict(env, PNP_CACHE_DIR=cache)))
            first, again = best(runs), best(agains)
            edited = edit_one_flavor(project / "components" / game)
            card = child(project, game, args.per_config, dict(env, PNP_CACHE_DIR=str(tmp / "cache0"))) \
                if edited else None
            shown = f"{card['static']:9.2f} {card['static_cpu']:6.2f}" if card else f"{'-':>9} {'-':>6}"
            print(f"{game:<10} {first['static']:9.2f} {first['static_cpu']:6.2f} "
                  f"{mark(first['static_cpu'], TARGETS['static'])} {first['whole']:8.2f} {first['cpu']:6.2f} "
                  f"{mark(first['cpu'], TARGETS['whole'])} {again['whole']:8.2f} {shown}  "
                  f"{'OK' if first['exit'] == 0 else 'NG'}{' (remembered)' if again['recalled'] else ''}", flush=True)
            rows.append((game, first, again, card))
            if args.verbose:
                print(f"           samples: {first['samples']}")
                if card:
                    print("           after the edit:", " / ".join(card["kept"]) or "nothing kept")
        load = os.getloadavg()
        print(f"targets (✓ by CPU seconds): static tier ≤ {TARGETS['static']} s from the process's start, "
              f"whole validate ≤ {TARGETS['whole']} s; load average now {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        if args.write:
            _write(args, rows)


def _write(args: argparse.Namespace, rows: list[tuple[str, dict, dict, dict | None]]) -> None:
    """The Japanese table benchmarks/README.md quotes, stored with how it was measured."""
    import docfigures
    facts = docfigures.machine()
    names = {"terror24": "24", "ebe": "EBE", "tantei2": "探偵無宿２", "euphoria": "ユーフォリア",
             OWN: "`pnp new --engine --csv` のゲーム"}
    command = "python benchmarks/bench_validate.py" + (f" --games {args.per_config}" if args.per_config else "") + \
        f" --repeat {args.repeat}"
    lines = [f"`{command}`（ゲームごとに新しいプロセスと空のキャッシュで `pnp validate`、{args.repeat}回のうち最良。"
             f"秒はプロセスの起動から。{facts['cores']}コアの機械、終わったときの load average {facts['load_average'][0]}、"
             f"コミット {docfigures.commit()}）:", "",
             "| ゲーム | データの検査の行まで | 検査全体（既定の試遊つき） | 変えずにもう一度 | カード1枚を直して | 結果 |",
             "|---|---|---|---|---|---|"]
    for game, first, again, card in rows:
        edited = f"{card['static']:.2f} s（CPU {card['static_cpu']:.2f} s）" if card else "—"
        lines.append(f"| {names.get(game, game)} | {first['static']:.2f} s（CPU {first['static_cpu']:.2f} s） | "
                     f"{first['whole']:.2f} s（CPU {first['cpu']:.2f} s） | {again['whole']:.2f} s | {edited} | "
                     f"{'OK' if first['exit'] == 0 else 'NG'} |")
    lines += ["", f"目標は CPU 秒で、データの検査の行まで ≤ {TARGETS['static']} s、検査全体 ≤ {TARGETS['whole']} s です"
              "（試遊の数は CPU 時間の予算で決まるので、負荷の下では実時間だけが延びます）。"]
    docfigures.store("bench_validate", command + " --write", "\n".join(lines), **facts)


if __name__ == "__main__":
    main()
