"""`{{part}}` draws the designer's dice and tokens in the rulebook, not only boards and tracks (issue:
"`{{part}}` draws boards and tracks only, not dice or tokens")."""
from __future__ import annotations

import pdfplumber
from owngame import GAME, add_component, add_tokens_dice_and_bits, edit, new_game, run, write


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


def test_an_unknown_part_names_every_part(tmp_path):
    game = new_game(tmp_path)
    add_tokens_dice_and_bits(game)
    write(game, "rulebook/01-parts.md", "# 部品\n\n{{part coin}}\n")
    result = run("validate", GAME, "--project", tmp_path)
    assert result.exit_code == 1
    assert "{{part coin}}: no part 'coin' (parts: bits, dice, gold, silver)" in result.output


ROLES = """kind: deck
id: roles
name: 役割カード
layout: card-base
back: {title: 役割, color: "#34495e"}
cards:
  - {id: silk, title: "{生糸|きいと}問屋:coin:", body: 生糸を安く買える。, back: {title: 問屋, color: "#8e44ad"}, by: designer,
     question: {topic: content, ask: 生糸問屋の力は強すぎませんか？, options: [{id: keep, text: このまま}, {id: weaker, text: 弱める}],
                chosen: keep, why: まだ試遊が少ないため。}}
  - {id: ship, title: 船主, body: 港を1つ飛ばして進める。, back: {title: 船主, color: "#1f618d"}}
"""


def test_a_figure_of_a_cards_own_back_and_names_that_keep_their_ruby(tmp_path):
    game = new_game(tmp_path)
    write(game, "roles.yaml", ROLES)
    edit(game / "game.yaml", "engine: engine.py\n", "engine: engine.py\nicons:\n  coin: {shape: circle, color: \"#d4ac0d\"}\n")
    add_component(game, "  - {id: roles, name: 役割カード, kind: deck, count: 2, description: 各自1枚。}\n")
    write(game, "rulebook/01-roles.md", "# 役割\n\n{{card roles/silk/back roles/ship/back}}\n\n{{card roles/silk}}\n\n"
                                        "# 質問\n\n{{questions}}\n")
    built = run("build", GAME, "--project", tmp_path, "--out", tmp_path / "out")
    assert built.exit_code == 0, built.output
    with pdfplumber.open(tmp_path / "out/shoubai/rulebook.pdf") as pdf:
        text = "\n".join(p.extract_text() for p in pdf.pages[2:])
    flat = text.replace("\n", "").replace(" ", "")
    assert "生糸問屋の裏" in flat and "船主の裏" in flat                  # the labels under the two backs
    assert "問屋" in text and "役割カード（生糸問屋の裏）、役割カード（船主の裏）" in flat   # the backs, named in the caption
    # a card is named the same way everywhere: the face's caption and the question's heading
    assert "役割カード（生糸問屋）■質問" in flat and "Q1［内容（カード・部品）］役割カード（生糸問屋）" in flat
    assert "|" not in text and ":coin:" not in text and "きいと" in text   # ruby set as ruby, never raw markup


def test_the_back_of_a_card_that_is_not_there_is_an_error(tmp_path):
    game = new_game(tmp_path)
    write(game, "rulebook/01-roles.md", "# 役割\n\n{{card cards/nosuch/back}}\n")
    result = run("validate", GAME, "--project", tmp_path)
    assert result.exit_code == 1 and "unknown card 'nosuch' in deck 'cards'" in result.output
