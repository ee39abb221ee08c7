"""Benchmark: 250 Japanese poker cards as A4 home sheets, pnp against the same drawing done with bare
reportlab in the same process; then the whole bundled kit.  Prints figures; it is not a test.

    python benchmarks/bench_cards.py [--cold N] [--repeat N] [--write] [--no-kit]

Each measurement runs in a new process (bare reportlab first, then pnp: load the project, plan, write the
sheets), timed in CPU seconds of that process (the machine is shared; wall seconds beside them).  The
--cold runs each start with an empty cache folder of their own (PNP_CACHE_DIR: font metrics and schema
verdicts kept between runs), as a user's first pnp command does; their median is the first-run figure, one
run alone being at the mercy of the machine's other work.  The --repeat runs after them find what the last
first run kept, as every pnp command after the first does.  With --write the table benchmarks/README.md
quotes is stored in benchmarks/measured.json (see benchmarks/docfigures.py).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
N = 250
BODY = "手札から好きな1枚を選び、伏せて置く。全員が置いたら同時に公開し、数字の大きい順に処理する。「無の境地」と同じスートなら数字に関わらず出せる。"


def make_project(root: Path) -> None:
    from pnp.commands.scaffold import new_game
    new_game(root, "bench")
    cards = ["kind: deck", "id: cards", "name: ベンチマーク", "layout: card-base", "back: {title: ベンチマーク}",
             "suits:"] + [f"  - {{id: s{i}, name: 札{i}, color: \"#{c}\", mark: {m}}}" for i, (c, m) in
                          enumerate([("c0392b", "circle"), ("2e4a9e", "square"), ("1e8449", "star"),
                                     ("7d3c98", "diamond"), ("d68910", "triangle")])] + ["cards:"]
    for i in range(N):
        cards.append(f"  - {{id: c{i}, suit: s{i % 5}, value: {i % 10}, title: 事件第{i}号, body: \"{BODY}\", "
                     f"flavor: 記録番号{i}}}")
    (root / "components/bench/cards.yaml").write_text("\n".join(cards) + "\n", encoding="utf-8")
    game = (root / "components/bench/game.yaml").read_text(encoding="utf-8").replace("count: 6", f"count: {N}")
    (root / "components/bench/game.yaml").write_text(game, encoding="utf-8")


def bare_reportlab(path: Path) -> None:
    """The same drawing written by hand: per card a frame, title band and title, corner index with a
    suit mark and its upside-down copy, a big number over a tinted mark, a rule, a wrapped body (naive
    character wrapping, no kinsoku) and a flavour line; the backs on the following page of each sheet."""
    from reportlab.lib.colors import HexColor
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    from pnp.resources import fonts_dir
    mm = 72 / 25.4
    for name, file in (("BareG", "BIZUDPGothic-Regular.ttf"), ("BareB", "BIZUDPGothic-Bold.ttf"),
                       ("BareM", "BIZUDPMincho-Regular.ttf")):
        pdfmetrics.registerFont(TTFont(name, str(fonts_dir() / file)))
    colours = ["#c0392b", "#2e4a9e", "#1e8449", "#7d3c98", "#d68910"]
    c = Canvas(str(path), invariant=1)

    def index(x, y, value, colour):
        c.setFillColor(HexColor(colour))
        c.setFont("BareB", 15)
        c.drawCentredString(x + 8 * mm, y + 88 * mm - 9.5 * mm, str(value))
        c.circle(x + 8 * mm, y + 88 * mm - 13 * mm, 2.2 * mm, stroke=0, fill=1)

    def sheet_positions():
        return [((10.5 + (k % 3) * 63) * mm, (297 - 16.5 - 88 - (k // 3) * 88) * mm) for k in range(9)]

    for first in range(0, N, 9):
        chunk = range(first, min(N, first + 9))
        for i, (x, y) in zip(chunk, sheet_positions()):
            colour = colours[i % 5]
            c.setFillColor(HexColor("#ffffff"))
            c.rect(x, y, 63 * mm, 88 * mm, stroke=0, fill=1)
            c.setStrokeColor(HexColor(colour))
            c.roundRect(x + 3 * mm, y + 3 * mm, 57 * mm, 82 * mm, 2 * mm)
            c.setFillColor(HexColor(colour))
            c.roundRect(x + 13 * mm, y + 74 * mm, 37 * mm, 10 * mm, 1.5 * mm, stroke=0, fill=1)
            c.setFillColor(HexColor("#ffffff"))
            c.setFont("BareB", 12)
            c.drawCentredString(x + 31.5 * mm, y + 77.5 * mm, f"事件第{i}号")
            index(x, y, i % 10, colour)
            c.saveState()
            c.translate(x + 31.5 * mm, y + 44 * mm)
            c.rotate(180)
            c.translate(-(x + 31.5 * mm), -(y + 44 * mm))
            index(x, y, i % 10, colour)
            c.restoreState()
            c.setFillColor(HexColor("#f2d7d5"))
            c.circle(x + 31.5 * mm, y + 58 * mm, 12 * mm, stroke=0, fill=1)
            c.setFillColor(HexColor(colour))
            c.setFont("BareB", 44)
            c.drawCentredString(x + 31.5 * mm, y + 53 * mm, str(i % 10))
            c.line(x + 7 * mm, y + 44 * mm, x + 56 * mm, y + 44 * mm)
            c.setFillColor(HexColor("#1a1a1a"))
            c.setFont("BareM", 9)
            line, ty = "", y + 38 * mm
            for ch in BODY:
                if pdfmetrics.stringWidth(line + ch, "BareM", 9) > 49 * mm:
                    c.drawString(x + 7 * mm, ty, line)
                    line, ty = "", ty - 14
                line += ch
            c.drawString(x + 7 * mm, ty, line)
            c.setFont("BareG", 7)
            c.drawString(x + 7 * mm, y + 6 * mm, f"記録番号{i}")
        c.showPage()
        for _, (x, y) in zip(chunk, sheet_positions()):
            c.setFillColor(HexColor("#2c3e50"))
            c.rect(x, y, 63 * mm, 88 * mm, stroke=0, fill=1)
            c.setStrokeColor(HexColor("#ffffff"))
            c.roundRect(x + 3 * mm, y + 3 * mm, 57 * mm, 82 * mm, 2 * mm)
            c.setFillColor(HexColor("#ffffff"))
            c.setFont("BareB", 16)
            c.drawCentredString(x + 31.5 * mm, y + 48 * mm, "ベンチマーク")
        c.showPage()
    c.save()


TARGET = 1.25      # pnp's CPU seconds over bare reportlab's for the same 250 cards (issue: at most 1.25×)


def once() -> dict[str, float]:
    """One measurement in this process: bare reportlab, then pnp from the YAML to the PDF."""
    from pnp.commands.build import BuildOptions, build_game
    from pnp.data.project import Project
    tmp = Path(tempfile.mkdtemp(prefix="pnp-bench-cards-"))
    try:
        make_project(tmp)
        c, t = time.process_time(), time.perf_counter()
        bare_reportlab(tmp / "bare.pdf")
        bare_cpu, bare_wall = time.process_time() - c, time.perf_counter() - t
        c, t = time.process_time(), time.perf_counter()
        game = Project(tmp).load_game("bench")
        result = build_game(game, tmp / "out", BuildOptions(shop=False))
        ours_cpu, ours_wall = time.process_time() - c, time.perf_counter() - t
        return {"bare_cpu": bare_cpu, "bare_wall": bare_wall, "ours_cpu": ours_cpu, "ours_wall": ours_wall,
                "bare_kb": (tmp / "bare.pdf").stat().st_size / 1024, "ours_kb": result.files[0].path.stat().st_size / 1024}
    finally:
        shutil.rmtree(tmp)


def _run_once(cache: Path) -> dict[str, float]:
    env = {**os.environ, "PNP_CACHE_DIR": str(cache)}
    out = subprocess.run([sys.executable, __file__, "--once"], capture_output=True, text=True, check=True, env=env)
    figures: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return figures


def _kit() -> None:
    from pnp.commands.build import BuildOptions, build_game
    from pnp.data.project import Project
    tmp = Path(tempfile.mkdtemp(prefix="pnp-bench-kit-"))
    try:
        t = time.perf_counter()
        games = Project(REPO).load_games()
        total = 0
        for g in games:
            res = build_game(g, tmp / "kit", BuildOptions())
            total += sum(w.path.stat().st_size for w in res.files)
        whole = time.perf_counter() - t
        biggest = max((p.stat().st_size for p in (tmp / "kit").rglob("*.pdf")), default=0)
        print(f"whole bundled kit ({len(games)} games: cards, shop pages, parts, rulebooks): {whole:.2f} s (target < 3 s), "
              f"{total / 1024:.0f} KB in all, largest PDF {biggest / 1024:.0f} KB (limit 10 MB)")
    finally:
        shutil.rmtree(tmp)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cold", type=int, default=3, help="first runs, each with an empty cache folder of its own")
    ap.add_argument("--repeat", type=int, default=3, help="runs after the first (each in a new process)")
    ap.add_argument("--write", action="store_true", help="store the table in benchmarks/measured.json")
    ap.add_argument("--no-kit", action="store_true", help="leave out the whole bundled kit's build")
    ap.add_argument("--once", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.once:
        print(json.dumps(once()))
        return
    firsts, runs = _measure(max(args.cold, 1), args.repeat)
    print(f"{N} Japanese poker cards, A4 home sheets (faces + backs), CPU seconds of one process each:")
    rows = [(f"first run {i + 1}, empty cache", r) for i, r in enumerate(firsts)]
    for label, r in rows + [(f"run {i + 1}", r) for i, r in enumerate(runs)]:
        print(f"  {label:28s} bare reportlab {r['bare_cpu']:.3f} s, pnp {r['ours_cpu']:.3f} s: "
              f"{_ratio(r):.2f}×  (wall {r['bare_wall']:.3f} s / {r['ours_wall']:.3f} s)")
    cold = statistics.median(map(_ratio, firsts))
    print(f"  first runs (empty cache): median {cold:.2f}× over {len(firsts)} (target ≤ {TARGET}×)")
    if runs:
        ratios = sorted(map(_ratio, runs))
        print(f"  ratio over {len(runs)} runs after: min {ratios[0]:.2f}×, median {statistics.median(ratios):.2f}× "
              f"(target ≤ {TARGET}×); PDFs {runs[0]['bare_kb']:.0f} KB bare, {runs[0]['ours_kb']:.0f} KB pnp")
    if args.write:
        _write(args.cold, args.repeat, firsts, runs)
    if not args.no_kit:
        _kit()


def _ratio(r: dict[str, float]) -> float:
    return r["ours_cpu"] / r["bare_cpu"]


def _measure(cold: int, repeat: int) -> tuple[list[dict[str, float]], list[dict[str, float]]]:
    """cold first runs, each with an empty cache folder; then repeat runs with the last one's folder."""
    firsts: list[dict[str, float]] = []
    for i in range(cold):
        cache = Path(tempfile.mkdtemp(prefix="pnp-bench-cache-"))
        try:
            firsts.append(_run_once(cache))
            if i == cold - 1:
                return firsts, [_run_once(cache) for _ in range(repeat)]
        finally:
            shutil.rmtree(cache, ignore_errors=True)
    return firsts, []


def _write(cold: int, repeat: int, firsts: list[dict[str, float]], runs: list[dict[str, float]]) -> None:
    """The Japanese table benchmarks/README.md quotes, stored with how it was measured."""
    import docfigures
    facts = docfigures.machine()
    command = f"python benchmarks/bench_cards.py --cold {cold} --repeat {repeat}"
    lines = [f"`{command}`（{N}枚の日本語カードを A4 の家庭用シートに表裏、"
             f"同じ絵を描く素の reportlab と同じプロセスで比べる。1回ごとに新しいプロセス、CPU 秒。{facts['cores']}コアの機械、"
             f"終わったときの load average {facts['load_average'][0]}、コミット {docfigures.commit()}）:", "",
             "| 回 | 素の reportlab | pnp | 比 |", "|---|---|---|---|"]
    for i, r in enumerate(firsts):
        lines.append(f"| 1回目の{i + 1}（空のキャッシュ：フォントの寸法とスキーマの判定をまだ覚えていない） | "
                     f"{r['bare_cpu']:.3f} s | {r['ours_cpu']:.3f} s | {_ratio(r):.2f}× |")
    for i, r in enumerate(runs):
        lines.append(f"| {i + 2}回目 | {r['bare_cpu']:.3f} s | {r['ours_cpu']:.3f} s | {_ratio(r):.2f}× |")
    ratios = [_ratio(r) for r in runs]
    lines += ["", f"1回目（空のキャッシュ、{len(firsts)}回）の比の中央値 {statistics.median(map(_ratio, firsts)):.2f}×"
                  + (f"、2回目からの比は最小 {min(ratios):.2f}×・中央値 {statistics.median(ratios):.2f}×" if ratios else "")
                  + f"（目標 ≤ {TARGET}×）。"]
    docfigures.store("bench_cards", command + " --write", "\n".join(lines), **facts)


if __name__ == "__main__":
    main()
