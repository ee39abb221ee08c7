"""The bundled games use card markup where it helps play (issue: rich card text, item 6): ruby on
ユーフォリア's hard readings, cost-colour discs in 探偵無宿２'s event text, resource icons in EBE's.
Nothing prints literally."""
from __future__ import annotations

import pytest

from pnp.data.project import Project
from pnp.layout.card import plan_deck


@pytest.fixture
def shop_text(built_kit, kit_pages):
    return lambda game, deck: "\n".join(kit_pages(built_kit / game / "shop" / f"{deck}-faces.pdf"))


@pytest.mark.parametrize("game,deck", [("euphoria", "kleshas"), ("tantei2", "events"), ("ebe", "missions"),
                                       ("ebe", "explore"), ("ebe", "events")])
def test_no_markup_prints_literally(shop_text, game, deck):
    text = shop_text(game, deck)
    for literal in ("{", "}", "|", ":ki:", ":shiro:", ":ether:", ":carbon:", "**"):
        assert literal not in text, (game, deck, literal)


def test_hard_readings_print_as_ruby(shop_text):
    text = shop_text("euphoria", "kleshas")
    for reading in ("とんよく", "しんい", "こんじん", "じょうこ"):
        assert reading in text
    assert "（しんい）" not in text          # the reading sits over the word, not in brackets


def _icons(game_id: str, deck_id: str, repo) -> dict[str, set[str]]:
    game = Project(repo).load_game(game_id)
    faces, _ = plan_deck(game, game.deck(deck_id))
    found: dict[str, set[str]] = {}
    for card_id, plan in faces.items():
        names = {name for item in plan.items for name, _ in getattr(item, "icons", ())}
        found[card_id] = names
    return found


def test_cost_colours_and_resources_are_drawn_as_icons(repo):
    events = _icons("tantei2", "events", repo)
    assert events["e28"] == {"shiro"} and events["e35"] == {"murasaki"}
    missions = _icons("ebe", "missions", repo)
    assert all({"ether", "dust", "scrap", "carbon"} & names for names in missions.values())
