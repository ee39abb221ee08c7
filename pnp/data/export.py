"""`pnp export GAME DECK --csv`: a deck's cards as a spreadsheet to go on from.

The cards are written as the designer wrote them (no ``defaults:`` merged in), so a deck whose YAML
then says ``cards: {from: DECK.csv}`` and keeps its ``defaults:`` makes the same cards."""
from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from ..errors import DataError, PnpError, Problem
from ..files import atomic_path
from ..messages import did_you_mean, msg
from .model import Game
from .project import Project
from .sheets import card_columns, cards_to_csv, column_letter, raw_cards
from .yamlsource import load_yaml

ENCODINGS = ("utf-8-sig", "utf-8", "cp932")


def deck_file(project: Project, game_id: str, deck_id: str) -> Path:
    """The YAML file of a deck (``kind: deck``, ``id: DECK``) in the game's folder."""
    return game_deck_file(project, project.load_game(game_id), deck_id)


def game_deck_file(project: Project, game: Game, deck_id: str) -> Path:
    """The YAML file of a deck of a game already loaded."""
    try:
        game.deck(deck_id)
    except KeyError:
        ids = [d.id for d in game.decks]
        raise PnpError(f"{game.id}: " + msg("data.unknown_deck", deck=deck_id, decks=", ".join(ids) or msg("word.none"),
                                            hint=did_you_mean(deck_id, ids))) from None
    for path in sorted(Path(game.folder).glob("*.yaml")):
        data, _ = load_yaml(path, project.display(path))
        if isinstance(data, dict) and data.get("kind") == "deck" and data.get("id") == deck_id:
            return path
    raise PnpError(f"{game.id}: " + msg("data.deck_file_not_found", deck=deck_id))


def export_deck(project: Project, game_id: str, deck_id: str, out: Path | None = None, *,
                delimiter: str = ",", encoding: str = "utf-8-sig", force: bool = False) -> Path:
    """Write the deck's cards as CSV (or TSV); returns the path written."""
    if encoding not in ENCODINGS:
        raise PnpError("--encoding: " + msg("schema.not_one_of", value=encoding, choices=ENCODINGS, hint=""))
    path = deck_file(project, game_id, deck_id)
    data, smap = load_yaml(path, project.display(path))
    folder = path.parent
    cards = raw_cards(data, smap, folder, project.display(folder))
    sides = [smap.problem(("cards", i, key), f"{key}: (a card's own back, or a side of a two-sided card) has no "
                                             "column in a spreadsheet; keep this deck in YAML")
             for i, card in enumerate(cards) for key in ("front", "back") if key in card]
    if sides:
        raise DataError(sides)
    suffix = ".csv" if delimiter == "," else ".tsv"
    target = out if out is not None else folder / f"{deck_id}{suffix}"
    if target.exists() and not force:
        raise PnpError(f"{target.as_posix()}: " + msg("data.export_exists"))
    text = cards_to_csv(cards, delimiter)
    try:
        payload = encode_exactly(text, encoding)
    except UnicodeEncodeError:
        raise DataError(_unencodable(cards, encoding, target.as_posix())) from None
    with atomic_path(target) as tmp:
        tmp.write_bytes(payload)
    return target


def _unencodable(cards: list[dict[str, Any]], encoding: str, shown: str) -> list[Problem]:
    """Each cell whose text the encoding cannot hold (Shift_JIS lacks some characters UTF-8 has)."""
    cols = card_columns(cards)
    problems = []
    for r, row in enumerate(csv.reader(io.StringIO(cards_to_csv(cards), newline="")), start=1):
        for c, value in enumerate(row, start=1):
            bad = [ch for ch in value if not _encodes(ch, encoding)]
            if bad:
                problems.append(Problem(shown, r, c, cols[c - 1] if c <= len(cols) else "",
                                        f"{''.join(dict.fromkeys(bad))} cannot be written in {encoding}; "
                                        "use --encoding utf-8-sig", cell=f"{column_letter(c)}{r}"))
    return problems


def encode_exactly(text: str, encoding: str) -> bytes:
    """text in the encoding, or UnicodeEncodeError when it cannot come back as it is: Shift_JIS (cp932)
    writes ¬ and ￢ (and ∥ ‖, − －, 〜 ～ …) as the same bytes, which read back as the second."""
    payload = text.encode(encoding)
    if payload.decode(encoding) != text:
        bad = next(i for i, ch in enumerate(text) if not _encodes(ch, encoding))
        raise UnicodeEncodeError(encoding, text, bad, bad + 1, "does not read back as the same character")
    return payload


def _encodes(ch: str, encoding: str) -> bool:
    try:
        return ch.encode(encoding).decode(encoding) == ch
    except UnicodeEncodeError:
        return False
