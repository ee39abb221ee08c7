"""EBE's resources look the same wherever they appear: the icon in card text, the mark in a mission's
cube slot and the token that stands in for the cube share one shape and one colour (炭素繊維 was a black
◆ in text, a grey ◆ in the slots and a black octagon token, one shape with 武器's grey octagon)."""
from __future__ import annotations

import pdfplumber
import pytest

from pnp.data.project import Project
from pnp.games.ebe.facts import RES_NAMES, RESOURCES
from pnp.layout.card import plan_deck
from pnp.layout.parts.tokens import DIAMOND_WIDTH
from pnp.layout.plan import Box, Mark, TextBlock
from pnp.units import mm


@pytest.fixture(scope="module")
def game(repo):
    return Project(repo).load_game("ebe")


def _rgb(color: str) -> tuple[float, ...]:
    return tuple(round(int(color[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))


def _shop_ink(game, color: str) -> tuple[float, ...]:
    """A colour as the shop files print it: CMYK through the game's output profile (whatever --color)."""
    from pnp.render.color import profile_for
    return tuple(round(v, 3) for v in profile_for(game).ink(color).cmyk)


def test_each_resource_has_one_shape_and_colour_on_cards_slots_and_tokens(game):
    tokens = {g.label: g for g in game.part("cubes").groups}
    for rid, name in zip(RESOURCES, RES_NAMES):
        icon = game.icons[rid]
        assert (tokens[name].shape, tokens[name].color) == (icon.shape, icon.color), name
    faces, _ = plan_deck(game, game.deck("missions"))
    for card in game.deck("missions").cards:
        plan = faces[card.id]
        slots = [b for b in plan.items if isinstance(b, Box) and abs(b.w - mm(20)) < 0.01]
        marks = [m for m in plan.items if isinstance(m, Mark)
                 and any(b.x < m.cx < b.x + b.w and b.y < m.cy < b.y + b.h for b in slots)]
        assert sorted((m.shape, m.fill) for m in marks) == sorted(
            (game.icons[k].shape, game.icons[k].color) for k, n in card.rules["cost"].items() for _ in range(n)), card.id
        inline = {name: icon for b in plan.items if isinstance(b, TextBlock) for name, icon in b.icons}
        assert all(inline[k] == game.icons[k] for k in card.rules["cost"]), card.id
    # 武器 is no resource: its token shares a shape with none of them
    weapon = game.part("weapons").groups[0]
    assert weapon.shape not in {game.icons[r].shape for r in RESOURCES}


def test_slot_marks_in_the_pdf_are_the_colours_of_the_text_icons(built_kit, game):
    """Read back: on every mission card, each filled shape in a cube slot is painted in the colour of
    a resource icon, the same colours the card's own text shows its costs in."""
    colours = {_shop_ink(game, game.icons[r].color): r for r in RESOURCES}
    deck = game.deck("missions")
    with pdfplumber.open(built_kit / "ebe/shop/missions-faces.pdf") as pdf:
        assert len(pdf.pages) == len(deck.physical_cards())
        for page, card in zip(pdf.pages, deck.physical_cards()):
            shapes = [o for o in page.curves + page.rects if o["fill"]]
            slots = [o for o in shapes if abs(o["width"] - mm(20)) < 0.5 and abs(o["height"] - mm(20)) < 0.5]
            inside = [o for o in shapes if o not in slots and any(
                s["x0"] < o["x0"] and o["x1"] < s["x1"] and s["top"] < o["top"] and o["bottom"] < s["bottom"]
                for s in slots) and o["width"] > mm(5)]
            in_text = [o for o in shapes if o["width"] < mm(3) and o["height"] < mm(3)
                       and tuple(round(v, 3) for v in o["non_stroking_color"]) in colours]
            slot_res = sorted(colours.get(tuple(round(v, 3) for v in o["non_stroking_color"]), "?") for o in inside)
            want = sorted(k for k, n in card.rules["cost"].items() for _ in range(n))
            assert slot_res == want, (card.id, slot_res)
            assert {colours[tuple(round(v, 3) for v in o["non_stroking_color"])] for o in in_text} == set(want), card.id


def test_the_carbon_token_is_the_diamond_of_the_card_text(built_kit, game):
    """Read back: the 炭素繊維 tokens on the token sheet are diamonds as wide for their height as the ◆
    in card text, and no other token is painted in its colour."""
    black = _rgb(game.icons["carbon"].color)
    with pdfplumber.open(built_kit / "ebe/parts-tokens.pdf") as pdf:
        shapes = [o for o in pdf.pages[0].curves + pdf.pages[0].rects
                  if o["fill"] and tuple(round(v, 3) for v in o["non_stroking_color"]) == black]
    tokens = [o for o in shapes if o["height"] > mm(15)]
    assert len(tokens) == 15
    for o in tokens:
        assert o["width"] / o["height"] == pytest.approx(DIAMOND_WIDTH, abs=0.02)
    shop_black = _shop_ink(game, game.icons["carbon"].color)
    with pdfplumber.open(built_kit / "ebe/shop/missions-faces.pdf") as pdf:
        icons = [o for page in pdf.pages for o in page.curves
                 if o["fill"] and tuple(round(v, 3) for v in o["non_stroking_color"]) == shop_black
                 and o["height"] > mm(5)]
    assert icons
    for o in icons:
        assert o["width"] / o["height"] == pytest.approx(DIAMOND_WIDTH, abs=0.02)
