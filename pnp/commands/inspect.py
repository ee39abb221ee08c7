"""`pnp inspect`: the loaded model as plain JSON-able data."""
from __future__ import annotations

from typing import Any

from ..data.model import Game


def inspect_game(game: Game) -> dict[str, Any]:
    return {
        "id": game.id,
        "title": game.title,
        "subtitle": game.subtitle,
        "players": [game.players[0], game.players[1]],
        "play_time": game.play_time,
        "age": game.age,
        "version": game.version,
        "engine": game.engine,
        "components": [{"id": c.id, "name": c.name, "kind": c.kind, "count": c.count,
                        "description": c.description, "provisional": _provisional(game, c)}
                       for c in game.components],
        "decks": [{"id": d.id, "name": d.name, "layout": d.layout.id, "file": d.file,
                   "trim_mm": [round(d.layout.width_pt * 25.4 / 72, 2), round(d.layout.height_pt * 25.4 / 72, 2)],
                   "suits": [{"id": s.id, "name": s.name, "color": s.color, "mark": s.mark} for s in d.suits],
                   "cards": [{"id": c.id, "title": c.title, "suit": c.suit.id if c.suit else None,
                              "value": c.value, "count": c.count, "provisional": c.provisional}
                             for c in d.cards]} for d in game.decks],
        "parts": [_part(p) for p in game.parts],
    }


def _provisional(game: Game, comp: Any) -> bool:
    """Proposed rather than the designer's own: the component, its deck or part, or any of its cards."""
    if comp.provisional:
        return True
    for deck in game.decks:
        if deck.id == comp.id:
            return deck.provisional or any(card.provisional for card in deck.cards)
    for part in game.parts:
        if part.id == comp.id:
            return bool(getattr(part, "provisional", False))
    return False


def _part(part: Any) -> dict[str, Any]:
    out = {"id": part.id, "name": part.name, "kind": part.kind, "file": part.file, "pieces": part.piece_count}
    if part.kind == "board":
        label = {a.id: a.label for a in part.areas}
        out["areas"] = [{"id": a.id, "name": a.label, "cells": len(a.cells)} for a in part.areas]
        out["adjacency"] = [[label[a], label[b]] for a, b in part.adjacency()]
    elif part.kind == "track":
        values = part.values()
        out["spaces"] = [values[0], values[-1]]
    return out
