"""Page plans: what to draw, where, already measured.  Lengths in points; card-local coordinates
have their origin at the top-left corner of the trim and y growing downwards.  Renderers (PDF, PNG,
a recording canvas) draw plans and never see YAML."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..text.inline import ASCENT, RUBY_RISE, RUBY_SCALE
from ..text.linebreak import Fragment, Line, Measure


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.5
    radius: float = 0.0
    opacity: float = 1.0


@dataclass(frozen=True)
class Mark:
    """A drawn suit mark (vector shape), so suits stay apart in greyscale."""

    shape: str
    cx: float
    cy: float
    size: float
    fill: str
    opacity: float = 1.0


@dataclass(frozen=True)
class PlacedLine:
    x: float            # left of the line (alignment applied)
    baseline: float     # y of the baseline
    line: Line


@dataclass(frozen=True)
class TextBlock:
    lines: tuple[PlacedLine, ...]
    color: str                  # fragments with a colour of their own (markup) use theirs
    size_pt: float
    icons: tuple[Any, ...] = ()           # (name, pnp.data.model.Icon) of the inline icons its fragments name
    box: tuple[float, float, float, float] | None = None   # (x, y, w, h) of the region the text was fitted to


@dataclass(frozen=True)
class Picture:
    path: Path
    x: float
    y: float
    w: float
    h: float
    matte: str = "#ffffff"     # the colour under it: transparency is flattened onto it in CMYK
    fit: str = "contain"       # contain: all of it, centred; cover: fills the box, cropped; stretch: fills it


@dataclass(frozen=True)
class Rotated:
    """Items turned by angle degrees about (cx, cy) — the corner index repeated upside down."""

    angle: float
    cx: float
    cy: float
    items: tuple[Item, ...]


@dataclass(frozen=True)
class Rule:
    x1: float
    y1: float
    x2: float
    y2: float
    color: str = "#000000"
    width: float = 0.25
    dash: tuple[float, ...] = ()


ICON_SCALE = 0.86    # an inline icon is drawn this many ems tall and wide, centred in its one-em advance
ICON_DROP = 0.02     # its bottom sits this many ems under the baseline (optically on it)


def ruby_position(frag: Fragment, char_space: float, measure: Measure | None = None) -> tuple[float, float, float]:
    """Where a fragment's ruby goes: (x from the fragment's start, ruby size, extra spacing between
    the reading's characters) — centred over the base, spread when the base is wider."""
    from ..text import fonts
    measure = measure or fonts.measure
    rs = frag.size_pt * RUBY_SCALE
    base_w = measure(frag.text, frag.font, frag.size_pt) + char_space * (len(frag.text) - 1)
    ruby = frag.ruby or ""
    rw = measure(ruby, frag.font, rs)
    spacing = max(0.0, (base_w - rw) / len(ruby)) if rw < base_w else 0.0
    return (base_w - rw - spacing * (len(ruby) - 1)) / 2, rs, spacing


def ruby_baseline(frag: Fragment, baseline: float, ruby_size: float) -> float:
    """The baseline of a fragment's ruby (y down, like plans): RUBY_RISE ruby ems above the top of
    the base's em box.  Renderers with y up negate both baselines."""
    return baseline - frag.size_pt * ASCENT - ruby_size * RUBY_RISE


Item = Box | Mark | TextBlock | Picture | Rotated | Rule


@dataclass(frozen=True)
class BleedArt:
    """A region with bleed: true that drew something touching the trim: the read-back checks that
    its ink (the placed picture, or the fill) reaches the bleed line on the sides it touches."""

    region: str
    kind: str                                    # "image" (a placed picture) or "fill" (a band or rect)
    box: tuple[float, float, float, float]       # (left, top, right, bottom) it must cover, card-local, bleed included
    sides: str                                   # the trim's sides it touches: some of "ltrb"
    fill: str | None = None                      # the fill colour of a band or rect


@dataclass(frozen=True)
class CardPlan:
    """One side of one card, ready to draw."""

    deck_id: str
    card_id: str            # "" for a back
    side: str               # "face" or "back"
    width: float
    height: float
    bleed: float
    corner_radius: float
    background: str
    items: tuple[Item, ...]
    texts: tuple[str, ...] = field(default=())   # every string drawn, for tests and glyph checks
    bleeds: tuple[BleedArt, ...] = field(default=())   # what must reach the bleed line, for the read-back
