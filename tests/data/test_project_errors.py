from pathlib import Path

import pytest

from pnp.commands.schema_files import schema_files
from pnp.data.project import Project
from pnp.errors import DataError


def errors_of(project: Path, game: str = "mini") -> list[str]:
    with pytest.raises(DataError) as e:
        Project(project).load_game(game)
    return [str(p) for p in e.value.problems]


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_scaffold_loads(mini_project):
    game = Project(mini_project).load_game("mini")
    assert game.deck("cards").piece_count == 6


def test_all_problems_at_once_with_file_line_col(mini_project):
    cards = mini_project / "components/mini/cards.yaml"
    edit(cards, "layout: card-base", "layout: card-base\ncolour: red")          # unknown key
    edit(cards, "suit: moon, value: 1", "suit: mooon, value: 1")               # dangling suit
    edit(mini_project / "components/mini/game.yaml", "players: [2, 4]", "players: [2, four]")
    errs = errors_of(mini_project)
    assert any(e.startswith("components/mini/cards.yaml:6:1: colour: unknown key 'colour'") for e in errs), errs
    assert any("components/mini/game.yaml:4:" in e and "players[1]" in e for e in errs), errs
    # dangling references are reported once the file is structurally valid
    edit(cards, "layout: card-base\ncolour: red", "layout: card-base")
    edit(mini_project / "components/mini/game.yaml", "players: [2, four]", "players: [2, 4]")
    errs = errors_of(mini_project)
    assert any("cards[2].suit: unknown suit 'mooon'" in e for e in errs), errs


def test_problems_are_sorted_by_file_and_line(mini_project):
    cards = mini_project / "components/mini/cards.yaml"
    edit(cards, "suit: sun, value: 1", "suit: nope, value: 1")
    edit(cards, "suit: star, value: 2", "suit: nada, value: 2")
    errs = errors_of(mini_project)
    lines = [int(e.split(":")[1]) for e in errs]
    assert lines == sorted(lines) and len(errs) == 2


def test_unknown_layout_and_bad_unit(mini_project):
    cards = mini_project / "components/mini/cards.yaml"
    edit(cards, "layout: card-base", "layout: no-such-layout")
    errs = errors_of(mini_project)
    assert any("layout: unknown layout 'no-such-layout'" in e for e in errs), errs
    lay = mini_project / "layouts"
    lay.mkdir()
    (lay / "wide.yaml").write_text("extends: card-base\nbleed: 3cm\n", encoding="utf-8")
    edit(cards, "layout: no-such-layout", "layout: wide")
    errs = errors_of(mini_project)
    assert any(e.startswith("layouts/wide.yaml:2:1: bleed: expected length with a unit") for e in errs), errs


def test_layout_extends_cycle_and_missing_parent(mini_project):
    lay = mini_project / "layouts"
    lay.mkdir()
    (lay / "a.yaml").write_text("extends: b\n", encoding="utf-8")
    (lay / "b.yaml").write_text("extends: a\n", encoding="utf-8")
    (lay / "c.yaml").write_text("extends: [card-base, ghost]\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        Project(mini_project).load_layouts()
    text = str(e.value)
    assert "cycle" in text and "a → b → a" in text
    assert "layouts/c.yaml:1:1: extends: unknown parent layout 'ghost'" in text


def test_deleting_a_card_fails_naming_file_and_counts(mini_project):
    cards = mini_project / "components/mini/cards.yaml"
    text = cards.read_text(encoding="utf-8").splitlines()
    cards.write_text("\n".join(ln for ln in text if "star-2" not in ln) + "\n", encoding="utf-8")
    errs = errors_of(mini_project)
    assert any("game.yaml" in e and "says 6 cards" in e and "cards.yaml makes 5" in e for e in errs), errs


def test_image_path_may_not_leave_the_game_folder(mini_project):
    cards = mini_project / "components/mini/cards.yaml"
    edit(cards, "title: 朝焼け,", "title: 朝焼け, image: ../../secret.png,")
    errs = errors_of(mini_project)
    assert any("cards[0].image: image path '../../secret.png' leaves the game's folder" in e for e in errs), errs


def test_shipped_json_schemas_are_in_sync(repo):
    for name, text in schema_files().items():
        assert (repo / "pnp" / "schemas" / name).read_text(encoding="utf-8") == text, "run `pnp schemas --out pnp/schemas`"


def test_suits_sharing_a_mark_are_an_error(mini_project):
    cards = mini_project / "components/mini/cards.yaml"
    edit(cards, 'color: "#2e4a9e", mark: diamond', 'color: "#2e4a9e", mark: circle')
    errs = errors_of(mini_project)
    assert any("suits[1].mark: suits 'sun' and 'moon' share the mark 'circle'" in e and "greyscale" in e
               for e in errs), errs


def test_bundled_suits_differ_in_shape_and_greyscale(repo):
    """Suits must stay apart printed in greyscale: distinct shapes (checked at load) and, for the
    suit marks drawn large, visibly different grey levels or shapes."""
    for game in Project(repo).load_games():
        for deck in game.decks:
            marks = [s.mark for s in deck.suits]
            assert len(set(marks)) == len(marks), (game.id, deck.id, marks)
