"""`{{part}}` draws the designer's dice and tokens in the rulebook, not only boards and tracks (issue:
"`{{part}}` draws boards and tracks only, not dice or tokens")."""
from __future__ import annotations

import pdfplumber
from owngame import GAME, add_tokens_dice_and_bits, new_game, run, write


def test_part_figures_of_a_die_and_tokens(tmp_path):
    game = new_game(tmp_path)
    add_tokens_dice_and_bits(game)
    write(game, "rulebook/01-parts.md", "# 部品\n\n{{part dice}}\n\n{{part gold: 金貨（5金）}}\n")
    built = run("build", GAME, "--project", tmp_path, "--out", tmp_path / "out")
    assert built.exit_code == 0, built.output
    with pdfplumber.open(tmp_path / "out/shoubai/rulebook.pdf") as pdf:
        page = pdf.pages[2]
        words = [w["text"] for w in page.extract_words()]
        text = page.extract_text()
    assert [w for w in words if w in "123456"] and "相場ダイス" in text       # the net's faces, the default caption
    assert "金" in words and "金貨（5金）" in text                              # the token's label, the caption


def test_a_part_that_cannot_be_drawn_names_what_can(tmp_path):
    game = new_game(tmp_path)
    add_tokens_dice_and_bits(game)
    write(game, "rulebook/01-parts.md", "# 部品\n\n{{part bits}}\n")
    result = run("validate", GAME, "--project", tmp_path)
    assert result.exit_code == 1
    assert "{{part bits}}: no board, track, dice or tokens 'bits' (parts: dice, gold, silver)" in result.output
