"""Templates that fit the card: shares of the trim, anchors, and every region checked on the card
it is laid out on."""
from __future__ import annotations

import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli import main
from pnp.commands.build import plan_game_cards
from pnp.data.project import Project
from pnp.errors import DataError
from pnp.units import mm, parse_extent, to_mm

CARDS = """\
  - {id: a, suit: sun, value: 1, title: 旅人, body: 山札から1枚引く。, flavor: 遠くへ。}
"""


def _inside(layout):
    """Every region of both sides lies inside the card: safe area for text, bleed for bleed bands."""
    for r in layout.face + layout.back:
        if r.kind in ("text", "index", "pips", "mark", "image", "badge"):
            lo, hi_w, hi_h = layout.safe_pt, layout.width_pt - layout.safe_pt, layout.height_pt - layout.safe_pt
        elif r.get("bleed"):
            lo, hi_w, hi_h = -layout.bleed_pt, layout.width_pt + layout.bleed_pt, layout.height_pt + layout.bleed_pt
        else:
            lo, hi_w, hi_h = 0.0, layout.width_pt, layout.height_pt
        assert r.x_pt >= lo - 0.01 and r.y_pt >= lo - 0.01, r
        assert r.x_pt + r.w_pt <= hi_w + 0.01 and r.y_pt + r.h_pt <= hi_h + 0.01, r


def test_extents():
    assert parse_extent("10%", 200.0) == pytest.approx(20.0)
    assert parse_extent("100% - 14mm", mm(63)) == pytest.approx(mm(49))
    assert parse_extent("50% + 2pt", 100.0) == pytest.approx(52.0)
    assert parse_extent("7mm", 999.0) == pytest.approx(mm(7))
    with pytest.raises(ValueError, match="share of the trim"):
        parse_extent("7", 100.0)


def test_a_layout_extended_from_poker_to_tarot_keeps_every_region_inside(project):
    """Issue: 「a layout that extends card-base at tarot size keeps poker-size coordinates … the back
    colour does not cover the card」."""
    root = project(CARDS, layout="tarot-cards", layouts={"tarot-cards": """\
        extends: card-base
        size: tarot
        """})
    game = Project(root).load_game("demo")
    lay = game.deck("cards").layout
    assert (round(to_mm(lay.width_pt)), round(to_mm(lay.height_pt))) == (70, 120)
    _inside(lay)
    regions = {r.name: r for r in lay.back}
    fill = regions["fill"]                              # the back colour covers the whole tarot card
    assert (fill.w_pt, fill.h_pt) == pytest.approx((lay.width_pt, lay.height_pt))
    face = {r.name: r for r in lay.face}
    assert to_mm(face["body"].w_pt) == pytest.approx(56.0)        # 100% - 14mm of 70 mm
    assert to_mm(face["body"].h_pt) == pytest.approx(38.0)        # grows with the card (50% - 22mm)
    assert to_mm(face["flavor"].y_pt + face["flavor"].h_pt) == pytest.approx(115.0)   # 5 mm off the bottom
    assert to_mm(face["provisional"].x_pt + face["provisional"].w_pt) == pytest.approx(66.5)   # top-right
    mark = face["mark"]
    assert mark.x_pt + mark.w_pt / 2 == pytest.approx(lay.width_pt / 2)               # centred
    # and the back plan paints the colour out to the bleed on every side
    faces, back = plan_game_cards(game)["cards"]
    box = back.items[0]
    assert (box.x, box.y) == pytest.approx((-lay.bleed_pt, -lay.bleed_pt))
    assert (box.w, box.h) == pytest.approx((lay.width_pt + 2 * lay.bleed_pt, lay.height_pt + 2 * lay.bleed_pt))


def test_a_deck_size_lays_the_template_out_again(project):
    root = project(CARDS, deck_extra="size: tarot\n")
    lay = Project(root).load_game("demo").deck("cards").layout
    assert round(to_mm(lay.width_pt)) == 70
    _inside(lay)


def test_a_region_off_the_card_names_layout_region_and_card_size(project):
    root = project(CARDS, layout="fixed", layouts={"fixed": """\
        extends: card-base
        face:
          regions:
            mark: null
            portrait: {kind: image, x: 8mm, y: 18.5mm, w: 50mm, h: 27mm}
        """}, deck_extra="size: mini\n")
    with pytest.raises(DataError) as e:
        Project(root).load_game("demo")
    msgs = [str(p) for p in e.value.problems]
    # laid out on a 44×63 mm card, the poker-size portrait sticks out: said at the deck's size
    assert any(m.startswith("components/demo/cards.yaml:5:1: size: layouts/fixed.yaml:5:5: face.regions.portrait: "
                            "region 'portrait' of layout 'fixed' (image, 50.0×27.0 mm at x 8.0, y 18.5 mm from the trim's "
                            "top-left corner) leaves the "
                            "safe area (3.0 mm inside the trim) of the 44×63 mm card") for m in msgs), msgs


def test_a_template_of_its_own_is_checked_at_its_own_size(project):
    root = project(CARDS, layout="wide", layouts={"wide": """\
        extends: card-base
        back:
          regions:
            stripe: {kind: band, anchor: bottom, y: 0mm, w: 100%, h: 10mm, fill: "#000000"}
            tag: {kind: rect, anchor: bottom-right, x: -2mm, y: 2mm, w: 10mm, h: 10mm, fill: "#000000"}
        """})
    with pytest.raises(DataError) as e:
        Project(root).load_game("demo")
    msgs = [str(p) for p in e.value.problems]
    assert any("back.regions.tag: region 'tag' of layout 'wide' (rect, 10.0×10.0 mm at x 55.0, y 76.0 mm from the "
               "trim's top-left corner) leaves the "
               "trim of the 63×88 mm card" in m for m in msgs), msgs
    assert not any("stripe" in m for m in msgs)       # a band on the trim edge is fine


def test_preview_guides_draws_trim_bleed_safe_and_regions(project, tmp_path):
    root = project(CARDS)
    out = tmp_path / "g.png"
    plain = tmp_path / "p.png"
    runner = CliRunner()
    r = runner.invoke(main, ["preview", "demo", "--project", str(root), "--out", str(out), "--guides", "--dpi", "72"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(main, ["preview", "demo", "--project", str(root), "--out", str(plain), "--dpi", "72"])
    assert r.exit_code == 0, r.output
    g, p = Image.open(out).convert("RGB"), Image.open(plain).convert("RGB")
    assert g.size[0] > p.size[0]                       # the guides show the bleed around each card
    colors = {c for _, c in g.getcolors(1 << 20)}
    assert (214, 40, 40) in colors and (31, 95, 168) in colors and (30, 140, 60) in colors
    assert (214, 40, 40) not in {c for _, c in p.getcolors(1 << 20)}
