"""Benchmark: the edit loop's table (validate, one card edit, pnp watch, cold kit, 250 cards, the test
suite), each row next to its target, in one run.  Prints figures; it is not a test.

    python benchmarks/edit_loop.py [--repeat N] [--no-validate] [--suite] [--suite-under-load] [--write]

* validate: `pnp validate GAME` for each bundled game, as a user runs it (a process of its own);
* 探偵無宿２ event: 椚家の遺言状 (shown in a figure of the rulebook's 03-cards.md) edited, then the
  build `pnp watch` makes: seconds to the new home sheets, to the shop pages, to the typeset rulebook;
* pnp watch: a card of a new game's YAML saved while `pnp watch --serve` runs in this process: the
  build, the new sheets PDF after the save, and the page's view refreshed (its images redrawn and the
  page's Server-Sent Event sent) after the save;
* cold full kit: the four games into an empty folder with `pnp build`'s default --jobs;
* 250 cards against the same drawing in bare reportlab (benchmarks/bench_cards.py: CPU seconds, each run
  in a new process that finds the cache folder the first run filled);
* the test suite (--suite only: it takes minutes): the README's command, its summary line;
  --suite-under-load runs it beside a process that keeps one core busy (the target's condition).

Each timed figure is the best of N runs (default 3), wall-clock seconds, with CPU seconds where the
process's own.  The machine's load average is printed: on a shared machine wall-clock figures grow.
With --write the table is stored in benchmarks/measured.json (figure edit_loop, with the command, the
commit, the cores and the load average) for benchmarks/README.md to quote (benchmarks/docfigures.py).
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
OLD, NEW = "「全財産を、あの子に譲る」", "「全財産を、あの娘に譲る」"


def _cpu() -> float:
    own, workers = os.times(), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.user + own.system + workers.ru_utime + workers.ru_stime


ROWS: list[str] = []     # the table as printed, for --write


def row(step: str, now: str, target: str) -> None:
    ROWS.append(f"| {step} | {now} | {target} |")
    print(ROWS[-1], flush=True)


def validate_rows() -> None:
    pnp = Path(sys.executable).parent / "pnp"
    for game in ("terror24", "ebe", "tantei2", "euphoria"):
        t = time.perf_counter()
        r = subprocess.run([str(pnp), "validate", game, "--project", str(REPO)], capture_output=True, text=True)
        wall = time.perf_counter() - t
        row(f"`pnp validate {game}`", f"{wall:.1f} s (exit {r.returncode})", "≤ 1.5 s static, ≤ 5 s with sample games")


def event_rows(tmp: Path, repeat: int) -> None:
    from pnp.commands.incremental import build_project
    from pnp.outputs import BuildOptions
    project = tmp / "event"
    shutil.copytree(REPO / "components/tantei2", project / "components/tantei2")
    out = tmp / "event-out"
    build_project(project, ["tantei2"], out, BuildOptions())
    events = project / "components/tantei2/events.yaml"
    best: dict[str, float] = {}
    cpu_sheets = []
    for i in range(repeat):
        old, new = (OLD, NEW) if i % 2 == 0 else (NEW, OLD)
        events.write_text(events.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
        t, c = time.perf_counter(), _cpu()

        def ready(step: str, _b, t: float = t, c: float = c) -> None:
            best[step] = min(best.get(step, 1e9), time.perf_counter() - t)
            if step == "sheets":
                cpu_sheets.append(_cpu() - c)
        build_project(project, ["tantei2"], out, BuildOptions(), ready=ready)
    row("edit one 探偵無宿２ event shown in a rulebook figure",
        f"new card sheet {best['sheets']:.2f} s wall ({min(cpu_sheets):.2f} s CPU); shop pages {best['cards']:.2f} s; "
        f"rulebook follows at {best['rulebook']:.2f} s", "≤ 0.6 s to the new card sheet; the rulebook does not block it")


def watch_rows(tmp: Path, repeat: int) -> None:
    from click.testing import CliRunner

    from pnp.cli import main
    from pnp.commands.serve import View, attach
    from pnp.commands.watch import Watcher
    project = tmp / "watch"
    assert CliRunner().invoke(main, ["new", "demo", "--project", str(project)]).exit_code == 0
    cards = project / "components/demo/cards.yaml"
    lines: list[str] = []
    watcher = Watcher(project, ["demo"], project / "out", interval=0.05, preview=False, echo=lines.append)
    view = View(project, project / "out")
    attach(view, watcher)
    marks: dict[str, float] = {}
    watcher.listeners.append(lambda event, d: marks.setdefault(f"{event}:{d.get('step', '')}", time.perf_counter()))
    thread = threading.Thread(target=watcher.run, daemon=True)
    thread.start()
    builds, pdfs, views = [], [], []
    try:
        while not any(ln.startswith("watching") for ln in lines):
            time.sleep(0.02)
        for i in range(repeat):
            old, new = ("手札を1枚引く。", "手札を2枚引く。") if i % 2 == 0 else ("手札を2枚引く。", "手札を1枚引く。")
            marks.clear()
            seen = len(lines)
            time.sleep(0.1)
            saved = time.perf_counter()
            cards.write_text(cards.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
            end = time.monotonic() + 120
            while "built:" not in marks and time.monotonic() < end:
                time.sleep(0.01)
            built = next(ln for ln in lines[seen:] if ln.startswith("built demo"))
            builds.append(float(built.split(" in ")[1].split(" s")[0]))
            pdfs.append(marks["step:sheets"] - saved)
            views.append(marks["step:sheets"] - saved)     # the view is redrawn and its event sent in that step
    finally:
        watcher.stop.set()
        thread.join(30)
    row("`pnp watch`, one YAML card edit",
        f"{min(builds):.2f} s build, PDF {min(pdfs):.2f} s after save, refreshed view {min(views):.2f} s after save "
        f"(polling every 0.05 s)", "≤ 0.6 s to a refreshed view")


def kit_rows(tmp: Path, repeat: int) -> None:
    from pnp.commands.incremental import build_project
    from pnp.limits import max_jobs
    from pnp.outputs import BuildOptions
    project = tmp / "kit"
    shutil.copytree(REPO / "components", project / "components")
    walls, cpus = [], []
    for i in range(repeat):
        t, c = time.perf_counter(), _cpu()
        build_project(project, [], tmp / f"kit-out{i}", BuildOptions(), clean=True, jobs=max_jobs())
        walls.append(time.perf_counter() - t)
        cpus.append(_cpu() - c)
    row("cold full kit", f"{min(walls):.2f} s wall, {min(cpus):.2f} s CPU (--jobs {max_jobs()})", "≤ 2.0 s")


def cards_rows(tmp: Path, repeat: int) -> None:
    import statistics

    import bench_cards
    cache = tmp / "cards-cache"
    bench_cards._run_once(cache)          # the first run fills the cache folder, as a user's first command does
    runs = [bench_cards._run_once(cache) for _ in range(repeat)]
    ratios = [r["ours_cpu"] / r["bare_cpu"] for r in runs]
    best = min(runs, key=lambda r: r["ours_cpu"] / r["bare_cpu"])
    row("250 cards against bare reportlab", f"median {statistics.median(ratios):.2f}×, min {min(ratios):.2f}× "
        f"({best['ours_cpu']:.2f} s against {best['bare_cpu']:.2f} s CPU)", f"≤ {bench_cards.TARGET}×")


# the load of the target: one other process keeping a core busy for as long as the suite runs
SPIN = "while True:\n    pass\n"


def suite_row(under_load: bool = False) -> None:
    """The suite's wall-clock seconds and the CPU seconds of all its processes (the xdist workers and what
    they start, user + system): on a shared machine the CPU figure is the one to compare.  under_load: with
    a process spinning beside it the whole time (its CPU is not counted)."""
    spinner = subprocess.Popen([sys.executable, "-c", SPIN]) if under_load else None
    try:
        t, cpu = time.perf_counter(), _cpu()
        r = subprocess.run([sys.executable, "-m", "pytest"], cwd=REPO, capture_output=True, text=True)
        wall, cpu = time.perf_counter() - t, _cpu() - cpu
    finally:
        if spinner is not None:
            spinner.kill()
            spinner.wait()
    summary = (r.stdout.strip().splitlines() or ["?"])[-1]
    load = os.getloadavg()[0]
    row("test suite" + (", one other process keeping a core busy" if under_load else ", otherwise idle"),
        f"{wall:.0f} s wall, {cpu:.0f} s CPU, load {load:.2f} ({summary.strip('= ')})",
        "≤ 240 s on 2 cores under load")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-validate", action="store_true", help="leave out the validate rows (a minute)")
    ap.add_argument("--suite", action="store_true", help="run the test suite too (minutes)")
    ap.add_argument("--suite-under-load", action="store_true",
                    help="run the test suite beside a process keeping one core busy (minutes; after the idle run with --suite)")
    ap.add_argument("--write", action="store_true", help="store the table in benchmarks/measured.json")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="pnp-bench-loop-"))
    os.environ["PNP_CACHE_DIR"] = str(tmp / "cache")
    print(f"load average at the start: {', '.join(f'{v:.1f}' for v in os.getloadavg())} on {os.cpu_count()} cores; "
          f"best of {args.repeat}\n")
    print("| step | now | target |\n|---|---|---|")
    try:
        if not args.no_validate:
            validate_rows()
        event_rows(tmp, max(args.repeat, 2))
        watch_rows(tmp, args.repeat)
        kit_rows(tmp, args.repeat)
        cards_rows(tmp, args.repeat)
        if args.suite:
            suite_row()
        if args.suite_under_load:
            suite_row(under_load=True)
        if not (args.suite or args.suite_under_load):
            row("test suite", "(run with --suite)", "≤ 240 s on 2 cores under load")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"\nload average at the end: {', '.join(f'{v:.1f}' for v in os.getloadavg())}")
    if args.write:
        _write(args)


def _write(args: argparse.Namespace) -> None:
    import docfigures
    facts = docfigures.machine()
    flags = " ".join(f for f, on in (("--no-validate", args.no_validate), ("--suite", args.suite),
                                     ("--suite-under-load", args.suite_under_load)) if on)
    command = f"python benchmarks/edit_loop.py --repeat {args.repeat}{' ' + flags if flags else ''}"
    lines = [f"`{command}`（{args.repeat}回のうち最良、{facts['cores']}コアの機械、終わったときの load average "
             f"{facts['load_average'][0]}、コミット {docfigures.commit()}）:", "",
             "| step | now | target |", "|---|---|---|", *ROWS]
    docfigures.store("edit_loop", command + " --write", "\n".join(lines), **facts)


if __name__ == "__main__":
    main()
