"""Every bundled game gives each player an aid of their own: a 早見カード deck with as many copies as
the most players the game allows, its text at a size read across the table (8 pt or more)."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.layout.card import plan_deck
from pnp.layout.plan import TextBlock

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", ["terror24", "tantei2", "euphoria", "ebe"])
def test_one_aid_per_player(game_id):
    game = Project(REPO).load_game(game_id)
    aids = [d for d in game.decks if d.name == "早見カード"]
    assert len(aids) == 1, game_id
    deck = aids[0]
    assert deck.piece_count >= game.players[1]
    assert next(c.count for c in game.components if c.id == deck.id) == deck.piece_count


@pytest.mark.parametrize("game_id", ["euphoria", "ebe"])
def test_new_aids_print_their_rules_at_8pt_or_more(game_id):
    game = Project(REPO).load_game(game_id)
    deck = next(d for d in game.decks if d.name == "早見カード")
    faces, _ = plan_deck(game, deck)
    for plan in faces.values():
        body = [i for i in plan.items if isinstance(i, TextBlock) and len(i.lines) > 3]
        assert body and min(b.size_pt for b in body) >= 8.0
