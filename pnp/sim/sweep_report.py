"""A Japanese PDF of ``pnp sweep``: per player count, the table of every setting's outcome and a chart
of it (win rate with 95% whiskers, rounds with p10–p90 whiskers).  Same data → same bytes."""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..files import atomic_path
from ..render.pdf import new_canvas
from ..text.fonts import measure, pdf_name
from ..text.linebreak import break_text
from .sweep import sweep_table

INK = colors.HexColor("#222222")
GRID = colors.HexColor("#bbbbbb")
WHISKER = colors.HexColor("#c0392b")
SERIES = [colors.HexColor(c) for c in ("#3b2f4a", "#1f5fa8", "#2e8b57", "#d4ac0d", "#8e44ad", "#e67e22")]
PAGE = landscape(A4)
MARGIN = 14 * mm
SIZE = 8.0
LEAD = 3.6 * mm


def _lines(text: str, font: str, size: float, width: float) -> list[str]:
    """Cell and label text broken by the one kinsoku line breaker."""
    return [ln.text for ln in break_text(text, font, size, max(width, size * 2), measure)] or [""]


class _Page:
    """A canvas with a cursor that starts a new page (with the running title) when the text runs out."""

    def __init__(self, cv: Canvas, heading: str):
        self.cv, self.heading = cv, heading
        self.y = 0.0
        self.new()

    def new(self) -> None:
        if self.y:
            self.cv.showPage()
        W, H = PAGE
        self.y = H - MARGIN
        self.cv.setFillColor(INK)
        self.cv.setFont(pdf_name("gothic-bold"), 13)
        self.cv.drawString(MARGIN, self.y - 13, self.heading)
        self.y -= 13 + 4 * mm

    def room(self, height: float) -> None:
        if self.y - height < MARGIN:
            self.new()

    def text(self, text: str, font: str = "gothic", size: float = 9) -> None:
        width = PAGE[0] - 2 * MARGIN
        for line in _lines(text, font, size, width):
            self.room(size * 1.5)
            self.cv.setFillColor(INK)
            self.cv.setFont(pdf_name(font), size)
            self.cv.drawString(MARGIN, self.y - size, line)
            self.y -= size * 1.5


def _table(page: _Page, head: list[str], body: list[list[str]]) -> None:
    cv = page.cv
    width = PAGE[0] - 2 * MARGIN
    n = len(head)
    # the setting and the end reasons take what the figures leave
    fixed = [max(measure(row[i], "gothic", SIZE) for row in [head, *body]) + 3 * mm for i in range(1, n - 1)]
    first = min(55 * mm, max(measure(row[0], "gothic", SIZE) for row in [head, *body]) + 3 * mm)
    last = max(30 * mm, width - first - sum(fixed))
    widths = [first, *fixed, last]
    scale = min(1.0, width / sum(widths))
    widths = [w * scale for w in widths]
    for k, row in enumerate([head, *body]):
        font = "gothic-bold" if k == 0 else "gothic"
        wrapped = [_lines(c, font, SIZE, w - 2 * mm) for c, w in zip(row, widths)]
        height = max(len(w) for w in wrapped) * LEAD + 1.6 * mm
        page.room(height)
        if k == 0:
            cv.setFillColor(colors.HexColor("#eeeae2"))
            cv.rect(MARGIN, page.y - height, sum(widths), height, stroke=0, fill=1)
        x = MARGIN
        cv.setFillColor(INK)
        cv.setFont(pdf_name(font), SIZE)
        for lines, w in zip(wrapped, widths):
            for j, line in enumerate(lines):
                cv.drawString(x + 1 * mm, page.y - 0.8 * mm - SIZE - j * LEAD, line)
            x += w
        cv.setStrokeColor(GRID)
        cv.setLineWidth(0.4)
        cv.line(MARGIN, page.y - height, MARGIN + sum(widths), page.y - height)
        page.y -= height
    page.y -= 4 * mm


def _chart(page: _Page, title: str, labels: Sequence[str], series: Sequence[Sequence[tuple[float, float, float]]],
           names: Sequence[str], percent: bool, height: float) -> None:
    """Grouped bars, one group per setting, one bar per series; each bar (value, low, high) with a whisker
    from low to high."""
    cv = page.cv
    width = PAGE[0] - 2 * MARGIN
    label_lines = [_lines(lab, "gothic", 7, width / max(1, len(labels)) - 2 * mm)[:3] for lab in labels]
    label_h = max(len(ls) for ls in label_lines) * 8.5 + 2
    legend = len(series) > 1
    page.room(height + label_h + (10 if legend else 0) + 16)
    cv.setFillColor(INK)
    cv.setFont(pdf_name("gothic-bold"), 10)
    cv.drawString(MARGIN, page.y - 10, title)
    top = page.y - 16
    bottom = top - height
    left = MARGIN + 14 * mm
    plot_w = width - 14 * mm
    top_value, ticks = _axis(max([hi for s in series for _, _, hi in s] + [v for s in series for v, _, _ in s]),
                             percent)
    cv.setFont(pdf_name("gothic"), 7)
    cv.setLineWidth(0.3)
    for t in range(ticks + 1):
        v = top_value * t / ticks
        y = bottom + height * t / ticks
        cv.setStrokeColor(GRID)
        cv.line(left, y, left + plot_w, y)
        cv.setFillColor(INK)
        text = f"{v:.0%}" if percent else f"{v:g}"
        cv.drawRightString(left - 2, y - 2.5, text)
    group = plot_w / max(1, len(labels))
    bar = min(14 * mm, group * 0.8 / max(1, len(series)))
    for i, lab in enumerate(label_lines):
        x0 = left + group * i + (group - bar * len(series)) / 2
        for k, s in enumerate(series):
            value, lo, hi = s[i]
            x = x0 + bar * k
            cv.setFillColor(SERIES[k % len(SERIES)])
            cv.rect(x, bottom, bar * 0.9, height * value / top_value, stroke=0, fill=1)
            cx = x + bar * 0.45
            ylo, yhi = bottom + height * lo / top_value, bottom + height * hi / top_value
            cv.setStrokeColor(WHISKER)
            cv.setLineWidth(0.8)
            cv.line(cx, ylo, cx, yhi)
            cv.line(cx - 2, ylo, cx + 2, ylo)
            cv.line(cx - 2, yhi, cx + 2, yhi)
            if len(series) == 1:     # one bar a setting: its figure beside the whisker
                cv.setFillColor(INK)
                cv.setFont(pdf_name("gothic"), 7)
                cv.drawString(cx + 3, bottom + height * value / top_value + 1,
                              f"{value:.1%}" if percent else f"{value:.1f}")
        cv.setFillColor(INK)
        cv.setFont(pdf_name("gothic"), 7)
        for j, line in enumerate(lab):
            cv.drawCentredString(left + group * (i + 0.5), bottom - 9 - j * 8.5, line)
    y = bottom - label_h - 4
    if legend:
        x = left
        cv.setFont(pdf_name("gothic"), 7)
        for k, name in enumerate(names):
            cv.setFillColor(SERIES[k % len(SERIES)])
            cv.rect(x, y - 6, 6, 6, stroke=0, fill=1)
            cv.setFillColor(INK)
            cv.drawString(x + 8, y - 6, name)
            x += measure(name, "gothic", 7) + 18
        y -= 10
    page.y = y - 4 * mm


def _axis(top: float, percent: bool) -> tuple[float, int]:
    """(axis maximum, number of steps): a round step (1, 2, 2.5 or 5 × 10^k) and 4 to 8 steps."""
    if top <= 0:
        return (1.0 if percent else 1.0), 5
    if percent and top > 0.6:
        return 1.0, 5
    raw = top / 5
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    steps = max(1, math.ceil(top / step - 1e-9))
    return step * steps, steps


def _players_page(cv: Canvas, title: str, data: Mapping[str, Any], players: int, said: str) -> None:
    rows = [r for r in data["rows"] if r["players"] == players]
    page = _Page(cv, f"{title}　{players}人　設定ごとの比較（sweep）")
    page.text(f"設定ごとに {data['games']}ゲーム（どの設定もゲーム番号ごとに同じ種 {data['seed']} から）　"
              f"方針 {'・'.join(data['policies'])}")
    page.text(said, "gothic-bold", 9.5)
    page.y -= 2 * mm
    head, body = sweep_table(rows)
    _table(page, head, body)
    labels = [r["setting"] for r in rows]
    if rows[0]["cooperative"]:
        series = [[(r["team_win_rate"]["rate"], *r["team_win_rate"]["ci"]) for r in rows]]
        names = ["チームの勝率"]
        chart_title = "チームの勝率（ひげは95%区間）"
    else:
        seats = len(rows[0]["seat_win_rates"])
        series = [[(r["seat_win_rates"][k]["rate"], *r["seat_win_rates"][k]["ci"]) for r in rows]
                  for k in range(seats)]
        names = [f"席{k + 1}" for k in range(seats)]
        chart_title = "席ごとの勝率（ひげは95%区間）"
    _chart(page, chart_title, labels, series, names, True, 48 * mm)
    rounds = [[(r["rounds"]["mean"], r["rounds"]["p10"], r["rounds"]["p90"]) for r in rows]]
    _chart(page, "ラウンド数（棒は平均、ひげは p10〜p90）", labels, rounds, ["ラウンド数"], False, 36 * mm)
    cv.showPage()


def write_sweep_report(path: Path, title: str, data: Mapping[str, Any]) -> None:
    """Write the PDF atomically: one page (or more, for a long grid) per player count."""
    with atomic_path(Path(path)) as tmp:
        cv = new_canvas(tmp, PAGE, f"{title} 設定ごとの比較")
        cv.setAuthor("pnp")
        for players, said in zip(data["players"], data["answers"]):
            _players_page(cv, title, data, players, said)
        cv.save()
