"""`pnp preview`: a contact sheet of a game's cards (faces and the back) as one PNG to look at."""
from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

from .build import plan_game_cards
from .data.model import Game
from .errors import PnpError
from .files import atomic_path
from .limits import MAX_SHEET_PIXELS
from .render.png import _font, render_card

GAP = 12


def write_contact_sheet(game: Game, deck_id: str | None, out_file: Path, dpi: int = 100, columns: int = 8) -> Path:
    decks = [d for d in game.decks if deck_id in (None, d.id)]
    if not decks:
        raise PnpError(f"{game.id}: no deck {deck_id!r} (decks: {', '.join(d.id for d in game.decks)})")
    plans = plan_game_cards(game)
    n = sum(len(d.cards) + 1 for d in decks)
    biggest = max(round(d.layout.width_pt * dpi / 72 + GAP) * round(d.layout.height_pt * dpi / 72 + GAP + 18)
                  for d in decks)
    if n * biggest > MAX_SHEET_PIXELS:     # checked before any card is drawn
        raise PnpError(f"{game.id}: a contact sheet of {n} cards at --dpi {dpi} would have about "
                       f"{n * biggest:,} pixels; at most {MAX_SHEET_PIXELS:,} (lower --dpi or name one deck)")
    tiles: list[tuple[str, Image.Image]] = []
    for deck in decks:
        faces, back = plans[deck.id]
        for card in deck.cards:
            tiles.append((f"{deck.id}/{card.id}" + (f" ×{card.count}" if card.count > 1 else ""),
                          render_card(faces[card.id], dpi)))
        tiles.append((f"{deck.id}（裏）", render_card(back, dpi)))
    tw = max(t.width for _, t in tiles)
    th = max(t.height for _, t in tiles)
    label_h = 18
    cols = min(columns, len(tiles))
    rows = -(-len(tiles) // cols)
    sheet = Image.new("RGB", (GAP + cols * (tw + GAP), GAP + rows * (th + label_h + GAP)), (214, 214, 214))
    draw = ImageDraw.Draw(sheet)
    font = _font("gothic", 11)
    for i, (label, tile) in enumerate(tiles):
        x = GAP + (i % cols) * (tw + GAP)
        y = GAP + (i // cols) * (th + label_h + GAP)
        sheet.paste(tile, (x, y))
        draw.text((x, y + th + 3), label, font=font, fill=(40, 40, 40))
    with atomic_path(out_file) as tmp:
        sheet.save(tmp, format="PNG")
    return out_file
