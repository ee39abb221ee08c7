"""What prints is what was measured: the bundled designs keep their frames clear of an uneven cut, their
text large enough to read, and their flavour text off the rules around it — checked on the built PDFs
where the PDF can tell, on the card plans where it cannot (a frame's stroke width)."""
from __future__ import annotations

from collections import Counter

import pdfplumber
import pytest

from pnp.commands.build import plan_game_cards
from pnp.data.project import Project
from pnp.layout.plan import Box, Rotated, Rule, TextBlock
from pnp.units import mm, to_mm

GAMES = ("terror24", "tantei2", "euphoria", "ebe")
FRAME_MIN_MM = 4.0      # a cut 1 mm off makes a frame at 3 mm visibly uneven (3 mm on one side, 4 on the other)
TEXT_MIN_PT = 7.0


@pytest.fixture(scope="module")
def games(repo):
    project = Project(repo)
    return {g: project.load_game(g) for g in GAMES}


@pytest.fixture(scope="module")
def plans(games):
    return {g: plan_game_cards(game) for g, game in games.items()}


def _flat(items):
    for item in items:
        if isinstance(item, Rotated):
            assert item.angle == 180.0      # the corner copy: turned about the centre, same distances
            yield from _flat(item.items)
        else:
            yield item



def test_frames_and_rules_stay_4mm_inside_the_trim(games, plans):
    """Every stroked outline, measured at the outer edge of its stroke, and every rule, measured
    across it, lies at least 4 mm inside the trim (探偵無宿２'s double rule sat at 2.8 mm)."""
    bad = []
    for g, game in games.items():
        for deck in game.decks:
            faces, back = plans[g][deck.id]
            for plan in {id(p): p for p in [*faces.values(), back, *plans[g][deck.id].backs.values()]}.values():
                for item in _flat(plan.items):
                    if isinstance(item, Box) and item.stroke:
                        e = item.stroke_width / 2
                        inset = min(item.x, item.y, plan.width - item.x - item.w, plan.height - item.y - item.h) - e
                    elif isinstance(item, Rule):
                        e = item.width / 2
                        if abs(item.x1 - item.x2) < 0.01:      # vertical: its distance to the left and right
                            inset = min(item.x1, plan.width - item.x1) - e
                        elif abs(item.y1 - item.y2) < 0.01:
                            inset = min(item.y1, plan.height - item.y1) - e
                        else:
                            continue
                    else:
                        continue
                    if to_mm(inset) < FRAME_MIN_MM - 1e-6:
                        bad.append((g, deck.id, plan.card_id or "back", plan.side, round(to_mm(inset), 2)))
    assert not bad, sorted(set(bad))[:20]


def _ruby_chars(plan) -> int:
    return sum(len(f.ruby or "") for item in _flat(plan.items) if isinstance(item, TextBlock)
               for pl in item.lines for f in pl.line.fragments)


@pytest.mark.parametrize("game_id", GAMES)
def test_card_text_in_the_pdf_is_at_least_7pt(built_kit, games, plans, game_id):
    """Every glyph of every bundled card face and back in the print-shop PDF is 7 pt or more; only
    ruby (振り仮名, half its base by JLREQ) is smaller, and exactly as many small glyphs as the cards
    carry ruby characters."""
    game = games[game_id]
    shop = built_kit / game_id / "shop"
    for deck in game.decks:
        faces, _ = plans[game_id][deck.id]
        ruby = sum(_ruby_chars(faces[c.id]) for c in deck.physical_cards())
        small: Counter[float] = Counter()
        for path in sorted(shop.glob(f"{deck.id}-*.pdf")):
            with pdfplumber.open(path) as pdf:
                for page in pdf.pages:
                    for ch in page.chars:
                        if ch["size"] < TEXT_MIN_PT - 0.01:
                            small[round(ch["size"], 2)] += 1
        assert sum(small.values()) == ruby, f"{game_id}/{deck.id}: glyphs under 7 pt {dict(small)}, ruby {ruby}"


FLAVOUR = "#566573"     # EBE's flavour text
FRAME = "#7f8c8d"       # the panel's frame


def _printed(game, value: str, size_pt: float | None = None) -> tuple[float, ...]:
    """A colour as the shop files print it (CMYK PDF/X whatever --color says): through the game's
    output profile, as text of size_pt when given."""
    from pnp.render.color import profile_for
    profile = profile_for(game)
    return (profile.text_ink(value, size_pt) if size_pt is not None else profile.ink(value)).cmyk


def _same(a, b) -> bool:
    return isinstance(a, (tuple, list)) and len(a) == len(b) and all(abs(x - y) < 0.002 for x, y in zip(a, b))


@pytest.mark.parametrize("deck_id", ["items", "events", "drones", "ebe"])
def test_ebe_flavour_text_stands_clear_of_the_panel_rule(built_kit, games, deck_id):
    """The flavour line sits at the foot of the panel: its glyph boxes end at least 1 mm above the
    frame's bottom rule (they ended on it, 0 mm, on every card with flavour)."""
    deck = games["ebe"].deck(deck_id)
    with_flavour = sum(c.count for c in deck.cards if c.flavor)
    assert with_flavour
    seen = 0
    frame = _printed(games["ebe"], FRAME)
    with pdfplumber.open(built_kit / "ebe/shop" / f"{deck_id}-faces.pdf") as pdf:
        for page in pdf.pages:
            flavour = [c for c in page.chars if _same(c["non_stroking_color"], _printed(games["ebe"], FLAVOUR, c["size"]))]
            frames = [c for c in page.curves if _same(c["stroking_color"], frame) and c["height"] > mm(30)]
            if not flavour:
                continue
            assert len(frames) == 1, page.page_number
            rule_top = frames[0]["bottom"] - frames[0]["linewidth"] / 2
            gap = to_mm(rule_top - max(c["bottom"] for c in flavour))
            assert gap >= 1.0, f"{deck_id} p.{page.page_number}: flavour {gap:.2f} mm above the rule"
            seen += 1
    assert seen == with_flavour
