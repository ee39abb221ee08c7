"""Rulebook flowables for reportlab platypus.  Every line of text is broken by the shared kinsoku
line breaker (:func:`pnp.text.linebreak.break_spans`) and drawn fragment by fragment with
its own character spacing, each run isolated (:func:`pnp.render.pdf.text_run`) — reportlab's own CJK
wrapping is never used."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus.flowables import Flowable

from ..errors import DataError, Problem
from ..layout.plan import ICON_DROP, ICON_SCALE, CardPlan, Mark, Picture, ruby_baseline, ruby_position
from ..messages import msg
from ..render.parts import PartsPainter
from ..render.pdf import text_run
from ..text import fonts
from ..text.inline import ASCENT
from ..text.linebreak import BOOK_LAST_LINE, Breaks, Fragment, Line, Span, WidthCache, break_spans, char_space

INK = "#231f20"
GREY = "#6b6b6b"
PROPOSAL = "#a4451f"          # pnp's proposals (provisional passages), apart from the game's accent
PROPOSAL_TINT = "#fbefe8"
PROPOSAL_LABEL = "pnp からの提案"
BULLET = "\u2022"


class BookFlowable(Flowable):  # type: ignore[misc]  # reportlab ships no types: the book's one untyped base
    """reportlab's Flowable with the members the book's flowables set and read."""

    canv: Canvas
    width: float
    height: float


@dataclass(frozen=True)
class Theme:
    """Sizes and colours of one paper size."""

    size: float           # body text, pt
    leading: float        # line advance / size
    accent: str
    ink: str = INK

    @property
    def lead(self) -> float:
        return self.size * self.leading

    def tint(self, amount: float) -> Color:
        """The accent colour mixed with white (amount 0 = white, 1 = accent)."""
        a = HexColor(self.accent)
        return Color(1 - amount * (1 - a.red), 1 - amount * (1 - a.green), 1 - amount * (1 - a.blue))


_CACHE: WidthCache = {}


def break_lines(spans: Sequence[Span], width: float, justify: bool = True, breaks: Breaks = "units") -> list[Line]:
    """The book's one breaker: a block's last line holds 4 characters, 2 of them not punctuation, when
    the line before can give them (BOOK_LAST_LINE); headings (breaks="phrases") wrap between phrases."""
    return break_spans(spans, width, fonts.measure, justify=justify, width_cache=_CACHE, breaks=breaks,
                       last_line=BOOK_LAST_LINE)


def draw_line(c: Canvas, line: Line, x: float, baseline: float, color: str = INK,
              colors: dict[str, str] | None = None) -> None:
    """Draw one broken line; fragments carry their own font and position; ruby goes above."""
    for frag in line.fragments:
        if frag.icon:
            _icon(c, frag, x + frag.x_pt, baseline)
            continue
        fill = HexColor(frag.color or (colors or {}).get(frag.style, color))
        name = fonts.pdf_name(frag.font)
        text_run(c, frag.text, name, frag.size_pt, x + frag.x_pt, baseline, char_space(line, frag), fill)
        if frag.ruby:
            rx, rs, spacing = ruby_position(frag, char_space(line, frag))
            text_run(c, frag.ruby, name, rs, x + frag.x_pt + rx, -ruby_baseline(frag, -baseline, rs),
                     spacing, fill)


def _icon(c: Canvas, frag: Fragment, x: float, baseline: float) -> None:
    """An inline icon of the game (game.yaml icons:), placed as on cards: ICON_SCALE of the text size,
    standing on the baseline (PDF coordinates here, y up)."""
    icon = c.pnp_icons[frag.icon]
    size = frag.size_pt
    d = size * ICON_SCALE
    bottom = baseline - size * ICON_DROP
    if icon.image is not None:
        painter(c).picture(Picture(icon.image, x + (size - d) / 2, -(bottom + d), d, d))
    else:
        painter(c).mark(Mark(icon.shape, x + size / 2, -(bottom + d / 2), d, icon.color))


Text = str | Sequence[Span]
RUBY_ROOM = 0.45      # the height a line of ruby needs above a line of text, in the text's size


def as_spans(text: Text, font: str, size: float) -> list[Span]:
    """A plain string in one font, or spans (a name read from markup, its ruby kept) at this size."""
    if isinstance(text, str):
        return [Span(text, font, size)] if text else []
    return [replace(sp, size_pt=size) for sp in text]


def has_ruby(text: Text | Sequence[Line]) -> bool:
    if isinstance(text, str):
        return False
    return any(getattr(x, "ruby", None) or any(f.ruby for f in getattr(x, "fragments", ())) for x in text)


def text_line(c: Canvas, text: Text, font: str, size: float, x: float, baseline: float, align: str = "left",
              color: str = INK) -> float:
    """One unwrapped line (running heads, folios, labels): a string in font, or spans in their own
    fonts (ruby drawn above); returns its width."""
    lines = break_lines(as_spans(text, font, size), 1e6, justify=False)
    if not lines:
        return 0.0
    w = lines[0].width_pt
    if align == "center":
        x -= w / 2
    elif align == "right":
        x -= w
    draw_line(c, lines[0], x, baseline, color)
    return w


# ----------------------------------------------------------------------------------- text blocks
class TextBlock(BookFlowable):
    """A paragraph or a list item: lines from the shared breaker, split between pages by lines
    (never fewer than two lines on either side when the paragraph has four or more)."""

    def __init__(self, spans: Sequence[Span], theme: Theme, *, indent: float = 0.0, marker: str = "",
                 marker_font: str = "gothic-bold", marker_color: str | None = None, justify: bool = True,
                 size: float | None = None, color: str = INK, space_before: float = 0.0,
                 space_after: float = 0.0, lines: list[Line] | None = None, colors: dict[str, Any] | None = None,
                 offset: float = 0.0, breaks: Breaks = "units"):
        super().__init__()
        self.spans = list(spans)
        self.breaks = breaks          # "phrases": a heading (a Q&A question) wraps between phrases
        self.theme = theme
        self.indent = indent
        self.offset = offset          # the whole item moved right: a list inside a list item
        self.marker = marker
        self.marker_font = marker_font
        self.marker_color = marker_color or theme.accent
        self.justify = justify
        self.size = size or theme.size
        self.lead = self.size * theme.leading
        self.color = color
        self.colors = colors
        self.spaceBefore = space_before
        self.spaceAfter = space_after
        self._lines: list[Line] = lines if lines is not None else []
        self._width: float | None = None    # the width self._lines were broken for (None: not yet)

    def _kw(self, **over: Any) -> dict[str, Any]:
        kw: dict[str, Any] = dict(indent=self.indent, marker=self.marker, marker_font=self.marker_font,
                  marker_color=self.marker_color, justify=self.justify, size=self.size, color=self.color,
                  space_before=self.spaceBefore, space_after=self.spaceAfter, colors=self.colors,
                  offset=self.offset, breaks=self.breaks)
        kw.update(over)
        return kw

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        if self._width != availWidth:
            self._lines = break_lines(self.spans, availWidth - self.offset - self.indent, self.justify, self.breaks)
            self._width = availWidth
        self.width = availWidth
        self.height = len(self._lines) * self.lead
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        self.wrap(availWidth, availHeight)
        n = len(self._lines)
        fit = int((availHeight + 1e-6) // self.lead)
        if fit >= n:
            return [self]
        if n < 4 or fit < 2:
            return []
        fit = min(fit, n - 2)
        first = TextBlock(self.spans, self.theme, lines=self._lines[:fit], **self._kw(space_after=0.0))
        rest = TextBlock(self.spans, self.theme, lines=self._lines[fit:], **self._kw(space_before=0.0, marker=""))
        first._width = rest._width = availWidth
        return [first, rest]

    def draw(self) -> None:
        c = self.canv
        y = self.height - (self.lead - self.size) / 2 - self.size * ASCENT
        if self.marker == BULLET:   # drawn, not typed: a "・" would start the extracted line
            c.setFillColor(HexColor(self.marker_color))
            c.circle(self.offset + self.size * 0.42, y + self.size * 0.33, self.size * 0.14, stroke=0, fill=1)
        elif self.marker:
            text_line(c, self.marker, self.marker_font, self.size, self.offset, y, color=self.marker_color)
        for line in self._lines:
            draw_line(c, line, self.offset + self.indent, y, self.color, self.colors)
            y -= self.lead


class QuestionHeading(TextBlock):
    """A Q&A question's heading, given as its wordings longest first (the quoted ruling cut shorter and
    shorter between phrases): the longest that fits one line is set; when none does, the shortest wraps
    between phrases."""

    def __init__(self, choices: Sequence[Sequence[Span]], theme: Theme, **kw: Any):
        super().__init__(choices[0], theme, breaks="phrases", **kw)
        self.choices = [list(c) for c in choices]

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        if self._width != availWidth:
            lines: list[Line] = []
            for spans in self.choices:
                self.spans = spans
                lines = break_lines(spans, availWidth - self.offset - self.indent, self.justify, self.breaks)
                if len(lines) == 1:
                    break
            self._lines = lines
            self._width = availWidth
        return super().wrap(availWidth, availHeight)


class Heading(BookFlowable):
    """■ / ◇ / ○ headings; draw() reports the page it lands on (for the 目次)."""

    MARKS = {1: "■", 2: "◇", 3: "○"}

    def __init__(self, level: int, spans: Sequence[Span], theme: Theme, key: int | None,
                 record: Callable[[int, int], None]):
        super().__init__()
        self.level = level
        self.theme = theme
        self.key = key
        self.record = record
        s = theme.size
        self.size = {1: s * 1.55, 2: s * 1.22, 3: s * 1.05}[level]
        self.spans = [replace(sp, size_pt=self.size) for sp in spans]
        self.lead = self.size * 1.35
        self.spaceBefore = {1: s * 2.2, 2: s * 1.6, 3: s * 0.9}[level]
        self.spaceAfter = {1: s * 1.0, 2: s * 0.6, 3: s * 0.25}[level]
        self.mark_w = self.size * 1.25
        self._lines: list[Line] = []

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self._lines = break_lines(self.spans, availWidth - self.mark_w, False, "phrases")
        self.width = availWidth
        pad = {1: self.size * 0.45, 2: self.size * 0.3, 3: 0.0}[self.level]
        self.height = len(self._lines) * self.lead + pad
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        th = self.theme
        if self.key is not None:
            self.record(self.key, c.getPageNumber())
        y = self.height - (self.lead - self.size) / 2 - self.size * ASCENT
        mark = self.MARKS[self.level]
        text_line(c, mark, "gothic-bold" if self.level == 1 else "gothic", self.size, 0, y, color=th.accent)
        for line in self._lines:
            draw_line(c, line, self.mark_w, y, th.ink if self.level > 1 else th.ink)
            y -= self.lead
        if self.level == 1:
            c.setStrokeColor(HexColor(th.accent))
            c.setLineWidth(1.2)
            c.line(0, 0.6, self.width, 0.6)
        elif self.level == 2:
            c.setStrokeColor(th.tint(0.45))
            c.setLineWidth(0.5)
            c.setDash([1, 1.5])
            c.line(self.mark_w, 0.5, self.width, 0.5)
            c.setDash([])


class Gap(BookFlowable):
    def __init__(self, height: float):
        super().__init__()
        self.height = height

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return availWidth, min(self.height, availHeight)

    def draw(self) -> None:
        pass


# ----------------------------------------------------------------------------------- boxes
class BoxFlow(BookFlowable):
    """A note or example box around other flowables; splits between pages with the box open."""

    def __init__(self, kind: str, title: Text, content: list[Flowable], theme: Theme,
                 continued: bool = False, open_below: bool = False):
        super().__init__()
        self.kind = kind
        self.title = as_spans(title, "gothic-bold", theme.size * 1.02)
        self.content = content
        self.theme = theme
        self.continued = continued
        self.open_below = open_below
        self.pad = theme.size * 0.9
        self.title_h = (theme.size * 2.0 if (title and not continued) or kind in ("example", "proposal")
                        and not continued else 0.0)
        if self.title_h and has_ruby(self.title):
            self.title_h += theme.size * RUBY_ROOM
        self.spaceBefore = theme.size * 0.8
        self.spaceAfter = theme.size * 0.8
        self._sizes: list[tuple[float, float]] = []
        self.whole_height = 0.0        # set on the first part of a split box: the height of the whole

    def _inner(self, availWidth: float) -> float:
        return availWidth - 2 * self.pad

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        iw = self._inner(availWidth)
        self._sizes = []
        h = 0.0
        for k, f in enumerate(self.content):
            _, fh = f.wrap(iw, 1e6)
            sb = f.getSpaceBefore() if k else 0.0
            sa = f.getSpaceAfter() if k < len(self.content) - 1 else 0.0
            self._sizes.append((sb, fh))
            h += sb + fh + sa
        self.width = availWidth
        self.height = h + 2 * self.pad + self.title_h
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        self.wrap(availWidth, availHeight)
        if self.height <= availHeight:
            return [self]
        iw = self._inner(availWidth)
        room = availHeight - 2 * self.pad - self.title_h
        used = 0.0
        first: list[Flowable] = []
        rest = list(self.content)
        while rest:
            f = rest[0]
            sb = f.getSpaceBefore() if first else 0.0
            _, fh = f.wrap(iw, 1e6)
            if used + sb + fh <= room:
                first.append(rest.pop(0))
                used += sb + fh + f.getSpaceAfter()
                continue
            parts = f.split(iw, room - used - sb) if room - used - sb > 0 else []
            if len(parts) >= 2:
                first.append(parts[0])
                rest[0:1] = parts[1:]
            elif len(rest) == 1 and len(first) >= 2 and fh <= 2 * self.theme.lead + 1:
                rest.insert(0, first.pop())   # no lone short item carried over: a widow of the box
            break
        if not first or not rest:
            return []
        a = BoxFlow(self.kind, self.title, first, self.theme, self.continued, open_below=True)
        a.whole_height = self.height
        b = BoxFlow(self.kind, self.title, rest, self.theme, continued=True, open_below=self.open_below)
        b.spaceBefore = 0.0
        return [a, b]

    def draw(self) -> None:
        c = self.canv
        th = self.theme
        w, h = self.width, self.height
        r = 3.0
        c.saveState()
        if self.kind == "proposal":
            c.setFillColor(HexColor(PROPOSAL_TINT))
            c.roundRect(0, 0, w, h, r, stroke=0, fill=1)
            c.setFillColor(HexColor(PROPOSAL))
            c.rect(0, 0, 3.0, h, stroke=0, fill=1)
        elif self.kind == "note":
            c.setFillColor(th.tint(0.08))
            c.setStrokeColor(th.tint(0.55))
            c.setLineWidth(0.6)
            c.roundRect(0, 0, w, h, r, stroke=0, fill=1)
            c.setFillColor(HexColor(th.accent))
            c.rect(0, 0, 2.2, h, stroke=0, fill=1)
        else:
            c.setStrokeColor(HexColor(th.accent))
            c.setLineWidth(0.7)
            c.setDash([2.5, 1.5])
            c.roundRect(0.35, 0.35, w - 0.7, h - 0.7, r, stroke=1, fill=0)
            c.setDash([])
        c.restoreState()
        y = h - self.pad
        if self.title_h:
            size = th.size * 1.02

            def lead_in(text: str) -> list[Span]:
                return [Span(text, "gothic-bold", size)] + ([Span("　", "gothic-bold", size)] + self.title
                                                            if self.title else [])
            label = (self.title if self.kind == "note" else
                     lead_in("（仮）" + PROPOSAL_LABEL) if self.kind == "proposal" else lead_in("例"))
            ruby = size * RUBY_ROOM if has_ruby(self.title) else 0.0
            base = y - size * ASCENT - ruby
            if self.kind in ("proposal", "example"):
                lines = break_lines(label, 1e6, justify=False)
                tw = (lines[0].width_pt if lines else 0.0) + size
                c.setFillColor(HexColor(PROPOSAL if self.kind == "proposal" else th.accent))
                c.roundRect(self.pad - size * 0.5, base - size * 0.32, tw, size * 1.45 + ruby, 2, stroke=0, fill=1)
                text_line(c, label, "gothic-bold", size, self.pad, base, color="#ffffff")
            else:
                text_line(c, label, "gothic-bold", size, self.pad, base, color=th.accent)
            y -= self.title_h
        for k, f in enumerate(self.content):
            sb, fh = self._sizes[k]
            y -= sb
            f.drawOn(c, self.pad, y - fh)
            y -= fh + (f.getSpaceAfter() if k < len(self.content) - 1 else 0.0)


# ----------------------------------------------------------------------------------- tables
class _TableRows:
    """What a table's rows measure, taken once and shared by every part a split makes: each cell's
    natural width and widest character, the largest of those from each row to the end (a split's
    rest is always a tail of the rows), and each cell's lines at each width it was broken at.  With
    these a page of a long table costs the rows on that page, not the rows still to come (a
    6,000-row table used to take a minute: every page measured and broke all the rows after it)."""

    def __init__(self, rows: list[list[list[Span]]], pad: float):
        self.rows = rows
        self.natural = [[sum(fonts.measure(s.text, s.font, s.size_pt) for s in cell) + 2 * pad for cell in row]
                        for row in rows]
        self.widest = [[max((fonts.measure(ch, s.font, s.size_pt) for s in cell for ch in s.text), default=0.0)
                        for cell in row] for row in rows]
        ncol = len(rows[0])
        self.tail_natural = [[0.0] * ncol for _ in range(len(rows) + 1)]
        self.tail_widest = [[0.0] * ncol for _ in range(len(rows) + 1)]
        for i in range(len(rows) - 1, -1, -1):
            self.tail_natural[i] = [max(a, b) for a, b in zip(self.tail_natural[i + 1], self.natural[i])]
            self.tail_widest[i] = [max(a, b) for a, b in zip(self.tail_widest[i + 1], self.widest[i])]
        self._lines: dict[tuple[int, int, float], list[Line]] = {}

    def largest(self, head: bool, lo: int, hi: int) -> tuple[list[float], list[float]]:
        """Per column: the widest natural width and the widest character of rows lo..hi (and row 0)."""
        if hi == len(self.rows):
            natural, widest = list(self.tail_natural[lo]), list(self.tail_widest[lo])
        else:
            natural = [max(col, default=0.0) for col in zip(*self.natural[lo:hi])] or [0.0] * len(self.rows[0])
            widest = [max(col, default=0.0) for col in zip(*self.widest[lo:hi])] or [0.0] * len(self.rows[0])
        if head:
            natural = [max(a, b) for a, b in zip(natural, self.natural[0])]
            widest = [max(a, b) for a, b in zip(widest, self.widest[0])]
        return natural, widest

    def lines(self, i: int, j: int, width: float) -> list[Line]:
        key = (i, j, width)
        if key not in self._lines:
            self._lines[key] = break_lines(self.rows[i][j], width, justify=False)
        return self._lines[key]


MIN_SPLIT_ROWS = 2     # a table split over two pages keeps at least this many body rows on each


class TableFlow(BookFlowable):
    """A table; a tall one splits between rows, its header row repeated on the next page, at least
    MIN_SPLIT_ROWS body rows on either side, every part at the whole table's column widths."""

    def __init__(self, rows: list[list[list[Span]]], header: bool, theme: Theme, loc: Any = None,
                 first_share: float = 0.0, _measured: _TableRows | None = None, _span: tuple[int, int] | None = None):
        super().__init__()
        self.loc = loc          # where the table is written, for the message when it cannot fit
        self.rows = rows
        self.header = header
        self.theme = theme
        self.first_share = first_share   # the first column at most this share of the width (0: no limit)
        self.pad = theme.size * 0.45
        self.spaceBefore = theme.size * 0.6
        self.spaceAfter = theme.size * 0.8
        self.size = theme.size * 0.95
        self.lead = self.size * 1.5
        self._measured = _measured
        # the body rows of this part, as indices into the whole table's rows (row 0 is the header)
        self._span = _span if _span is not None else (1 if header else 0, len(rows))

    @property
    def measured(self) -> _TableRows:
        if self._measured is None:
            self._measured = _TableRows(self.rows, self.pad)
        return self._measured

    def _indices(self) -> list[int]:
        lo, hi = self._span
        return ([0] if self.header else []) + list(range(lo, hi))

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """Column widths from every row of this part; lines and row heights for the rows until the
        part is found taller than availHeight (the rest are set when they are drawn or split off)."""
        ncol = len(self.rows[0])
        # the columns come from every row of the whole table, so that a table continued on the next
        # page is drawn at the same widths as its first part
        natural, widest_char = self.measured.largest(self.header, 1 if self.header else 0,
                                                     len(self.measured.rows))
        total = sum(natural)
        if self.first_share and ncol == 2 and total > availWidth:   # a name column, then its text
            first = min(natural[0], availWidth * self.first_share)
            natural = [first, availWidth - first]
            total = availWidth
        if total <= availWidth:
            widths = [n + (availWidth - total) * n / total for n in natural] if total else natural
            if total < availWidth * 0.6:   # a small table stays small, left-aligned
                widths = natural
        else:
            floor = availWidth / ncol * 0.5
            widths = [max(floor, availWidth * n / total) for n in natural]
            scale = availWidth / sum(widths)
            widths = [w * scale for w in widths]
        self.col_w = widths
        # a column narrower than one of its characters would print past its neighbours and the margin
        for j in range(ncol):
            if widest_char[j] + 2 * self.pad > widths[j] + 0.01:
                where = (self.loc.file, self.loc.line) if self.loc is not None else ("rulebook", 0)
                raise DataError([Problem(where[0], where[1], 0, "table",
                                         msg("rulebook.table_too_wide", columns=ncol, width=availWidth / 72 * 25.4,
                                             column=j + 1, gets=widths[j] / 72 * 25.4))])
        self.cells, self.row_h = [], []
        used = 0.0
        rows = self._indices()
        for i in rows:
            lines = [self.measured.lines(i, j, widths[j] - 2 * self.pad) for j in range(ncol)]
            self.cells.append(lines)
            self.row_h.append(max(1, *(len(ls) for ls in lines)) * self.lead + 2 * self.pad * 0.6)
            used += self.row_h[-1]
            if used > availHeight:       # taller than the room: the rows after this one wait for their page
                break
        self.complete = len(self.cells) == len(rows)
        self.width = sum(widths)
        self.height = used
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        self.wrap(availWidth, availHeight)
        if self.height <= availHeight:
            return [self]
        head = 1 if self.header else 0
        used, k = 0.0, 0
        for i, h in enumerate(self.row_h):
            if used + h > availHeight:
                break
            used, k = used + h, i + 1
        lo, hi = self._span
        body = min(k - head, hi - lo - MIN_SPLIT_ROWS)   # body rows here, leaving two for the next page
        if body < MIN_SPLIT_ROWS:             # never a header and one row at a page foot: all to the next page,
            if not getattr(getattr(self, "_frame", None), "_atTop", False):
                return []
            body = min(k - head, hi - lo - 1)  # unless this is the top of a page (rows taller than a page)
            if body < 1:
                return []
        rows = self._indices()
        whole = self.measured.rows
        first = TableFlow([whole[i] for i in rows[:k]], self.header, self.theme, self.loc, self.first_share,
                          self.measured, (lo, lo + body))
        rest = TableFlow(([whole[0]] if head else []) + whole[lo + body:hi], self.header, self.theme, self.loc,
                         self.first_share, self.measured, (lo + body, hi))
        first.spaceAfter = 0.0
        rest.spaceBefore = 0.0
        return [first, rest]

    def draw(self) -> None:
        c = self.canv
        th = self.theme
        if not self.complete:       # drawn without a wrap that set every row (never in a normal flow)
            self.wrap(self.width, float("inf"))
        y = self.height
        c.setLineWidth(0.5)
        for i, row in enumerate(self.cells):
            rh = self.row_h[i]
            if i == 0 and self.header:
                c.setFillColor(th.tint(0.15))
                c.rect(0, y - rh, self.width, rh, stroke=0, fill=1)
            x = 0.0
            for j, lines in enumerate(row):
                base = y - self.pad * 0.6 - (self.lead - self.size) / 2 - self.size * ASCENT
                for line in lines:
                    draw_line(c, line, x + self.pad, base)
                    base -= self.lead
                x += self.col_w[j]
            y -= rh
            c.setStrokeColor(th.tint(0.5) if i < len(self.cells) - 1 else HexColor(th.accent))
            c.line(0, y, self.width, y)
        c.setStrokeColor(HexColor(th.accent))
        c.line(0, self.height, self.width, self.height)


# ----------------------------------------------------------------------------------- figures
def painter(c: Canvas) -> PartsPainter:
    """One painter per canvas: the painter keeps per-document state (forms it has defined).  The parts
    painter draws card plans too, so cards and boards share it."""
    p = getattr(c, "_pnp_painter", None)
    if p is None:
        p = c._pnp_painter = PartsPainter(c, getattr(c, "cmyk", False))
    return p


def draw_card(c: Canvas, plan: CardPlan, x: float, y_top: float, scale: float) -> None:
    """A card plan at scale with its top-left at (x, y_top), clipped to its rounded trim."""
    w, h = plan.width * scale, plan.height * scale
    c.saveState()
    c.translate(x, y_top)
    c.scale(scale, scale)
    p = c.beginPath()
    p.roundRect(0, -plan.height, plan.width, plan.height, plan.corner_radius)
    c.clipPath(p, stroke=0, fill=0)
    painter(c).card(plan, 0, 0, None)
    c.restoreState()
    c.saveState()
    c.setStrokeColor(HexColor("#9a9a9a"))
    c.setLineWidth(0.4)
    c.roundRect(x, y_top - h, w, h, plan.corner_radius * scale, stroke=1, fill=0)
    c.restoreState()


def caption_lines(caption: Text, width: float, size: float) -> list[Line]:
    """A figure's caption broken to the column by the shared line breaker (its ruby kept; an empty
    caption: no lines)."""
    spans = as_spans(caption, "gothic", size)
    return break_lines(spans, width, justify=False) if spans else []


def caption_pitch(lines: Sequence[Line], size: float) -> float:
    """Baseline to baseline of a caption: 1.5 of its size, with room for ruby when it has any."""
    return size * (1.5 + (RUBY_ROOM if has_ruby(lines) else 0.0))


def caption_height(lines: Sequence[Line], size: float) -> float:
    return len(lines) * caption_pitch(lines, size)


def draw_caption(c: Canvas, lines: list[Line], width: float, y: float, size: float) -> None:
    """Caption lines centred under a figure, the first baseline at y (lower by the ruby's room when
    the caption has ruby, which is drawn above its base)."""
    pitch = caption_pitch(lines, size)
    y -= pitch - size * 1.5
    for line in lines:
        draw_line(c, line, (width - line.width_pt) / 2, y, GREY)
        y -= pitch


class CardFigure(BookFlowable):
    """Real components in a row, each with a small label, and a caption: one unbreakable unit."""

    def __init__(self, plans: list[CardPlan], labels: Sequence[Text], caption: Text, theme: Theme,
                 max_scale: float = 0.5, gap_mm: float = 4.0, min_scale: float = 0.0):
        super().__init__()
        self.min_scale = min_scale      # > 0: shrink down to this to fit the room left on a page
        self.plans = plans
        self.theme = theme
        self.max_scale = max_scale
        self.gap = gap_mm * 72 / 25.4
        self.spaceBefore = theme.size * 0.7
        self.spaceAfter = theme.size * 0.9
        self.cap_size = theme.size * 0.85
        self.label_size = theme.size * 0.75
        self.caption = as_spans(caption, "gothic", self.cap_size)
        self.labels = [as_spans(x, "gothic", self.label_size) for x in labels]
        # the labels' band under the cards, and where their baseline sits in it (ruby needs room above)
        ruby = self.label_size * RUBY_ROOM if any(has_ruby(x) for x in self.labels) else 0.0
        self.label_h = self.label_size * 1.8 + ruby if any(self.labels) else 0.0
        self.label_base = self.label_size * 1.3 + ruby

    @property
    def caption_text(self) -> str:
        """The caption's base text (what a reader reads, without the ruby above it)."""
        return "".join(sp.text for sp in self.caption)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        total = sum(p.width for p in self.plans)
        room = availWidth - self.gap * (len(self.plans) - 1)
        self.scale = min(self.max_scale, room / total)
        self.cap_lines = caption_lines(self.caption, availWidth, self.cap_size)
        self.width = availWidth
        fixed = self.label_h + caption_height(self.cap_lines, self.cap_size) + self.cap_size * 0.4
        tallest = max(p.height for p in self.plans)
        if self.min_scale and fixed + tallest * self.scale > availHeight:
            fitted = (availHeight - fixed) / tallest     # a little smaller here rather than a gap
            if fitted >= self.min_scale:
                self.scale = fitted
        self.card_h = tallest * self.scale
        self.height = self.card_h + fixed
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        total = sum(p.width * self.scale for p in self.plans) + self.gap * (len(self.plans) - 1)
        x = (self.width - total) / 2
        top = self.height
        for plan, label in zip(self.plans, self.labels):
            w = plan.width * self.scale
            draw_card(c, plan, x, top - (self.card_h - plan.height * self.scale) / 2, self.scale)
            if label:
                text_line(c, label, "gothic", self.label_size, x + w / 2,
                          top - self.card_h - self.label_base, "center", GREY)
            x += w + self.gap
        y = top - self.card_h - self.label_h - self.cap_size * 1.3
        draw_caption(c, self.cap_lines, self.width, y, self.cap_size)


class PartFigure(BookFlowable):
    """A board or a track card drawn from its part plan items, scaled to the column, with a caption."""

    def __init__(self, items: list[Any], width_pt: float, height_pt: float, caption: Text, theme: Theme,
                 max_height_share: float = 0.55):
        super().__init__()
        self.items = items
        self.w, self.h = width_pt, height_pt
        self.theme = theme
        self.max_height_share = max_height_share
        self.spaceBefore = theme.size * 0.7
        self.spaceAfter = theme.size * 0.9
        self.cap_size = theme.size * 0.85
        self.caption = as_spans(caption, "gothic", self.cap_size)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.scale = min(1.0, availWidth / self.w, self.theme.size * 60 * self.max_height_share / self.h)
        self.cap_lines = caption_lines(self.caption, availWidth, self.cap_size)
        self.width = availWidth
        self.height = self.h * self.scale + caption_height(self.cap_lines, self.cap_size) + self.cap_size * 0.8
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        w = self.w * self.scale
        c.saveState()
        c.translate((self.width - w) / 2, self.height)
        c.scale(self.scale, self.scale)
        p = painter(c)
        for item in self.items:
            p.item(item)
        c.restoreState()
        draw_caption(c, self.cap_lines, self.width, self.height - self.h * self.scale - self.cap_size * 1.5,
                     self.cap_size)


class DiagramFigure(BookFlowable):
    """A grid of card places (face up, face down, empty, a real card) with row and column labels."""

    def __init__(self, rows: Sequence[tuple[Text, list[CardPlan | str]]], columns: Sequence[Text], card_w: float,
                 card_h: float, radius: float, caption: Text, theme: Theme, max_scale: float = 0.24,
                 min_scale: float = 0.0):
        super().__init__()
        self.min_scale = min_scale      # > 0: shrink down to this to fit the room left on a page
        self.label_size = theme.size * 0.85
        self.rows = [(as_spans(label, "gothic", self.label_size), cells) for label, cells in rows]
        self.columns = [as_spans(x, "gothic", self.label_size) for x in columns]
        self.card_w, self.card_h, self.radius = card_w, card_h, radius
        self.caption = as_spans(caption, "gothic", self.label_size)
        self.theme = theme
        self.max_scale = max_scale
        self.spaceBefore = theme.size * 0.7
        self.spaceAfter = theme.size * 0.9

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.label_w = max([ln.width_pt for r in self.rows for ln in break_lines(r[0], 1e6, justify=False)]
                           + [0.0])
        self.label_w += self.label_size if self.label_w else 0.0
        ncol = max(len(r[1]) for r in self.rows)
        self.ncol = max(ncol, len(self.columns))
        gap_ratio = 0.18
        room = availWidth - self.label_w
        self.scale = min(self.max_scale, room / (self.ncol * self.card_w * (1 + gap_ratio)))
        self.cw, self.ch = self.card_w * self.scale, self.card_h * self.scale
        self.gap = self.cw * gap_ratio
        self.col_ruby = self.label_size * RUBY_ROOM if any(has_ruby(x) for x in self.columns) else 0.0
        self.col_h = self.label_size * 1.6 + self.col_ruby if self.columns else 0.0
        self.cap_lines = caption_lines(self.caption, availWidth, self.label_size)
        self.width = availWidth
        fixed = self.col_h + caption_height(self.cap_lines, self.label_size) + self.label_size * 0.5
        per_scale = len(self.rows) * (self.card_h + self.card_w * gap_ratio)
        if self.min_scale and fixed + per_scale * self.scale > availHeight:
            fitted = (availHeight - fixed) / per_scale      # a little smaller here rather than a gap
            if fitted >= self.min_scale:
                self.scale = fitted
                self.cw, self.ch = self.card_w * self.scale, self.card_h * self.scale
                self.gap = self.cw * gap_ratio
        self.height = fixed + len(self.rows) * (self.ch + self.gap)
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        th = self.theme
        grid_w = self.label_w + self.ncol * self.cw + (self.ncol - 1) * self.gap
        x0 = (self.width - grid_w) / 2
        top = self.height
        gx = x0 + self.label_w
        for j, label in enumerate(self.columns):
            text_line(c, label, "gothic", self.label_size, gx + j * (self.cw + self.gap) + self.cw / 2,
                      top - self.label_size * 1.1 - self.col_ruby, "center", GREY)
        y = top - self.col_h
        r = self.radius * self.scale
        for label, cells in self.rows:
            if label:
                text_line(c, label, "gothic", self.label_size, x0, y - self.ch / 2 - self.label_size * 0.35,
                          color=th.ink)
            for j, cell in enumerate(cells):
                x = gx + j * (self.cw + self.gap)
                c.saveState()
                if isinstance(cell, CardPlan):
                    c.restoreState()
                    draw_card(c, cell, x, y, self.scale)
                    continue
                if cell == "up":
                    c.setFillColor(HexColor("#ffffff"))
                    c.setStrokeColor(HexColor("#7a7a7a"))
                    c.setLineWidth(0.5)
                    c.roundRect(x, y - self.ch, self.cw, self.ch, r, stroke=1, fill=1)
                    c.setStrokeColor(th.tint(0.3))
                    for k in range(3):
                        yy = y - self.ch * (0.35 + 0.12 * k)
                        c.line(x + self.cw * 0.2, yy, x + self.cw * 0.8, yy)
                elif cell == "empty":
                    c.setStrokeColor(HexColor("#9a9a9a"))
                    c.setLineWidth(0.5)
                    c.setDash([2, 2])
                    c.roundRect(x, y - self.ch, self.cw, self.ch, r, stroke=1, fill=0)
                c.restoreState()
            y -= self.ch + self.gap
        draw_caption(c, self.cap_lines, self.width, y - self.label_size * 0.6, self.label_size)


# ----------------------------------------------------------------------------------- 目次
class TocFlow(BookFlowable):
    """Entries (level, text, key) with leader dots and the page each heading landed on (from the
    previous pass; a placeholder of the same height in the first)."""

    def __init__(self, entries: list[tuple[int, Text, int]], pages: dict[int, int], theme: Theme):
        super().__init__()
        self.entries = entries
        self.pages = pages
        self.theme = theme
        self.spaceBefore = theme.size

    def _lead(self, level: int) -> float:
        return self.theme.size * (2.1 if level == 1 else 1.75)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = availWidth
        self.height = sum(self._lead(lv) for lv, _, _ in self.entries)
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        self.wrap(availWidth, availHeight)
        if self.height <= availHeight:
            return [self]
        used, k = 0.0, 0
        while k < len(self.entries) and used + self._lead(self.entries[k][0]) <= availHeight:
            used += self._lead(self.entries[k][0])
            k += 1
        if k == 0:
            return []
        return [TocFlow(self.entries[:k], self.pages, self.theme), TocFlow(self.entries[k:], self.pages, self.theme)]

    def draw(self) -> None:
        c = self.canv
        th = self.theme
        y = self.height
        for level, text, key in self.entries:
            lead = self._lead(level)
            size = th.size * (1.1 if level == 1 else 0.95)
            font = "gothic-bold" if level == 1 else "gothic"
            x = 0.0 if level == 1 else size * 1.6
            base = y - lead + (lead - size) / 2 + size * 0.15
            if level == 1:
                text_line(c, "■", "gothic-bold", size * 0.7, x, base + size * 0.08, color=th.accent)
                x += size * 1.1
            if not isinstance(text, str):      # a heading's spans, in the 目次's own font
                text = [replace(sp, font="gothic-bold" if sp.style == "strong" else font) for sp in text]
            tw = text_line(c, text, font, size, x, base, color=th.ink)
            page = self.pages.get(key)
            num = str(page) if page is not None else "0"
            nw = text_line(c, num, "gothic", size, self.width, base, "right",
                           th.ink if page is not None else "#ffffff")
            dot_from, dot_to = x + tw + size * 0.6, self.width - nw - size * 0.6
            if dot_to > dot_from:
                c.saveState()
                c.setStrokeColor(HexColor("#9a9a9a"))
                c.setLineWidth(0.6)
                c.setDash([0.6, 2.4])
                c.setLineCap(1)
                c.line(dot_from, base + size * 0.3, dot_to, base + size * 0.3)
                c.restoreState()
            y -= lead
