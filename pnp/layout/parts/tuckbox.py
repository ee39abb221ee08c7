"""Tuck boxes: the net of a box that holds a deck, sized to the cards and their thickness."""
from __future__ import annotations

import math
from dataclasses import dataclass

from ...data.model import Game
from ...data.parts import TuckBox
from ...messages import did_you_mean, msg
from ...units import mm, to_mm
from ..card import ink_on
from ..plan import Box, Rotated, Rule
from .common import (
    CUT,
    CUT_W,
    FOLD,
    FOLD_DASH,
    GLUE,
    Drawn,
    Polygon,
    RawItems,
    Room,
    SheetBody,
    Writer,
    pack_pieces,
    shift,
)


def _arc(cx: float, cy: float, r: float, start: float, end: float, steps: int = 10) -> list[tuple[float, float]]:
    """Points along a circle's arc (degrees, y down: 0 is +x, 90 is +y), start and end included."""
    return [(cx + r * math.cos(math.radians(start + (end - start) * k / steps)),
             cy + r * math.sin(math.radians(start + (end - start) * k / steps))) for k in range(steps + 1)]


@dataclass(frozen=True)
class TuckNet:
    """A reverse-tuck-end box's net, every length in points: W × H the front and back panels, D the
    sides (the box's depth), T the tuck flaps, G the glue flap; panels left to right are front,
    side, back, side, glue flap; the top lid and its tuck hang from the back, the bottom lid and its
    tuck from the front, a dust flap from each side at both ends."""

    W: float
    H: float
    D: float
    T: float
    G: float
    cards: int

    @property
    def y0(self) -> float:       # the top of the body (the panels' top edge)
        return self.D + self.T

    @property
    def width(self) -> float:
        return 2 * self.W + 2 * self.D + self.G

    @property
    def notch(self) -> float:    # the radius of the thumb notch in the front's top edge
        return min(self.W * 0.16, mm(10))

    @property
    def height(self) -> float:
        return self.H + 2 * (self.D + self.T)

    def panels(self) -> dict[str, tuple[float, float, float, float]]:
        """Each printed face: (x, y, w, h) in the net."""
        W, H, D, y0 = self.W, self.H, self.D, self.y0
        return {"front": (0.0, y0, W, H), "right": (W, y0, D, H), "back": (W + D, y0, W, H),
                "left": (2 * W + D, y0, D, H), "glue": (2 * W + 2 * D, y0, self.G, H),
                "top": (W + D, y0 - D, W, D), "bottom": (0.0, y0 + H, W, D)}

    def outline(self) -> list[tuple[float, float]]:
        """The cut, clockwise from the front's top-left corner (a thumb notch in the front's top)."""
        W, H, D, T, G, y0 = self.W, self.H, self.D, self.T, self.G, self.y0
        inset, r = min(mm(1), W * 0.02), min(T * 0.45, mm(6))
        taper = min(D * 0.3, mm(3))
        dust = min(max(D * 0.9, mm(8)), T + D - mm(1))
        notch = self.notch
        pts: list[tuple[float, float]] = [(0.0, y0), (W / 2 - notch, y0)]
        pts += _arc(W / 2, y0, notch, 180, 0, 12)[1:-1]           # the notch dips into the front (y down)
        pts += [(W / 2 + notch, y0), (W, y0)]
        pts += [(W + taper, y0 - dust), (W + D - taper / 3, y0 - dust), (W + D, y0 - dust * 0.35), (W + D, y0)]
        top = y0 - D
        pts += [(W + D, top), (W + D + inset, top)]
        pts += _arc(W + D + inset + r, top - T + r, r, 180, 270)
        pts += _arc(2 * W + D - inset - r, top - T + r, r, 270, 360)
        pts += [(2 * W + D - inset, top), (2 * W + D, top)]
        pts += [(2 * W + D, y0 - dust * 0.35), (2 * W + D + taper / 3, y0 - dust), (2 * W + 2 * D - taper, y0 - dust),
                (2 * W + 2 * D, y0)]
        g = min(G * 0.9, H * 0.2)
        pts += [(2 * W + 2 * D + G, y0 + g), (2 * W + 2 * D + G, y0 + H - g), (2 * W + 2 * D, y0 + H)]
        bottom = y0 + H
        pts += [(2 * W + 2 * D - taper, bottom + dust), (2 * W + D + taper / 3, bottom + dust),
                (2 * W + D, bottom + dust * 0.35), (2 * W + D, bottom)]
        pts += [(W + D, bottom)]
        pts += [(W + D, bottom + dust * 0.35), (W + D - taper / 3, bottom + dust), (W + taper, bottom + dust),
                (W, bottom)]
        low = bottom + D
        pts += [(W, low), (W - inset, low)]
        pts += _arc(W - inset - r, low + T - r, r, 0, 90)
        pts += _arc(inset + r, low + T - r, r, 90, 180)
        pts += [(inset, low), (0.0, low), (0.0, bottom)]
        return pts

    def bleed(self, b: float) -> list[tuple[float, float, float, float]]:
        """Strips (x, y, w, h) b wide outside the coloured panels' cut edges: the front's left and top
        (with the bottom lid's left, below it), the bottom lid's right, both edges of the top lid."""
        W, H, D, y0 = self.W, self.H, self.D, self.y0
        top, bottom = y0 - D, y0 + H
        return [(-b, y0 - b, b, H + D + b), (0.0, y0 - b, W, b), (W, bottom, b, D),
                (W + D - b, top, b, D), (2 * W + D, top, b, D)]

    def folds(self) -> list[tuple[float, float, float, float]]:
        """The fold lines (x1, y1, x2, y2): between the panels, at each lid's hinge and its tuck's."""
        W, H, D, y0 = self.W, self.H, self.D, self.y0
        out = [(x, y0, x, y0 + H) for x in (W, W + D, 2 * W + D, 2 * W + 2 * D)]
        out += [(W, y0, W + D, y0), (W + D, y0, 2 * W + D, y0), (2 * W + D, y0, 2 * W + 2 * D, y0),
                (W + D, y0 - D, 2 * W + D, y0 - D)]
        out += [(0.0, y0 + H, W, y0 + H), (W, y0 + H, W + D, y0 + H), (2 * W + D, y0 + H, 2 * W + 2 * D, y0 + H),
                (0.0, y0 + H + D, W, y0 + H + D)]
        return out


TUCK_BLEED = mm(3)      # the colour past the cut on a tuck box's outer edges (塗り足し)
MIN_DEPTH_MM = 6.0      # a box shallower than this has no room for its dust flaps to fold


def tuck_net(card_w: float, card_h: float, cards: int, thickness: float, clearance: float) -> TuckNet:
    """The net of a box for cards stacked card_w × card_h, cards of them, each thickness thick, with
    clearance added to each inner dimension."""
    D = max(cards * thickness + clearance, mm(MIN_DEPTH_MM))
    T = min(max(D * 0.4 + mm(6), mm(12)), mm(16))
    G = min(max(D * 0.6, mm(8)), mm(12))
    return TuckNet(card_w + clearance, card_h + clearance, D, T, G, cards)


def tuckbox_piece(game: Game, box: TuckBox, net: TuckNet, wr: Writer, glue_words: bool = True) -> Drawn:
    """One box's net: the panels in the box's colour with the title on the front, the top lid and
    both sides (turned along them), the game on the back; the cut outline, dashed folds, the glue flap
    grey.  The top lid's words are upside down in the net: closed, they face whoever faces the front."""
    deck_name = game.deck(box.deck).name
    title = box.title or deck_name
    subtitle = box.subtitle or game.title
    ink = ink_on(box.color)
    p = net.panels()
    # the colour runs TUCK_BLEED past the cut wherever a coloured panel's edge is cut (not folded): a cut
    # a little off then leaves no white edge.  Drawn first, the net's white covers whatever of it falls
    # on a flap; the thumb notch keeps the front's colour (it is cut away).
    items: RawItems = [Box(x, y, w, h, fill=box.color) for x, y, w, h in net.bleed(TUCK_BLEED)]
    items.append(Polygon(tuple(net.outline()), fill="#ffffff", stroke=None))
    for name in ("front", "right", "back", "left", "top", "bottom"):
        x, y, w, h = p[name]
        items.append(Box(x, y, w, h, fill=box.color))
    gx, gy, gw, gh = p["glue"]
    pad = mm(3)
    fx, fy, fw, fh = p["front"]
    items.append(wr.text(title, fx + pad, fy + fh * 0.22, fw - 2 * pad, fh * 0.22, 20.0, font="gothic-bold",
                         color=ink, min_size=8.0, label="title", where=box.where, max_lines=2))
    items.append(wr.text(subtitle, fx + pad, fy + fh * 0.46, fw - 2 * pad, fh * 0.1, 10.0, color=ink, min_size=6.0,
                         label="subtitle", where=box.where, max_lines=1))
    items.append(wr.text(f"カード{net.cards}枚", fx + pad, fy + fh * 0.8, fw - 2 * pad, fh * 0.08, 8.0, color=ink,
                         min_size=5.0, label="cards", where=box.where, max_lines=1))
    bx, by, bw, bh = p["back"]
    items.append(wr.text(game.title, bx + pad, by + bh * 0.3, bw - 2 * pad, bh * 0.14, 14.0, font="gothic-bold",
                         color=ink, min_size=7.0, label="subtitle", where=box.where, max_lines=2))
    items.append(wr.text(deck_name, bx + pad, by + bh * 0.46, bw - 2 * pad, bh * 0.1, 9.0, color=ink, min_size=5.0,
                         label="title", where=box.where, max_lines=1))
    for side in ("right", "left"):      # along the side, reading down it (as a Japanese spine)
        x, y, w, h = p[side]
        inner = (x + w / 2 - (h - 2 * pad) / 2, y + h / 2 - (w - mm(1.5)) / 2, h - 2 * pad, w - mm(1.5))
        block = wr.text(title, *inner, 12.0, font="gothic-bold", color=ink, min_size=4.5, label="title",
                        where=box.where, max_lines=1)
        if block is not None:
            items.append(Rotated(-90.0, x + w / 2, y + h / 2, (block,)))
    tx, ty, tw, th = p["top"]
    block = wr.text(title, tx + pad, ty + mm(0.75), tw - 2 * pad, th - mm(1.5), 10.0, font="gothic-bold", color=ink,
                    min_size=4.5, label="title", where=box.where, max_lines=1)
    if block is not None:
        items.append(Rotated(180.0, tx + tw / 2, ty + th / 2, (block,)))
    items.append(Polygon(tuple(pt for pt in net.outline() if pt[0] >= gx - 0.01), fill=GLUE, stroke=None))
    cx, cy = gx + gw / 2, gy + gh / 2
    long, across = min(gh * 0.5, mm(30)), gw - mm(2)
    # 「のりしろ」 on the flap (not on a shop's die-cut box: the flap is the die's)
    glue_text = wr.text("のりしろ", cx - long / 2, cy - across / 2, long, across, 8.0, color="#555555",
                        min_size=4.0, label="glue", where=box.where, max_lines=1) if glue_words else None
    if glue_text is not None:      # fitted along the flap, then turned to run down it
        items.append(Rotated(-90.0, cx, cy, (glue_text,)))
    for x1, y1, x2, y2 in net.folds():
        items.append(Rule(x1, y1, x2, y2, FOLD, 0.6, FOLD_DASH))
    items.append(Polygon(tuple(net.outline()), fill=None, stroke=CUT, stroke_width=CUT_W))
    return net.width + TUCK_BLEED, net.height, [shift(items, TUCK_BLEED, 0.0)]    # room for the left bleed


def plan_tuckbox(game: Game, box: TuckBox, room: Room, wr: Writer) -> list[SheetBody]:
    try:
        deck = game.deck(box.deck)
    except KeyError:
        ids = [d.id for d in game.all_decks]
        wr.add(box.where, "deck", msg("parts.tuck_box_unknown_deck", deck=box.deck, decks=", ".join(ids) or msg("word.none"),
                                      hint=did_you_mean(box.deck, ids)))
        return []
    cards = box.cards or deck.piece_count
    net = tuck_net(deck.layout.width_pt, deck.layout.height_pt, cards, box.thickness_pt, box.clearance_pt)
    pieces = [tuckbox_piece(game, box, net, wr) for _ in range(box.count)]
    inner = f"{to_mm(net.W):.0f}×{to_mm(net.H):.0f}×{to_mm(net.D):.0f}"
    how = (f"内寸 {inner} mm（{deck.name} {cards}枚）。実線で切り、点線をすべて山折り（印刷面が外）にして、"
           "のりしろを表の裏に貼ります。上下のふたは差し込むだけで閉じます。")
    return pack_pieces(pieces, room, wr, box.where, how, gap=mm(4), keys=("cut", "fold", "glue"))
