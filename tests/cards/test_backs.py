"""Backs per card and two-sided cards, imposed for long/short/fold duplex and the print-shop pages."""
from __future__ import annotations

import json
import re

import pdfplumber
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import main
from pnp.commands.build import BuildOptions, build_game
from pnp.data.project import Project
from pnp.errors import DataError

TWO_SIDED = "".join(
    f"""\
  - id: c{n}
    suit: sun
    value: {n}
    front: {{title: 表{n}, body: 人物{n}の通常の面。}}
    back: {{title: 裏{n}, body: 人物{n}が覚醒した面。}}
""" for n in range(1, 5))


def _words(pdf_path, page_no: int, pattern: str) -> dict[str, tuple[float, float]]:
    """text → (x centre, y top) of the words matching pattern on one page."""
    with pdfplumber.open(pdf_path) as pdf:
        words = pdf.pages[page_no].extract_words()
    return {w["text"]: ((w["x0"] + w["x1"]) / 2, w["top"]) for w in words if re.fullmatch(pattern, w["text"])}


def _two_sided(project):
    return project(TWO_SIDED, deck_extra="two_sided: true\n")


def test_two_sided_cards_load_both_sides(project):
    game = Project(_two_sided(project)).load_game("demo")
    deck = game.deck("cards")
    c1 = deck.card("c1")
    assert deck.two_sided and (c1.title, c1.reverse.title) == ("表1", "裏1")
    assert c1.reverse.body == "人物1が覚醒した面。" and c1.reverse.suit == c1.suit


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_a_two_sided_decks_back_page_mirrors_the_front(project, tmp_path, duplex):
    """Long-edge duplex turns the sheet about its long side: each back is under its own face with
    columns mirrored; short-edge mirrors the rows."""
    game = Project(_two_sided(project)).load_game("demo")
    build_game(game, tmp_path / "out", BuildOptions(duplex=duplex, shop=False))
    sheets = tmp_path / "out/demo/cards-sheets.pdf"
    front, back = _words(sheets, 0, r"表\d"), _words(sheets, 1, r"裏\d")
    assert len(front) == 4 and len(back) == 4
    page_w = float(PdfReader(sheets).pages[0].mediabox.width)
    page_h = float(PdfReader(sheets).pages[0].mediabox.height)
    xs = sorted({round(x) for x, _ in front.values()})
    assert len(xs) == 3                                 # 3 × 3 poker cards on A4; 4 cards use two rows
    for n in range(1, 5):
        fx, fy = front[f"表{n}"]
        bx, by = back[f"裏{n}"]
        if duplex == "long":
            assert bx == pytest.approx(page_w - fx, abs=0.6) and by == pytest.approx(fy, abs=0.6)
        else:
            assert bx == pytest.approx(fx, abs=0.6)
    if duplex == "short":
        # three rows: the first row's backs go to the last row, the middle row stays in the middle
        row = front["表4"][1] - front["表1"][1]
        assert back["裏4"][1] == pytest.approx(front["表4"][1], abs=0.6)
        for n in (1, 2, 3):
            assert back[f"裏{n}"][1] == pytest.approx(front[f"表{n}"][1] + 2 * row, abs=0.6)
    assert page_h > page_w


def test_fold_puts_each_back_beside_its_face(project, tmp_path):
    game = Project(_two_sided(project)).load_game("demo")
    build_game(game, tmp_path / "out", BuildOptions(duplex="fold", shop=False))
    sheets = tmp_path / "out/demo/cards-sheets.pdf"
    words = _words(sheets, 0, r"[表裏]\d")
    page_w = float(PdfReader(sheets).pages[0].mediabox.width)
    for n in range(1, 5):
        fx, fy = words[f"表{n}"]
        bx, by = words[f"裏{n}"]
        assert fx < page_w / 2 < bx
        assert bx == pytest.approx(page_w - fx, abs=0.6) and by == pytest.approx(fy, abs=0.6)


def test_shop_faces_and_backs_are_paired_page_for_page(project, tmp_path):
    root = project(TWO_SIDED.replace("    value: 1\n", "    value: 1\n    count: 2\n"), deck_extra="two_sided: true\n",
                   count=5)
    game = Project(root).load_game("demo")
    build_game(game, tmp_path / "out", BuildOptions(sheets=False, png=True, tts=True))
    shop = tmp_path / "out/demo/shop"
    assert not (shop / "cards-back.pdf").exists()
    with pdfplumber.open(shop / "cards-faces.pdf") as faces, pdfplumber.open(shop / "cards-backs.pdf") as backs:
        assert len(faces.pages) == len(backs.pages) == 5
        for f, b in zip(faces.pages, backs.pages):
            ft = [w["text"] for w in f.extract_words() if w["text"].startswith("表")]
            bt = [w["text"] for w in b.extract_words() if w["text"].startswith("裏")]
            assert len(ft) == len(bt) == 1 and ft[0][1:] == bt[0][1:]
    manifest = json.loads((tmp_path / "out/demo/manifest.json").read_text(encoding="utf-8"))
    assert any(f["kind"] == "shop-backs" and f["pages"] == 5 for f in manifest["files"])
    assert (tmp_path / "out/demo/png/cards/c3-back.png").is_file()
    tts = json.loads((tmp_path / "out/demo/tts/cards.json").read_text(encoding="utf-8"))
    assert tts["sheets"][0]["unique_back"] is True and tts["sheets"][0]["back"] == "cards-backs-1.png"


def test_a_card_may_have_its_own_back(project, tmp_path):
    root = project("""\
      - {id: a, suit: sun, value: 1, title: 通常}
      - {id: b, suit: sun, value: 2, title: 特別, back: {subtitle: 特別な裏, color: "#7d3c98"}}
    """)
    game = Project(root).load_game("demo")
    deck = game.deck("cards")
    assert deck.back_of(deck.card("b")).color == "#7d3c98" and deck.back_of(deck.card("b")).title == "試作ゲーム"
    build_game(game, tmp_path / "out", BuildOptions())
    shop = tmp_path / "out/demo/shop"
    with pdfplumber.open(shop / "cards-backs.pdf") as pdf:
        texts = [p.extract_text() for p in pdf.pages]
        fills = [{tuple(round(v, 3) for v in (r.get("non_stroking_color") or ())) for r in p.rects} for p in pdf.pages]
    assert "行動カード" in texts[0] and "特別な裏" in texts[1]
    from pnp.render.color import profile_for  # the shop files print CMYK whatever --color says
    purple = tuple(round(v, 3) for v in profile_for(game).ink("#7d3c98", large=True).cmyk)
    assert purple in fills[1] and purple not in fills[0]
    # on the home sheet the own back sits behind its own face (long edge: column mirrored)
    sheets = tmp_path / "out/demo/cards-sheets.pdf"
    assert "特別な裏" in _words(sheets, 1, "特別な裏") and "通常" in _words(sheets, 0, "通常")


def test_uniform_backs_keep_the_single_back_page(project, tmp_path):
    root = project("""\
      - {id: a, suit: sun, value: 1, title: 通常}
    """)
    build_game(Project(root).load_game("demo"), tmp_path / "out", BuildOptions(sheets=False))
    assert (tmp_path / "out/demo/shop/cards-back.pdf").is_file()
    assert not (tmp_path / "out/demo/shop/cards-backs.pdf").exists()


def test_mistakes_in_backs_are_reported(project):
    root = project("""\
      - {id: a, suit: sun, value: 1, title: 通常, back: {body: 裏の文}}
      - {id: b, suit: sun, value: 2, title: 表, front: {title: 表}}
    """)
    with pytest.raises(DataError) as e:
        Project(root).load_game("demo")
    msgs = [str(p) for p in e.value.problems]
    assert any("cards[0].back.body: a card's back in a one-sided deck takes title, subtitle, color, image" in m
               for m in msgs), msgs
    assert any("cards[1].front: front: belongs to a deck with two_sided: true" in m for m in msgs), msgs
    root2 = project("""\
      - {id: a, suit: sun, value: 1, front: {title: 表}}
    """, deck_extra="two_sided: true\n")
    r = CliRunner().invoke(main, ["validate", "demo", "--project", str(root2)])
    assert r.exit_code == 1 and "cards[0]: card 'a' of a two_sided deck needs back:" in r.output


def test_export_refuses_what_a_spreadsheet_cannot_hold(project):
    """A spreadsheet row has no place for a card's two sides: export says so instead of dropping them."""
    root = _two_sided(project)
    r = CliRunner().invoke(main, ["export", "demo", "cards", "--csv", "--project", str(root)])
    assert r.exit_code == 1
    assert "cards[0].back: back: (a card's own back, or a side of a two-sided card) has no column" in r.output
    assert not (root / "components/demo/cards.csv").exists()


def test_cards_whose_own_back_equals_the_decks_share_it(project, tmp_path):
    root = project("""\
      - {id: a, suit: sun, value: 1, title: 通常, back: {color: "#2c3e50"}}
      - {id: b, suit: sun, value: 2, title: 特別, back: {color: "#7d3c98"}}
      - {id: c, suit: sun, value: 3, title: 特別2, back: {color: "#7d3c98"}}
    """)
    game = Project(root).load_game("demo")
    from pnp.commands.build import plan_game_cards
    plans = plan_game_cards(game)["cards"]
    _, back = plans
    assert plans.backs["a"] is back and plans.backs["b"] is plans.backs["c"] is not back
