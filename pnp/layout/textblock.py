"""A text in a region: its inline runs fitted with the shared line breaker (from the region's size down
to its min_size), readings (ruby) kept inside the region and clear of the line above, the lines placed
by align and valign.  What does not fit is a problem, said with the figures; nothing is clipped.

Cards, aids and parts set their texts here (:func:`place_text`); rulebooks set theirs in
:mod:`pnp.rulebook.flow`, with the same line breaker.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import Protocol

from ..data.model import Icon, Region, Where
from ..messages import msg
from ..text import fonts
from ..text.inline import ASCENT, DESCENT, ICON_CHAR, RUBY_RISE, RUBY_SCALE, Inline, Run, merge_runs, visible_runs
from ..text.linebreak import Breaks, FitResult, Fragment, Line, Span, TextDoesNotFit, WidthCache, fit_text
from ..units import to_mm
from .plan import PlacedLine, TextBlock, ruby_position

__all__ = ["place_text", "bold_of", "ProblemSink", "CARD_BREAKS"]

_WIDTHS: WidthCache = {}   # (font key, size) → {char: width}: fonts.measure is fixed per font key, so shared
# Card, aid and part texts are short lines read at a glance: they break between phrases (「1ダメージを｜
# 受ける」, never 「1ダ｜メージ」).  Rulebooks keep the default "units": their justified body needs the
# breaks inside words.  benchmarks/phrase_breaks.py sets this to "chars" to measure the kinsoku-only breaks.
CARD_BREAKS: Breaks = "phrases"


class ProblemSink(Protocol):
    """Where place_text says what does not fit: a card's problems, a part sheet's writer."""

    def add(self, where: Where, field: str, message: str, /) -> None: ...


def bold_of(font: str) -> str:
    """The bold face that goes with a font: FONT-bold when there is one, else the bundled gothic bold."""
    if font.endswith("-bold"):
        return font
    return font + "-bold" if fonts.known(font + "-bold") else "gothic-bold"


def place_text(text: str, region: Region, *, color: str, problems: ProblemSink, where: Where, label: str,
               default_font: str = "mincho", runs: Inline | None = None,
               icons: Mapping[str, Icon] | None = None, hang_room: float | None = None) -> TextBlock | None:
    """Fit text into a region (shrinking down to min_size) and place its lines; report, never clip.
    runs (from the inline markup) give styled text: bold in the bold font, ruby above its base,
    colours, and icons one em wide; without runs the text is set as it is.  hang_room: how far past
    the line's end a hanging 、。 may stand (to the card's safe area); lines do not hang when the
    starting size's em needs more."""
    font = region.get("font", default_font)
    bold = region.get("bold_font") or bold_of(font)
    if runs is None:
        runs = visible_runs((Run(text),))     # a soft hyphen or zero-width space never prints
    else:   # a 【term】 looks like the text around it on a card: one run with it, as before markup
        runs = merge_runs(replace(r, style="") if r.style == "term" else r for r in visible_runs(runs))
    missing = _missing_glyphs(runs, font, bold)
    if missing:
        problems.add(where, label, missing)
        return None
    fitting = _TextFit(region, runs, font, bold, hang_room)
    result = fitting.settle()
    if isinstance(result, str):
        problems.add(where, label, result)
        return None
    used = {r.icon for r in runs if r.icon}
    return TextBlock(tuple(_placed_lines(result, region, fitting.ruby_room, fitting.has_ruby)), color, result.size_pt,
                     tuple(sorted((k, v) for k, v in (icons or {}).items() if k in used)),
                     (region.x_pt, region.y_pt, region.w_pt, region.h_pt))


def _missing_glyphs(runs: Inline, font: str, bold: str) -> str:
    """The problem when a font lacks a character its runs set in it (readings included), else ''."""
    checks: dict[str, str] = {}
    for r in runs:
        if r.icon is None:
            f = bold if r.style == "strong" else font
            checks[f] = checks.get(f, "") + r.text + (r.ruby or "")
    for f, chars_of in checks.items():
        missing = fonts.missing_glyphs(chars_of, f)
        if missing:
            chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
            return msg("layout.glyph_missing", chars=chars, font=fonts.display_name(f))
    return ""


class _TextFit:
    """Fitting one text into its region.  Where readings (ruby) stand out past a line's ends the measure
    narrows (measure_w) and the text is broken again; where they would crowd the line above, room is kept
    below the first line (below).  ruby_room: the first line's readings stay inside the box."""

    def __init__(self, region: Region, runs: Inline, font: str, bold: str, hang_room: float | None) -> None:
        self.region, self.runs, self.font, self.bold = region, runs, font, bold
        self.size: float = region.get("size", 9.0)
        self.allow_hanging = hang_room is None or hang_room >= self.size - 0.01
        self.has_ruby = any(r.ruby for r in runs)
        # the first line's readings stay inside the box: their whole em box, RUBY_RISE above the base's
        self.ruby_room = self.size * RUBY_SCALE * (ASCENT + RUBY_RISE) if self.has_ruby else 0.0
        self.measure_w = region.w_pt     # narrowed when readings stand out past a line's ends
        self.below = 0.0                 # height kept for readings over later lines where the leading leaves too little
        self.ink_lines: list[tuple[Line, float, float]] = []

    def spans_at(self, s: float) -> list[Span]:
        return [Span(ICON_CHAR if r.icon else r.text, self.bold if r.style == "strong" else self.font, s, r.style,
                     r.ruby, r.color, r.icon) for r in self.runs]

    def fit(self, s: float, min_s: float | None) -> FitResult:
        region = self.region
        return fit_text(self.spans_at(s), self.measure_w, region.h_pt - self.ruby_room - self.below, fonts.measure,
                        size_pt=s, min_size_pt=min_s, leading=region.get("leading", 1.4),
                        justify=(region.get("align", "left") == "justify"), width_cache=_WIDTHS, breaks=CARD_BREAKS,
                        allow_hanging=self.allow_hanging)

    def settle(self) -> FitResult | str:
        """The fitted lines, broken again (up to _RUBY_REFITS times) until their readings stand inside the
        region and clear the line above; or the problem, as a sentence."""
        region = self.region
        for _attempt in range(_RUBY_REFITS):
            try:
                fitted = self.fit_within_lines()
            except TextDoesNotFit as exc:
                return self.does_not_fit(exc)
            if isinstance(fitted, str) or not self.has_ruby:
                return fitted
            result = fitted
            crowded = _ruby_crowding(result.lines)
            if crowded:
                return f"in region {region.name!r}: {crowded}"
            # JLREQ: a reading never stands past the line's start or the region; where it would, the line is
            # set in from that edge, and a line whose ink is wider than the region is broken again narrower
            self.ink_lines = [(line, *_ink(line)) for line in result.lines]
            over = max(hi - lo for _line, lo, hi in self.ink_lines) - region.w_pt
            drops = _ruby_drops(result)
            if over <= 1e-6 and sum(drops) <= self.below + 1e-6:
                return result
            self.below = max(self.below, sum(drops))
            if over > 1e-6:
                self.measure_w -= over
                if self.measure_w <= 0:
                    return _ruby_too_wide(region, self.ink_lines, result.size_pt)
        return (_ruby_too_wide(region, self.ink_lines, result.size_pt) if over > 1e-6 else
                msg("layout.fit_ruby_leading", region=region.name, size=f"{result.size_pt:g}"))

    def fit_within_lines(self) -> FitResult | str:
        """Fitted from the region's size down to its min_size, then smaller still while it takes more lines
        than max_lines allows (a corner index: one); the problem when min_size is reached first."""
        region = self.region
        result = self.fit(self.size, region.get("min_size"))
        # a corner index is one value (1:30, 010, 10): it shrinks, never breaks over two lines
        max_lines = region.get("max_lines") or (1 if region.kind == "index" else None)
        while max_lines and len(result.lines) > max_lines:
            # titles shrink rather than break mid-word; below min_size it is an error like any overflow
            smaller = result.size_pt - 0.5
            if smaller < region.get("min_size", self.size) - 1e-9:
                said = dict(region=region.name, lines=len(result.lines), size=f"{result.size_pt:g}")
                return (msg("layout.fit_lines", **said, max_lines=max_lines)
                        if region.get("max_lines") else msg("layout.fit_index", **said))
            result = self.fit(smaller, smaller)
        return result

    def does_not_fit(self, exc: TextDoesNotFit) -> str:
        region = self.region
        if self.measure_w < region.w_pt:        # narrowed for readings that stand out: they are what does not fit
            return _ruby_too_wide(region, self.ink_lines, exc.size_pt)
        if exc.widest_line_pt > exc.available_width_pt + 0.01:   # one unbreakable run is too wide
            return msg("layout.fit_width", region=region.name, need=f"{to_mm(exc.widest_line_pt):.1f}",
                       have=f"{to_mm(exc.available_width_pt):.1f}", size=f"{exc.size_pt:g}")
        # rounded up and down: what is needed never prints as equal to what there is
        ruby_room, below = self.ruby_room, self.below
        needs = math.ceil(to_mm(exc.needed_height_pt + ruby_room + below) * 10) / 10
        has = math.floor(to_mm(exc.available_height_pt + ruby_room + below) * 10) / 10
        return msg("layout.fit_height", region=region.name, need=f"{needs:.1f}", have=f"{has:.1f}",
                   size=f"{exc.size_pt:g}",
                   readings=msg("hint.fit_readings", mm=f"{to_mm(ruby_room + below):.1f}") if ruby_room else "")


def _placed_lines(result: FitResult, region: Region, ruby_room: float, has_ruby: bool) -> list[PlacedLine]:
    """The fitted lines placed in the region: aligned (valign, align), each line lowered where its readings
    need more than the leading leaves."""
    drops = _ruby_drops(result) if has_ruby else [0.0] * len(result.lines)
    valign = region.get("valign", "top")
    height = result.height_pt + ruby_room + sum(drops)
    top = region.y_pt + ruby_room
    if valign == "middle":
        top += (region.h_pt - height) / 2
    elif valign == "bottom":
        top += region.h_pt - height
    placed = []
    baseline = top + result.size_pt * ASCENT
    for line, drop in zip(result.lines, drops):
        baseline += drop
        placed.append(PlacedLine(_line_x(line, region, has_ruby), baseline, line))
        baseline += result.leading_pt
    return placed


def _line_x(line: Line, region: Region, has_ruby: bool) -> float:
    """Where a line starts, aligned in the region.  A hanging 、。 hangs past the right margin whatever the
    alignment: centred and right-aligned lines are placed by the width they set inside the region, never
    pushed out on the left.  Where readings stand out past the line, its whole ink is aligned."""
    align = region.get("align", "left")
    if has_ruby:
        lo, hi = _ink(line)
        if lo < 0 or hi > _set_width(line) + 1e-9:     # readings stand out: the line's whole ink is aligned
            if align == "center":
                return region.x_pt + (region.w_pt - (hi - lo)) / 2 - lo
            if align == "right":
                return region.x_pt + region.w_pt - hi
            return region.x_pt - lo
    width = line.width_pt - (line.fragments[-1].width_pt if line.hanging else 0.0)
    if align == "center":
        return region.x_pt + (region.w_pt - width) / 2
    if align == "right":
        return region.x_pt + region.w_pt - width
    return region.x_pt


_RUBY_REFITS = 6       # line breaks tried, each narrower by what the readings stood out, before it is an error
# what a reading may overhang beside its base (JLREQ 3.3.8: kana, and the blank half of these marks)
_OVERHANG_OK = frozenset("ー、。，．・：；「」『』（）〔〕［］〈〉《》【】")


def _overhang_ok(ch: str) -> bool:
    return "\u3041" <= ch <= "\u309f" or "\u30a0" <= ch <= "\u30ff" or ch in _OVERHANG_OK


def _set_width(line: Line) -> float:
    """Where the line's own text ends (justification included, a hanging 、。 not)."""
    body = line.fragments[:-1] if line.hanging else line.fragments
    return max((f.x_pt + f.width_pt for f in body), default=0.0)


def _reading_extent(frag: Fragment, char_space: float) -> tuple[float, float]:
    """(start, end) of a fragment's reading, from the fragment's start."""
    rx, rs, spacing = ruby_position(frag, char_space)
    ruby = frag.ruby or ""
    return rx, rx + fonts.measure(ruby, frag.font, rs) + spacing * (len(ruby) - 1)


def _ink(line: Line) -> tuple[float, float]:
    """(left, right) of everything the line prints, from its start: its text, and its readings where they
    stand out past it (left ≤ 0)."""
    lo, hi = 0.0, _set_width(line)
    for f in line.fragments:
        if f.ruby:
            a, b = _reading_extent(f, line.char_space_pt)
            lo, hi = min(lo, f.x_pt + a), max(hi, f.x_pt + b)
    return lo, hi


def _ruby_drops(result: FitResult) -> list[float]:
    """How much lower than its leading puts it each line sits so that its readings' em box clears the em
    box of the line above (JLREQ: ruby takes room from the line gap, and widens it where too narrow)."""
    drops = []
    gap = result.leading_pt - result.size_pt * (ASCENT + DESCENT)
    for i, line in enumerate(result.lines):
        rubies = [f.size_pt for f in line.fragments if f.ruby]
        need = max(rubies, default=0.0) * RUBY_SCALE * (ASCENT + RUBY_RISE)
        drops.append(max(0.0, need - gap) if i and rubies else 0.0)
    return drops


def _ruby_crowding(lines: list[Line]) -> str:
    """A reading that overhangs the character beside its base more than JLREQ allows (only kana and the
    blank half of punctuation, by one ruby character at most), as a sentence with the fix; '' if none."""
    for line in lines:
        frags = line.fragments
        for i, f in enumerate(frags):
            if not f.ruby:
                continue
            a, b = _reading_extent(f, line.char_space_pt)
            rs = f.size_pt * RUBY_SCALE
            for over, k, ch_at in ((-a, i - 1, -1), (b - f.width_pt, i + 1, 0)):
                if over <= 0.01 or not 0 <= k < len(frags):
                    continue          # at the line's start or end: the line is set in from the edge instead
                n = frags[k]
                ch = "\N{OBJECT REPLACEMENT CHARACTER}" if n.icon else n.text[ch_at]
                if n.ruby or not _overhang_ok(ch) or over > rs + 0.01:
                    what = "its reading" if n.ruby else f"「{ch}」"
                    return (f"the reading 「{f.ruby}」 of 「{f.text}」 overhangs {what} beside it by "
                            f"{to_mm(over):.1f} mm; JLREQ lets a reading overhang only kana, by one ruby character "
                            f"({to_mm(rs):.1f} mm) at most: put both under one reading ({{親文字|よみ}}) or a kana "
                            f"between them")
    return ""


def _short(text: str, limit: int = 12) -> str:
    return text if len(text) <= limit else text[:limit] + f"…（{len(text)}字）"


def _ruby_too_wide(region: Region, ink_lines: list[tuple[Line, float, float]], size_pt: float) -> str:
    line, lo, hi = max(ink_lines, key=lambda t: t[2] - t[1])
    readings = "・".join(f"「{_short(f.ruby or '')}」" for f in line.fragments if f.ruby)
    missing = math.ceil(to_mm(hi - lo - region.w_pt) * 10) / 10
    return msg("layout.fit_ruby_width", region=region.name, readings=readings, need=f"{to_mm(hi - lo):.1f}",
               have=f"{to_mm(region.w_pt):.1f}", size=f"{size_pt:g}", missing=f"{missing:.1f}")
