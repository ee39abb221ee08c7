"""Checking printed pages against the plans that produced them.  The layout measured every line;
these checks read the written PDF back (:mod:`pnp.render.readback`) and report where what was
drawn differs from what was measured:

- a glyph whose origin lies elsewhere than the plan placed it, or a different glyph, or a missing
  or extra one (the text state of one run leaking into the next shows up here first);
- a glyph outside the box of the region its text was fitted to, or outside the card's safe area;
- two glyphs of one line drawn over each other.

Positions are compared in points with card-local coordinates (top-left of the trim, y down).  Like
faults are told once per card (and region): the first glyph as the example, and how many there are."""
from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..layout.plan import CardPlan, Rotated, TextBlock, ruby_baseline, ruby_position
from ..text import fonts
from ..text.linebreak import char_space
from ..units import mm
from .readback import Glyph, PageRead

POSITION_TOLERANCE = mm(0.1)      # a glyph drawn further than this from its planned origin is misplaced
BOX_TOLERANCE = mm(0.15)          # how far a glyph's em box may stand past its region (rounding, ruby)
HANGING = frozenset("、。，．,.")   # punctuation that may hang past the right margin (ぶら下げ)
SAFE_MARGIN_MM = 3.0


@dataclass(frozen=True)
class Planned:
    """A glyph as the plan places it, in card-local points."""

    char: str
    x: float
    y: float
    dx: float
    dy: float
    advance: float
    size: float
    region: tuple[float, float, float, float] | None   # (left, top, right, bottom) it was fitted to
    line: int                                          # glyphs of one drawn line share this number
    ruby: bool = False

    def box(self) -> tuple[float, float, float, float]:
        return Glyph(self.char, self.x, self.y, self.dx, self.dy, self.advance, self.size, "").box()


Transform = Callable[[float, float], tuple[float, float]]   # a point of an inner item → its parent's


def _turn(angle: float, cx: float, cy: float) -> Transform:
    """Rotated's turn as the renderers draw it: counter-clockwise on paper by angle degrees about
    (cx, cy), written in card-local coordinates (y down)."""
    a = math.radians(angle)
    cos, sin = math.cos(a), math.sin(a)
    return lambda x, y: (cx + (x - cx) * cos + (y - cy) * sin, cy - (x - cx) * sin + (y - cy) * cos)


def _group(dx: float, dy: float, scale: float) -> Transform:
    return lambda x, y: (dx + x * scale, dy + y * scale)


def planned_glyphs(items: Sequence[Any]) -> list[Planned]:
    """Every character the items draw (a card's, a part page's), in drawing order, where they
    draw it: through Rotated turns and part Groups (offset and scale)."""
    from ..layout.parts import Group
    out: list[Planned] = []
    counter = [0]

    def walk(items: Sequence[Any], transforms: tuple[Transform, ...]) -> None:
        for item in items:
            if isinstance(item, Rotated):
                walk(item.items, (_turn(item.angle, item.cx, item.cy),) + transforms)
            elif isinstance(item, Group):
                walk(item.items, (_group(item.dx, item.dy, item.scale),) + transforms)
            elif isinstance(item, TextBlock):
                out.extend(_block_glyphs(item, transforms, counter))

    walk(items, ())
    return out


def _block_glyphs(block: TextBlock, transforms: tuple[Transform, ...], counter: list[int]) -> Iterator[Planned]:
    def to_page(x: float, y: float) -> tuple[float, float]:
        for t in transforms:
            x, y = t(x, y)
        return x, y

    def place(x: float, y: float) -> tuple[float, float, float, float, float]:
        """Page origin, advance direction and the scale of lengths at (x, y)."""
        px, py = to_page(x, y)
        ex, ey = to_page(x + 1.0, y)
        scale = math.hypot(ex - px, ey - py) or 1.0
        return px, py, (ex - px) / scale, (ey - py) / scale, scale

    region = None
    if block.box is not None:
        bx, by, bw, bh = block.box
        corners = [to_page(px, py) for px in (bx, bx + bw) for py in (by, by + bh)]
        region = (min(c[0] for c in corners), min(c[1] for c in corners),
                  max(c[0] for c in corners), max(c[1] for c in corners))
    for placed in block.lines:
        line = placed.line
        counter[0] += 1
        number = counter[0]
        for frag in line.fragments:
            if frag.icon:
                continue
            x = placed.x + frag.x_pt
            for ch in frag.text:
                w = fonts.measure(ch, frag.font, frag.size_pt)
                gx, gy, dx, dy, k = place(x, placed.baseline)
                yield Planned(ch, gx, gy, dx, dy, w * k, frag.size_pt * k, region, number)
                x += w + char_space(line, frag)
            if frag.ruby:
                rx, rs, spacing = ruby_position(frag, char_space(line, frag))
                x = placed.x + frag.x_pt + rx
                baseline = ruby_baseline(frag, placed.baseline, rs)
                for ch in frag.ruby:
                    w = fonts.measure(ch, frag.font, rs)
                    gx, gy, dx, dy, k = place(x, baseline)
                    yield Planned(ch, gx, gy, dx, dy, w * k, rs * k, region, -number, ruby=True)
                    x += w + spacing


def _where(g: Planned | Glyph) -> str:
    return f"「{g.char}」 at x {g.x / mm(1):.1f} mm, y {g.y / mm(1):.1f} mm"


def glyphs_within(page: PageRead, left: float, top: float, width: float, height: float, reach: float) -> list[Glyph]:
    """The page's glyphs whose origins lie within reach of the width × height rectangle at (left,
    top), moved so that (left, top) is (0, 0)."""
    return [Glyph(g.char, g.x - left, g.y - top, g.dx, g.dy, g.advance, g.size, g.font, g.color, g.colorspace)
            for g in page.glyphs
            if left - reach <= g.x <= left + width + reach and top - reach <= g.y <= top + height + reach]


def against_plan(planned: Sequence[Planned], drawn: Sequence[Glyph]) -> list[str]:
    """Where the printed glyphs differ from the planned ones: count, character, origin, size."""
    problems: list[str] = []
    if len(drawn) != len(planned):
        problems.append(f"{len(drawn)} glyphs printed, the plan draws {len(planned)}")
    moved: list[str] = []
    sized: list[str] = []
    for want, got in zip(planned, drawn):
        if want.char != got.char:
            problems.append(f"{_where(got)}: printed 「{got.char}」 where the plan draws 「{want.char}」")
            break
        off = math.hypot(got.x - want.x, got.y - want.y)
        if off > POSITION_TOLERANCE:
            moved.append(f"{_where(got)}: printed {off / mm(1):.2f} mm from where the plan places it "
                         f"(x {want.x / mm(1):.1f} mm, y {want.y / mm(1):.1f} mm)")
        if abs(got.size - want.size) > 0.01:
            sized.append(f"{_where(got)}: printed at {got.size:g} pt, planned at {want.size:g} pt")
    return problems + _grouped(moved) + _grouped(sized)


def _grouped(examples: Sequence[str]) -> list[str]:
    """One line for a run of like problems: the first as an example, and how many there are."""
    if len(examples) <= 1:
        return list(examples)
    return [f"{examples[0]} (the first of {len(examples)} glyphs)"]


def _hang(g: Glyph) -> float:
    """How far a glyph may stand past the line's end: a hanging 、。 its whole advance (ぶら下げ)."""
    return g.advance if g.char in HANGING else 0.0


def outside_regions(planned: Sequence[Planned], drawn: Sequence[Glyph]) -> list[str]:
    """Printed glyphs whose em box leaves the region their text was fitted to."""
    per_region: dict[tuple[float, float, float, float], list[str]] = {}
    for want, got in zip(planned, drawn):
        if want.region is None:
            continue
        x0, y0, x1, y1 = got.box()
        hang = _hang(got)
        rx0, ry0, rx1, ry1 = want.region
        if (x0 < rx0 - BOX_TOLERANCE - hang * (got.dx < 0) or x1 > rx1 + BOX_TOLERANCE + hang * (got.dx > 0)
                or y0 < ry0 - BOX_TOLERANCE or y1 > ry1 + BOX_TOLERANCE):
            per_region.setdefault(want.region, []).append(
                f"{_where(got)}: outside its region's box "
                f"({rx0 / mm(1):.1f}–{rx1 / mm(1):.1f} mm × {ry0 / mm(1):.1f}–{ry1 / mm(1):.1f} mm)")
    return [line for found in per_region.values() for line in _grouped(found)]


def outside_safe_area(drawn: Sequence[Glyph], width: float, height: float,
                      margin_mm: float = SAFE_MARGIN_MM) -> list[str]:
    """Printed glyphs closer than margin_mm to the trim of a width × height card (a hanging 、。
    counts by the half of its advance its ink fills)."""
    safe = mm(margin_mm) - BOX_TOLERANCE
    problems = []
    for got in drawn:
        x0, y0, x1, y1 = got.box()
        slack = _hang(got) / 2
        if (x0 < safe - slack * (got.dx < 0) or x1 > width - safe + slack * (got.dx > 0)
                or y0 < safe or y1 > height - safe):
            problems.append(f"{_where(got)}: inside the {margin_mm:g} mm margin of the trim (safe area)")
    return _grouped(problems)


def _capped(problems: list[str], limit: int) -> list[str]:
    return problems[:limit] + ([f"… and {len(problems) - limit} more"] if len(problems) > limit else [])


def unturned(glyphs: Sequence[Glyph], angle: float, cell_w: float, cell_h: float, width: float,
             height: float) -> list[Glyph]:
    """Glyphs read from a cell (cell-local: its top-left is (0, 0)) holding a width × height card
    turned angle degrees counter-clockwise about the cell's centre, in the card's own coordinates
    (as if it had been printed upright): origins and advance directions turned back."""
    a = math.radians(angle)
    cos, sin = math.cos(a), math.sin(a)

    def back(x: float, y: float) -> tuple[float, float]:     # the inverse of _turn's rotation
        return x * cos - y * sin, x * sin + y * cos
    out = []
    for g in glyphs:
        x, y = back(g.x - cell_w / 2, g.y - cell_h / 2)
        dx, dy = back(g.dx, g.dy)
        out.append(Glyph(g.char, x + width / 2, y + height / 2, dx, dy, g.advance, g.size, g.font, g.color,
                         g.colorspace))
    return out


def check_card_page(plan: CardPlan, page: PageRead, left: float, top: float,
                    safe_margin_mm: float = SAFE_MARGIN_MM, reach: float | None = None, limit: int = 20,
                    angle: float = 0.0) -> list[str]:
    """What is wrong with the printed card whose trim's top-left corner lies at (left, top) of the
    page read back: each problem a sentence naming the glyph and where it stands on the card
    (card-local mm).  The card's glyphs are those whose origins lie within reach of its trim (by
    default its bleed and a point more; on a sheet of butted cards, less).  angle: the card was
    printed turned that many degrees counter-clockwise in the cell at (left, top) (a quarter turn:
    the cell is height × width); its glyphs are turned back before they are judged."""
    reach = plan.bleed + 1.0 if reach is None else reach
    planned = planned_glyphs(plan.items)
    quarter = round(angle / 90) % 2 == 1
    cell_w, cell_h = (plan.height, plan.width) if quarter else (plan.width, plan.height)
    drawn = glyphs_within(page, left, top, cell_w, cell_h, reach)
    if angle:
        drawn = unturned(drawn, angle, cell_w, cell_h, plan.width, plan.height)
    problems = against_plan(planned, drawn)
    problems += outside_regions(planned, drawn)
    problems += outside_safe_area(drawn, plan.width, plan.height, safe_margin_mm)
    problems += overlapping_glyphs(drawn, [p.line for p in planned])
    return _capped(problems, limit)


def check_part_page(items: Sequence[Any], page: PageRead, limit: int = 20) -> list[str]:
    """What is wrong with a printed part page (a board, track, token or die sheet): every glyph
    where its plan placed it, inside its region, none over another."""
    planned = planned_glyphs(items)
    drawn = list(page.glyphs)
    problems = against_plan(planned, drawn)
    problems += outside_regions(planned, drawn)
    problems += overlapping_glyphs(drawn, [p.line for p in planned])
    return _capped(problems, limit)


def overlapping_glyphs(glyphs: list[Glyph], lines: list[int] | None = None,
                       tolerance: float = mm(0.05)) -> list[str]:
    """Glyphs drawn over the one before them on the same line: consecutive glyphs of one text line
    (the same planned line when lines are given — a fragment's ruby is a line of its own, numbered
    negative — otherwise the same baseline and direction) whose advances overlap."""
    out = []
    last: dict[object, Glyph] = {}
    for i, b in enumerate(glyphs):
        key: object = lines[i] if lines is not None and i < len(lines) else (
            round(b.y, 2), round(b.dx, 6), round(b.dy, 6))
        a = last.get(key)
        last[key] = b
        if a is None:
            continue
        ahead = (b.x - a.x) * a.dx + (b.y - a.y) * a.dy     # how far b's origin stands past a's
        if ahead < a.advance - tolerance and ahead > -b.advance:
            out.append(f"{_where(b)}: drawn over 「{a.char}」 before it "
                       f"({(a.advance - ahead) / mm(1):.2f} mm)")
    return _grouped(out)



def check_piece_page(items: Sequence[Any], width: float, height: float, page: PageRead, left: float, top: float,
                     safe_margin_mm: float = SAFE_MARGIN_MM, limit: int = 20) -> list[str]:
    """What is wrong with a part's shop page (pnp.layout.shopparts: one piece, its trim's top-left at
    (left, top) of the page read back): every glyph where its plan placed it, inside its region, none
    over another, and every glyph that prints on the piece (its origin on the trim) inside the safe
    area (a glyph whose em box reaches onto the trim).  A board tile draws the whole board clipped to
    the tile: glyphs off the tile are compared with the plan but not judged for the safe area (the
    clip hides them); a word a seam cuts is judged on both tiles."""
    from ..layout.parts import Group
    planned = planned_glyphs((Group(tuple(items), left, top),))
    drawn = list(page.glyphs)
    problems = against_plan(planned, drawn)
    problems += outside_regions(planned, drawn)
    near = glyphs_within(page, left, top, width, height, max((g.size for g in drawn), default=0.0))
    on_piece = [g for g in near if g.box()[2] > 0 and g.box()[3] > 0 and g.box()[0] < width and g.box()[1] < height]
    problems += outside_safe_area(on_piece, width, height, safe_margin_mm)
    problems += overlapping_glyphs(drawn, [p.line for p in planned])
    return _capped(problems, limit)
