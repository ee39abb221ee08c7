"""`pnp preview`: a contact sheet of a game's cards (faces and the back) as one PNG to look at."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from ..data.model import Deck, Game, Layout
from ..errors import PnpError
from ..files import atomic_path
from ..layout.plan import CardPlan
from ..limits import MAX_SHEET_PIXELS
from ..messages import did_you_mean, msg
from ..render.png import _font, render_card
from .build import plan_game_cards

GAP = 12


GUIDE_COLORS = {"bleed": (214, 40, 40), "trim": (0, 0, 0), "safe": (30, 140, 60), "region": (31, 95, 168)}


def with_guides(plan: CardPlan, regions: Any, dpi: int, two_sided: bool = False) -> Image.Image:
    """The card with its bleed, and over it the designer's guides: the bleed's edge (red), the trim
    (black), the safe area (green, dashed) and every region's box with its name (blue)."""
    img = render_card(plan, dpi, with_bleed=True)
    s = dpi / 72.0
    b = plan.bleed * s
    draw = ImageDraw.Draw(img)
    w, h = img.size
    draw.rectangle((0, 0, w - 1, h - 1), outline=GUIDE_COLORS["bleed"], width=2)
    draw.rectangle((b, b, b + plan.width * s, b + plan.height * s), outline=GUIDE_COLORS["trim"], width=1)
    font = _font("gothic", max(8, round(dpi / 12)))
    for r in (regions.face if plan.side == "face" or two_sided else regions.back):
        box = (b + r.x_pt * s, b + r.y_pt * s, b + (r.x_pt + r.w_pt) * s, b + (r.y_pt + r.h_pt) * s)
        draw.rectangle(box, outline=GUIDE_COLORS["region"], width=1)
        draw.text((box[0] + 2, box[1] + 1), r.name, font=font, fill=GUIDE_COLORS["region"])
    safe = regions.safe_pt * s
    x0, y0, x1, y1 = b + safe, b + safe, b + plan.width * s - safe, b + plan.height * s - safe
    for (ax, ay, bx, by) in ((x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0)):
        length = max(abs(bx - ax), abs(by - ay))
        steps = max(1, int(length // 6))
        for k in range(0, steps, 2):
            t0, t1 = k / steps, min(1.0, (k + 1) / steps)
            draw.line((ax + (bx - ax) * t0, ay + (by - ay) * t0, ax + (bx - ax) * t1, ay + (by - ay) * t1),
                      fill=GUIDE_COLORS["safe"], width=1)
    return img


def write_contact_sheet(game: Game, deck_id: str | None, out_file: Path, dpi: int = 100, columns: int = 8,
                        guides: bool = False) -> Path:
    decks = [d for d in game.decks if deck_id in (None, d.id)]
    if not decks:
        ids = [d.id for d in game.decks]
        raise PnpError(f"{game.id}: " + msg("data.unknown_deck", deck=deck_id, decks=", ".join(ids),
                                            hint=did_you_mean(deck_id, ids)))
    plans = plan_game_cards(game, decks)
    n = sum(len(d.cards) + 1 for d in decks)
    biggest = max(round(d.layout.width_pt * dpi / 72 + GAP) * round(d.layout.height_pt * dpi / 72 + GAP + 18)
                  for d in decks)
    if n * biggest > MAX_SHEET_PIXELS:     # checked before any card is drawn
        raise PnpError(f"{game.id}: " + msg("commands.sheet_too_big", cards=n, dpi=dpi, pixels=f"{n * biggest:,}",
                                            most=f"{MAX_SHEET_PIXELS:,}"))
    tiles: list[tuple[str, Image.Image]] = []
    for deck in decks:
        faces, back = plans[deck.id]
        def draw(plan: CardPlan, d: Deck = deck, own: Layout | None = None) -> Image.Image:
            if guides:     # the regions of the layout the card is drawn with (its own, or the deck's)
                return with_guides(plan, own or d.layout, dpi, d.two_sided and plan.card_id != "")
            return render_card(plan, dpi)
        backs = plans[deck.id].backs
        for card in deck.cards:
            tiles.append((f"{deck.id}/{card.id}" + (f" ×{card.count}" if card.count > 1 else ""),
                          draw(faces[card.id], own=card.layout)))
            if backs[card.id] is not back:     # a back of its own, or the other side of a two-sided card
                tiles.append((f"{deck.id}/{card.id}（裏）", draw(backs[card.id], own=card.layout)))
        if not deck.two_sided:      # a two-sided deck never prints the shared back
            tiles.append((f"{deck.id}（裏）", draw(back)))
    tw = max(t.width for _, t in tiles)
    th = max(t.height for _, t in tiles)
    label_h = 18
    cols = min(columns, len(tiles))
    rows = -(-len(tiles) // cols)
    sheet = Image.new("RGB", (GAP + cols * (tw + GAP), GAP + rows * (th + label_h + GAP)), (214, 214, 214))
    pen = ImageDraw.Draw(sheet)
    font = _font("gothic", 11)
    for i, (label, tile) in enumerate(tiles):
        x = GAP + (i % cols) * (tw + GAP)
        y = GAP + (i // cols) * (th + label_h + GAP)
        sheet.paste(tile, (x, y))
        pen.text((x, y + th + 3), label, font=font, fill=(40, 40, 40))
    with atomic_path(out_file) as tmp:
        sheet.save(tmp, format="PNG")
    return out_file
