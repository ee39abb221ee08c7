"""Dice: the folding nets of paper dice, with their glue tabs and a caption per die."""
from __future__ import annotations

import math

from ...data.model import Game
from ...data.parts import Dice
from ...units import mm
from ..dice import DieNet, plan_die
from ..plan import Item, Rotated, Rule, TextBlock
from .common import (
    CUT,
    CUT_W,
    FOLD,
    FOLD_DASH,
    GLUE,
    Drawn,
    PartItem,
    Polygon,
    RawItems,
    Room,
    SheetBody,
    Writer,
    pack_pieces,
    shift,
)

DIE_TYPE_NAMES = {"d6": "6面", "d8": "8面"}


DIE_WORDS = ("ダイス", "サイコロ", "さいころ", "賽", "骰子")


def die_title(name: str) -> str:
    """「緑のダイス」 for a die named 緑; a name that already says it is a die (風のダイス, 木のサイコロ) as it is."""
    return name if any(w in name for w in DIE_WORDS) else f"{name}のダイス"


def six_nine_bar(block: TextBlock, color: str) -> Rule:
    """The bar real dice print under a 6 and a 9 so that either reads the right way up: as wide as the
    digit, clear of it below its baseline (a bar inside the digit's box was painted over by the glyph)."""
    placed = block.lines[0]
    size = block.size_pt
    y = placed.baseline + size * 0.16
    return Rule(placed.x, y, placed.x + placed.line.width_pt, y, color, max(0.8, size * 0.08))


def die_net_items(dn: DieNet, wr: Writer, glue_words: bool = True) -> tuple[float, float, list[PartItem]]:
    """The net of one die scaled to its edge length, tabs included, top-left of its bounds at (0, 0).
    glue_words: 「のり」 on each tab (a shop's die net goes without: the tabs are the die's)."""
    e = dn.die.edge_pt
    net = dn.net
    polys = [p for p in net.faces] + [t.polygon for t in net.tabs]
    xs = [x for p in polys for x, _ in p]
    ys = [y for p in polys for _, y in p]
    ox, oy = -min(xs), -min(ys)

    def P(pt: tuple[float, float]) -> tuple[float, float]:
        return ((pt[0] + ox) * e, (pt[1] + oy) * e)

    items: list[PartItem] = []
    for t in net.tabs:
        items.append(Polygon(tuple(P(p) for p in t.polygon), fill=GLUE))
        cx = sum(P(p)[0] for p in t.polygon) / 4
        cy = sum(P(p)[1] for p in t.polygon) / 4
        box = wr.text("のり", cx - mm(4), cy - mm(2), mm(8), mm(4), 6.0, color="#555555", label="glue") if glue_words else None
        # turn the word along the tab's edge
        (px, py), (qx, qy) = P(t.p), P(t.q)
        angle = math.degrees(math.atan2(qy - py, qx - px))
        angle = (angle + 90) % 180 - 90
        if box is not None:
            items.append(Rotated(-angle, cx, cy, (box,)))
        tab = [P(p) for p in t.polygon]
        for a, b in ((tab[1], tab[2]), (tab[2], tab[3]), (tab[3], tab[0])):
            items.append(Rule(a[0], a[1], b[0], b[1], CUT, CUT_W))
    for slot, poly in enumerate(net.faces):
        pts = tuple(P(p) for p in poly)
        items.append(Polygon(pts, fill=dn.die.color))
        cx = sum(x for x, _ in pts) / len(pts)
        cy = sum(y for _, y in pts) / len(pts)
        face = dn.slot_faces[slot]
        if len(poly) == 3:
            size, box_w, box_h = e * 0.30, e * 0.5, e * 0.34
            down = min(y for _, y in poly) == poly[0][1] and poly[0][1] == poly[1][1]   # flat edge on top
        else:
            size, box_w, box_h = e * 0.45, e * 0.8, e * 0.6
            down = False
        block = wr.text(face, cx - box_w / 2, cy - box_h / 2, box_w, box_h, min(size, 28.0), font="gothic-bold",
                        color=dn.die.text_color, min_size=5.0, leading=1.0, label="faces", where=dn.die.where)
        drawn: list[Item] = [block] if block is not None else []
        if block is not None and face in ("6", "9"):
            drawn.append(six_nine_bar(block, dn.die.text_color))
        if drawn and down:
            items.append(Rotated(180.0, cx, cy, tuple(drawn)))
        else:
            items.extend(drawn)
    tabbed = {(t.face, t.p, t.q) for t in net.tabs}
    for f, p, q in net.cut_edges:
        (x1, y1), (x2, y2) = P(p), P(q)
        if (f, p, q) in tabbed:
            items.append(Rule(x1, y1, x2, y2, FOLD, 0.6, FOLD_DASH))
        else:
            items.append(Rule(x1, y1, x2, y2, CUT, CUT_W))
    for h in net.hinges:
        (x1, y1), (x2, y2) = P(h.p), P(h.q)
        items.append(Rule(x1, y1, x2, y2, FOLD, 0.6, FOLD_DASH))
    return (max(xs) - min(xs)) * e, (max(ys) - min(ys)) * e, items


def plan_dice(game: Game, dice: Dice, room: Room, wr: Writer) -> tuple[list[SheetBody], list[DieNet]]:
    pieces: list[Drawn] = []
    nets = []
    for die in dice.dice:
        dn = plan_die(die)
        nets.append(dn)
        w, h, items = die_net_items(dn, wr)
        pairs = "・".join(f"{a}と{b}" for a, b in dn.opposite_pairs())
        cap_h = mm(9)
        caption: RawItems = [wr.text(f"{die_title(die.name)}（{DIE_TYPE_NAMES[die.type]}）", 0, 0, max(w, mm(60)), mm(5), 9.0,
                           font="gothic-bold", align="left", label="name", where=die.where),
                   wr.text(f"向かい合う面: {pairs}", 0, mm(5), max(w, mm(60)), mm(3.5), 6.5, align="left",
                           color="#444444", label="faces", where=die.where)]
        for _ in range(die.count):
            pieces.append((max(w, mm(60)), h + cap_h, caption + [shift(items, 0, cap_h)]))
    how = "厚紙に印刷し、実線で切り、点線をすべて山折り（印刷面が外）にして、のりしろを内側に貼ります。"
    return pack_pieces(pieces, room, wr, dice.where, how, gap=mm(6), keys=("cut", "fold", "glue")), nets
