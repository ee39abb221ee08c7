"""What the line breaker takes and gives: styled :class:`Span` runs in, :class:`Line` of placed
:class:`Fragment` out (see :mod:`pnp.text.linebreak` for the rules between them)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

__all__ = ["Measure", "Breaks", "WidthCache", "Span", "Fragment", "Line"]

Measure = Callable[[str, str, float], float]
Breaks = Literal["chars", "units", "phrases"]
WidthCache = dict[tuple[str, float], dict[str, float]]  # {(font, size_pt): {char: width_pt}}


@dataclass(frozen=True)
class Span:
    """Input run of one style."""

    text: str
    font: str
    size_pt: float
    style: str = ""
    ruby: str | None = None  # ruby reading; the whole span is unbreakable
    color: str | None = None  # #rrggbb, or None for the block's colour
    icon: str | None = None  # an inline icon: text is one ICON_CHAR, one em wide


@dataclass(frozen=True)
class Fragment:
    """Output piece of a line, one style (one input span, or part of one)."""

    text: str
    font: str
    size_pt: float
    x_pt: float  # from the line's left edge, incl. justification before it
    width_pt: float  # natural width + char spacing added inside it
    style: str = ""
    ruby: str | None = None
    color: str | None = None
    icon: str | None = None
    # the space added after each char when drawn, when it is not the line's (0 inside a justified
    # line's number: 「10」 is never spread); draw with :func:`pnp.text.linebreak.char_space`
    char_space_pt: float | None = None


@dataclass(frozen=True)
class Line:
    fragments: tuple[Fragment, ...]
    width_pt: float  # natural width (no justification), hanging char included
    char_space_pt: float = 0.0  # justification: extra space after each char
    hanging: bool = False  # last char hangs past the right margin
    hard_end: bool = False  # ended by \n or end of text (never justified)
    forced: bool = False  # last-resort break between chars (no legal break)

    @property
    def text(self) -> str:
        return "".join(f.text for f in self.fragments)
