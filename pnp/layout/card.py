"""Card templates → card plans: fits every text with the shared line breaker, checks glyphs."""
from __future__ import annotations

from dataclasses import replace

from ..data.model import Card, Deck, Game, Layout, Region
from ..errors import DataError, Problem
from ..text import fonts
from ..text.linebreak import TextDoesNotFit, break_text, fit_text
from ..units import to_mm
from .plan import Box, CardPlan, Item, Mark, Picture, PlacedLine, Rotated, Rule, TextBlock

ASCENT = 0.88   # first baseline sits this many ems below the top of a text box


class _Problems(list):
    def add(self, card_where, field: str, message: str) -> None:
        self.append(Problem(card_where.file, card_where.line, card_where.col, field, message,
                            cell=getattr(card_where, "cell", "")))


def _color(value: str | None, card: Card | None, deck: Deck) -> str | None:
    if value is None or value == "none":
        return None
    if value == "suit":
        return card.suit.color if card is not None and card.suit else "#444444"
    if value == "back":
        return deck.back.color
    return value


def ink_on(color: str) -> str:
    """Black or white, whichever reads on a background of color."""
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def blend(color: str | None, background: str, opacity: float) -> str | None:
    """Opacity as a solid colour mixed with the card background: no PDF transparency, which some
    print shops' RIPs flatten badly, and the same look on paper over the background."""
    if color is None or opacity >= 1:
        return color
    fg = [int(color[i:i + 2], 16) for i in (1, 3, 5)]
    bg = [int(background[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(f * opacity + b * (1 - opacity)):02x}" for f, b in zip(fg, bg))


def place_text(text: str, region: Region, *, color: str, problems: _Problems, where, label: str,
               default_font: str = "mincho") -> TextBlock | None:
    """Fit text into a region (shrinking down to min_size) and place its lines; report, never clip."""
    font = region.get("font", default_font)
    missing = fonts.missing_glyphs(text, font)
    if missing:
        chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
        problems.add(where, label, f"character {chars} is not in font {font}")
        return None
    size = region.get("size", 9.0)
    align = region.get("align", "left")
    try:
        fit = fit_text(text, region.w_pt, region.h_pt, fonts.measure, size_pt=size,
                       min_size_pt=region.get("min_size"), leading=region.get("leading", 1.4), font=font,
                       justify=(align == "justify"))
        max_lines = region.get("max_lines")
        while max_lines and len(fit.lines) > max_lines:
            # titles shrink rather than break mid-word; below min_size it is an error like any overflow
            smaller = fit.size_pt - 0.5
            if smaller < region.get("min_size", size) - 1e-9:
                raise TextDoesNotFit(fit.height_pt, region.h_pt, fit.size_pt)
            fit = fit_text(text, region.w_pt, region.h_pt, fonts.measure, size_pt=smaller,
                           min_size_pt=smaller, leading=region.get("leading", 1.4), font=font,
                           justify=(align == "justify"))
    except TextDoesNotFit as exc:
        problems.add(where, label, f"text does not fit region {region.name!r}: needs "
                                   f"{to_mm(exc.needed_height_pt):.1f} mm, has {to_mm(exc.available_height_pt):.1f} mm "
                                   f"at {exc.size_pt:g} pt")
        return None
    valign = region.get("valign", "top")
    top = region.y_pt
    if valign == "middle":
        top += (region.h_pt - fit.height_pt) / 2
    elif valign == "bottom":
        top += region.h_pt - fit.height_pt
    placed = []
    baseline = top + fit.size_pt * ASCENT
    for line in fit.lines:
        if align == "center":
            x = region.x_pt + (region.w_pt - line.width_pt) / 2
        elif align == "right":
            x = region.x_pt + region.w_pt - line.width_pt
        else:
            x = region.x_pt
        placed.append(PlacedLine(x, baseline, line))
        baseline += fit.leading_pt
    return TextBlock(tuple(placed), color, fit.size_pt)


def _card_text(region: Region, card: Card | None, deck: Deck, game: Game) -> str:
    if "text" in region.props:
        return region.props["text"]
    name = region.props["field"]
    if card is None:   # a back: game and deck names, as the deck's back says
        if name == "game_title":
            return deck.back.title or game.title
        if name == "deck_name":
            return deck.back.subtitle or deck.name
        return ""
    return card.field_text(name, deck, game.title)


def plan_side(game: Game, deck: Deck, card: Card | None, problems: _Problems) -> CardPlan:
    layout: Layout = deck.layout
    side = "face" if card is not None else "back"
    regions = layout.face if card is not None else layout.back
    where = card.where if card is not None else deck.where
    items: list[Item] = []
    texts: list[str] = []
    for region in regions:
        kind = region.kind
        opacity = region.get("opacity", 1.0)
        fill = blend(_color(region.get("fill"), card, deck), layout.background, opacity)
        stroke = blend(_color(region.get("stroke"), card, deck), layout.background, opacity)
        opacity = 1.0
        if kind in ("band", "rect"):
            x, y, w, h = region.x_pt, region.y_pt, region.w_pt, region.h_pt
            if region.get("bleed"):   # stretch edges that touch the trim out to the bleed line
                b = layout.bleed_pt
                x0 = x - b if x <= 0.01 else x
                y0 = y - b if y <= 0.01 else y
                x1 = x + w + b if x + w >= layout.width_pt - 0.01 else x + w
                y1 = y + h + b if y + h >= layout.height_pt - 0.01 else y + h
                x, y, w, h = x0, y0, x1 - x0, y1 - y0
            items.append(Box(x, y, w, h, fill=fill, stroke=stroke, stroke_width=region.get("stroke_width", 0.5),
                             radius=region.get("radius", 0.0), opacity=opacity))
        elif kind == "frame":
            items.append(Box(region.x_pt, region.y_pt, region.w_pt, region.h_pt, fill=None,
                             stroke=stroke or "#444444", stroke_width=region.get("stroke_width", 0.5),
                             radius=region.get("radius", 0.0), opacity=opacity))
        elif kind == "line":
            items.append(Rule(region.x_pt, region.y_pt, region.x_pt + region.w_pt, region.y_pt + region.h_pt,
                              stroke or "#444444", region.get("stroke_width", 0.5)))
        elif kind == "mark":
            if card is not None and card.suit is not None:
                size = min(region.w_pt, region.h_pt)
                items.append(Mark(card.suit.mark, region.x_pt + region.w_pt / 2, region.y_pt + region.h_pt / 2,
                                  size, fill or card.suit.color))
        elif kind == "badge":
            if card is not None and card.provisional and not game.final:
                items.extend(_badge(region, fill or PROPOSAL_RED, problems, where))
        elif kind == "image":
            path = card.image if card is not None else deck.back.image
            if path is not None:
                items.append(Picture(path, region.x_pt, region.y_pt, region.w_pt, region.h_pt))
        elif kind in ("text", "index", "pips"):
            text = _card_text(region, card, deck, game)
            label = f"{region.props.get('field', 'text')}"
            if not text:
                if not region.get("optional") and card is not None:
                    problems.add(where, label, f"field {label!r} is empty but region {region.name!r} needs it")
                continue
            color = _color(region.get("color", "#000000"), card, deck) or "#000000"
            if kind == "pips":
                group = _pips(text, region, problems, where, label)
                if group:
                    items.extend(group)
                    texts.append(text)
                continue
            if kind == "text":
                block = place_text(text, region, color=color, problems=problems, where=where, label=label)
                if block:
                    items.append(block)
                    texts.append(text)
            else:
                group = _index(text, region, card, color, problems, where, label)
                if group:
                    items.extend(group)
                    texts.append(text)
                    if region.get("rotate_copy"):
                        items.append(Rotated(180.0, layout.width_pt / 2, layout.height_pt / 2, tuple(group)))
    return CardPlan(deck.id, card.id if card is not None else "", side, layout.width_pt, layout.height_pt,
                    layout.bleed_pt, layout.corner_radius_pt, layout.background, tuple(items), tuple(texts))


PROPOSAL_RED = "#a4451f"   # the colour of pnp's proposals, in print as in the rulebook
BADGE_TEXT = "（仮）"


def _badge(region: Region, fill: str, problems: _Problems, where) -> list[Item]:
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


def _index(text: str, region: Region, card: Card | None, color: str, problems: _Problems, where,
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
    if mark_size:
        used = block.lines[-1].baseline + block.size_pt * 0.2
        items.append(Mark(card.suit.mark, region.x_pt + region.w_pt / 2, used + gap + mark_size / 2, mark_size,
                          color, 1.0))
    return items


def _pips(text: str, region: Region, problems: _Problems, where, label: str) -> list[Item] | None:
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
        problems.add(where, label, f"character {', '.join(map(repr, missing))} is not in font {font}")
        return None
    items: list[Item] = []
    x, top = region.x_pt, region.y_pt + (region.h_pt - size) / 2
    char_size = size * 0.62
    for ch in chars:
        fill = colors[ch]
        items.append(Box(x, top, size, size, fill=fill, stroke="#333333", stroke_width=0.5, radius=size / 2))
        line = break_text(ch, font, char_size, size * 2, fonts.measure)[0]
        items.append(TextBlock((PlacedLine(x + (size - line.width_pt) / 2, top + size / 2 + char_size * 0.35, line),),
                               ink_on(fill), char_size))
        x += size + gap
    return items


def plan_deck(game: Game, deck: Deck) -> tuple[dict[str, CardPlan], CardPlan]:
    """Plans for every distinct face of a deck and its back; all problems raised together."""
    problems = _Problems()
    faces = {card.id: plan_side(game, deck, card, problems) for card in deck.cards}
    back = plan_side(game, deck, None, problems)
    if problems:
        raise DataError(list(problems))
    return faces, back
