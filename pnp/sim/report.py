"""A Japanese PDF report of ``pnp simulate``: charts a designer reads instead of a table.

One page per player count: seat win rates with 95% whiskers, end reasons, the length histogram, and the
designer's questions answered.  ``invariant=1`` makes the same summary give the same bytes."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from reportlab.graphics import renderPDF
from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.shapes import STATE_DEFAULTS, Drawing, Line, String
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

from ..files import atomic_path
from ..render.pdf import new_canvas
from ..text.fonts import measure, pdf_name
from ..text.linebreak import break_text

INK = colors.HexColor("#222222")
BAR = colors.HexColor("#3b2f4a")
BAR2 = colors.HexColor("#c0392b")


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Report text broken by the shared kinsoku line breaker (font: a pnp font name)."""
    return [ln.text for ln in break_text(text, font, size, width, measure)]


def _wrap_label(text: str, width: float, size: float) -> str:
    """A category name on as few lines as fit its bar's width, by the shared line breaker."""
    if measure(text, "gothic", size) <= width:
        return text
    lines = [ln.text for ln in break_text(text, "gothic", size, max(width, size * 2), measure, allow_hanging=False)]
    if len(lines) > 3:
        lines = lines[:2] + [lines[2][:-1] + "…"]
    return "\n".join(lines)


def _bar_chart(title: str, labels: Sequence[str], values: Sequence[float], cis: Sequence[Sequence[float]] | None,
               width: float, height: float, *, percent: bool, ref: float | None = None) -> Drawing:
    gothic = pdf_name("gothic")
    d = Drawing(width, height)
    d.add(String(0, height - 12, title, fontName=pdf_name("gothic-bold"), fontSize=10, fillColor=INK))
    c = VerticalBarChart()
    # category names are broken to the width of their bar (kinsoku) and may take up to three lines
    plot_w = width - 46
    wrapped = [_wrap_label(lab, plot_w / max(1, len(labels)) - 4, 7) for lab in labels]
    lines = max((w.count("\n") + 1 for w in wrapped), default=1)
    bottom = 14 + 9 * lines
    c.x, c.y, c.width, c.height = 36, bottom, plot_w, height - bottom - 24
    c.data = [list(values)]
    c.categoryAxis.categoryNames = wrapped
    c.categoryAxis.labels.leading = 8.5
    c.categoryAxis.labels.fontName = gothic
    c.categoryAxis.labels.fontSize = 7
    c.valueAxis.labels.fontName = gothic
    c.valueAxis.labels.fontSize = 7
    top = max([v for v in values] + [hi for _, hi in (cis or [])] + [ref or 0] + [1e-9])
    c.valueAxis.valueMin = 0
    c.valueAxis.valueMax = top * 1.1
    c.valueAxis.labelTextFormat = (lambda v: f"{v:.0%}") if percent else (lambda v: f"{v:g}")
    c.bars[0].fillColor = BAR
    c.bars[0].strokeColor = None
    d.add(c)
    scale = c.height / (c.valueAxis.valueMax - c.valueAxis.valueMin)
    n = len(values)
    if cis and n:
        step = c.width / n
        for i, (lo, hi) in enumerate(cis):
            x = c.x + step * (i + 0.5)
            y0, y1 = c.y + lo * scale, c.y + hi * scale
            d.add(Line(x, y0, x, y1, strokeColor=BAR2, strokeWidth=1))
            d.add(Line(x - 3, y0, x + 3, y0, strokeColor=BAR2, strokeWidth=1))
            d.add(Line(x - 3, y1, x + 3, y1, strokeColor=BAR2, strokeWidth=1))
    if ref is not None:
        y = c.y + ref * scale
        d.add(Line(c.x, y, c.x + c.width, y, strokeColor=colors.HexColor("#888888"), strokeDashArray=[3, 2]))
    return d


def _draw(d: Drawing, cv, x: float, y: float) -> None:
    """renderPDF starts every drawing in reportlab's default font (Helvetica, never embedded); start it
    in the bundled gothic instead so the report embeds every font it names."""
    saved = STATE_DEFAULTS["fontName"]
    STATE_DEFAULTS["fontName"] = pdf_name("gothic")
    try:
        renderPDF.draw(d, cv, x, y)
    finally:
        STATE_DEFAULTS["fontName"] = saved


def _page(cv: canvas.Canvas, title: str, s: dict[str, Any]) -> None:
    W, H = A4
    left = 18 * mm
    width = W - 2 * left
    bold, gothic, mincho = pdf_name("gothic-bold"), pdf_name("gothic"), pdf_name("mincho")
    y = H - 20 * mm
    cv.setFillColor(INK)
    cv.setFont(bold, 16)
    cv.drawString(left, y, f"{title}　{s['players']}人 試遊レポート")
    y -= 7 * mm
    cv.setFont(gothic, 9)
    cv.drawString(left, y, f"{s['games']}ゲーム（完了 {s['completed']}、エラー {len(s['errors'])}）　種 {s['seed']}　"
                           f"方針 {'・'.join(s['policies'])}　変種 {s['variant']}")
    y -= 5 * mm
    L = s["length"]["rounds"]
    sc = s["scores"]
    cv.drawString(left, y, f"ラウンド数 平均 {L['mean']:.1f}（p10 {L['p10']:g}・p50 {L['p50']:g}・p90 {L['p90']:g}）　"
                           f"勝者の得点 平均 {sc['winner']['mean']:.1f}　勝差 p50 {sc['margin']['p50']:g}")
    chart_h = 58 * mm
    half = width / 2 - 4 * mm
    seats = s["seat_win_rates"]
    fair = 1 / s["players"]
    d1 = _bar_chart("席ごとの勝率（ひげは95%区間、点線は公平な勝率）", [f"席{i + 1}" for i in range(len(seats))],
                    [r["rate"] for r in seats], [r["ci"] for r in seats], half, chart_h, percent=True, ref=fair)
    reasons = list(s["end_reasons"])
    d2 = _bar_chart("終了理由", [s["end_reasons_ja"].get(k, k) for k in reasons],
                    [s["end_reason_rates"][k]["rate"] for k in reasons],
                    [s["end_reason_rates"][k]["ci"] for k in reasons], half, chart_h, percent=True)
    y -= chart_h + 4 * mm
    _draw(d1, cv, left, y)
    _draw(d2, cv, left + half + 8 * mm, y)
    hist = s["length_histogram"]
    d3 = _bar_chart("ゲームの長さ（ラウンド数ごとのゲーム数）", [str(k) for k in hist], list(hist.values()), None,
                    half, chart_h, percent=False)
    pols = s["wins_by_policy"]
    d4 = _bar_chart("方針ごとの勝率", list(pols), [r["rate"] for r in pols.values()],
                    [r["ci"] for r in pols.values()], half, chart_h, percent=True, ref=fair)
    y -= chart_h + 4 * mm
    _draw(d3, cv, left, y)
    _draw(d4, cv, left + half + 8 * mm, y)
    y -= 8 * mm
    cv.setFont(bold, 11)
    cv.drawString(left, y, "設計上の疑問への答え")
    y -= 6 * mm
    for f in s["findings"]:
        for font, name, size, text in ((bold, "gothic-bold", 9, "・" + f["question"]),
                                       (mincho, "mincho", 9, f["answer"])):
            indent = 0 if font == bold else 4 * mm
            for line in _wrap(text, name, size, width - 4 * mm):
                if y < 15 * mm:          # the answers go on over the page, never cut off
                    cv.showPage()
                    cv.setFillColor(INK)
                    y = H - 20 * mm
                cv.setFont(font, size)
                cv.drawString(left + indent, y, line)
                y -= 4.6 * mm
        y -= 1.5 * mm
    if "comparison" in s:
        if y < 30 * mm:
            cv.showPage()
            cv.setFillColor(INK)
            y = H - 20 * mm
        c = s["comparison"]
        cv.setFont(bold, 10)
        cv.drawString(left, y, f"比較：{c['variant_a']} → {c['variant_b']}（同じ種 {c['pairs']} 組）")
        y -= 5 * mm
        cv.setFont(gothic, 9)
        diffs = "　".join(f"席{i + 1} {d['mean_diff']:+.1%}" for i, d in enumerate(c["seat_win_rate_diff"]))
        cv.drawString(left, y, f"勝率差 {diffs}")
        y -= 4.6 * mm
        d = c["mean_score_diff"]
        cv.drawString(left, y, f"平均得点差 {d['mean_diff']:+.2f}（95%区間 {d['ci'][0]:+.2f}〜{d['ci'][1]:+.2f}）　"
                               f"勝者が変わったゲーム {c['winner_changed']['rate']:.1%}")


def _questions_page(cv: canvas.Canvas, lines: Sequence[str]) -> None:
    """The designer's open questions (as `pnp questions` prints them), over as many pages as they take."""
    W, H = A4
    left = 18 * mm
    width = W - 2 * left
    y = H - 20 * mm
    cv.setFillColor(INK)
    cv.setFont(pdf_name("gothic-bold"), 14)
    cv.drawString(left, y, "設計者への質問（未回答）")
    y -= 9 * mm
    for raw in lines:
        text = raw.strip()
        if not text:
            y -= 2 * mm
            continue
        indent = (len(raw) - len(raw.lstrip(" "))) * 1.2 * mm
        name = "gothic-bold" if text.startswith(("■", "◇", "Q")) else "mincho"
        for line in _wrap(text, name, 9, width - indent):
            if y < 15 * mm:
                cv.showPage()
                cv.setFillColor(INK)
                y = H - 20 * mm
            cv.setFont(pdf_name(name), 9)
            cv.drawString(left + indent, y, line)
            y -= 4.6 * mm


def write_report(path: Path, title: str, summaries: Sequence[dict[str, Any]],
                 questions: Sequence[str] = ()) -> None:
    """Write the PDF atomically; same summaries → same bytes.  ``questions``: the lines of the game's
    open questions for the designer (`pnp questions`), printed after the figures."""
    with atomic_path(Path(path)) as tmp:
        cv = new_canvas(tmp, A4, f"{title} 試遊レポート")
        cv.setAuthor("pnp")
        for s in summaries:
            _page(cv, title, s)
            cv.showPage()
        if questions:
            _questions_page(cv, questions)
            cv.showPage()
        cv.save()
