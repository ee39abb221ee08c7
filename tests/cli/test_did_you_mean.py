"""Wherever pnp looks a name up and does not find it — a game, a deck, a card, a component, a ruling, a
block, a colour, a template — the message names the closest one it has."""
from __future__ import annotations

from click.testing import CliRunner

from pnp.cli import main
from pnp.commands.scaffold import new_game


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def test_a_misspelt_game_and_deck_on_the_command_line(tmp_path):
    new_game(tmp_path, "mini")
    built = run("build", "mnii", "--project", tmp_path)
    assert built.exit_code == 1
    assert "components/mnii: no game 'mnii' (games: mini) (did you mean 'mini'?)" in built.output
    shown = run("preview", "mini", "crads", "--project", tmp_path)
    assert shown.exit_code == 1
    assert "mini: no deck 'crads' (decks: cards) (did you mean 'cards'?)" in shown.output
    japanese = run("--lang", "ja", "export", "mini", "crads", "--project", tmp_path)
    assert japanese.exit_code == 1
    assert "mini: デッキ 'crads' はありません（デッキ：cards）（'cards' のことですか？）" in japanese.output


def test_misspelt_names_in_the_rulebook(tmp_path):
    new_game(tmp_path, "mini")
    book = tmp_path / "components/mini/rulebook"
    book.mkdir()
    (book / "01-a.md").write_text(
        "# 遊び方\n\n{{card cards/sun-l}}\n\n{{card crads/sun-1}}\n\n山札は {{count:crads}} 枚。\n\n"
        ":::nots\n注意。\n:::\n\n[あお]{青}い文字。\n", encoding="utf-8")
    result = run("validate", "mini", "--project", tmp_path)
    assert result.exit_code == 1
    said = result.output
    assert "unknown card 'sun-l' in deck 'cards' (did you mean 'sun-1'?)" in said, said
    assert "unknown deck 'crads' in 'cards/sun-1'" not in said             # the word as written
    assert "unknown deck 'crads' in 'crads/sun-1' (decks: cards) (did you mean 'cards'?)" in said, said
    assert "unknown component 'crads' in {{count:crads}} (components: cards) (did you mean 'cards'?)" in said, said
    assert "unknown block :::nots (known: " in said and "(did you mean 'note'?)" in said, said


def test_a_misspelt_template_parent_and_field(tmp_path):
    new_game(tmp_path, "mini")
    layouts = tmp_path / "layouts"
    layouts.mkdir()
    (layouts / "mine.yaml").write_text(
        "id: mine\nextends: card-bsae\n", encoding="utf-8")
    cards = tmp_path / "components/mini/cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("layout: card-base", "layout: mine"), encoding="utf-8")
    result = run("build", "mini", "--project", tmp_path, "--out", tmp_path / "out")
    assert result.exit_code == 1
    assert "layouts/mine.yaml:2:" in result.output
    assert "unknown parent layout 'card-bsae' (did you mean 'card-base'?)" in result.output, result.output
