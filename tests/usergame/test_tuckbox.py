"""A tuck box for a deck, as a designer asks for it: `kind: tuckbox, deck: cards` gives a cut-and-fold
box sized to the deck's cards and count (reverse tuck ends, dust flaps, a glue flap, the title on the
front, the lid and both sides), printed on any paper (turned when only that fits)."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.layout.parts.tuckbox import tuck_net
from pnp.render.readback import read_pdf
from pnp.units import mm

NAVY = (0x2c / 255, 0x3e / 255, 0x50 / 255)
FOLD = 0x55 / 255


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def add_box(project, yaml: str, count: int = 1) -> None:
    (project / "components/kit/box.yaml").write_text("kind: tuckbox\nid: box\nname: カード箱\n" + yaml, encoding="utf-8")
    game = project / "components/kit/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + f"  - id: box\n    name: カード箱\n    kind: tuckbox\n"
                    f"    count: {count}\n    description: 山札を入れる箱。\n", encoding="utf-8")


@pytest.fixture
def project(tmp_path):
    assert run("new", "kit", "--project", tmp_path).exit_code == 0
    return tmp_path


def panels(page):
    """The filled panels of the net (the box's colour), as (x, y, w, h) in mm; not the 3 mm strips of
    bleed past the cut (no panel is that narrow: a box is at least 6 mm deep)."""
    out = []
    for p in page.paths:
        if p.fill is not None and len(p.fill) == 3 and all(abs(a - b) < 0.01 for a, b in zip(p.fill, NAVY)):
            x0, y0, x1, y1 = p.box
            box = tuple(round(v / mm(1), 1) for v in (x0, y0, x1 - x0, y1 - y0))
            if 3.0 not in box[2:]:
                out.append(box)
    return out


def test_a_box_for_sixty_poker_cards_on_a4(project):
    add_box(project, "deck: cards\ncards: 60\n")
    out = project / "out"
    result = run("build", "kit", "--project", project, "--out", out, "--check-print")
    assert result.exit_code == 0, result.output
    [page] = read_pdf(out / "kit/parts-box.pdf", paint=True)
    assert (round(page.width / mm(1)), round(page.height / mm(1))) == (210, 297)
    found = panels(page)
    # inner size: 63 × 88 mm cards + 2 mm; 60 cards × 0.32 mm + 2 mm deep
    W, H, D = 65.0, 90.0, 21.2
    sizes = sorted((w, h) for _, _, w, h in found)
    assert sizes == sorted([(W, H), (W, H), (D, H), (D, H), (W, D), (W, D)])
    front = next(p for p in found if (p[2], p[3]) == (W, H))
    x0, y0 = front[0], front[1]
    # front, side, back, side side by side; the lid above the back, the bottom under the front
    assert sorted((round(x - x0, 1), round(y - y0, 1)) for x, y, _, _ in found) == sorted(
        [(0.0, 0.0), (W, 0.0), (W + D, 0.0), (2 * W + D, 0.0), (W + D, -D), (0.0, H)])
    text = "".join(g.char for g in page.glyphs)
    assert "山札カード" in text and "カード60枚" in text and "内寸 65×90×21 mm" in text
    # the title along each side reads down it; the lid's is upside down in the net (right way up closed)
    downward = [g for g in page.glyphs if g.dy > 0.99]
    assert "".join(g.char for g in downward).count("山札カード") == 2
    assert "".join(g.char for g in page.glyphs if g.dx < -0.99) == "山札カード"
    folds = [p for p in page.paths if p.stroke is not None and all(abs(v - FOLD) < 0.01 for v in p.stroke)]
    assert len(folds) >= 12


def test_the_deck_count_and_a_minimum_depth(project):
    add_box(project, "deck: cards\n")           # the skeleton's 6 cards: 6 × 0.32 + 2 = 3.9 mm, too shallow
    out = project / "out"
    assert run("build", "kit", "--project", project, "--out", out).exit_code == 0
    [page] = read_pdf(out / "kit/parts-box.pdf", paint=True)
    assert sorted(w for _, _, w, _ in panels(page))[:2] == [6.0, 6.0]
    assert "カード6枚" in "".join(g.char for g in page.glyphs)


def test_a_box_wider_than_b5_is_printed_turned(project):
    add_box(project, "deck: cards\ncards: 40\n")
    net = tuck_net(mm(63), mm(88), 40, mm(0.32), mm(2))
    assert net.width > mm(162) >= net.height          # B5's room is 162 mm across
    out = project / "out"
    result = run("build", "kit", "--project", project, "--out", out, "--paper", "b5", "--check-print")
    assert result.exit_code == 0, result.output
    [page] = read_pdf(out / "kit/parts-box.pdf")
    title = [g for g in page.glyphs if g.size > 12]
    assert title and all(g.dy == pytest.approx(-1.0) for g in title)   # the front's title, turned with the net


def test_two_boxes_and_an_unknown_deck(project):
    add_box(project, "deck: cards\ncount: 2\n", count=2)
    out = project / "out"
    assert run("build", "kit", "--project", project, "--out", out).exit_code == 0
    pages = read_pdf(out / "kit/parts-box.pdf", paint=True)
    assert sum(len(panels(p)) for p in pages) == 12
    (project / "components/kit/box.yaml").write_text(
        "kind: tuckbox\nid: box\nname: カード箱\ndeck: roles\ncount: 2\n", encoding="utf-8")
    result = run("validate", "kit", "--project", project)
    assert result.exit_code == 1
    assert "box.yaml" in result.output and "no deck 'roles' for the tuck box (decks: cards)" in result.output


def test_the_box_follows_the_deck_in_an_incremental_build(project):
    add_box(project, "deck: cards\n")
    out = project / "out"
    assert run("build", "kit", "--project", project, "--out", out).exit_code == 0
    deck = project / "components/kit/cards.yaml"
    # six more cards: the box is rebuilt deeper, though its own file did not change
    deck.write_text(deck.read_text(encoding="utf-8").replace("title: 朝焼け,", "title: 朝焼け, count: 7,"),
                    encoding="utf-8")
    game = project / "components/kit/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("count: 6", "count: 12"), encoding="utf-8")
    result = run("build", "kit", "--project", project, "--out", out)
    assert result.exit_code == 0, result.output
    [page] = read_pdf(out / "kit/parts-box.pdf")
    assert "カード12枚" in "".join(g.char for g in page.glyphs)
