"""EBE's card design: mission cube slots come from each mission's cost, character cards carry damage
and inventory tracks from their life and inventory, explore cards name their owner in large type."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.layout.card import plan_deck
from pnp.layout.plan import Box, Mark, TextBlock
from pnp.units import mm

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def game():
    return Project(REPO).load_game("ebe")


def _slot_boxes(plan, size_mm: float) -> list[Box]:
    return [i for i in plan.items if isinstance(i, Box) and abs(i.w - mm(size_mm)) < 0.01 and abs(i.h - i.w) < 0.01]


def test_mission_cube_slots_equal_the_cost(game):
    """「必要な資源をすべて積むと達成される」: one slot per cube the mission costs, each showing its resource."""
    deck = game.deck("missions")
    faces, _ = plan_deck(game, deck)
    for card in deck.cards:
        plan = faces[card.id]
        cost = card.rules["cost"]
        slots = _slot_boxes(plan, 20)
        assert len(slots) == sum(cost.values()), card.id
        marks = [m for m in plan.items if isinstance(m, Mark)
                 and any(b.x < m.cx < b.x + b.w and b.y < m.cy < b.y + b.h for b in slots)]
        shapes = sorted(m.shape for m in marks)
        assert shapes == sorted(game.icons[k].shape for k, n in cost.items() for _ in range(n)), card.id


def test_character_tracks_follow_life_and_inventory(game):
    deck = game.deck("characters")
    faces, _ = plan_deck(game, deck)
    for card in deck.cards:
        plan = faces[card.id]
        slots = _slot_boxes(plan, 20)
        assert len(slots) == card.rules["life"] + card.rules["inventory"], card.id
        words = [pl.line.text for i in plan.items if isinstance(i, TextBlock) for pl in i.lines]
        # 「ライフ以上のダメージを受けても、キャラクターは即死しません。ターン終了時に…死亡」: the last
        # damage box is red and numbered like the others; the caption says when it kills
        assert "傷の置き場　ターン終了時に赤いマスまで埋まっていたら死亡" in words
        assert "死亡" not in words
        red = [b for b in slots if b.fill == "#c0392b"]
        assert len(red) == 1 and red[0] is slots[card.rules["life"] - 1], card.id
        assert str(card.rules["inventory"]) in words
        assert all(s.w >= mm(19) for s in slots)          # a 19 mm token sits in a box
    tokens = game.part("cubes")
    assert max(g.size_pt for g in tokens.groups) <= mm(20)


def test_explore_cards_name_their_owner_large(game):
    deck = game.deck("explore")
    faces, _ = plan_deck(game, deck)
    names = {c.id: c.title.split("（")[0] for c in game.deck("characters").cards}
    for card in deck.cards:
        blocks = [i for i in faces[card.id].items if isinstance(i, TextBlock)]
        owner = [b for b in blocks if names[card.rules["character"]] in "".join(pl.line.text for pl in b.lines)]
        assert owner and max(b.size_pt for b in owner) >= 8, card.id


def test_ebe_decks_use_the_station_panel_design(game):
    for deck in game.decks:
        assert deck.layout.id.startswith("ebe-"), deck.id
