"""Benchmark: `pnp validate` on each bundled game, each in a fresh process (imports counted).

    python benchmarks/bench_validate.py [--games N] [GAME ...]

For each game, copied into a fresh project with an empty cache: when its static tier (data, counts,
text fit, glyphs, layout on every paper, the rulebook typeset in each size, the ledger) has printed,
counted from the process's start; the whole validate with the default sample games (CPU-time sized)
or --games N a configuration; a second validate of the unchanged game (the remembered clean
result); and the static tier after one card's flavour text is edited (its deck planned again, the
rest kept by the build's unit keys).  Wall-clock and CPU seconds; the load average is printed with
the table, since the machine may be shared.  Not a test.
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
TARGETS = {"static": 1.5, "full": 5.0 + 1.5}


def one(root: str, game: str, games: int | None, remember: bool) -> dict:
    """Run in the child: validate one game, timing each row from the process's start."""
    from pnp.commands.validate import STATIC_CHECKS, validate
    from pnp.data.project import Project
    started = float(os.environ["BENCH_T0"])
    times: dict[str, tuple[float, float]] = {}

    def seen(row) -> None:
        cpu = os.times()
        times.setdefault(row.check, (time.time() - started, cpu.user + cpu.system))
    rows = validate(Project(Path(root)), [game], games, on_row=seen, remember=remember)
    cpu = os.times()
    static, static_cpu = max(t for check, t in times.items() if check in STATIC_CHECKS)
    return {"static": static, "static_cpu": static_cpu, "full": time.time() - started, "cpu": cpu.user + cpu.system,
            "ok": all(r.ok for r in rows), "recalled": "入力に変更なし" in rows[0].detail,
            "kept": [r.detail for r in rows if r.check in ("text", "layout") and "前回から変更なし" in r.detail]}


def child(root: Path, game: str, games: int | None, remember: bool, cache: str) -> dict:
    here = str(Path(__file__).parent)
    code = (f"import json, sys; sys.path.insert(0, {here!r}); import bench_validate as b; "
            f"print(json.dumps(b.one({str(root)!r}, {game!r}, {games!r}, {remember!r})))")
    env = dict(os.environ, BENCH_T0=repr(time.time()), PNP_CACHE_DIR=cache)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=list(GAMES))
    ap.add_argument("--games", dest="per_config", type=int, default=None,
                    help="sample games a configuration (default: validate's own time-sized default)")
    ap.add_argument("--verbose", action="store_true", help="say what the edited game's static tier kept")
    args = ap.parse_args()
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores; "
          f"sample games: {args.per_config or 'default (time budget)'}")
    print(f"{'game':<10} {'static s':>9} {'CPU s':>6} {'full s':>8} {'CPU s':>6} {'again s':>8} "
          f"{'1 card s':>9} {'CPU s':>6}  ok")
    for game in args.games:
        with tempfile.TemporaryDirectory(prefix="bench-validate-") as tmp:
            root, cache = Path(tmp) / "project", str(Path(tmp) / "cache")
            shutil.copytree(REPO / "components" / game, root / "components" / game)
            first = child(root, game, args.per_config, True, cache)
            again = child(root, game, args.per_config, True, cache)
            edited = edit_one_flavor(root / "components" / game)
            card = child(root, game, args.per_config, True, cache) if edited else None
        shown = f"{card['static']:9.2f} {card['static_cpu']:6.2f}" if card else f"{'-':>9} {'-':>6}"
        print(f"{game:<10} {first['static']:9.2f} {first['static_cpu']:6.2f} {first['full']:8.2f} {first['cpu']:6.2f} "
              f"{again['full']:8.2f} {shown}  {'OK' if first['ok'] else 'NG'}"
              f"{' (remembered)' if again['recalled'] else ''}")
        if card and args.verbose:
            print("           after the edit:", " / ".join(card["kept"]) or "nothing kept")
    print(f"targets: static tier ≤ {TARGETS['static']} s, whole validate ≈ static + ≤ 5 s of engine checks and games")


if __name__ == "__main__":
    main()
