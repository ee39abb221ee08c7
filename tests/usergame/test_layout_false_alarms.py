"""A designer's own card layout that printed fine must not be refused for what never prints (issue #44,
item 1): a portrait over the inherited index on cards without a value, a widened title over the （仮）
badge when no card is provisional, a back's title layered over art with z:.  The same overlaps are
errors as soon as some card prints both; and every problem of a layout is said in one run."""
from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
from click.testing import CliRunner
from PIL import Image

from pnp.cli import main
from pnp.units import to_mm

GAME = "shoubai"
BASE = Path(__file__).resolve().parents[2] / "layouts/card-base.yaml"

CHARA = """\
id: chara
extends: card-base
face:
  regions:
    mark: null
    title:
      w: 100% - 20mm
    portrait:
      kind: image
      x: 8mm
      y: 17mm
      w: 47mm
      h: 27mm
back:
  regions:
    art:
      kind: image
      x: 0mm
      y: 0mm
      w: 100%
      h: 100%
      bleed: true
      z: 1
    title:
      z: 2
    subtitle:
      z: 2
"""


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def line_of(path: Path, needle: str) -> int:
    return next(i for i, ln in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in ln)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def character_game(folder: Path) -> tuple[Path, Path]:
    """`pnp new`, then the designer's character cards: no numbers, a portrait on the first card, art
    on the back; returns (the layout, the deck)."""
    result = run("new", GAME, "--project", folder)
    assert result.exit_code == 0, result.output
    game = folder / "components" / GAME
    Image.new("RGB", (300, 200), (50, 100, 200)).save(game / "portrait.png")
    Image.new("RGB", (690, 940), (200, 100, 50)).save(game / "back.png")     # the back's bleed box, 69 × 94 mm
    layout = folder / "layouts/chara.yaml"
    layout.parent.mkdir(parents=True, exist_ok=True)
    layout.write_text(CHARA, encoding="utf-8")
    deck = game / "cards.yaml"
    text = deck.read_text(encoding="utf-8").replace("layout: card-base", "layout: chara")
    text = re.sub(r"value: \d+, ", "", text).replace('  color: "#2c3e50"\n', '  color: "#2c3e50"\n  image: back.png\n')
    text = text.replace("body: 手札を1枚引く。}", "body: 手札を1枚引く。, image: portrait.png}")
    deck.write_text(text, encoding="utf-8")
    return layout, deck


def validate(folder: Path):
    return run("validate", GAME, "--games", "1", "--project", folder)


def mm_box(obj) -> tuple[float, ...]:
    return tuple(round(to_mm(obj[k]), 1) for k in ("x0", "top", "x1", "bottom"))


def test_the_designers_layout_builds_and_prints_what_it_says(tmp_path):
    character_game(tmp_path)
    result = validate(tmp_path)
    assert result.exit_code == 0, result.output
    assert "overlaps" not in result.output
    result = run("build", GAME, "--project", tmp_path)
    assert result.exit_code == 0, result.output
    shop = tmp_path / "out" / GAME / "shop"
    with pdfplumber.open(shop / "cards-faces.pdf") as pdf:
        page = pdf.pages[0]           # sun-1: its portrait, its title, and no index (it has no value)
        assert [mm_box(im) for im in page.images] == [(14.2, 20.0, 54.7, 47.0)]   # 3 mm bleed + x 8, y 17 mm
        words = page.extract_words()
        assert [w["text"] for w in words] == ["朝焼け", "手札を1枚引く。"]
        assert not any(ch.isdigit() for w in words for ch in w["text"][:1])
        assert all(p.extract_text().count("（仮）") == 0 for p in pdf.pages)
    with pdfplumber.open(shop / "cards-back.pdf") as pdf:
        page = pdf.pages[0]           # the art full bleed, the names drawn over it
        assert [mm_box(im) for im in page.images] == [(0.0, 0.0, 69.0, 94.0)]     # the whole bleed box
        assert page.extract_text().split("\n") == ["新しいゲーム", "山札カード"]


def test_a_card_with_a_value_prints_the_index_under_the_portrait(tmp_path):
    layout, deck = character_game(tmp_path)
    edit(deck, "id: sun-1, suit: sun,", "id: sun-1, suit: sun, value: 1,")
    result = validate(tmp_path)
    assert result.exit_code == 1, result.output
    expected = (f"layouts/chara.yaml:{line_of(layout, 'portrait:')}:5: face.regions.portrait: image region "
                f"'portrait' overlaps index region 'index' (layouts/card-base.yaml:{line_of(BASE, '    index:')}:5) "
                "on the 63×88 mm card by 4.0×1.0 mm: 'portrait' can print at x 8.0–55.0 mm, y 17.0–44.0 mm, "
                "'index' at x 4.0–12.0 mm, y 4.0–18.0 mm (measured from the trim's top-left corner); card 'sun-1' "
                "of deck 'cards' prints both")
    assert expected in result.output, result.output
    assert result.output.count("overlaps") == 1
    # the index on a card without its portrait: the pair never prints together
    edit(deck, "id: sun-1, suit: sun, value: 1,", "id: sun-1, suit: sun,")
    edit(deck, "id: sun-2, suit: sun,", "id: sun-2, suit: sun, value: 2,")
    assert validate(tmp_path).exit_code == 0


def test_a_provisional_card_prints_the_badge_under_the_widened_title(tmp_path):
    layout, deck = character_game(tmp_path)
    edit(deck, "id: moon-1, suit: moon,", "id: moon-1, provisional: true, suit: moon,")
    result = validate(tmp_path)
    assert result.exit_code == 1, result.output
    assert (f"layouts/chara.yaml:{line_of(layout, '    title:')}:5: face.regions.title: text region 'title' "
            f"overlaps badge region 'provisional' (layouts/card-base.yaml:{line_of(BASE, '    provisional:')}:5)"
            in result.output), result.output
    assert "card 'moon-1' of deck 'cards' prints both" in result.output


def test_z_over_the_art_is_intent_and_the_art_under_text_without_it_is_not(tmp_path):
    layout, deck = character_game(tmp_path)
    edit(layout, "    title:\n      z: 2\n", "")       # the back's title now at z 0, under the art's z 1
    result = validate(tmp_path)
    assert result.exit_code == 1, result.output
    assert (f"layouts/chara.yaml:{line_of(layout, 'art:')}:5: back.regions.art: image region 'art' overlaps "
            f"text region 'title' (layouts/card-base.yaml:" in result.output), result.output
    assert "the backs of deck 'cards' print both" in result.output
    assert "(or, over an image, a higher z:)" in result.output
    assert "'subtitle'" not in result.output               # still z: 2 over the art
    # no back of the deck has a picture: the art never prints, nothing lies under the title
    edit(deck, "  image: back.png\n", "")
    assert validate(tmp_path).exit_code == 0


def test_every_problem_of_the_layout_comes_in_one_run(tmp_path):
    """The anchor question, a real overlap, and a misspelt overlap: entry, together; the anchor's
    message says where each choice of edge puts the region and what it would lie over."""
    layout, deck = character_game(tmp_path)
    edit(deck, "id: sun-1, suit: sun,", "id: sun-1, suit: sun, value: 1,")
    layout.write_text(CHARA
                      .replace("back:\n", "    flavor:\n      y: 70mm\n    body:\n      overlap: [bodyy]\nback:\n"),
                      encoding="utf-8")
    result = validate(tmp_path)
    assert result.exit_code == 1, result.output
    y_line, body_line = line_of(layout, "y: 70mm"), line_of(layout, "    body:")
    anchor = (f"layouts/chara.yaml:{y_line}:7: face.regions.flavor.y: y: 70mm is measured from the bottom edge: "
              "region 'flavor' inherits anchor: bottom-left from layout 'card-base'")
    assert anchor in result.output, result.output
    assert ("(anchor: bottom-left puts it at x 7.0–49.0 mm, y 5.0–18.0 mm, over index region 'index' (on cards "
            "that print it), text region 'title', image region 'portrait' (on cards that print it); anchor: "
            "top-left puts it at x 7.0–49.0 mm, y 70.0–83.0 mm, clear of the other regions)") in result.output
    assert (f"layouts/chara.yaml:{body_line + 1}:17: face.regions.body.overlap: overlap: names 'bodyy'"
            in result.output)
    assert "face.regions.portrait: image region 'portrait' overlaps index region 'index'" in result.output
    assert "region 'flavor' overlaps" not in result.output    # its place is the anchor's question, said once
    assert result.output.count("overlaps") == 1
    assert "Traceback" not in result.output
    # fixing what the messages say leaves nothing
    layout.write_text(CHARA.replace("back:\n", "    flavor:\n      anchor: top-left\n      y: 70mm\nback:\n"),
                      encoding="utf-8")
    edit(deck, "id: sun-1, suit: sun, value: 1,", "id: sun-1, suit: sun,")
    assert validate(tmp_path).exit_code == 0
