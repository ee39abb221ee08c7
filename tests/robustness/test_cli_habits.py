"""Issue item 10: the command line behaves as a designer expects."""

from .conftest import REPO, project_with


def test_project_before_the_command(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    result = cli("--project", project, "build", "euphoria", "--out", tmp_path / "o")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "o/euphoria/kleshas-sheets.pdf").is_file()
    listed = cli("--project", project, "list")
    assert listed.exit_code == 0 and listed.output.startswith("euphoria\t")


def test_project_after_the_command_wins(cli, tmp_path):
    result = cli("--project", tmp_path / "nowhere", "list", "--project", REPO)
    assert result.exit_code == 0 and "terror24" in result.output


def test_a_relative_out_is_inside_the_project(cli, tmp_path, monkeypatch):
    project = project_with(tmp_path / "design", "euphoria")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    result = cli("build", "euphoria", "--project", project, "--out", "print")
    assert result.exit_code == 0, result.output
    assert (project / "print/euphoria/manifest.json").is_file()
    assert not (elsewhere / "print").exists()


def test_players_zero_is_a_usage_error(cli):
    for command in ("simulate", "play"):
        result = cli(command, "euphoria", "--project", REPO, "--players", "0")
        assert result.exit_code == 2 and "--players" in result.output, command


def test_validate_games_zero_is_a_usage_error(cli):
    result = cli("validate", "--project", REPO, "--games", "0")
    assert result.exit_code == 2 and "--games" in result.output and "OK" not in result.output
