"""The simulation's reports set on paper: the records of ``render.document`` drawn with reportlab.

Two page styles: the simulate report flows text, tables and charts top-down on A4 portrait pages; the
sweep report gives each player count landscape pages under a running heading.  Same records → same
bytes."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..files import atomic_path
from ..messages import msg
from ..text.fonts import measure, pdf_name
from .charts import GRID, INK, bar_chart, cell_lines, draw, grouped_bar_chart, wrap
from .document import (
    Block,
    ChartRow,
    GroupedBarChart,
    Heading,
    Listing,
    NewPage,
    Paragraph,
    Report,
    Section,
    Space,
    SweepReport,
    Table,
    Title,
)
from .pdf import new_canvas

CHART_H = 58 * mm


class _Writer:
    """A flowing A4 page: text and charts placed top-down, a new page whenever the next block does not
    fit (text is never cut off)."""

    def __init__(self, cv: Canvas) -> None:
        self.cv = cv
        self.W, self.H = A4
        self.left = 18 * mm
        self.width = self.W - 2 * self.left
        self.y = self.H - 20 * mm
        self.fresh = True

    def page(self) -> None:
        if not self.fresh:
            self.cv.showPage()
        self.cv.setFillColor(INK)
        self.y = self.H - 20 * mm
        self.fresh = True

    def need(self, height: float) -> None:
        if self.y - height < 15 * mm and not self.fresh:
            self.page()

    def text(self, text: str, name: str = "mincho", size: float = 9, indent: float = 0, gap: float = 0) -> None:
        for line in wrap(text, name, size, self.width - indent):
            self.need(size * 0.3528 * mm * 1.45 + 1)
            self.cv.setFillColor(INK)
            self.cv.setFont(pdf_name(name), size)
            self.cv.drawString(self.left + indent, self.y, line)
            self.y -= max(4.6 * mm, size * 0.3528 * mm * 1.45)
            self.fresh = False
        self.y -= gap

    def heading(self, text: str, size: float = 11) -> None:
        self.need(20 * mm)
        self.y -= 2 * mm
        self.text(text, "gothic-bold", size, gap=1 * mm)

    def title(self, text: str, drop: float) -> None:
        self.cv.setFont(pdf_name("gothic-bold"), 16)
        self.cv.drawString(self.left, self.y, text)
        self.y -= drop
        self.fresh = False

    def charts(self, row: ChartRow) -> None:
        """One or two charts side by side, each half the text width."""
        if not row.charts:
            return
        half = float(self.width / 2 - 4 * mm)
        drawings = [bar_chart(c, half, CHART_H) for c in row.charts]
        h = max(d.height for d in drawings)
        self.need(h + 4 * mm)
        self.y -= h
        x = self.left
        for d in drawings:
            draw(d, self.cv, x, self.y)
            x += d.width + 8 * mm
        self.y -= 4 * mm
        self.fresh = False

    def table(self, header: Sequence[str], rows: Sequence[Sequence[str]], widths: Sequence[float],
              size: float = 7.5) -> None:
        """A table whose cells wrap (kinsoku) to their column; a row never splits, the header repeats on a
        new page."""
        lead = size * 0.3528 * mm * 1.45

        def lines_of(row: Sequence[str], font: str) -> list[list[str]]:
            return [wrap(text, font, size, wd - 2 * mm) or [""] for text, wd in zip(row, widths)]

        def draw_row(row: Sequence[str], font: str, shade: bool) -> None:
            cells = lines_of(row, font)
            h = max(len(c) for c in cells) * lead + 1.6 * mm
            if self.y - h < 15 * mm and not self.fresh:
                self.page()
                if not shade:
                    draw_row(header, "gothic-bold", True)
            cv = self.cv
            if shade:
                cv.setFillColor(colors.HexColor("#ece8f0"))
                cv.rect(self.left, self.y - h, sum(widths), h, stroke=0, fill=1)
            cv.setStrokeColor(colors.HexColor("#999999"))
            cv.setLineWidth(0.3)
            cv.line(self.left, self.y - h, self.left + sum(widths), self.y - h)
            cv.setFillColor(INK)
            x = self.left
            for c, wd in zip(cells, widths):
                yy = self.y - size * 0.3528 * mm - 0.8 * mm
                for line in c:
                    cv.setFont(pdf_name(font), size)
                    cv.drawString(x + 1 * mm, yy, line)
                    yy -= lead
                x += wd
            self.y -= h
            self.fresh = False
        draw_row(header, "gothic-bold", True)
        for row in rows:
            draw_row(row, "gothic", False)
        self.y -= 3 * mm

    def block(self, b: Block) -> None:
        if isinstance(b, Paragraph):
            self.text(b.text, b.font, b.size, indent=b.indent_mm * mm, gap=b.gap_mm * mm)
        elif isinstance(b, Heading):
            self.heading(b.text, b.size)
        elif isinstance(b, Title):
            self.title(b.text, b.drop_mm * mm)
        elif isinstance(b, Space):
            self.y -= b.mm * mm
        elif isinstance(b, NewPage):
            self.page()
        elif isinstance(b, Table):
            if b.widths is None:
                raise ValueError(msg("report.table_widths"))
            u = self.width / 100
            self.table(b.header, b.rows, [p * u for p in b.widths])
        elif isinstance(b, ChartRow):
            self.charts(b)
        else:
            raise TypeError(msg("report.block_not_drawn", report="simulate", block=type(b).__name__))


def _listing(cv: Canvas, listing: Listing) -> None:
    """Lines under a title, over as many pages as they take."""
    W, H = A4
    left = 18 * mm
    width = W - 2 * left
    y = H - 20 * mm
    cv.setFillColor(INK)
    cv.setFont(pdf_name("gothic-bold"), 14)
    cv.drawString(left, y, listing.title)
    y -= 9 * mm
    for item in listing.lines:
        if not item.text:
            y -= 2 * mm
            continue
        indent = item.indent_mm * mm
        for line in wrap(item.text, item.font, 9, width - indent):
            if y < 15 * mm:
                cv.showPage()
                cv.setFillColor(INK)
                y = H - 20 * mm
            cv.setFont(pdf_name(item.font), 9)
            cv.drawString(left + indent, y, line)
            y -= 4.6 * mm


def write_report_pdf(path: Path, report: Report) -> None:
    """Write the simulate report atomically: the blocks flowing over A4 pages, then the listing."""
    with atomic_path(Path(path)) as tmp:
        cv = new_canvas(tmp, A4, f"{report.title} 試遊レポート")
        cv.setAuthor("pnp")
        w = _Writer(cv)
        for b in report.blocks:
            w.block(b)
        if report.listing is not None:
            cv.showPage()
            _listing(cv, report.listing)
        cv.showPage()
        cv.save()


SWEEP_PAGE = landscape(A4)
SWEEP_MARGIN = 14 * mm
SWEEP_SIZE = 8.0
SWEEP_LEAD = 3.6 * mm


class _Page:
    """A canvas with a cursor that starts a new page (with the running title) when the text runs out."""

    def __init__(self, cv: Canvas, heading: str):
        self.cv, self.heading = cv, heading
        self.y = 0.0
        self.new()

    def new(self) -> None:
        if self.y:
            self.cv.showPage()
        W, H = SWEEP_PAGE
        self.y = H - SWEEP_MARGIN
        self.cv.setFillColor(INK)
        self.cv.setFont(pdf_name("gothic-bold"), 13)
        self.cv.drawString(SWEEP_MARGIN, self.y - 13, self.heading)
        self.y -= 13 + 4 * mm

    def room(self, height: float) -> None:
        if self.y - height < SWEEP_MARGIN:
            self.new()

    def text(self, text: str, font: str = "gothic", size: float = 9) -> None:
        width = SWEEP_PAGE[0] - 2 * SWEEP_MARGIN
        for line in cell_lines(text, font, size, width):
            self.room(size * 1.5)
            self.cv.setFillColor(INK)
            self.cv.setFont(pdf_name(font), size)
            self.cv.drawString(SWEEP_MARGIN, self.y - size, line)
            self.y -= size * 1.5


def _sweep_table(page: _Page, head: Sequence[str], body: Sequence[Sequence[str]]) -> None:
    """The first column and the figures sized to their text; the last column takes what they leave."""
    cv = page.cv
    width = SWEEP_PAGE[0] - 2 * SWEEP_MARGIN
    n = len(head)
    size = SWEEP_SIZE
    fixed = [max(measure(row[i], "gothic", size) for row in [head, *body]) + 3 * mm for i in range(1, n - 1)]
    first = min(55 * mm, max(measure(row[0], "gothic", size) for row in [head, *body]) + 3 * mm)
    last = max(30 * mm, width - first - sum(fixed))
    widths = [first, *fixed, last]
    scale = min(1.0, width / sum(widths))
    widths = [w * scale for w in widths]
    for k, row in enumerate([head, *body]):
        font = "gothic-bold" if k == 0 else "gothic"
        wrapped = [cell_lines(c, font, size, w - 2 * mm) for c, w in zip(row, widths)]
        height = max(len(w) for w in wrapped) * SWEEP_LEAD + 1.6 * mm
        page.room(height)
        if k == 0:
            cv.setFillColor(colors.HexColor("#eeeae2"))
            cv.rect(SWEEP_MARGIN, page.y - height, sum(widths), height, stroke=0, fill=1)
        x = SWEEP_MARGIN
        cv.setFillColor(INK)
        cv.setFont(pdf_name(font), size)
        for lines, w in zip(wrapped, widths):
            for j, line in enumerate(lines):
                cv.drawString(x + 1 * mm, page.y - 0.8 * mm - size - j * SWEEP_LEAD, line)
            x += w
        cv.setStrokeColor(GRID)
        cv.setLineWidth(0.4)
        cv.line(SWEEP_MARGIN, page.y - height, SWEEP_MARGIN + sum(widths), page.y - height)
        page.y -= height
    page.y -= 4 * mm


def _section(cv: Canvas, section: Section) -> None:
    page = _Page(cv, section.heading)
    for b in section.blocks:
        if isinstance(b, Paragraph):
            page.text(b.text, b.font, b.size)
        elif isinstance(b, Space):
            page.y -= b.mm * mm
        elif isinstance(b, Table):
            _sweep_table(page, b.header, b.rows)
        elif isinstance(b, GroupedBarChart):
            grouped_bar_chart(page, b, SWEEP_MARGIN, SWEEP_PAGE[0] - 2 * SWEEP_MARGIN)
        else:
            raise TypeError(msg("report.block_not_drawn", report="sweep", block=type(b).__name__))
    cv.showPage()


def write_sweep_pdf(path: Path, report: SweepReport) -> None:
    """Write the sweep report atomically: one page (or more, for a long grid) per section."""
    with atomic_path(Path(path)) as tmp:
        cv = new_canvas(tmp, SWEEP_PAGE, f"{report.title} 設定ごとの比較")
        cv.setAuthor("pnp")
        for section in report.sections:
            _section(cv, section)
        cv.save()
