"""Ruby is laid out as it prints: layout reserves a reading's height and its overhang (JLREQ: over the
kana beside its base by one ruby character at most, never past the line's start or the region), so what
``pnp validate`` and ``pnp build`` accept, ``--check-print`` accepts; a region too small for its ruby
is a layout error naming the file, the line, the region and how much is missing.  Invisible format
characters (a pasted soft hyphen) never print."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.render.readback import read_pdf
from pnp.text.inline import ASCENT
from pnp.units import mm

RUBY_CARD = """id: ruby-card
extends: card-base
face:
  regions:
    title:
      y: 3mm
      valign: top
"""


@pytest.fixture
def game(mini_project):
    """The scaffolded game on a layout whose title sits on the safe area's edge; edit(old, new) changes
    its cards and returns the line of cards.yaml the change is on."""
    (mini_project / "layouts").mkdir()
    (mini_project / "layouts/ruby-card.yaml").write_text(RUBY_CARD, encoding="utf-8")
    cards = mini_project / "components/mini/cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("layout: card-base", "layout: ruby-card"),
                     encoding="utf-8")

    def edit(old: str, new: str) -> int:
        text = cards.read_text(encoding="utf-8")
        assert old in text
        cards.write_text(text.replace(old, new, 1), encoding="utf-8")
        return text[:text.index(old)].count("\n") + 1
    return SimpleNamespace(root=mini_project, edit=edit)


def pnp(*args):
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def build(project: Path, *more):
    return pnp("build", "--project", project, "--out", project / "out", "--jobs", "1", "--check-print", *more)


def first_card(project: Path):
    """The glyphs of the shop page of the first card, in card-local points (top-left of the trim)."""
    page = read_pdf(project / "out/mini/shop/cards-faces.pdf")[0]
    left, top, _r, _b = page.boxes["TrimBox"]
    return [(g.char, g.x - left, g.y - top, g.size, g.advance) for g in page.glyphs]


def glyph(glyphs, char):
    return next(g for g in glyphs if g[0] == char)


def test_a_reading_wider_than_its_base_at_the_line_start_sets_the_line_in(game):
    game.edit("body: 手札を1枚引く。", 'body: "{岬|みさき}まわりで手札を1枚引く。"')
    assert pnp("validate", "--project", game.root).exit_code == 0
    result = build(game.root)
    assert result.exit_code == 0, result.output
    glyphs = first_card(game.root)
    mi, ki, base = glyph(glyphs, "み"), glyph(glyphs, "き"), glyph(glyphs, "岬")
    body_left = mm(7)
    assert mi[1] == pytest.approx(body_left, abs=mm(0.05))       # the reading starts at the line's start
    overhang = ((ki[1] + ki[4]) - mi[1] - base[4]) / 2
    assert overhang > mm(0.4)
    assert base[1] == pytest.approx(body_left + overhang, abs=mm(0.05))    # its base set in by the overhang
    ma = glyph(glyphs, "ま")        # …and the reading overhangs the kana after it by less than a ruby em
    assert ki[1] + ki[4] - ma[1] == pytest.approx(overhang, abs=0.05)
    assert overhang <= mi[3]


def test_a_reading_over_a_title_on_the_safe_edge_stays_inside_the_region(game):
    game.edit("title: 朝焼け", 'title: "{凪|なぎ}の水道"')
    assert pnp("validate", "--project", game.root).exit_code == 0
    result = build(game.root)
    assert result.exit_code == 0, result.output
    na = glyph(first_card(game.root), "な")
    assert na[2] - ASCENT * na[3] >= mm(3) - 0.01       # the reading's em box starts at the region's top


def test_a_reading_wider_than_the_region_is_a_layout_error(game):
    line = game.edit("body: 手札を1枚引く。", 'body: "{神|' + "か" * 100 + '}"')
    for command in ("validate", "build"):
        result = pnp(command, "--project", game.root, *(("--out", game.root / "out") if command == "build" else ()))
        assert result.exit_code == 1, result.output
        assert f"components/mini/cards.yaml:{line}:" in result.output
        assert "text does not fit region 'body'" in result.output
        assert "with its reading" in result.output and "mm missing" in result.output
    assert not (game.root / "out/mini/shop/cards-faces.pdf").exists()


def test_a_region_too_short_for_its_reading_is_a_layout_error(game):
    (game.root / "layouts/ruby-card.yaml").write_text(RUBY_CARD + "      h: 4.5mm\n      min_size: 12pt\n",
                                                 encoding="utf-8")
    line = game.edit("title: 朝焼け", 'title: "{凪|なぎ}の水道"')
    result = pnp("validate", "--project", game.root)
    assert result.exit_code == 1
    assert f"components/mini/cards.yaml:{line}:" in result.output
    assert "text does not fit region 'title'" in result.output
    assert "mm for the readings over the lines)" in result.output


def test_a_reading_crowding_the_kanji_beside_it_is_a_layout_error(game):
    line = game.edit("body: 手札を1枚引く。", 'body: "手札を{大|おおおお}{岬|みさき}で引く。"')
    result = pnp("validate", "--project", game.root)
    assert result.exit_code == 1
    assert f"components/mini/cards.yaml:{line}:" in result.output
    assert "overhangs" in result.output and "JLREQ" in result.output


def test_a_soft_hyphen_never_prints(game):
    game.edit("body: 手札を1枚引く。", 'body: "手札を\\u00ad1枚\\u200b引く。"')
    result = build(game.root)
    assert result.exit_code == 0, result.output
    text = "".join(g[0] for g in first_card(game.root))
    assert "手札を1枚引く。" in text
    assert "-" not in text and "\u00ad" not in text and "\u200b" not in text


def test_readings_over_a_later_line_widen_a_gap_too_narrow_for_them(game):
    (game.root / "layouts/ruby-card.yaml").write_text(RUBY_CARD + "    body:\n      leading: 1.2\n", encoding="utf-8")
    game.edit("body: 手札を1枚引く。", 'body: "手札を1枚引く。\\n{岬|みさき}まわり"')
    assert pnp("validate", "--project", game.root).exit_code == 0
    result = build(game.root)
    assert result.exit_code == 0, result.output
    glyphs = first_card(game.root)
    first, mi, second = glyph(glyphs, "手"), glyph(glyphs, "み"), glyph(glyphs, "岬")
    assert mi[2] - ASCENT * mi[3] >= first[2] + (1 - ASCENT) * first[3] - 0.01    # the reading clears line 1
    assert second[2] - first[2] > 1.2 * first[3] + 1.0        # the second line moved down for it
