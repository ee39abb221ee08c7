"""CPU seconds of the default report, per bundled game.

    python benchmarks/bench_report.py [--game terror24] [--games 300] [--jobs 2] [-- extra simulate options]

Runs ``pnp simulate GAME --games 300 --players 3 --report r.pdf --jobs 2`` (the command a designer types
for a report) in a child process for each game with a rules engine, and prints the CPU seconds it used
(user + system of the process and its children, ``resource.getrusage``) beside the wall-clock seconds.
The target is at most 60 CPU seconds per game on 2 cores.  It prints figures; it is not a test.
"""
from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pnp.data.project import Project

ROOT = Path(__file__).resolve().parents[1]
TARGET_CPU_S = 60.0


def cpu_of_children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", action="append", help="only these games (default: every game with an engine)")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--project", type=Path, default=ROOT)
    ap.add_argument("extra", nargs="*", help="more simulate options (after --)")
    args = ap.parse_args()
    project = Project(args.project)
    games = args.game or [g for g in project.game_ids() if project.load_game(g).engine]
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for gid in games:
            out = Path(tmp) / f"{gid}.pdf"
            cmd = [str(Path(sys.executable).with_name("pnp")), "simulate", gid, "--games", str(args.games), "--players",
                   str(args.players), "--report", str(out), "--jobs", str(args.jobs), "--project",
                   str(args.project), *args.extra]
            before, began = cpu_of_children(), time.monotonic()
            done = subprocess.run(cmd, capture_output=True, text=True)
            cpu, wall = cpu_of_children() - before, time.monotonic() - began
            worst = max(worst, cpu)
            state = "ok" if done.returncode == 0 else f"exit {done.returncode}: {done.stderr.strip()[-300:]}"
            print(f"{gid:10s} {args.players}p {args.games} games  CPU {cpu:7.1f} s  wall {wall:7.1f} s  "
                  f"{'within' if cpu <= TARGET_CPU_S else 'OVER'} {TARGET_CPU_S:.0f} s  {state}", flush=True)
    print(f"worst: {worst:.1f} CPU s (target {TARGET_CPU_S:.0f})")


if __name__ == "__main__":
    main()
