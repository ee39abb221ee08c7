"""Benchmark: the edit loop of `pnp build` on the bundled kit (all games), in this process.

    python benchmarks/bench_build.py [--repeat N] [--write]

With --write the table benchmarks/README.md quotes is stored in benchmarks/measured.json (with the commit, the
cores and the load average); `python benchmarks/docfigures.py --write` then puts it into the page.

1. a cold build of the whole kit into an empty folder (nothing recorded), with the default jobs of
   `pnp build` (the machine's cores: the games drawn side by side in worker processes), and again with
   --jobs 1 (one game after another in this process); then the default jobs in a new process that has
   only imported pnp (no font read, nothing measured or made before: this process's caches from the
   builds before do not help it);
2. a rebuild with nothing changed;
3. one card of 探偵無宿２'s events edited (its flavour text), then a rebuild.

Each figure is the best of N runs (default 3), wall-clock and CPU seconds, next to its target.  CPU
seconds count this process and its worker processes.  For the cold builds also the critical path:
the CPU seconds before the first game can be drawn (loading every game, planning the first: the
first worker starts then, while this process plans the others), plus the longest single game's
drawing; with enough cores the build takes no less.  With J jobs the wall-clock time is about
max(critical path, CPU / J).  On a machine shared with other work the wall-clock figures grow; the
CPU seconds much less.  Not a test.
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TARGETS = {"cold": 2.0, "cold1": 2.5, "fresh": 2.0, "nochange": 0.3, "onecard": 0.6}
FLAVOR = "家族写真に、知らない娘が写っている。"


def _own() -> float:
    """CPU seconds of this process."""
    own = os.times()
    return own.user + own.system


def _cpu() -> float:
    """CPU seconds of this process and of its worker processes that have ended."""
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return _own() + workers.ru_utime + workers.ru_stime


def _run(fn) -> tuple[float, float]:
    t, c = time.perf_counter(), _cpu()
    fn()
    return time.perf_counter() - t, _cpu() - c


def _fresh(project_dir: Path, out: Path) -> tuple[float, float]:
    """A cold build of the kit with the default jobs in a new process that has only imported pnp."""
    r = subprocess.run([sys.executable, __file__, "--one-build", str(project_dir), str(out)],
                       capture_output=True, text=True, check=True)
    wall, cpu = r.stdout.split()
    return float(wall), float(cpu)


def _one_build(project_dir: Path, out: Path) -> None:
    from pnp.commands import build, parts  # noqa: F401 — what `pnp build` imports before it builds
    from pnp.commands.incremental import build_project
    from pnp.limits import max_jobs
    from pnp.outputs import BuildOptions
    from pnp.rulebook import book  # noqa: F401
    wall, cpu = _run(lambda: build_project(project_dir, [], out, BuildOptions(), clean=True, jobs=max_jobs()))
    print(wall, cpu)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--write", action="store_true", help="store the table in benchmarks/measured.json")
    ap.add_argument("--one-build", nargs=2, type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one_build:
        _one_build(*args.one_build)
        return
    tmp = Path(tempfile.mkdtemp(prefix="pnp-bench-build-"))
    os.environ["PNP_CACHE_DIR"] = str(tmp / "cache")
    try:
        from pnp.commands import build as build_module
        from pnp.commands import workers
        from pnp.commands.incremental import build_project
        from pnp.outputs import BuildOptions
        first: list[float] = []        # this process's CPU seconds when the first game could be drawn
        submit, build_game = workers.Pool.submit, build_module.build_game

        def first_submit(pool, *a, **kw):
            first.append(_own())
            return submit(pool, *a, **kw)

        def first_drawn(*a, **kw):       # --jobs 1: the first game drawn in this process
            first.append(_own())
            return build_game(*a, **kw)
        workers.Pool.submit = first_submit          # type: ignore[method-assign]
        build_module.build_game = first_drawn
        project_dir = tmp / "project"
        shutil.copytree(REPO / "components", project_dir / "components")
        from pnp.limits import max_jobs
        opts = BuildOptions()
        jobs = max_jobs()
        results: dict[str, list[tuple[float, float]]] = {k: [] for k in TARGETS}
        counts: dict[str, int] = {}
        paths: dict[str, list[tuple[float, float, str]]] = {k: [] for k in TARGETS}
        for i in range(args.repeat):
            out = tmp / f"out{i}"

            def build(clean: bool = False, out: Path = out, key: str = "", jobs: int = jobs) -> None:
                own = _own()
                first.clear()
                builds = build_project(project_dir, [], out, opts, clean=clean, jobs=jobs)
                counts[key] = sum(len(b.drawn) for b in builds)
                longest = max(builds, key=lambda b: b.cpu_s)
                if first:
                    paths[key].append((first[0] - own, longest.cpu_s, longest.game_id))

            results["cold1"].append(_run(lambda: build(True, key="cold1", jobs=1)))
            results["cold"].append(_run(lambda: build(True, key="cold")))
            results["fresh"].append(_fresh(project_dir, tmp / f"fresh{i}"))
            counts["fresh"] = counts["cold"]
            results["nochange"].append(_run(lambda: build(key="nochange")))
            events = project_dir / "components/tantei2/events.yaml"
            text = events.read_text(encoding="utf-8")
            other = FLAVOR.replace("娘", "男")
            old, new = (FLAVOR, other) if FLAVOR in text else (other, FLAVOR)
            events.write_text(text.replace(old, new), encoding="utf-8")
            results["onecard"].append(_run(lambda: build(key="onecard")))
        names = {"cold": f"cold build of the whole kit (4 games), --jobs {jobs}",
                 "cold1": "cold build of the whole kit, --jobs 1",
                 "fresh": f"the same in a new process, --jobs {jobs}",
                 "nochange": "rebuild, nothing changed",
                 "onecard": "one card edited in 探偵無宿２ events"}
        print(f"pnp build, bundled kit, best of {args.repeat} (wall-clock / CPU seconds):")
        for key, target in TARGETS.items():
            wall = min(w for w, _ in results[key])
            cpu = min(c for _, c in results[key])
            mark = "OK" if wall <= target else ("OK on CPU time" if cpu <= target else "over")
            print(f"  {names[key]:46s} {wall:6.2f} s wall  {cpu:6.2f} s CPU   target ≤ {target:g} s  "
                  f"[{mark}]  ({counts[key]} files drawn)")
            if key in ("cold", "cold1"):
                serial, longest, gid = min(paths[key], key=lambda p: p[0] + p[1])
                print(f"  {'':46s} critical path {serial + longest:.2f} s CPU = {serial:.2f} s before the first "
                      f"game is drawn (loading, planning it) + {longest:.2f} s drawing {gid} (the longest job)")
        print(f"  load average: {', '.join(f'{v:.1f}' for v in os.getloadavg())} on {os.cpu_count()} cores")
        if args.write:
            _write(args.repeat, jobs, results, counts, paths)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _write(repeat: int, jobs: int, results: dict[str, list[tuple[float, float]]], counts: dict[str, int],
           paths: dict[str, list[tuple[float, float, str]]]) -> None:
    """The Japanese table benchmarks/README.md quotes, stored with how it was measured."""
    import docfigures
    facts = docfigures.machine()
    names = {"cold": f"最初から全部、既定の `--jobs {jobs}`",
             "fresh": "同じことを、pnp を import しただけの新しいプロセスで",
             "cold1": "最初から全部、`--jobs 1`",
             "nochange": "何も変えずに",
             "onecard": "探偵無宿２のイベント1枚を直して"}
    lines = [f"`python benchmarks/bench_build.py --repeat {repeat}`（同梱キット4ゲーム・{counts['cold']}ファイル、"
             f"{facts['cores']}コアの機械、{repeat}回のうち最良。CPU 秒は子プロセスの分も含む。終わったときの "
             f"load average {facts['load_average'][0]}、コミット {docfigures.commit()}）:", "",
             "| 場面 | 目標 | 実時間 | CPU 秒 |", "|---|---|---|---|"]
    for key in ("cold", "fresh", "cold1", "nochange", "onecard"):
        wall = min(w for w, _ in results[key])
        cpu = min(c for _, c in results[key])
        lines.append(f"| {names[key]} | {TARGETS[key]:.1f} s | {wall:.2f} s | {cpu:.2f} s |")
    serial, longest, gid = min(paths["cold"], key=lambda p: p[0] + p[1])
    lines += ["", f"最短でもかかる時間（最初のゲームを描き始めるまでの CPU {serial:.2f} s ＋ いちばん長い {gid} の描画 "
              f"{longest:.2f} s）は {serial + longest:.2f} s です。"]
    docfigures.store("bench_build", f"python benchmarks/bench_build.py --repeat {repeat} --write", "\n".join(lines),
                     **facts)


if __name__ == "__main__":
    main()
