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
``overlap: true`` (or ``overlap: [name, …]`` listing the other): a region meant to lie over another;
or one is an image and the other is drawn over it by a higher ``z`` (the designer layered them).
Hanging punctuation (ぶら下げ, one 、 or 。 past the right edge of a line) is not counted.

Whether a region prints at all can depend on the card (``conditional``): an optional field, a card's
picture, a suit mark, the （仮） badge.  A pair with such a region is judged per deck, on the cards
that use the layout (``deck_overlap_problems``): it is an error only when some card prints both."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ..errors import Problem
from ..messages import did_you_mean, msg
from ..text.inline import RUBY_SCALE
from ..text.linebreak import block_height
from ..units import to_mm
from .model import Back, Card, Region, Where

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
        out.append((msg("layout.turned_copy"), (width - x1, height - y1, width - x0, height - y0)))
    return out


def _allows(a: Region, b: Region) -> bool:
    """a says it may lie over b: overlap: true or [b, …], or a is drawn over the image b by a higher z."""
    said = a.get("overlap", False)
    if said is True or (isinstance(said, list) and b.name in said):
        return True
    return b.kind == "image" and float(a.get("z", 0)) > float(b.get("z", 0))


BACK_FIELDS = frozenset({"game_title", "deck_name"})    # the only fields a back's text prints


def conditional(side: str, region: Region) -> bool:
    """Whether the region prints or not depends on the card: a field it may leave empty (optional:
    true), a card's picture, its suit's mark, the （仮） badge; on a back, anything but the game's
    and deck's names and fixed text.  A required field left empty is an error of its own, so a
    region that needs its field prints on every card that builds."""
    kind = region.kind
    if kind not in CONTENT_KINDS:
        return False
    if side == "back":
        return not (kind == "text" and ("text" in region.props or region.get("field") in BACK_FIELDS))
    if kind in ("mark", "badge"):
        return True
    if kind == "image":
        return "field" not in region.props or bool(region.get("optional"))
    return "field" in region.props and bool(region.get("optional"))


def prints_on(side: str, region: Region, card: Card | None, back: Back | None = None) -> bool:
    """Whether the region prints anything on this card's face (side "face") or on this back (card
    None, back the deck's or a card's own), as pnp.layout.card draws it."""
    kind = region.kind
    if side == "back" or card is None:
        if kind == "image":
            return back is not None and back.image is not None
        return kind == "text" and ("text" in region.props or region.get("field") in BACK_FIELDS)
    if kind == "mark":
        return card.suit is not None
    if kind == "badge":
        return card.provisional
    if kind == "image":
        field = region.get("field")
        if field is None:
            return card.image is not None
        return bool(str(card.fields.get(str(field)[7:], "") or "").strip())
    if "text" in region.props or "field" not in region.props:
        return True
    field = str(region.get("field"))
    if field in BACK_FIELDS:
        return True
    if field.startswith("fields."):
        value: Any = card.fields.get(field[7:], "")
    elif field.startswith("rules."):
        value = card.rules.get(field[6:], "")
    elif field == "suit_name":
        value = card.suit.name if card.suit else ""
    else:
        value = getattr(card, field, "")
    return value is not None and str(value) != "" and value != {}


def _span(rect: Rect) -> str:
    x0, y0, x1, y1 = rect
    return f"x {to_mm(x0):.1f}–{to_mm(x1):.1f} mm, y {to_mm(y0):.1f}–{to_mm(y1):.1f} mm"


def _at(where: Where) -> str:
    return f"{where.file}:{where.line}:{where.col}"


PairCheck = Callable[[Region, Region], "str | None"]


def overlap_problems(side: str, regions: Sequence[Region], width: float, height: float, own_file: str,
                     size_at: Where | None = None, extends_at: Where | None = None,
                     pair: PairCheck | None = None, entries: bool = True,
                     key_at: Callable[[tuple[Any, ...]], Where | None] | None = None) -> list[Problem]:
    """Every pair of content regions of one side whose reaches intersect, and overlap: entries that
    name no region or sit on a region that is never checked.  A problem is said at the region
    written in the layout's own file (the later one when both are), naming the other and where it
    is.  When both are inherited: at size_at (where this layout chose its size), else at extends_at
    when the two come from different layouts, else not at all (the layout that wrote both says it).
    pair(a, b): None to leave the pair unchecked, else words added to its message; without it, the
    pairs of regions that print on every card (the others are checked per deck).  entries: False
    when the overlap: entries were checked already (a deck's second look at its layout).  key_at(path):
    where the layout's own file writes that key (an overlap: entry is said there), None elsewhere."""
    if pair is None:
        def pair(a: Region, b: Region) -> str | None:
            return None if conditional(side, a) or conditional(side, b) else ""
    problems = _overlap_entry_problems(side, regions, key_at) if entries else []
    card = f"{to_mm(width):.0f}×{to_mm(height):.0f} mm"
    placed = [(r, what, rect) for r in regions for what, rect in reach(r, width, height)]
    for i, (a, a_what, ra) in enumerate(placed):
        for b, b_what, rb in placed[i + 1:]:
            if a is b or _allows(a, b) or _allows(b, a):
                continue
            said = pair(a, b)
            if said is None:
                continue
            dx = min(ra[2], rb[2]) - max(ra[0], rb[0])
            dy = min(ra[3], rb[3]) - max(ra[1], rb[1])
            if dx <= EPS_PT or dy <= EPS_PT:
                continue
            # said at the region the designer wrote in this file; the other one named with its place
            here, there = (a, a_what, ra), (b, b_what, rb)
            a_own, b_own = a.where.file == own_file, b.where.file == own_file
            if b_own and (not a_own or (b.where.line, b.where.col) > (a.where.line, a.where.col)):
                here, there = there, here
            found = _overlap_problem(side, here, there, card, dx, dy, said, own_file, size_at, extends_at)
            if found is not None:
                problems.append(found)
    return problems


Reached = tuple[Region, str, Rect]      # a region, which copy of it ("" the region itself), the rectangle it reaches


def _overlap_problem(side: str, here_reach: Reached, there_reach: Reached, card: str, dx: float, dy: float,
                     said: str, own_file: str, size_at: Where | None, extends_at: Where | None) -> Problem | None:
    """Two regions that overlap by dx × dy, said at `here` (written in the layout's own file), or for two
    inherited regions at size_at or extends_at (None when neither applies)."""
    here, h_what, h_rect = here_reach
    there, t_what, t_rect = there_reach
    h_copy, t_copy = (msg("layout.copy_suffix", what=what) if what else "" for what in (h_what, t_what))
    message = msg("layout.overlap", here_kind=here.kind, here=here.name, h_copy=h_copy, there_kind=there.kind,
                  there=there.name, there_at=(msg("layout.copy_at", what=t_what, at=_at(there.where))
                                              if t_what else _at(there.where)),
                  card=card, dx=f"{to_mm(dx):.1f}", dy=f"{to_mm(dy):.1f}", here_span=_span(h_rect),
                  t_copy=t_copy, there_span=_span(t_rect), said=said,
                  image=msg("layout.overlap_image") if "image" in (here.kind, there.kind) else "")
    if here.where.file == own_file:
        return here.where.problem(f"{side}.regions.{here.name}", message)
    spot = size_at or (extends_at if here.where.file != there.where.file else None)
    if spot is None:
        return None
    return spot.problem(f"{side}.regions.{here.name}",
                        message + msg("layout.overlap_inherited", here=_at(here.where), there=_at(there.where)))


def _overlap_entry_problems(side: str, regions: Sequence[Region],
                            key_at: Callable[[tuple[Any, ...]], Where | None] | None) -> list[Problem]:
    """overlap: entries that sit on a background region or name no other region of the side."""
    problems: list[Problem] = []
    names = {r.name for r in regions}

    def entry_at(r: Region, *path: Any) -> Where:
        return (key_at((side, "regions", r.name, "overlap", *path)) if key_at else None) or r.where
    for r in regions:
        said = r.get("overlap")
        if said is None:
            continue
        if r.kind not in CONTENT_KINDS:
            problems.append(entry_at(r).problem(f"{side}.regions.{r.name}.overlap",
                                            msg("layout.overlap_on_background", kind=r.kind)))
        elif isinstance(said, list):
            for i, other in enumerate(said):
                if other not in names or other == r.name:
                    problems.append(entry_at(r, i).problem(
                        f"{side}.regions.{r.name}.overlap",
                        msg("layout.overlap_unknown", other=other, side=side, regions=sorted(names - {r.name}),
                            hint=did_you_mean(other, names - {r.name}))))
    return problems


_EDGE = {"left": "the left edge", "right": "the right edge", "center": "the card's vertical centre line",
         "top": "the top edge", "bottom": "the bottom edge", "middle": "the card's horizontal centre line"}


Undecided = dict[tuple[str, str], tuple[Problem, tuple[str, str]]]   # (side, name) → (problem, the two anchors)


def inherited_anchor_problems(own: Mapping[str, Any], parents: Mapping[str, Any], setter: Any,
                              where: Any) -> Undecided:
    """A region of this layout that sets x or y without anchor: while the region it extends has an
    anchor that measures that coordinate from another edge than the left or the top.  Such a layout
    was often written against a parent that measured from the top-left; rather than silently
    measure from the inherited edge, the coordinate must say which edge it means.
    setter(side, name) is the layout that gave the inherited anchor; where(path) a Where in the
    layout's own file.  Each problem with the two anchors it offers (the inherited one first): the
    layout is then checked with the region at each of them (candidate_notes)."""
    problems: Undecided = {}
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
            problems[(side, name)] = (where((side, "regions", name, odd[0][0])).problem(
                f"{side}.regions.{name}.{odd[0][0]}",
                f"{keys} {'is' if len(odd) == 1 else 'are'} measured from {edges}: region {name!r} "
                f"inherits anchor: {anchor} from layout {setter(side, name)!r}, and this layout sets "
                f"{' and '.join(k for k, _ in odd)} without an anchor; write anchor: {anchor} to measure "
                f"from {edges}, or anchor: {fixed} to measure from {wanted}"), (anchor, fixed))
    return problems


def candidate_note(side: str, region: Region, others: Sequence[Region], width: float, height: float) -> str:
    """Where the undecided region would print at one of its anchors, and what it would lie over there
    (as overlap_problems judges it; a region printing on some cards only is named as such)."""
    over = []
    for other in others:
        if other.name == region.name or _allows(region, other) or _allows(other, region):
            continue
        if any(min(ra[2], rb[2]) - max(ra[0], rb[0]) > EPS_PT and min(ra[3], rb[3]) - max(ra[1], rb[1]) > EPS_PT
               for _, ra in reach(region, width, height) for _, rb in reach(other, width, height)):
            over.append(f"{other.kind} region {other.name!r}"
                        + (" (on cards that print it)" if conditional(side, other) else ""))
    x0, y0 = region.x_pt, region.y_pt
    span = _span((x0, y0, x0 + region.w_pt, y0 + region.h_pt))
    return f"puts it at {span}, " + (f"over {', '.join(over)}" if over else "clear of the other regions")


def deck_overlap_problems(deck_id: str, face: Sequence[Region], back: Sequence[Region], width: float, height: float,
                          own_file: str, cards: Iterable[Card], backs: Iterable[Back],
                          deck_at: Where) -> list[Problem]:
    """The pairs overlap_problems leaves to the deck (a region whose printing depends on the card):
    an error when some card of this deck prints both, naming the first such card.  A face is checked
    on cards (and the reverses of two-sided cards), a back on backs (the deck's and the cards' own).
    Said at the region in the layout's own file, else at deck_at (where the deck chose its layout)."""
    cards, backs = list(cards), list(backs)
    problems: list[Problem] = []
    for side, regions in (("face", face), ("back", back)):
        def pair(a: Region, b: Region, side: str = side) -> str | None:
            if not (conditional(side, a) or conditional(side, b)):
                return None          # checked with the layout, whatever the cards
            if side == "face":
                card = next((c for c in cards if prints_on(side, a, c) and prints_on(side, b, c)), None)
                return None if card is None else msg("layout.overlap_card", card=card.id, deck=deck_id)
            if any(prints_on(side, a, None, k) and prints_on(side, b, None, k) for k in backs):
                return msg("layout.overlap_backs", deck=deck_id)
            return None
        problems.extend(overlap_problems(side, regions, width, height, own_file, size_at=deck_at, pair=pair,
                                         entries=False))
    return problems
