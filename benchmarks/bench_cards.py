"""Benchmark: 250 Japanese poker cards as A4 home sheets, pnp against the same drawing done with bare
reportlab in the same run; then the whole bundled kit.  Prints figures; it is not a test.

    python benchmarks/bench_cards.py
"""
from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
N = 250
BODY = "手札から好きな1枚を選び、伏せて置く。全員が置いたら同時に公開し、数字の大きい順に処理する。「無の境地」と同じスートなら数字に関わらず出せる。"


def make_project(root: Path) -> None:
    from pnp.scaffold import new_game
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
    """What a designer would write by hand: fixed grid, frame, title, naive character wrapping."""
    from reportlab.lib.colors import HexColor
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas
    from pnp.resources import fonts_dir
    mm = 72 / 25.4
    pdfmetrics.registerFont(TTFont("BareG", str(fonts_dir() / "BIZUDPGothic-Bold.ttf")))
    pdfmetrics.registerFont(TTFont("BareM", str(fonts_dir() / "BIZUDPMincho-Regular.ttf")))
    c = Canvas(str(path), invariant=1)
    for i in range(N):
        k = i % 9
        if i and k == 0:
            c.showPage()
        x, y = (10.5 + (k % 3) * 63) * mm, (297 - 16.5 - 88 - (k // 3) * 88) * mm
        c.setStrokeColor(HexColor("#c0392b"))
        c.roundRect(x + 3 * mm, y + 3 * mm, 57 * mm, 82 * mm, 2 * mm)
        c.setFont("BareG", 12)
        c.drawString(x + 15 * mm, y + 78 * mm, f"事件第{i}号")
        c.setFont("BareM", 9)
        line, ty = "", y + 40 * mm
        for ch in BODY:
            if pdfmetrics.stringWidth(line + ch, "BareM", 9) > 49 * mm:
                c.drawString(x + 7 * mm, ty, line)
                line, ty = "", ty - 14
            line += ch
        c.drawString(x + 7 * mm, ty, line)
    c.showPage()
    c.save()


def main() -> None:
    from pnp.build import BuildOptions, build_game
    from pnp.data.project import Project
    tmp = Path(tempfile.mkdtemp())
    try:
        make_project(tmp)
        t = time.perf_counter()
        bare_reportlab(tmp / "bare.pdf")
        bare = time.perf_counter() - t
        t = time.perf_counter()
        game = Project(tmp).load_game("bench")
        result = build_game(game, tmp / "out", BuildOptions(shop=False))
        ours = time.perf_counter() - t
        sheets = result.files[0].path
        print(f"250 Japanese poker cards, A4 home sheets (faces + backs):")
        print(f"  bare reportlab : {bare:6.2f} s  {(tmp / 'bare.pdf').stat().st_size / 1024:8.0f} KB (faces only, naive wrap)")
        print(f"  pnp            : {ours:6.2f} s  {sheets.stat().st_size / 1024:8.0f} KB  ratio {ours / bare:.2f}× (target ≤ 1.5×)")
        t = time.perf_counter()
        kit = Project(REPO)
        games = kit.load_games()
        total = 0
        for g in games:
            res = build_game(g, tmp / "kit", BuildOptions())
            total += sum(w.path.stat().st_size for w in res.files)
        whole = time.perf_counter() - t
        biggest = max((p.stat().st_size for p in (tmp / "kit").rglob("*.pdf")), default=0)
        print(f"whole bundled kit ({len(games)} games, cards): {whole:.2f} s (target < 3 s), "
              f"{total / 1024:.0f} KB in all, largest PDF {biggest / 1024:.0f} KB (limit 10 MB)")
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
