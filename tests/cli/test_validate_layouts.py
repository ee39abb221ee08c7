"""`pnp validate` on layouts: printed regions that overlap, coordinates an inherited anchor measures from
another edge, board labels hidden under a name band or another label, and a broken layout that must
not bring follow-on errors with it (issue: what prints is what was measured)."""
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.data.project import Project
from pnp.units import to_mm


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def validate(project: Path, game: str = "mini"):
    return run("validate", game, "--games", "1", "--project", project)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def use_layout(project: Path, layout: str) -> Path:
    cards = project / "components/mini/cards.yaml"
    text = cards.read_text(encoding="utf-8").replace("layout: card-base", f"layout: {layout}", 1)
    cards.write_text(text, encoding="utf-8")
    return cards


def line_of(path: Path, needle: str) -> int:
    """1-based line of the first line of path that contains needle."""
    return next(i for i, ln in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in ln)


# ---------------------------------------------------------------- overlapping regions
ROLE_OVER_BODY = """\
id: role
extends: card-base
face:
  regions:
    flavor:
      anchor: top-left
      y: 60mm
"""


def test_a_text_region_over_another_fails_naming_both_at_their_lines(mini_project):
    lay = write(mini_project / "layouts/role.yaml", ROLE_OVER_BODY)
    use_layout(mini_project, "role")
    result = validate(mini_project)
    assert result.exit_code == 1, result.output
    base = Path(__file__).resolve().parents[2] / "layouts/card-base.yaml"
    body_line = line_of(base, "    body:")
    expected = (f"layouts/role.yaml:{line_of(lay, 'flavor:')}:5: face.regions.flavor: text region 'flavor' "
                f"overlaps text region 'body' (layouts/card-base.yaml:{body_line}:5) on the 63×88 mm card")
    assert expected in result.output, result.output
    # where each can print, from the named corner: flavor 60–73 mm, body 46–68 mm from the top
    assert "'flavor' can print at x 7.0–49.0 mm, y 60.0–73.0 mm" in result.output
    assert "'body' at x 7.0–56.0 mm, y 46.0–68.0 mm (measured from the trim's top-left corner)" in result.output
    # and the deck that uses the layout brings no error of its own
    assert "components/mini/cards.yaml" not in result.output


def test_overlap_true_or_naming_the_other_region_allows_it(mini_project):
    lay = write(mini_project / "layouts/role.yaml", ROLE_OVER_BODY + "      overlap: true\n")
    use_layout(mini_project, "role")
    assert validate(mini_project).exit_code == 0
    lay.write_text(ROLE_OVER_BODY + "      overlap: [body]\n", encoding="utf-8")
    assert validate(mini_project).exit_code == 0
    lay.write_text(ROLE_OVER_BODY + "      overlap: [bodyy]\n", encoding="utf-8")
    result = validate(mini_project)
    assert result.exit_code == 1
    assert (f"layouts/role.yaml:{line_of(lay, 'overlap:')}:17: face.regions.flavor.overlap: overlap: names 'bodyy', "
            "which is not another region of the face") in result.output
    assert "overlaps text region 'body'" in result.output      # a misspelt name allows nothing


def test_a_layout_that_overlaps_only_at_the_decks_size_fails_at_both_places(mini_project):
    # body fixed at 20 mm tall: on poker (88 mm) it ends 2 mm above the flavour, on mini (63 mm) it runs into it
    lay = write(mini_project / "layouts/role.yaml", "id: role\nextends: card-base\nface:\n  regions:\n"
                                                    "    body:\n      h: 20mm\n")
    cards = use_layout(mini_project, "role")
    assert validate(mini_project).exit_code == 0
    cards.write_text(cards.read_text(encoding="utf-8").replace("layout: role", "layout: role\nsize: mini", 1),
                     encoding="utf-8")
    result = validate(mini_project)
    assert result.exit_code == 1, result.output
    size_line = line_of(cards, "size: mini")
    assert (f"components/mini/cards.yaml:{size_line}:1: size: layouts/role.yaml:{line_of(lay, 'body:')}:5: "
            "face.regions.body: text region 'body' overlaps text region 'flavor' (layouts/card-base.yaml:"
            in result.output), result.output
    assert "on the 44×63 mm card" in result.output


def test_a_mark_under_a_number_is_fine_when_the_layout_says_so(repo):
    """card-number prints the big number over card-base's faint suit mark: overlap: [mark] says it."""
    layouts, problems = Project(repo).load_layouts_partly()
    assert problems == []
    bignum = next(r for r in layouts["card-number"].face if r.name == "bignum")
    assert bignum.get("overlap") == ["mark"]


def test_bundled_layouts_and_games_load_clean(repo):
    """Every bundled layout at its own size and at every deck's size: no overlap, no anchor problem."""
    games = Project(repo).load_games()
    assert {g.id for g in games} == {"ebe", "euphoria", "tantei2", "terror24"}
    assert all(not g.unlaid for g in games)


# ---------------------------------------------------------------- inherited anchors
def test_y_without_anchor_under_a_bottom_anchored_parent_names_the_edge(mini_project):
    lay = write(mini_project / "layouts/guest.yaml", "id: guest\nextends: card-base\nface:\n  regions:\n"
                                                     "    flavor:\n      y: 70mm\n")
    use_layout(mini_project, "guest")
    result = validate(mini_project)
    assert result.exit_code == 1, result.output
    assert (f"layouts/guest.yaml:{line_of(lay, 'y: 70mm')}:7: face.regions.flavor.y: y: 70mm is measured from "
            "the bottom edge: region 'flavor' inherits anchor: bottom-left from layout 'card-base', and this "
            "layout sets y without an anchor; write anchor: bottom-left to measure from the bottom edge, or "
            "anchor: top-left to measure from the top edge") in result.output, result.output


def test_x_without_anchor_under_a_right_anchored_parent_names_the_right_edge(mini_project):
    lay = write(mini_project / "layouts/guest.yaml", "id: guest\nextends: card-base\nface:\n  regions:\n"
                                                     "    provisional:\n      x: 5mm\n")
    use_layout(mini_project, "guest")
    result = validate(mini_project)
    assert result.exit_code == 1, result.output
    assert (f"layouts/guest.yaml:{line_of(lay, 'x: 5mm')}:7: face.regions.provisional.x: x: 5mm is measured "
            "from the right edge: region 'provisional' inherits anchor: top-right from layout 'card-base'"
            in result.output), result.output
    assert "or anchor: top-left to measure from the left edge" in result.output


@pytest.mark.parametrize(("lines", "top_mm"), [
    ("      y: 5mm\n", 5.0),           # y on a top-right region: measured from the top either way
    ("      anchor: top-left\n      y: 70mm\n", 70.0),
    ("      anchor: bottom-left\n      y: 6mm\n", 88 - 6 - 13.0),
])
def test_a_coordinate_that_says_its_edge_is_placed_from_it(mini_project, lines, top_mm):
    region = "provisional" if "anchor" not in lines else "flavor"
    write(mini_project / "layouts/guest.yaml", f"id: guest\nextends: card-base\nface:\n  regions:\n"
                                               f"    {region}:\n{lines}")
    use_layout(mini_project, "guest")
    assert validate(mini_project).exit_code == 0
    layout = Project(mini_project).load_layouts()["guest"]
    placed = next(r for r in layout.face if r.name == region)
    assert to_mm(placed.y_pt) == pytest.approx(top_mm)


# ---------------------------------------------------------------- board labels
BOARD_GAME = """\
id: mini
title: 地図のゲーム
players: [2, 4]
components:
  - {id: map, name: 地図, kind: board, count: 1}
"""


def board_project(tmp_path: Path, board: str) -> Path:
    write(tmp_path / "components/mini/game.yaml", BOARD_GAME)
    write(tmp_path / "components/mini/map.yaml", board)
    return tmp_path / "components/mini/map.yaml"


PANEL_BOARD = """\
kind: board
id: map
name: 地図
cell: 30mm
style: panel
grid:
  - "AABB"
  - "AABB"
areas:
  - {id: a, label: 港, letter: A, color: "#c0392b"}
  - {id: b, label: 森, letter: B, color: "#1e8449"}
labels:
  - {text: 出発, x: 2, y: 1.5}
  - {text: 嵐, x: 0.6, y: 0.2}
"""


def test_a_board_label_under_an_area_name_band_fails_at_its_line(tmp_path):
    board = board_project(tmp_path, PANEL_BOARD)
    write(tmp_path / "components/mini/rulebook/01-overview.md", "# 概要\n\n{{part map}}\n\n地図を置きます。\n")
    result = validate(tmp_path)
    assert result.exit_code == 1, result.output
    at = f"components/mini/map.yaml:{line_of(board, '嵐')}:5: labels[1]: label '嵐'"
    assert at in result.output and "lies over the name band of area 'a' (港)" in result.output, result.output
    assert "labels[0]" not in result.output          # the label on the border between the areas is clear
    assert result.output.count("labels[1]") == 1     # once: not again for every paper, nor for the rulebook's figure
    board.write_text(PANEL_BOARD.replace("y: 0.2}", "y: 0.2, overlap: true}"), encoding="utf-8")
    assert validate(tmp_path).exit_code == 0


def test_two_board_labels_on_one_spot_fail_naming_the_first(tmp_path):
    board = board_project(tmp_path, PANEL_BOARD.replace("{text: 嵐, x: 0.6, y: 0.2}", "{text: 到着, x: 2.1, y: 1.5}"))
    result = validate(tmp_path)
    assert result.exit_code == 1, result.output
    first = line_of(board, "出発")
    assert re.search(rf"components/mini/map\.yaml:{first + 1}:5: labels\[1\]: label '到着' \(at [^)]*\) lies over "
                     rf"label '出発' \(components/mini/map\.yaml:{first}:5\)", result.output), result.output


# ---------------------------------------------------------------- one error, not a cascade
GUESTS_GAME = """\
id: mini
title: 客
players: [2, 4]
components:
  - {id: guests, name: 客カード, kind: deck, count: 2}
"""
GUESTS = """\
kind: deck
id: guests
name: 客カード
layout: guest
cards:
  - {id: a, title: 客A, body: 本文}
  - {id: b, title: 客B, body: 本文}
"""


def test_a_broken_layout_is_reported_alone_not_as_an_unknown_deck_in_the_rulebook(tmp_path):
    write(tmp_path / "components/mini/game.yaml", GUESTS_GAME)
    write(tmp_path / "components/mini/guests.yaml", GUESTS)
    write(tmp_path / "components/mini/rulebook/01-overview.md", "# 概要\n\n{{card guests/a}}\n\n本文。\n")
    lay = write(tmp_path / "layouts/guest.yaml", "id: guest\nextends: card-base\nface:\n  regions:\n"
                                                 "    flavor:\n      y: 3cm\n")
    result = validate(tmp_path)
    assert result.exit_code == 1
    problems = [ln.strip() for ln in result.output.splitlines() if ln.startswith("      ")]
    assert problems == [f"layouts/guest.yaml:{line_of(lay, '3cm')}:7: face.regions.flavor.y: expected a length "
                        "(7mm) or a share of the trim, plus or minus a length (10%, 100% - 14mm), got '3cm'"], result.output
    assert "客カード はテンプレート guest に問題があるため省略" in result.output
    # the deck is still known by its cards: a wrong card id in the rulebook is still a real error
    write(tmp_path / "components/mini/rulebook/01-overview.md", "# 概要\n\n{{card guests/zz}}\n\n本文。\n")
    result = validate(tmp_path)
    assert "components/mini/rulebook/01-overview.md:3:8: unknown card 'zz' in deck 'guests'" in result.output
    assert "unknown deck" not in result.output
    # build says the same one problem, and writes nothing
    result = run("build", "mini", "--project", tmp_path, "--out", tmp_path / "out")
    assert result.exit_code == 1 and "unknown deck" not in result.output and "got '3cm'" in result.output


def test_an_engine_game_whose_deck_layout_broke_plays_its_checks_without_follow_on_errors(repo, tmp_path):
    shutil.copytree(repo / "components/euphoria", tmp_path / "components/euphoria")
    kleshas = tmp_path / "components/euphoria/kleshas.yaml"
    kleshas.write_text(kleshas.read_text(encoding="utf-8").replace("layout: euphoria-sutra", "layout: my-sutra", 1),
                       encoding="utf-8")
    write(tmp_path / "layouts/my-sutra.yaml", "id: my-sutra\nextends: euphoria-sutra\nbleed: 3cm\n")
    result = run("validate", "euphoria", "--games", "1", "--project", tmp_path)
    assert result.exit_code == 1
    failed = [ln for ln in result.output.splitlines() if ln.startswith("NG")]
    assert len(failed) == 1 and "テンプレート" in failed[0], result.output      # the layouts row alone
    assert "KeyError" not in result.output and "needs a deck" not in result.output
