"""Issue item 8: validate runs every check build runs, for every paper build offers, without writing."""
import pytest

from .conftest import REPO, edit, line_of, no_traceback, project_with, relayout

MISSING = "\ue000"      # a private-use character: in no font


def test_a_glyph_missing_from_a_board_label(cli, tmp_path):
    project = project_with(tmp_path, "ebe")
    edit(project / "components/ebe/station.yaml", "label: A 医務室", f"label: A 医務室{MISSING}")
    checked = cli("validate", "ebe", "--project", project, "--games", "1")
    assert checked.exit_code == 1 and no_traceback(checked)
    assert "components/ebe/station.yaml:" in checked.output and "U+E000" in checked.output
    assert not (project / "out").exists()
    built = cli("build", "ebe", "--project", project, "--out", project / "out")
    assert built.exit_code == 1 and "components/ebe/station.yaml:" in built.output


def test_a_glyph_missing_from_a_token_label(cli, tmp_path):
    project = project_with(tmp_path, "ebe")
    edit(project / "components/ebe/damage.yaml", "{label: 傷,", f"{{label: 傷{MISSING},")
    checked = cli("validate", "ebe", "--project", project, "--games", "1")
    assert checked.exit_code == 1 and "components/ebe/damage.yaml:" in checked.output


@pytest.mark.parametrize("command", ["validate", "build"])
def test_a_corrupt_png_names_the_yaml_line(cli, tmp_path, command):
    project = project_with(tmp_path, "euphoria")
    (project / "components/euphoria/art.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"garbage" * 50)
    edit(project / "components/euphoria/kleshas.yaml", "flavor: 煩悩の大きさ 1}", "flavor: 煩悩の大きさ 1, image: art.png}")
    args = ["--games", "1"] if command == "validate" else ["--out", project / "out"]
    result = cli(command, "euphoria", "--project", project, *args)
    assert result.exit_code == 1 and no_traceback(result)
    n = line_of(project / "components/euphoria/kleshas.yaml", "image: art.png")
    assert f"components/euphoria/kleshas.yaml:{n}:" in result.output and "cards[0].image: image 'art.png'" in result.output
    assert "BytesIO" not in result.output


def test_the_bundled_ebe_builds_on_every_advertised_paper(cli, tmp_path):
    result = cli("build", "ebe", "--project", REPO, "--paper", "b5", "--out", tmp_path / "b5")
    assert result.exit_code == 0, result.output
    from pnp.commands.build import BuildOptions, plan_build
    from pnp.data.project import Project
    game = Project(REPO).load_game("ebe")
    for paper in ("letter", "a3", "a4"):
        plan_build(game, BuildOptions(paper=paper))      # raises DataError on any layout problem


def test_validate_checks_papers_other_than_the_default(cli, tmp_path):
    """A 175 × 245 mm card fits A4's printable area but not B5's, upright or turned: build with the
    default paper succeeds, build --paper b5 fails, and validate (which checks every paper) fails."""
    project = project_with(tmp_path, "euphoria")
    relayout(project / "components/euphoria/kleshas.yaml", "layout: {layout}\nsize: {width: 175mm, height: 245mm}")
    assert cli("build", "euphoria", "--project", project, "--out", project / "a4").exit_code == 0
    b5 = cli("build", "euphoria", "--project", project, "--paper", "b5", "--out", project / "b5")
    assert b5.exit_code == 1 and "components/euphoria/kleshas.yaml" in b5.output
    assert not (project / "b5").exists()
    checked = cli("validate", "euphoria", "--project", project, "--games", "1")
    assert checked.exit_code == 1 and no_traceback(checked)
    # one line naming every paper (and duplex) it does not fit: B5 either way, A4 and Letter folded
    sizes = [line for line in checked.output.splitlines() if "components/euphoria/kleshas.yaml:" in line]
    assert len(sizes) == 1 and sizes[0].endswith("(--paper a4 --duplex fold; --paper letter --duplex fold; "
                                                 "--paper b5)"), checked.output


def test_validate_writes_nothing(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    before = sorted(p.relative_to(project) for p in project.rglob("*"))
    assert cli("validate", "euphoria", "--project", project, "--games", "1").exit_code == 0
    assert sorted(p.relative_to(project) for p in project.rglob("*")) == before
