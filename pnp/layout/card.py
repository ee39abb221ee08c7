"""Card templates → card plans: each region of a side planned by its kind (boxes, marks, pictures, slots,
pips, corner indexes, texts).  Card text's inline markup (pnp.text.inline: ruby, bold, colour, icons) is
read here; pnp.layout.textblock fits and places it with the shared line breaker."""
from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..data.model import Back, Card, Deck, Game, Icon, Layout, Region, Where
from ..errors import DataError, PnpError, Problem
from ..messages import did_you_mean, msg
from ..text import fonts
from ..text.inline import Inline, parse_inline, plain_text
from ..text.linebreak import break_text
from ..units import to_mm
from .plan import BleedArt, Box, CardPlan, Item, Mark, Picture, PlacedLine, Rotated, Rule, TextBlock
from .textblock import place_text as place_text  # the parts' sheets set their texts with it too


class _Problems(list[Problem]):
    def add(self, card_where: Where, field: str, message: str) -> None:
        self.append(Problem(card_where.file, card_where.line, card_where.col, field, message,
                            cell=getattr(card_where, "cell", "")))


def _color(value: str | None, card: Card | None, deck: Deck, back: Back | None = None) -> str | None:
    if value is None or value == "none":
        return None
    if value == "suit":
        return card.suit.color if card is not None and card.suit else "#444444"
    if value == "back":
        return (back or deck.back).color
    return value


def ink_on(color: str) -> str:
    """Black or white, whichever reads on a background of color."""
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


@functools.lru_cache(maxsize=1024)      # a deck's regions blend the same few colours on every card
def blend(color: str | None, background: str, opacity: float) -> str | None:
    """Opacity as a solid colour mixed with the card background: no PDF transparency, which some
    print shops' RIPs flatten badly, and the same look on paper over the background."""
    if color is None or opacity >= 1:
        return color
    fg = [int(color[i:i + 2], 16) for i in (1, 3, 5)]
    bg = [int(background[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(f * opacity + b * (1 - opacity)):02x}" for f, b in zip(fg, bg))


def card_icons(game: Game, deck: Deck) -> dict[str, Icon]:
    """The icons card text may use: the layout's, and the game's over them."""
    return {**deck.layout.icons, **game.icons}


def _markup(text: str, region: Region, card: Card | None, deck: Deck, game: Game, problems: _Problems,
            where: Where, label: str) -> Inline | None:
    """Card text → runs; each markup problem reported at its own line and column in the data."""
    runs, errors = parse_inline(text, icons=card_icons(game, deck), colors=deck.layout.styles)
    if not errors:
        return runs
    if "text" in region.props or card is None:     # the layout's own text
        spot, fld = region.where, f"{region.name}.text"
    else:
        spot, fld = card.spots.get(label, where), label
    for e in errors:
        if spot.cell:     # a spreadsheet cell: the cell, and how far into it
            problems.append(Problem(spot.file, spot.line, spot.col, fld,
                                    f"{e.message} (character {e.offset + 1} of the cell)", cell=spot.cell))
            continue
        before = text[:e.offset]
        if "\n" in before:   # a block scalar: its lines start at the same indentation
            line, col = spot.line + before.count("\n"), spot.col + e.offset - before.rfind("\n") - 1
        else:
            line, col = spot.line, spot.col + e.offset
        problems.append(Problem(spot.file, line, col, fld, e.message))
    return None


def _card_text(region: Region, card: Card | None, deck: Deck, game: Game, back: Back | None = None) -> str:
    if "text" in region.props:
        fixed: str = region.props["text"]
        return fixed
    name = region.props["field"]
    if card is None:   # a back: game and deck names, as the deck's (or the card's own) back says
        back = back or deck.back
        if name == "game_title":
            return back.title or game.title
        if name == "deck_name":
            return back.subtitle or deck.name
        return ""
    return card.field_text(name, deck, game.title)


def _to_bleed(region: Region, layout: Layout) -> tuple[float, float, float, float]:
    """The region's box; with bleed: true, its edges that touch the trim stretched out to the bleed
    line (a band or full-bleed art runs off the cut)."""
    x, y, w, h = region.x_pt, region.y_pt, region.w_pt, region.h_pt
    if not region.get("bleed"):
        return x, y, w, h
    b = layout.bleed_pt
    x0 = x - b if x <= 0.01 else x
    y0 = y - b if y <= 0.01 else y
    x1 = x + w + b if x + w >= layout.width_pt - 0.01 else x + w
    y1 = y + h + b if y + h >= layout.height_pt - 0.01 else y + h
    return x0, y0, x1 - x0, y1 - y0


def _bleed_art(region: Region, layout: Layout, kind: str, fill: str | None = None) -> BleedArt | None:
    """What a bleed: true region that touches the trim promises the print: ink up to the bleed line
    on those sides (None for a region that touches no side of the trim, or has no bleed)."""
    if not region.get("bleed"):
        return None
    x, y, w, h = region.x_pt, region.y_pt, region.w_pt, region.h_pt
    touching = {"l": x <= 0.01, "t": y <= 0.01, "r": x + w >= layout.width_pt - 0.01,
                "b": y + h >= layout.height_pt - 0.01}
    sides = "".join(s for s, on in touching.items() if on)
    if not sides:
        return None
    x0, y0, bw, bh = _to_bleed(region, layout)
    return BleedArt(region.name, kind, (x0, y0, x0 + bw, y0 + bh), sides, fill)


def plan_side(game: Game, deck: Deck, card: Card | None, problems: _Problems, back: Back | None = None,
              side: str | None = None, layout_of: Layout | None = None) -> CardPlan:
    """One side of a card: card given, its face (or, side="back", the reverse of a two-sided card,
    laid out with the face's regions); card None, a back (back: the card's own, else the deck's).
    A card's own layout (card.layout; for a back, layout_of) replaces the deck's, its icons and
    styles with it.  Each region is planned by its kind (_REGION_PLANNERS)."""
    own = card.layout if card is not None else layout_of
    if own is not None:
        deck = replace(deck, layout=own)
    layout: Layout = deck.layout
    planning = _Side(game, deck, card, back or deck.back, layout, problems,
                     card.where if card is not None else deck.where)
    for region in layout.face if card is not None else layout.back:
        planner = _REGION_PLANNERS.get(region.kind)
        if planner is not None:
            planner(planning, region)
    return CardPlan(deck.id, card.id if card is not None else "", side or ("face" if card is not None else "back"),
                    layout.width_pt, layout.height_pt, layout.bleed_pt, layout.corner_radius_pt, layout.background,
                    tuple(planning.items), tuple(planning.texts), tuple(planning.bleeds))


@dataclass
class _Side:
    """One side being planned: what its regions read, and what they add (drawn items, the texts set,
    the bleed each bleed: true region promises)."""

    game: Game
    deck: Deck
    card: Card | None
    back: Back
    layout: Layout
    problems: _Problems
    where: Where
    items: list[Item] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    bleeds: list[BleedArt] = field(default_factory=list)

    def color(self, value: str | None) -> str | None:
        return _color(value, self.card, self.deck, self.back)

    def paint(self, region: Region, key: str) -> str | None:
        """The region's fill or stroke, its opacity blended with the card's background (drawn solid)."""
        return blend(self.color(region.get(key)), self.layout.background, region.get("opacity", 1.0))


def _plan_box(side: _Side, region: Region) -> None:
    """band, rect: a filled box, out to the bleed line where bleed: true and it touches the trim."""
    fill, stroke = side.paint(region, "fill"), side.paint(region, "stroke")
    x, y, w, h = _to_bleed(region, side.layout)
    side.items.append(Box(x, y, w, h, fill=fill, stroke=stroke, stroke_width=region.get("stroke_width", 0.5),
                          radius=region.get("radius", 0.0), opacity=1.0))
    art = _bleed_art(region, side.layout, "fill", fill) if fill else None
    if art is not None:
        side.bleeds.append(art)


def _plan_frame(side: _Side, region: Region) -> None:
    side.items.append(Box(region.x_pt, region.y_pt, region.w_pt, region.h_pt, fill=None,
                          stroke=side.paint(region, "stroke") or "#444444",
                          stroke_width=region.get("stroke_width", 0.5), radius=region.get("radius", 0.0),
                          opacity=1.0))


def _plan_line(side: _Side, region: Region) -> None:
    side.items.append(Rule(region.x_pt, region.y_pt, region.x_pt + region.w_pt, region.y_pt + region.h_pt,
                           side.paint(region, "stroke") or "#444444", region.get("stroke_width", 0.5)))


def _plan_mark(side: _Side, region: Region) -> None:
    """The card's suit mark, centred in the region (nothing on a back or a card without a suit)."""
    card = side.card
    if card is not None and card.suit is not None:
        size = min(region.w_pt, region.h_pt)
        side.items.append(Mark(card.suit.mark, region.x_pt + region.w_pt / 2, region.y_pt + region.h_pt / 2,
                               size, side.paint(region, "fill") or card.suit.color))


def _plan_badge(side: _Side, region: Region) -> None:
    """（仮） on a card pnp proposed, until the game is final."""
    card = side.card
    if card is not None and card.provisional and not side.game.final:
        side.items.extend(_badge(region, side.paint(region, "fill") or PROPOSAL_RED, side.problems, side.where))


def _plan_image(side: _Side, region: Region) -> None:
    card, layout = side.card, side.layout
    placed = _image(region, layout, card, side.back, side.game, side.deck, side.problems, side.where)
    side.items.extend(placed)
    art = _bleed_art(region, layout, "image") if any(isinstance(i, Picture) for i in placed) else None
    if art is None:
        return
    side.bleeds.append(art)
    bare = _contain_leaves_bare(placed, art)
    if bare:
        label = str(region.props.get("field", "image"))
        side.problems.add(card.spots.get(label, side.where) if card is not None else side.where, label,
                          f"image region {region.name!r} has bleed: true, but fit: contain leaves the bleed "
                          f"bare on the {bare}: the picture's shape is not the box's (use fit: cover or "
                          f"stretch, or a picture of the box's proportions)")


def _plan_slots(side: _Side, region: Region) -> None:
    if side.card is not None:
        group = _slots(region, side.card, card_icons(side.game, side.deck), side.problems, side.where)
        if group:
            side.items.extend(group)


def _plan_text(side: _Side, region: Region) -> None:
    """text, index, pips: the region's text (its field's value, or the layout's own), set by its kind."""
    found = _region_text(side, region)
    if found is None:
        return
    text, label, at = found
    color = side.color(region.get("color", "#000000")) or "#000000"
    if region.kind == "pips":
        group = _pips(text, region, side.problems, at, label)
    elif region.kind == "text":
        text, group = _set_text(side, region, text, label, at, color)
    else:
        group = _index(text, region, side.card, color, side.problems, at, label)
        if group and region.get("rotate_copy"):
            layout = side.layout
            group = [*group, Rotated(180.0, layout.width_pt / 2, layout.height_pt / 2, tuple(group))]
    if group:
        side.items.extend(group)
        side.texts.append(text)


def _region_text(side: _Side, region: Region) -> tuple[str, str, Where] | None:
    """(text, label, where a problem with it is said) of a text, index or pips region; None when there is
    nothing to set: its field is damaged (said where the data was read), empty (said unless optional), or
    a value with no entry in the region's values: (said)."""
    card = side.card
    text = _card_text(region, card, side.deck, side.game, side.back)
    label = f"{region.props.get('field', 'text')}"
    at = side.where         # a problem of a card's field is said at the cell or line that holds it
    if card is not None and "field" in region.props:
        if label in card.damaged or label.split(".")[0] in card.damaged:
            return None     # its data's problem is said where the data was read: nothing to lay out
        at = card.spots.get(label, side.where)
    values = region.get("values")
    if values and text:
        if text not in values:
            side.problems.add(at, label, f"no entry for {text!r} in values: of region {region.name!r} "
                                         f"(values: {', '.join(values)})")
            return None
        text = values[text]
    if not text:
        if not region.get("optional") and card is not None:
            side.problems.add(side.where, label, msg("layout.field_empty", field=label, region=region.name))
        return None
    return text, label, at


def _set_text(side: _Side, region: Region, text: str, label: str, at: Where,
              color: str) -> tuple[str, list[Item] | None]:
    """A text region: its markup read, fitted in its box (turned by rotate:), as (the text it sets, items)."""
    runs = None
    if region.get("markup", True):
        runs = _markup(text, region, side.card, side.deck, side.game, side.problems, side.where, label)
        if runs is None:
            return text, None
        text = plain_text(runs)
    turn = int(region.get("rotate", 0)) % 360
    block = place_text(text, turned_box(region, turn), color=color, problems=side.problems, where=at,
                       label=label, runs=runs, icons=card_icons(side.game, side.deck),
                       hang_room=_hang_room(region, turn, side.layout))
    if block is None:
        return text, None
    return text, [Rotated(-float(turn), region.x_pt + region.w_pt / 2, region.y_pt + region.h_pt / 2, (block,))
                  if turn else block]


_REGION_PLANNERS: dict[str, Callable[[_Side, Region], None]] = {
    "band": _plan_box, "rect": _plan_box, "frame": _plan_frame, "line": _plan_line, "mark": _plan_mark,
    "badge": _plan_badge, "image": _plan_image, "slots": _plan_slots,
    "text": _plan_text, "index": _plan_text, "pips": _plan_text,
}


def _image(region: Region, layout: Layout, card: Card | None, back: Back, game: Game, deck: Deck,
           problems: _Problems, where: Where) -> list[Item]:
    """An image region: the picture of the card's image: (a back's, on a back), or with field:
    fields.NAME the picture that column names (a file beside the deck, resolved when the deck
    loaded) or the icon it names (:name:).  Wherever the file comes from, it is placed the same
    way: in the region's box, stretched out to the bleed line on the edges that touch the trim when
    bleed: true, and fitted by fit: (contain, cover or stretch).  An icon without a picture (a
    drawn shape) is drawn as large as the region's shorter side, centred."""
    fit = region.get("fit", "contain")
    box = _to_bleed(region, layout)
    if "field" not in region.props or card is None:
        path = card.image if card is not None else back.image
        return [] if path is None else [Picture(path, *box, layout.background, fit=fit)]
    name = region.props["field"]
    value = str(card.fields.get(name[7:], "") or "").strip()
    if not value:
        if not region.get("optional"):
            problems.add(where, name, f"field {name!r} is empty but image region {region.name!r} needs it "
                                      "(a picture file or an :icon:; optional: true to leave it blank)")
        return []
    if value.startswith(":") and value.endswith(":"):
        icons = card_icons(game, deck)
        icon = icons.get(value[1:-1])
        if icon is None:
            problems.add(where, name, f"no icon {value} for image region {region.name!r} "
                                      f"(icons: {', '.join(sorted(icons)) or 'none'})")
            return []
        if icon.image is not None:
            return [Picture(icon.image, *box, layout.background, fit=fit)]
        d = min(region.w_pt, region.h_pt)
        return [Mark(icon.shape or "circle", region.x_pt + region.w_pt / 2, region.y_pt + region.h_pt / 2, d,
                     icon.color)]
    path = card.images.get(name[7:])
    if path is None:          # the loader reported why (not found, outside the folder, not an image)
        return []
    return [Picture(path, *box, layout.background, fit=fit)]


def _pixel_size(path: Path) -> tuple[int, int] | None:
    """A picture's width and height in pixels, from its header (the loader has checked the file); kept
    per file version, so a picture replaced under pnp watch is measured again."""
    try:
        st = path.stat()
    except OSError:
        return None
    return _header_size(str(path), st.st_mtime_ns, st.st_size, st.st_ino)


@functools.lru_cache(maxsize=512)
def _header_size(path: str, _mtime_ns: int, _size: int, _inode: int) -> tuple[int, int] | None:
    from PIL import Image
    try:
        with Image.open(path) as im:
            return im.size
    except (OSError, ValueError):
        return None


def _contain_leaves_bare(placed: list[Item], art: BleedArt) -> str:
    """The trim's sides (as words) where a fit: contain picture stops short of the bleed line it promises
    (the read-back would refuse the print): said at layout time, with the fix, not after the drawing."""
    pic = next((i for i in placed if isinstance(i, Picture)), None)
    if pic is None or pic.fit != "contain":
        return ""
    size = _pixel_size(Path(pic.path))
    if size is None or not size[0] or not size[1]:
        return ""
    k = min(pic.w / size[0], pic.h / size[1])
    w, h = size[0] * k, size[1] * k
    x0, y0 = pic.x + (pic.w - w) / 2, pic.y + (pic.h - h) / 2
    short = {"l": x0 - pic.x, "t": y0 - pic.y, "r": (pic.x + pic.w) - (x0 + w), "b": (pic.y + pic.h) - (y0 + h)}
    names = {"l": "left", "t": "top", "r": "right", "b": "bottom"}
    return ", ".join(f"{names[s]} ({to_mm(short[s]):.1f} mm)" for s in art.sides if short[s] > 0.05 * 72 / 25.4)


def _hang_room(region: Region, turn: int, layout: Layout) -> float:
    """How much of a hanging 、。's advance may stand past the ends of the region's lines and stay in
    the card's safe area, as the print check measures it: the ink half of the advance on a line
    across the card (its line end is the region's right edge, or its left one turned 180°); the
    whole advance on a line turned along it (the bottom edge for 90°, the top one for 270°)."""
    safe = layout.safe_pt
    if turn == 90:
        return layout.height_pt - safe - (region.y_pt + region.h_pt)
    if turn == 270:
        return region.y_pt - safe
    room = region.x_pt - safe if turn == 180 else layout.width_pt - safe - (region.x_pt + region.w_pt)
    return 2 * room


def turned_box(region: Region, turn: int) -> Region:
    """The box a text region turned turn degrees clockwise (rotate: 90, 180 or 270) is fitted and
    line-broken in: its own box, turned a quarter about its centre for 90 and 270 (the lines run
    along the region's height).  The text is then turned into the region's box on the card."""
    if turn % 180 == 0:
        return region
    cx, cy = region.x_pt + region.w_pt / 2, region.y_pt + region.h_pt / 2
    return replace(region, x_pt=cx - region.h_pt / 2, y_pt=cy - region.w_pt / 2, w_pt=region.h_pt,
                   h_pt=region.w_pt)


PROPOSAL_RED = "#a4451f"   # the colour of pnp's proposals, in print as in the rulebook
BADGE_TEXT = "（仮）"


def _badge(region: Region, fill: str, problems: _Problems, where: Where) -> list[Item]:
    """The （仮） mark of a card pnp proposed: a filled tag with the word in the paper's colour, so it
    reads in greyscale too and extracts as text from the PDF."""
    text = region.get("text", BADGE_TEXT)
    pad = min(region.h_pt * 0.12, 1.5)
    inner = replace(region, x_pt=region.x_pt + pad, y_pt=region.y_pt + pad, w_pt=region.w_pt - 2 * pad,
                    h_pt=region.h_pt - 2 * pad,
                    props={"font": "gothic-bold", "size": region.get("size", 7.0), "min_size": region.get("min_size", 4.5),
                           "align": "center", "valign": "middle", "leading": 1.0, "max_lines": 1, **region.props})
    block = place_text(text, inner, color=ink_on(fill), problems=problems, where=where, label="badge",
                       default_font="gothic-bold")
    if block is None:
        return []
    return [Box(region.x_pt, region.y_pt, region.w_pt, region.h_pt, fill=fill, stroke=None, stroke_width=0.0,
                radius=region.get("radius", 1.0), opacity=1.0), block]


_TURNED = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}


def turns_into_another_number(text: str) -> bool:
    """True when the value, turned 180° (the corner index's copy), reads as a different number: 6 ↔ 9,
    16 ↔ 91, 61 ↔ 19 … (not 69 or 8, which read the same, nor 10, which would read 01)."""
    if not text or any(ch not in _TURNED for ch in text):
        return False
    turned = "".join(_TURNED[ch] for ch in reversed(text))
    return turned != text and not (len(turned) > 1 and turned.startswith("0"))


def _index(text: str, region: Region, card: Card | None, color: str, problems: _Problems, where: Where,
           label: str) -> list[Item] | None:
    """Corner index: the value on top, the suit mark under it."""
    mark_size = region.get("mark_size", 0.0) if card is not None and card.suit else 0.0
    gap = mark_size * 0.15
    value_region = replace(region, h_pt=region.h_pt - mark_size - gap,
                           props={**region.props, "align": "center", "valign": "top", "leading": 1.0})
    block = place_text(text, value_region, color=color, problems=problems, where=where, label=label,
                       default_font="gothic-bold")
    if block is None:
        return None
    items: list[Item] = [block]
    if turns_into_another_number(text):   # 6 and 9, 16 and 91 …: a rule under the value, as on playing cards
        last = block.lines[-1]
        y = last.baseline + block.size_pt * 0.1
        items.append(Rule(last.x, y, last.x + last.line.width_pt, y, color, max(0.6, block.size_pt * 0.07)))
    if mark_size and card is not None and card.suit is not None:
        used = block.lines[-1].baseline + block.size_pt * 0.2
        items.append(Mark(card.suit.mark, region.x_pt + region.w_pt / 2, used + gap + mark_size / 2, mark_size,
                          color, 1.0))
    return items


def slot_units(region: Region, card: Card) -> list[str] | str:
    """The boxes a slots region draws for a card: one per unit of a rules number (a track; each ''),
    or one per unit of each entry of a rules mapping (cube slots; each the entry's name).  A str is
    the problem when the rule is missing or not a count."""
    name = region.props.get("field", "")
    if not name.startswith("rules."):
        return f"slots region {region.name!r} reads a rules.NAME field, not {name!r}"
    value = card.rules.get(name[6:])
    if isinstance(value, bool) or value is None:
        return f"card has no rules.{name[6:]} count for slots region {region.name!r}"
    if isinstance(value, int):
        return [""] * value
    if isinstance(value, Mapping) and all(isinstance(n, int) and not isinstance(n, bool) for n in value.values()):
        return [str(k) for k, n in value.items() for _ in range(n)]
    return f"rules.{name[6:]} is neither a count nor a mapping of counts (slots region {region.name!r})"


def _slots(region: Region, card: Card, icons: Mapping[str, Icon], problems: _Problems,
           where: Where) -> list[Item] | None:
    """Boxes in rows (a damage or inventory track, or a mission's cube slots), numbered; the last box
    can carry a word and a tint (the box that kills).  Entries with an icon show it."""
    label = region.props.get("field", "")
    units = slot_units(region, card)
    if isinstance(units, str):
        problems.add(where, label, units)
        return None
    size = region.get("slot_size", region.h_pt)
    gap = size * 0.12
    per_row = max(1, int((region.w_pt + gap) // (size + gap)))
    rows = -(-len(units) // per_row) if units else 0
    if rows * size + (rows - 1) * gap > region.h_pt + 0.01:
        problems.add(where, label, f"{len(units)} slots of {to_mm(size):.1f} mm do not fit region {region.name!r} "
                                   f"({per_row} a row, {rows} rows)")
        return None
    stroke = region.get("stroke") or "#333333"
    items: list[Item] = []
    for i, unit in enumerate(units):
        x = region.x_pt + (i % per_row) * (size + gap)
        y = region.y_pt + (i // per_row) * (size + gap)
        last = i == len(units) - 1 and (region.get("last_label") or region.get("last_fill"))
        fill = region.get("last_fill") if last and region.get("last_fill") else region.get("fill", "#ffffff")
        items.append(Box(x, y, size, size, fill=fill, stroke=stroke, stroke_width=region.get("stroke_width", 0.8),
                         radius=region.get("radius", size * 0.12)))
        icon = icons.get(unit) if unit else None
        if unit and icon is None:
            problems.add(where, label, f"no icon :{unit}: for slot {unit!r} in region {region.name!r} "
                                       f"(icons: {', '.join(sorted(icons)) or 'none'})")
            return None
        if icon is not None and icon.shape:   # in the icon's own colour: the same mark as in card text and on tokens
            items.append(Mark(icon.shape, x + size / 2, y + size / 2, size * 0.5, icon.color))
        num_size = max(5.0, size * 0.26)
        word = region.get("last_label") if last and region.get("last_label") else str(i + 1)
        font = region.get("font", "gothic-bold")
        line = break_text(word, font, num_size, size * 2, fonts.measure)[0]
        ink = ink_on(fill) if fill else "#000000"
        items.append(TextBlock((PlacedLine(x + size * 0.08, y + num_size * 1.0, line),),
                               ink if last else region.get("color", "#555555"), num_size, box=(x, y, size, size)))
    return items


def _pips(text: str, region: Region, problems: _Problems, where: Where, label: str) -> list[Item] | None:
    """Each character a disc in its colour (cost pips), left to right, the character inside."""
    colors = region.get("pip_colors") or {}
    chars = [ch for ch in text if not ch.isspace()]
    unknown = sorted({ch for ch in chars if ch not in colors})
    if unknown:
        problems.add(where, label, f"no pip colour for {', '.join(map(repr, unknown))} in region {region.name!r} "
                                   f"(pip_colors: {''.join(colors) or 'none'})")
        return None
    size = min(region.h_pt, region.get("mark_size", region.h_pt))
    gap = size * 0.18
    if len(chars) * size + (len(chars) - 1) * gap > region.w_pt + 0.01:
        problems.add(where, label, f"{len(chars)} pips do not fit region {region.name!r}")
        return None
    font = region.get("font", "gothic-bold")
    missing = fonts.missing_glyphs("".join(chars), font)
    if missing:
        problems.add(where, label, msg("layout.glyph_missing", chars=", ".join(map(repr, missing)), font=font))
        return None
    items: list[Item] = []
    x, top = region.x_pt, region.y_pt + (region.h_pt - size) / 2
    char_size = size * 0.62
    for ch in chars:
        fill = colors[ch]
        items.append(Box(x, top, size, size, fill=fill, stroke="#333333", stroke_width=0.5, radius=size / 2))
        line = break_text(ch, font, char_size, size * 2, fonts.measure)[0]
        items.append(TextBlock((PlacedLine(x + (size - line.width_pt) / 2, top + size / 2 + char_size * 0.35, line),),
                               ink_on(fill), char_size, box=(x, top, size, size)))
        x += size + gap
    return items


class DeckPlans(tuple[dict[str, CardPlan], CardPlan]):
    """(faces, back) — unpacks as it always has — plus backs: the back side of every card by id
    (the deck's back plan itself where a card has no back of its own) and whether any differs."""

    backs: dict[str, CardPlan]

    def __new__(cls, faces: dict[str, CardPlan], back: CardPlan, backs: dict[str, CardPlan]) -> DeckPlans:
        self = super().__new__(cls, (faces, back))
        self.backs = backs
        return self

    @property
    def uniform_back(self) -> bool:
        return all(plan is self[1] for plan in self.backs.values())


# The decks planned last, by identity: one build plans each deck for its sheets, and the rulebook plans
# every deck again for its figures and marks on each of its layout passes.  The model is frozen, so the
# same (game, deck) objects always give the same plans.
_RECENT: list[tuple[Game, Deck, DeckPlans]] = []
_RECENT_SIZE = 32


def plan_deck(game: Game, deck: Deck) -> DeckPlans:
    """Plans for every distinct face of a deck, its back, and each card's back side (a card's own
    back, or the other side of a two-sided card); all problems raised together."""
    for g, d, plans in _RECENT:
        if g is game and d is deck:
            return plans
    if deck.layout.stand_in:    # Game.unlaid: the loader keeps such decks out of game.decks
        raise PnpError(msg("layout.deck_not_planned", deck=deck.id, layout=deck.layout.id))
    plans = _plan_deck(game, deck)
    _RECENT.append((game, deck, plans))
    del _RECENT[:-_RECENT_SIZE]
    return plans


def _plan_deck(game: Game, deck: Deck) -> DeckPlans:
    problems = _Problems()
    faces = {card.id: plan_side(game, deck, card, problems) for card in deck.cards}
    back = plan_side(game, deck, None, problems)
    backs: dict[str, CardPlan] = {}
    # one plan per distinct back (and the layout it is drawn with), drawn once, placed often
    own: dict[tuple[Back, str], CardPlan] = {(deck.back, deck.layout.id): back}
    for card in deck.cards:
        if deck.two_sided and card.reverse is not None:
            backs[card.id] = plan_side(game, deck, card.reverse, problems, side="back")
        else:
            b = deck.back_of(card)
            key = (b, (card.layout or deck.layout).id)
            if key not in own:
                own[key] = plan_side(game, deck, None, problems, back=b, layout_of=card.layout)
            backs[card.id] = own[key]
    if problems:
        raise DataError(_empty_everywhere(deck, list(problems)))
    # Backs drawn alike are one back, whichever layout or back: drew them (every row of a spreadsheet
    # naming a layout of its own whose back is the deck's): the shop file then holds one back page, not
    # one a card.  When every card has the same back, that back is the deck's.
    distinct: list[CardPlan] = [back]
    for card_id, plan in backs.items():
        if plan.card_id:      # the other side of a two-sided card: content of its own
            continue
        same = next((d for d in distinct if d is plan or d == plan), None)
        if same is None:
            distinct.append(plan)
        else:
            backs[card_id] = same
    shared = {id(plan): plan for plan in backs.values()}
    if len(shared) == 1 and not next(iter(shared.values())).card_id:
        back = next(iter(shared.values()))
    return DeckPlans(faces, back, backs)


def _empty_everywhere(deck: Deck, problems: list[Problem]) -> list[Problem]:
    """A region whose field no card of the deck fills is the layout's (or a missing column's) problem:
    said once, at the region, instead of once on every card."""
    if len(deck.cards) < 2:
        return problems
    out = [p for p in problems]
    for region in deck.layout.face:
        field_name = region.props.get("field")
        if field_name is None:
            continue
        message = msg("layout.field_empty", field=field_name, region=region.name)
        alike = [p for p in out if p.message == message]
        if len(alike) < len(deck.cards):
            continue
        out = [p for p in out if p.message != message]
        written = {k for c in deck.cards for k in c.fields}
        out.append(region.where.problem(f"{region.name}.field", msg("layout.field_empty_everywhere", field=field_name,
                                                                    deck=deck.name, cards=deck.file, region=region.name,
                                                                    hint=did_you_mean(field_name, written))))
    return out
