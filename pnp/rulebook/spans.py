"""Inline runs as the line breaker's spans, in the rulebook's faces: body text in mincho (gothic for
**strong** and terms), captions, labels and titles in gothic."""
from __future__ import annotations

from ..text.inline import ICON_CHAR, Inline, Run, parse_inline
from ..text.linebreak import Span

STYLE_FONTS = {"": "mincho", "strong": "gothic-bold", "term": "gothic"}


def spans_of(runs: Inline, size: float) -> list[Span]:
    return [span_of(r, STYLE_FONTS[r.style], size) for r in runs]


def span_of(r: Run, font: str, size: float) -> Span:
    """One run as a span of the line breaker: an icon is one ICON_CHAR, one em wide."""
    return Span(ICON_CHAR if r.icon else r.text, font, size, r.style, r.ruby, r.color, r.icon)


def label_spans(runs: Inline, size: float, font: str = "gothic") -> list[Span]:
    """Runs of a caption, label or title: set in one gothic (bold where the text says **…**)."""
    return [span_of(r, "gothic-bold" if r.style == "strong" else font, size) for r in runs]


def named_spans(text: str, font: str) -> list[Span]:
    """A title from game.yaml as the cards' backs print it (its ruby as ruby); markup problems in it
    are reported by check_rulebook, so here a title that does not parse prints as typed."""
    runs, errors = parse_inline(text, icons=None, newlines=False)
    return label_spans(runs, 1.0, font) if not errors else [Span(text, font, 1.0)]
