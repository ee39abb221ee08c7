"""Issue items 1, 2 and 4: no option or YAML line can start thousands of processes, fill memory or
hang.  Each bad input is a fixture; each answer an exit code and a message naming what is wrong."""
import os
from pathlib import Path

import pytest

from pnp.limits import MAX_BOARD_CELLS, MAX_GAMES, MAX_TRACK_SPACES, MAX_YAML_DEPTH, MAX_YAML_NODES

from .conftest import REPO, edit, line_of, no_traceback, project_with, relayout


# -- 1: workers ------------------------------------------------------------------------------------
@pytest.mark.parametrize("jobs", ["0", "-1"])
def test_jobs_below_one_is_a_usage_error(cli, jobs):
    result = cli("simulate", "euphoria", "--project", REPO, "--games", "2", "--jobs", jobs)
    assert result.exit_code == 2 and "--jobs" in result.output


def test_jobs_above_the_cores_is_refused_without_force(cli):
    result = cli("simulate", "euphoria", "--project", REPO, "--games", "10", "--jobs", "100000")
    assert result.exit_code == 2
    assert f"more than the {os.cpu_count()} CPU cores" in result.output and "--force-jobs" in result.output


def test_force_jobs_allows_more_workers_than_cores(cli):
    jobs = (os.cpu_count() or 1) + 1
    result = cli("simulate", "euphoria", "--project", REPO, "--games", "2", "--players", "3",
                 "--jobs", jobs, "--force-jobs")
    assert result.exit_code == 0, result.output


# -- 2: counts and sizes ---------------------------------------------------------------------------
def test_simulate_games_beyond_the_limit_is_a_usage_error(cli):
    result = cli("simulate", "euphoria", "--project", REPO, "--games", "1000000000000")
    assert result.exit_code == 2 and f"{MAX_GAMES}" in result.output.replace(",", "")


def test_validate_games_zero_is_a_usage_error(cli):
    result = cli("validate", "euphoria", "--project", REPO, "--games", "0")
    assert result.exit_code == 2 and "--games" in result.output


def test_a_track_of_a_billion_spaces_is_refused_at_once(cli, tmp_path):
    project = project_with(tmp_path, "ebe")
    track = project / "components/ebe/life.yaml"
    edit(track, "end: 0", "end: 1000000000")
    result = cli("build", "ebe", "--project", project, "--out", project / "out")
    assert result.exit_code == 1 and no_traceback(result)
    assert f"components/ebe/life.yaml:{line_of(track, 'end: 1000000000')}:" in result.output
    assert f"too long (at most {MAX_TRACK_SPACES})" in result.output


def test_a_600k_value_yaml_is_refused_by_its_size(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    bits = project / "components/euphoria/big.yaml"
    bits.write_text("kind: bits\nid: big\nname: x\nitems:\n" + "".join(f"  - {i}\n" for i in range(600_000)),
                    encoding="utf-8")
    result = cli("validate", "euphoria", "--project", project, "--games", "1")
    assert result.exit_code == 1 and no_traceback(result)
    assert "components/euphoria/big.yaml: file is 6,488,924 bytes; the limit is 2,000,000" in result.output


def test_yaml_with_too_many_values_is_refused_while_parsing(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    bits = project / "components/euphoria/big.yaml"
    bits.write_text("kind: bits\nid: big\nname: x\nitems: [" + "1," * 150_000 + "1]\n", encoding="utf-8")
    result = cli("validate", "euphoria", "--project", project, "--games", "1")
    assert result.exit_code == 1 and no_traceback(result)
    assert "components/euphoria/big.yaml:" in result.output
    assert f"more than {MAX_YAML_NODES:,} values in one file" in result.output


@pytest.mark.parametrize("depth", [500, 999])
def test_deeply_nested_yaml_is_a_message(cli, tmp_path, depth):
    project = project_with(tmp_path, "euphoria")
    (project / "components/euphoria/deep.yaml").write_text(
        "kind: bits\nid: deep\nname: x\nitems: " + "[" * depth + "]" * depth + "\n", encoding="utf-8")
    result = cli("build", "euphoria", "--project", project, "--out", project / "out")
    assert result.exit_code == 1 and no_traceback(result)
    assert "components/euphoria/deep.yaml:4:" in result.output
    assert f"nested more than {MAX_YAML_DEPTH} deep" in result.output


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_yaml_symlink_to_an_endless_device_is_refused(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    os.symlink("/dev/zero", project / "components/euphoria/zero.yaml")
    result = cli("validate", "euphoria", "--project", project, "--games", "1")
    assert result.exit_code == 1 and no_traceback(result)
    assert "components/euphoria/zero.yaml: not a regular file" in result.output


# -- 4: hangs ----------------------------------------------------------------------------------------
BOARD = """kind: board
id: huge
name: 大きなマップ
cell: 6mm
areas:
  - {{id: a, label: 広場, x: 0, y: 0, w: {n}, h: {n}}}
"""


def test_a_500_by_500_board_is_refused_quickly(cli, tmp_path):
    project = project_with(tmp_path, "ebe")
    (project / "components/ebe/huge.yaml").write_text(BOARD.format(n=500), encoding="utf-8")
    result = cli("build", "ebe", "--project", project, "--out", project / "out")
    assert result.exit_code == 1 and no_traceback(result)
    assert "components/ebe/huge.yaml:6:" in result.output and f"past {MAX_BOARD_CELLS} cells" in result.output


def test_the_largest_board_allowed_tiles_without_copying_the_board_to_every_page(tmp_path):
    """A board at the size limit must still tile in bounded work: each tile draws only what it shows (its
    speed is a benchmark's, not a test's)."""
    from pnp.commands.parts import plan_parts
    from pnp.commands.scaffold import new_game
    from pnp.data.project import Project
    new_game(tmp_path, "mini")         # a game without a draft: no provenance needed for the new part
    project = tmp_path
    (project / "components/mini/huge.yaml").write_text(BOARD.format(n=MAX_BOARD_CELLS).replace("6mm", "14mm"),
                                                       encoding="utf-8")
    edit(project / "components/mini/game.yaml", "components:\n",
         "components:\n  - {id: huge, name: 大きなマップ, kind: board, count: 1}\n")
    game = Project(project).load_game("mini")
    plans = {p.part_id: p for p in plan_parts(game)}
    pages = plans["huge"].pages
    assert len(pages) > 40
    # no tile page carries the whole board: the 10 000 cells are shared out, not copied to every page
    from pnp.layout.parts import Group
    def count(items):
        return sum(count(i.items) if isinstance(i, Group) else 1 for i in items)
    assert max(count(p.items) for p in pages[1:]) < 2000


@pytest.mark.parametrize("width", ["0mm", "0.0000001mm", "5000mm"])
def test_a_card_size_outside_the_limits_is_a_message(cli, tmp_path, width):
    project = project_with(tmp_path, "euphoria")
    relayout(project / "components/euphoria/kleshas.yaml", "layout: {layout}\nsize: {width: " + width + ", height: 88mm}")
    result = cli("build", "euphoria", "--project", project, "--out", project / "out")
    assert result.exit_code == 1 and no_traceback(result), result.output
    assert "components/euphoria/kleshas.yaml:" in result.output and "size.width" in result.output
    assert "outside 15–300 mm" in result.output


def test_png_cards_at_a_huge_resolution_are_refused_before_drawing(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    relayout(project / "components/euphoria/kleshas.yaml", "layout: {layout}\nsize: {width: 250mm, height: 280mm}")
    result = cli("build", "euphoria", "--project", project, "--out", project / "out", "--png", "--dpi", "1200")
    assert result.exit_code == 1 and no_traceback(result)
    assert "components/euphoria/kleshas.yaml:1:1: size: at --dpi 1200 a card is 11811×13228 pixels" in result.output
    assert not (project / "out").exists()


def test_a_huge_contact_sheet_is_refused_before_drawing(cli, tmp_path):
    result = cli("preview", "tantei2", "--project", REPO, "--dpi", "600", "--out", tmp_path / "p.png")
    assert result.exit_code == 1 and no_traceback(result)
    assert "lower --dpi or name one deck" in result.output and not (tmp_path / "p.png").exists()
