"""The smaller things a designer met building their own kit (issue point 9): the bits count says what
it counts, the bits sheet's title does not repeat 用意するもの, `17mm + 42%` is a length like
`42% + 17mm`, and a combined token sheet is kept when nothing on it changed."""
from __future__ import annotations

import pdfplumber
import pytest
from owngame import GAME, add_board, add_tokens_dice_and_bits, edit, new_game, run, write


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))


def build(project, out, *args):
    result = run("build", GAME, *args, "--project", project, "--out", out)
    assert result.exit_code == 0, result.output
    return result


def test_the_bits_count_says_it_counts_what_is_bought_and_borrowed(tmp_path):
    game = new_game(tmp_path)
    add_tokens_dice_and_bits(game)
    edit(game / "game.yaml", "kind: bits, count: 5", "kind: bits, count: 6")     # 4 + 1 + the printed die
    result = run("validate", GAME, "--project", tmp_path)
    assert result.exit_code == 1
    assert ("用意するもの: game.yaml says 6, components/shoubai/bits.yaml makes 5 items to buy or borrow "
            "(source: buy and borrow; the print stand-ins are not counted)") in result.output


def test_the_bits_sheet_title_names_the_list_once(tmp_path):
    game = new_game(tmp_path)
    add_tokens_dice_and_bits(game)
    build(tmp_path, tmp_path / "out")
    with pdfplumber.open(tmp_path / "out/shoubai/parts-bits.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "新しいゲーム 用意するもの" in text.replace("\u3000", " ")
    assert "用意するもの：用意するもの" not in text and "用意するもの:用意するもの" not in text


def title_x(pdf_path) -> float:
    with pdfplumber.open(pdf_path) as pdf:
        words = pdf.pages[0].extract_words()
    return min(w["x0"] for w in words if w["text"].startswith("太陽"))


@pytest.mark.parametrize("written", ["17mm + 10%", "10% + 17mm"])
def test_a_length_plus_a_share_in_either_order(tmp_path, written):
    game = new_game(tmp_path)
    write(tmp_path, "layouts/shoubai-card.yaml", "id: shoubai-card\nextends: card-base\nface:\n  regions:\n"
                                                 f"    title:\n      x: {written}\n      w: 25mm\n      align: left\n")
    edit(game / "cards.yaml", "layout: card-base", "layout: shoubai-card")
    build(tmp_path, tmp_path / "out")
    bleed = 3 * 72 / 25.4
    x_mm = (title_x(tmp_path / "out/shoubai/shop/cards-faces.pdf") - bleed) * 25.4 / 72
    assert x_mm == pytest.approx(17 + 6.3, abs=0.3)        # 10% of the 63 mm card, plus 17 mm


def test_a_combined_token_sheet_is_kept_when_nothing_on_it_changed(tmp_path):
    game = new_game(tmp_path)
    add_tokens_dice_and_bits(game)
    out = tmp_path / "out"
    build(tmp_path, out)
    sheet = out / "shoubai/parts-coins.pdf"
    before = sheet.stat().st_mtime_ns
    edit(game / "cards.yaml", "このカードを取ると、得点が1点多い。", "このカードを取ると、1点多い。")   # a card edit
    again = build(tmp_path, out)
    assert "files drawn" in again.output and sheet.stat().st_mtime_ns == before
    assert "3 files drawn" in again.output           # the deck's sheets and shop pages, not the coins
    edit(game / "gold.yaml", "label: 金", "label: 五")          # one of the sheet's parts changed
    changed = build(tmp_path, out)
    # the sheet and its shop file (shop/parts-coins.pdf), nothing else
    assert "2 files drawn" in changed.output and sheet.stat().st_mtime_ns != before
    with pdfplumber.open(sheet) as pdf:
        text = pdf.pages[0].extract_text()
    assert "五" in text and "銀" in text


HAZARD_YELLOW = (0.957, 0.761, 0.051)


def yellow_shapes(pdf_path) -> int:
    with pdfplumber.open(pdf_path) as pdf:
        shapes = [o for p in pdf.pages for o in p.rects + p.curves]
    return sum(1 for o in shapes if o.get("fill") and o.get("non_stroking_color") and
               tuple(round(v, 3) for v in o["non_stroking_color"][:3]) == HAZARD_YELLOW)


def test_a_panel_board_has_plain_bands_unless_it_asks_for_stripes(tmp_path):
    game = new_game(tmp_path)
    add_board(game)
    build(tmp_path, tmp_path / "out")
    assert yellow_shapes(tmp_path / "out/shoubai/parts-market.pdf") == 0
    add_board_stripes = (game / "market.yaml").read_text(encoding="utf-8") + "stripes: true\n"
    (game / "market.yaml").write_text(add_board_stripes, encoding="utf-8")
    build(tmp_path, tmp_path / "striped")
    assert yellow_shapes(tmp_path / "striped/shoubai/parts-market.pdf") >= 3     # two bands and the title box
