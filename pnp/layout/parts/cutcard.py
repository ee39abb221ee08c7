"""Cut-apart cards: one card printed in pieces (split: horizontal or vertical), cut apart in play."""
from __future__ import annotations

from ...data.model import Game
from ...data.parts import CutCard, Piece
from ...units import mm
from ..card import ink_on
from ..plan import Box, Rule
from .common import CUT, Drawn, RawItems, Room, SheetBody, Writer, outline, pack_pieces, shift, tint


def cut_card_face(card: CutCard, pieces: tuple[Piece, ...], wr: Writer) -> Drawn:
    w, h = card.width_pt, card.height_pt
    k = len(pieces)
    horizontal = card.split == "horizontal"
    pw, ph = (w, h / k) if horizontal else (w / k, h)
    items: RawItems = [Box(0, 0, w, h, fill="#ffffff")]
    safe = mm(3)
    for i, p in enumerate(pieces):
        x0, y0 = (0.0, i * ph) if horizontal else (i * pw, 0.0)
        d = min(ph * 0.42, pw * 0.42, mm(16))
        items.append(Box(x0 + safe, y0 + safe, pw - 2 * safe, ph - 2 * safe, fill=None, stroke=tint(p.color, 0.5),
                         stroke_width=0.6, radius=mm(2)))
        bx, by = x0 + safe + mm(2), y0 + safe + mm(2)
        items.append(Box(bx, by, d, d, fill=p.color, radius=d / 2))
        items.append(wr.text(str(p.number), bx, by, d, d, d * 0.62, font="gothic-bold", color=ink_on(p.color),
                             label="number", where=p.where))
        tx = bx + d + mm(2.5)
        tw = x0 + pw - safe - mm(2) - tx
        items.append(wr.text(p.title, tx, by, tw, d, 12.0, font="gothic-bold", align="left", min_size=6.0,
                             label="title", where=p.where))
        body_y = by + d + mm(2)
        items.append(wr.text(p.text, x0 + safe + mm(2), body_y, pw - 2 * safe - mm(4),
                             y0 + ph - safe - mm(2) - body_y, 9.0, align="left", valign="top", min_size=6.0,
                             leading=1.35, label="text", where=p.where))
    for i in range(1, k):   # the cut between pieces: dashed, reaching past the card so it is found
        if horizontal:
            items.append(Rule(-mm(3), i * ph, w + mm(3), i * ph, CUT, 0.6, (4.0, 2.5)))
        else:
            items.append(Rule(i * pw, -mm(3), i * pw, h + mm(3), CUT, 0.6, (4.0, 2.5)))
    items.append(outline(0, 0, w, h))
    return w, h, items


def plan_cut_card(game: Game, card: CutCard, room: Room, wr: Writer) -> list[SheetBody]:
    faces = [cut_card_face(card, pieces, wr) for pieces in card.cards]
    # room for the dashed cut line that reaches 3 mm past the card
    faces = [(w + mm(6), h + mm(6), [shift(items, mm(3), mm(3))]) for w, h, items in faces]
    n = card.piece_count
    return pack_pieces(faces, room, wr, card.where,
                        f"外側の実線で切り、さらに破線で切り分けて{n}枚にします。", gap=mm(2),
                        keys=("cut", "split"))
