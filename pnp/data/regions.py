"""Where a layout's placed regions can print, and the two checks that read it: printed regions that
overlap, and a coordinate whose edge an inherited anchor changed unnoticed.

The content regions are what prints (text, index, pips, slots, mark, image, badge); bands, rects,
frames and lines are what content sits on, and never overlap anything.  A content region's reach is
the part of the card it may print on for any card of the deck, not only the cards there are today:

* its box (text is fitted to its box, so some card's text may fill it);
* a ``max_lines`` text: the box's width, and only the height of that many lines at full size
  (with room for readings above the first line, unless ``markup: false`` or a fixed ``text:`` without
  any), placed as ``valign`` says;
* a mark: the square the mark is drawn in (the box's shorter side, centred);
* pips: the row of discs (the box's width, the disc height centred);
* an index with ``rotate_copy``: its box, and the same box turned about the card's centre.

Two reaches that intersect are an error at the layout, naming both regions, unless one of them says
``overlap: true`` (or ``overlap: [name, …]`` listing the other): a region meant to lie over another.
Hanging punctuation (ぶら下げ, one 、 or 。 past the right edge of a line) is not counted."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import Problem
from ..text.inline import RUBY_SCALE
from ..text.linebreak import block_height
from ..units import to_mm
from .model import Region, Where

CONTENT_KINDS = frozenset({"text", "index", "pips", "slots", "mark", "image", "badge"})

ANCHORS = {"top-left": ("left", "top"), "top": ("center", "top"), "top-right": ("right", "top"),
           "left": ("left", "middle"), "center": ("center", "middle"), "right": ("right", "middle"),
           "bottom-left": ("left", "bottom"), "bottom": ("center", "bottom"), "bottom-right": ("right", "bottom")}
_ANCHOR_OF = {v: k for k, v in ANCHORS.items()}

Rect = tuple[float, float, float, float]     # x0, y0, x1, y1 in points from the trim's top-left corner
EPS_PT = 0.01


def reach(region: Region, width: float, height: float) -> list[tuple[str, Rect]]:
    """Where a content region may print: [(what, rect)], its turned copy second; [] for other kinds."""
    if region.kind not in CONTENT_KINDS:
        return []
    x, y, w, h = region.x_pt, region.y_pt, region.w_pt, region.h_pt
    rect: Rect = (x, y, x + w, y + h)
    if region.kind == "mark":
        s = min(w, h)
        rect = (x + (w - s) / 2, y + (h - s) / 2, x + (w + s) / 2, y + (h + s) / 2)
    elif region.kind == "pips":
        s = min(h, region.get("mark_size", h))
        rect = (x, y + (h - s) / 2, x + w, y + (h + s) / 2)
    elif region.kind == "text" and region.get("max_lines") and not int(region.get("rotate", 0)) % 180:
        size = float(region.get("size", 9.0))
        tall = block_height(int(region.get("max_lines")), size, float(region.get("leading", 1.4)))
        fixed = region.get("text")
        if region.get("markup", True) and (fixed is None or "|" in str(fixed)):   # a reading may stand above
            tall += size * RUBY_SCALE
        if tall < h:
            valign = region.get("valign", "top")
            top = y + (h - tall) / 2 if valign == "middle" else y + h - tall if valign == "bottom" else y
            rect = (x, top, x + w, top + tall)
    out = [("", rect)]
    if region.kind == "index" and region.get("rotate_copy"):
        x0, y0, x1, y1 = rect
        out.append(("its turned copy", (width - x1, height - y1, width - x0, height - y0)))
    return out


def _allows(a: Region, b: Region) -> bool:
    said = a.get("overlap", False)
    return said is True or (isinstance(said, list) and b.name in said)


def _span(rect: Rect) -> str:
    x0, y0, x1, y1 = rect
    return f"x {to_mm(x0):.1f}–{to_mm(x1):.1f} mm, y {to_mm(y0):.1f}–{to_mm(y1):.1f} mm"


def _at(where: Where) -> str:
    return f"{where.file}:{where.line}:{where.col}"


def overlap_problems(side: str, regions: Sequence[Region], width: float, height: float, own_file: str,
                     size_at: Where | None = None, extends_at: Where | None = None) -> list[Problem]:
    """Every pair of content regions of one side whose reaches intersect, and overlap: entries that
    name no region or sit on a region that is never checked.  A problem is said at the region
    written in the layout's own file (the later one when both are), naming the other and where it
    is.  When both are inherited: at size_at (where this layout chose its size), else at extends_at
    when the two come from different layouts, else not at all (the layout that wrote both says it)."""
    problems: list[Problem] = []
    names = {r.name for r in regions}
    for r in regions:
        said = r.get("overlap")
        if said is None:
            continue
        if r.kind not in CONTENT_KINDS:
            problems.append(r.where.problem(f"{side}.regions.{r.name}.overlap",
                                            f"overlap: on a {r.kind} region says nothing: {r.kind}s are what "
                                            "content sits on, never checked for overlaps (remove it)"))
        elif isinstance(said, list):
            for other in said:
                if other not in names or other == r.name:
                    problems.append(r.where.problem(
                        f"{side}.regions.{r.name}.overlap",
                        f"overlap: names {other!r}, which is not another region of the {side} "
                        f"(regions: {', '.join(sorted(names - {r.name}))})"))
    card = f"{to_mm(width):.0f}×{to_mm(height):.0f} mm"
    placed = [(r, what, rect) for r in regions for what, rect in reach(r, width, height)]
    for i, (a, a_what, ra) in enumerate(placed):
        for b, b_what, rb in placed[i + 1:]:
            if a is b or _allows(a, b) or _allows(b, a):
                continue
            dx = min(ra[2], rb[2]) - max(ra[0], rb[0])
            dy = min(ra[3], rb[3]) - max(ra[1], rb[1])
            if dx <= EPS_PT or dy <= EPS_PT:
                continue
            # said at the region the designer wrote in this file; the other one named with its place
            here, there, r_here, r_there = a, b, (a_what, ra), (b_what, rb)
            a_own, b_own = a.where.file == own_file, b.where.file == own_file
            if b_own and (not a_own or (b.where.line, b.where.col) > (a.where.line, a.where.col)):
                here, there, r_here, r_there = b, a, (b_what, rb), (a_what, ra)
            h_copy, t_copy = (f" ({what})" if what else "" for what in (r_here[0], r_there[0]))
            message = (f"{here.kind} region {here.name!r}{h_copy} overlaps {there.kind} region {there.name!r} "
                       f"({r_there[0] + ', ' if r_there[0] else ''}{_at(there.where)}) on the {card} card by "
                       f"{to_mm(dx):.1f}×{to_mm(dy):.1f} mm: {here.name!r}{h_copy} can print at {_span(r_here[1])}, "
                       f"{there.name!r}{t_copy} at {_span(r_there[1])} (measured from the trim's top-left corner); "
                       "move or shrink one, or give the one meant to lie over the other overlap: true")
            if here.where.file == own_file:
                problems.append(here.where.problem(f"{side}.regions.{here.name}", message))
            elif (spot := size_at or (extends_at if here.where.file != there.where.file else None)) is not None:
                problems.append(spot.problem(f"{side}.regions.{here.name}",
                                                 f"{message} (both regions are inherited: written at "
                                                 f"{_at(here.where)} and {_at(there.where)})"))
    return problems


_EDGE = {"left": "the left edge", "right": "the right edge", "center": "the card's vertical centre line",
         "top": "the top edge", "bottom": "the bottom edge", "middle": "the card's horizontal centre line"}


def inherited_anchor_problems(own: Mapping[str, Any], parents: Mapping[str, Any], setter: Any,
                              where: Any) -> list[Problem]:
    """A region of this layout that sets x or y without anchor: while the region it extends has an
    anchor that measures that coordinate from another edge than the left or the top.  Such a layout
    was often written against a parent that measured from the top-left; rather than silently
    measure from the inherited edge, the coordinate must say which edge it means.
    setter(side, name) is the layout that gave the inherited anchor; where(path) a Where in the
    layout's own file."""
    problems: list[Problem] = []
    for side in ("face", "back"):
        inherited = (parents.get(side) or {}).get("regions") or {}
        for name, reg in ((own.get(side) or {}).get("regions") or {}).items():
            base = inherited.get(name)
            if not isinstance(reg, dict) or "anchor" in reg or not isinstance(base, dict):
                continue
            anchor = base.get("anchor", "top-left")
            horizontal, vertical = ANCHORS[anchor]
            odd = [(k, edge) for k, edge in (("x", horizontal), ("y", vertical))
                   if k in reg and edge not in ("left", "top")]
            if not odd:
                continue
            keys = " and ".join(f"{k}: {reg[k]}" for k, _ in odd)
            edges = " and ".join(_EDGE[e] for _, e in odd)
            fixed = _ANCHOR_OF[("left" if any(k == "x" for k, _ in odd) else horizontal,
                                "top" if any(k == "y" for k, _ in odd) else vertical)]
            wanted = " and ".join(_EDGE["left" if k == "x" else "top"] for k, _ in odd)
            problems.append(where((side, "regions", name, odd[0][0])).problem(
                f"{side}.regions.{name}.{odd[0][0]}",
                f"{keys} {'is' if len(odd) == 1 else 'are'} measured from {edges}: region {name!r} "
                f"inherits anchor: {anchor} from layout {setter(side, name)!r}, and this layout sets "
                f"{' and '.join(k for k, _ in odd)} without an anchor; write anchor: {anchor} to measure "
                f"from {edges}, or anchor: {fixed} to measure from {wanted}"))
    return problems
