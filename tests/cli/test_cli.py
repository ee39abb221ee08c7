import json

import pytest
from click.testing import CliRunner

from pnp.cli import main


@pytest.fixture
def run():
    runner = CliRunner()

    def go(*args):
        return runner.invoke(main, [str(a) for a in args], catch_exceptions=False)
    return go


def test_every_command_has_help(run):
    result = run("--help")
    assert result.exit_code == 0
    commands = [line.split()[0] for line in result.output.split("Commands:")[1].strip().splitlines()]
    assert {"build", "list", "inspect", "new", "preview"} <= set(commands)
    for name in commands:
        sub = run(name, "--help")
        assert sub.exit_code == 0 and "Usage:" in sub.output, name


def test_new_game_builds_out_of_the_box(run, tmp_path):
    assert run("new", "my-game", "--project", tmp_path).exit_code == 0
    result = run("build", "--project", tmp_path, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "out/my-game/manifest.json").read_text(encoding="utf-8"))
    kinds = sorted(f["kind"] for f in manifest["files"])
    assert kinds[:3] == ["sheets", "shop-back", "shop-faces"]


@pytest.mark.parametrize("name,words", [("../x", "a name, not a path"), ("a/b", "a name, not a path"),
                                        ("Game", "lower-case"), ("con", "Windows"), ("nul", "Windows"),
                                        ("aux", "Windows"), ("prn", "Windows"), ("com1", "Windows"),
                                        ("lpt1", "Windows"), ("g" * 65, "at most 64")])
def test_new_refuses_a_name_that_cannot_be_a_game_as_a_usage_error(run, tmp_path, name, words):
    result = run("new", name, "--project", tmp_path)
    assert result.exit_code == 2 and words in result.output, result.output
    assert not (tmp_path / "components").exists()


def test_the_longest_id_new_accepts_also_builds(run, tmp_path):
    name = "g" * 64
    assert run("new", name, "--project", tmp_path).exit_code == 0
    assert run("build", "--project", tmp_path, "--out", tmp_path / "out").exit_code == 0


def test_bad_data_exits_1_with_file_line_and_no_traceback(run, mini_project):
    cards = mini_project / "components/mini/cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("value: 2, title: 満月", "value: [2], title: 満月"),
                     encoding="utf-8")
    result = run("build", "--project", mini_project, "--out", mini_project / "out")
    assert result.exit_code == 1
    assert "components/mini/cards.yaml:" in result.output and "cards[3].value" in result.output
    assert "Traceback" not in result.output


def test_unknown_game_is_a_clear_error(run, repo):
    result = run("build", "nosuchgame", "--project", repo, "--out", "/nonexistent-never-written")
    assert result.exit_code == 1 and "no game 'nosuchgame'" in result.output


def test_usage_error_exit_2(run):
    assert run("build", "--paper", "a9").exit_code == 2


def test_inspect_json(run, repo):
    result = run("inspect", "terror24", "--json", "--project", repo)
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["id"] == "terror24" and data["players"] == [3, 5]
    comps = {c["id"]: c for c in data["components"]}
    assert comps["detectives"]["count"] == 50 and comps["detectives"]["name"] == "刑事カード"
    assert set(comps["incidents"]) >= {"id", "name", "kind", "count", "provisional"}


def test_list(run, repo):
    result = run("list", "--project", repo)
    assert result.exit_code == 0 and "euphoria" in result.output and "terror24" in result.output


def test_inspect_shows_station_adjacency_as_area_names(run, repo):
    data = json.loads(run("inspect", "ebe", "--json", "--project", repo).output)
    board = next(p for p in data["parts"] if p["kind"] == "board")
    pairs = {tuple(p) for p in board["adjacency"]}
    assert pairs == {("A 医務室", "D 制御室"), ("A 医務室", "E 備品室"), ("B 製作所", "C 研究所"),
                     ("B 製作所", "D 制御室"), ("C 研究所", "G 動力室"), ("D 制御室", "E 備品室"),
                     ("D 制御室", "F 廃棄場"), ("F 廃棄場", "G 動力室")}


def test_unwritable_output_is_a_message_not_a_traceback(run, mini_project, tmp_path):
    blocker = tmp_path / "out"
    blocker.write_text("a file where the output folder should be", encoding="utf-8")
    result = run("build", "--project", mini_project, "--out", blocker / "sub")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert str(blocker) in result.output


def test_python_dash_m_pnp_is_the_same_command_line(tmp_path):
    """``python -m pnp`` runs the group the ``pnp`` script runs (pnp.cli:main): the same help, the same exit codes."""
    import subprocess
    import sys
    env = {"PNP_LANG": "en", "PATH": "", "LC_ALL": "C.UTF-8", "COLUMNS": "100"}

    def run(*how):
        return subprocess.run([sys.executable, *how], capture_output=True, text=True, cwd=tmp_path, env=env)
    script = ("-c", "import sys; from pnp.cli import main; sys.exit(main(prog_name='pnp'))")
    shown = run("-m", "pnp", "--help")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("Usage: pnp [OPTIONS] COMMAND [ARGS]...")
    assert shown.stdout == run(*script, "--help").stdout
    wrong = run("-m", "pnp", "no-such-command")
    assert wrong.returncode == 2 and "No such command 'no-such-command'" in wrong.stderr
    assert wrong.stderr == run(*script, "no-such-command").stderr
