"""The report's charts, drawn with reportlab from the chart records of ``render.document``."""
from __future__ import annotations

import math
from typing import Any, Protocol

from reportlab.graphics import renderPDF
from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.shapes import STATE_DEFAULTS, Drawing, Line, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..text.fonts import measure, pdf_name
from ..text.linebreak import break_text
from .document import BarChart, GroupedBarChart

INK = colors.HexColor("#222222")
BAR = colors.HexColor("#3b2f4a")
BAR2 = colors.HexColor("#c0392b")
GRID = colors.HexColor("#bbbbbb")
WHISKER = colors.HexColor("#c0392b")
SERIES = [colors.HexColor(c) for c in ("#3b2f4a", "#1f5fa8", "#2e8b57", "#d4ac0d", "#8e44ad", "#e67e22")]


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
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


def bar_chart(chart: BarChart, width: float, height: float) -> Drawing:
    """A bar chart as a reportlab drawing: the title (set smaller when long), bars, whiskers, the
    reference line."""
    title, labels, values, cis, ref = chart.title, chart.labels, chart.values, chart.intervals, chart.reference
    gothic = pdf_name("gothic")
    d = Drawing(width, height)
    size = 10.0       # a long title is set smaller, never over the chart beside it
    while size > 7 and measure(title, "gothic-bold", size) > width:
        size -= 0.5
    title_lines = wrap(title, "gothic-bold", size, width)
    for k, line in enumerate(title_lines):
        d.add(String(0, height - 12 - k * (size + 2), line, fontName=pdf_name("gothic-bold"), fontSize=size,
                     fillColor=INK))
    c = VerticalBarChart()
    # category names are broken to the width of their bar (kinsoku) and may take up to three lines
    plot_w = width - 46
    wrapped = [_wrap_label(lab, plot_w / max(1, len(labels)) - 4, 7) for lab in labels]
    lines = max((w.count("\n") + 1 for w in wrapped), default=1)
    bottom = 14 + 9 * lines
    c.x, c.y, c.width, c.height = 36, bottom, plot_w, height - bottom - 24 - (size + 2) * (len(title_lines) - 1)
    c.data = [list(values)]
    c.categoryAxis.categoryNames = wrapped
    c.categoryAxis.labels.leading = 8.5
    c.categoryAxis.labels.fontName = gothic
    c.categoryAxis.labels.fontSize = 7
    c.valueAxis.labels.fontName = gothic
    c.valueAxis.labels.fontSize = 7
    top = max([v for v in values] + [hi for _, hi in (cis or [])] + [ref or 0] + [1e-9])
    low = min([0.0] + [lo for lo, _ in (cis or [])])
    c.valueAxis.valueMin = low * 1.1
    c.valueAxis.valueMax = top * 1.1
    c.valueAxis.labelTextFormat = (lambda v: f"{v:.0%}") if chart.percent else (lambda v: f"{v:g}")
    c.bars[0].fillColor = BAR
    c.bars[0].strokeColor = None
    d.add(c)
    scale = c.height / (c.valueAxis.valueMax - c.valueAxis.valueMin)
    n = len(values)
    if cis and n:
        step = c.width / n
        for i, (lo, hi) in enumerate(cis):
            x = c.x + step * (i + 0.5)
            y0, y1 = c.y + (lo - c.valueAxis.valueMin) * scale, c.y + (hi - c.valueAxis.valueMin) * scale
            d.add(Line(x, y0, x, y1, strokeColor=BAR2, strokeWidth=1))
            d.add(Line(x - 3, y0, x + 3, y0, strokeColor=BAR2, strokeWidth=1))
            d.add(Line(x - 3, y1, x + 3, y1, strokeColor=BAR2, strokeWidth=1))
    if ref is not None:
        y = c.y + (ref - c.valueAxis.valueMin) * scale
        d.add(Line(c.x, y, c.x + c.width, y, strokeColor=colors.HexColor("#888888"), strokeDashArray=[3, 2]))
    return d


def draw(d: Drawing, cv: Any, x: float, y: float) -> None:
    """renderPDF starts every drawing in reportlab's default font (Helvetica, never embedded); start it
    in the bundled gothic instead so the report embeds every font it names."""
    saved = STATE_DEFAULTS["fontName"]
    STATE_DEFAULTS["fontName"] = pdf_name("gothic")
    try:
        renderPDF.draw(d, cv, x, y)
    finally:
        STATE_DEFAULTS["fontName"] = saved


class Cursor(Protocol):
    """A page being filled top-down: its canvas, the height reached, and a way to ask for room."""
    cv: Canvas
    y: float

    def room(self, height: float) -> None: ...


def grouped_bar_chart(page: Cursor, chart: GroupedBarChart, left_margin: float, width: float) -> None:
    """Grouped bars, one group per category, one bar per series; each bar (value, low, high) with a
    whisker from low to high; a legend when there are several series."""
    cv = page.cv
    labels, series, percent = chart.labels, chart.series, chart.percent
    height = chart.height_mm * mm
    label_lines = [cell_lines(lab, "gothic", 7, width / max(1, len(labels)) - 2 * mm)[:3] for lab in labels]
    label_h = max(len(ls) for ls in label_lines) * 8.5 + 2
    legend = len(series) > 1
    page.room(height + label_h + (10 if legend else 0) + 16)
    cv.setFillColor(INK)
    cv.setFont(pdf_name("gothic-bold"), 10)
    cv.drawString(left_margin, page.y - 10, chart.title)
    top = page.y - 16
    bottom = top - height
    left = left_margin + 14 * mm
    plot_w = width - 14 * mm
    top_value, ticks = _axis(max([b.high for s in series for b in s] + [b.value for s in series for b in s]),
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
            value, lo, hi = s[i].value, s[i].low, s[i].high
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
        for k, name in enumerate(chart.names):
            cv.setFillColor(SERIES[k % len(SERIES)])
            cv.rect(x, y - 6, 6, 6, stroke=0, fill=1)
            cv.setFillColor(INK)
            cv.drawString(x + 8, y - 6, name)
            x += measure(name, "gothic", 7) + 18
        y -= 10
    page.y = y - 4 * mm


def cell_lines(text: str, font: str, size: float, width: float) -> list[str]:
    """Cell and label text broken by the one kinsoku line breaker; an empty text keeps one line."""
    return [ln.text for ln in break_text(text, font, size, max(width, size * 2), measure)] or [""]


def _axis(top: float, percent: bool) -> tuple[float, int]:
    """(axis maximum, number of steps): a round step (1, 2, 2.5 or 5 × 10^k) and 4 to 8 steps."""
    if top <= 0:
        return 1.0, 5
    if percent and top > 0.6:
        return 1.0, 5
    raw = top / 5
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    steps = max(1, math.ceil(top / step - 1e-9))
    return step * steps, steps
