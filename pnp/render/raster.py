"""Raster outputs from the same card plans as the PDFs: one PNG per card side, and Tabletop
Simulator deck sheets (a grid of up to 10 × 7, at most 4096 px a side, the last cell the hidden card)."""
from __future__ import annotations

import json
import math
from pathlib import Path

from PIL import Image

from ..data.model import Deck
from ..files import atomic_path
from ..layout.plan import CardPlan
from .png import render_card

TTS_MAX_PX = 4096
TTS_COLS, TTS_ROWS = 10, 7
TTS_PER_SHEET = TTS_COLS * TTS_ROWS - 1     # the last cell holds the hidden card


def _save(img: Image.Image, path: Path) -> None:
    with atomic_path(path) as tmp:
        img.save(tmp, format="PNG", optimize=False)


def write_card_pngs(deck: Deck, faces: dict[str, CardPlan], back: CardPlan, folder: Path, dpi: int,
                    backs: dict[str, CardPlan] | None = None) -> list[Path]:
    """png/<deck>/<card id>.png for every distinct face, <card id>-back.png for a card with a back of
    its own (or a two-sided card's other side) and png/<deck>/back.png, trim × dpi pixels."""
    out = []
    for card in deck.cards:
        path = folder / f"{card.id}.png"
        _save(render_card(faces[card.id], dpi), path)
        out.append(path)
        own = (backs or {}).get(card.id, back)
        if own is not back:
            path = folder / f"{card.id}-back.png"
            _save(render_card(own, dpi), path)
            out.append(path)
    path = folder / "back.png"
    _save(render_card(back, dpi), path)
    out.append(path)
    return out


def tts_cell_size(width_pt: float, height_pt: float) -> tuple[int, int]:
    """Largest cell with the card's proportions so a 10 × 7 grid stays within 4096 px."""
    scale = min(TTS_MAX_PX / (TTS_COLS * width_pt), TTS_MAX_PX / (TTS_ROWS * height_pt))
    return math.floor(width_pt * scale), math.floor(height_pt * scale)


def write_tts(deck: Deck, faces: dict[str, CardPlan], back: CardPlan, folder: Path,
              backs: dict[str, CardPlan] | None = None) -> list[Path]:
    """tts/<deck>-N.png sheets, tts/<deck>-back.png and tts/<deck>.json (grid sizes for import).  When
    cards have backs of their own, tts/<deck>-backs-N.png hold them in the same grid (TTS "unique
    backs")."""
    cw, ch = tts_cell_size(back.width, back.height)
    dpi = cw / (back.width / 72)
    cards = deck.physical_cards()
    images = {card.id: render_card(faces[card.id], dpi).resize((cw, ch), Image.Resampling.LANCZOS) for card in deck.cards}
    back_img = render_card(back, dpi).resize((cw, ch), Image.Resampling.LANCZOS)
    back_plans = {c.id: (backs or {}).get(c.id, back) for c in deck.cards}
    unique = {k: render_card(v, dpi).resize((cw, ch), Image.Resampling.LANCZOS) for k, v in back_plans.items()
              if any(p is not back for p in back_plans.values())}
    out, sheets = [], []
    for n, start in enumerate(range(0, len(cards), TTS_PER_SHEET), 1):
        chunk = cards[start:start + TTS_PER_SHEET]
        cols = min(TTS_COLS, len(chunk) + 1)
        rows = math.ceil((len(chunk) + 1) / cols)
        sheet = Image.new("RGB", (cols * cw, rows * ch), (255, 255, 255))
        for i, card in enumerate(chunk):
            sheet.paste(images[card.id], ((i % cols) * cw, (i // cols) * ch))
        sheet.paste(back_img, ((cols - 1) * cw, (rows - 1) * ch))     # the hidden card: last cell
        path = folder / f"{deck.id}-{n}.png"
        _save(sheet, path)
        out.append(path)
        entry = {"face": path.name, "back": f"{deck.id}-back.png", "num_width": cols, "num_height": rows,
                 "cards": len(chunk), "card_ids": [c.id for c in chunk]}
        if unique:
            backs_sheet = Image.new("RGB", sheet.size, (255, 255, 255))
            for i, card in enumerate(chunk):
                backs_sheet.paste(unique[card.id], ((i % cols) * cw, (i // cols) * ch))
            backs_sheet.paste(back_img, ((cols - 1) * cw, (rows - 1) * ch))
            path = folder / f"{deck.id}-backs-{n}.png"
            _save(backs_sheet, path)
            out.append(path)
            entry.update(back=path.name, unique_back=True)
        sheets.append(entry)
    path = folder / f"{deck.id}-back.png"
    _save(back_img, path)
    out.append(path)
    path = folder / f"{deck.id}.json"
    with atomic_path(path) as tmp:
        tmp.write_text(json.dumps({"deck": deck.id, "name": deck.name, "sheets": sheets}, ensure_ascii=False,
                                  indent=2) + "\n", encoding="utf-8")
    out.append(path)
    return out
