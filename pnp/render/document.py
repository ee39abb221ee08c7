"""A report as plain data: what a page says (headings, paragraphs, tables, charts), not how it is drawn.

The simulation (sim/) fills these frozen records; render/report_pdf.py sets them on A4 pages with
reportlab.  Lengths are in millimetres; a table's column widths are percentages of the text width."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Paragraph:
    """Text broken by the kinsoku line breaker to the text width (less the indent)."""
    text: str
    font: str = "mincho"
    size: float = 9
    indent_mm: float = 0
    gap_mm: float = 0


@dataclass(frozen=True)
class Heading:
    text: str
    size: float = 11


@dataclass(frozen=True)
class Title:
    """A page's title, large, at the top of the page."""
    text: str
    drop_mm: float


@dataclass(frozen=True)
class Space:
    mm: float


@dataclass(frozen=True)
class NewPage:
    pass


@dataclass(frozen=True)
class Table:
    """Rows of cells that wrap to their column; ``widths``: per column, percent of the text width, or
    None to size the columns to their contents."""
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...] | None = None


@dataclass(frozen=True)
class BarChart:
    """One bar per category; ``intervals``: a whisker (low, high) per bar; ``reference``: a dashed line."""
    title: str
    labels: tuple[str, ...]
    values: tuple[float, ...]
    intervals: tuple[tuple[float, float], ...] | None = None
    percent: bool = False
    reference: float | None = None


@dataclass(frozen=True)
class ChartRow:
    """One or two charts side by side."""
    charts: tuple[BarChart, ...]


@dataclass(frozen=True)
class Bar:
    value: float
    low: float
    high: float


@dataclass(frozen=True)
class GroupedBarChart:
    """One group per category, one bar per series, each bar with a whisker from low to high."""
    title: str
    labels: tuple[str, ...]
    series: tuple[tuple[Bar, ...], ...]
    names: tuple[str, ...]
    percent: bool
    height_mm: float


Block = Paragraph | Heading | Title | Space | NewPage | Table | ChartRow | GroupedBarChart


@dataclass(frozen=True)
class Section:
    """Blocks under a running heading that repeats on every page the section takes."""
    heading: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class ListingLine:
    """A line of a listing: text (empty for a blank line), its font and its indent."""
    text: str
    font: str = "mincho"
    indent_mm: float = 0


@dataclass(frozen=True)
class Listing:
    """Lines set one after another under a title, over as many pages as they take."""
    title: str
    lines: tuple[ListingLine, ...]


@dataclass(frozen=True)
class Report:
    """The simulate report: flowing A4 blocks, then the listing (if any) on pages of its own."""
    title: str
    blocks: tuple[Block, ...]
    listing: Listing | None = None


@dataclass(frozen=True)
class SweepReport:
    """The sweep report: landscape pages, one section per player count."""
    title: str
    sections: tuple[Section, ...]
