"""Issue item 7: every bad input ends in a message and an exit code, never in stack frames."""
import json
from pathlib import Path

import pytest
from PIL import Image

from .conftest import REPO, edit, line_of, no_traceback, project_with, relayout


def test_card_size_zero_is_a_message(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    relayout(project / "components/euphoria/kleshas.yaml", "layout: {layout}\nsize: {width: 0mm, height: 0mm}")
    result = cli("validate", "euphoria", "--project", project, "--games", "1")
    assert result.exit_code == 1 and no_traceback(result)
    n = line_of(project / "components/euphoria/kleshas.yaml", "size: {width: 0mm")
    assert f"components/euphoria/kleshas.yaml:{n}:" in result.output and "card width 0mm is outside" in result.output


def _with_image(project: Path, name: str) -> None:
    edit(project / "components/euphoria/kleshas.yaml", "cards:\n", f"defaults: {{image: {name}}}\ncards:\n")


@pytest.mark.parametrize("command", ["build", "validate"])
def test_a_decompression_bomb_png_is_a_message(cli, tmp_path, command):
    project = project_with(tmp_path, "euphoria")
    # 20000 × 20000 pixels in a few hundred kilobytes
    Image.new("1", (20000, 20000)).save(project / "components/euphoria/bomb.png")
    _with_image(project, "bomb.png")
    args = ["--out", project / "out"] if command == "build" else ["--games", "1"]
    result = cli(command, "euphoria", "--project", project, *args)
    assert result.exit_code == 1 and no_traceback(result)
    assert "components/euphoria/kleshas.yaml:" in result.output and "image 'bomb.png'" in result.output
    assert not (project / "out").exists()


@pytest.mark.parametrize("args,where", [
    (["build", "--gutter", "-63"], "--gutter"),
    (["build", "--gutter", "nan"], "--gutter"),
    (["build", "--back-offset", "1e308,0"], "--back-offset"),
    (["build", "--back-offset", "nan,0"], "--back-offset"),
    (["preview", "euphoria", "--dpi", "-5"], "--dpi"),
])
def test_bad_option_values_are_usage_errors(cli, tmp_path, args, where):
    result = cli(*args, "--project", REPO, "--out", tmp_path / "x")
    assert result.exit_code == 2 and no_traceback(result) and where in result.output
    assert not (tmp_path / "x").exists()


def test_policy_of_only_commas_is_a_message(cli):
    result = cli("simulate", "euphoria", "--project", REPO, "--games", "2", "--policy", ",,,")
    assert result.exit_code == 2 and no_traceback(result)          # a usage error (issue 29)
    assert "Invalid value for '--policy': ',,,' names no policy" in result.output


def test_source_date_epoch_that_is_not_a_number(cli, tmp_path):
    result = cli("calibrate", "--out", tmp_path / "c.pdf", env={"SOURCE_DATE_EPOCH": "abc"})
    assert result.exit_code == 2 and no_traceback(result)
    assert "SOURCE_DATE_EPOCH must be a whole number of seconds" in result.output


def test_schemas_into_an_unwritable_folder(cli):
    result = cli("schemas", "--out", "/proc/x")
    assert result.exit_code == 1 and no_traceback(result) and "/proc/x" in result.output


def test_play_with_too_many_players(cli):
    result = cli("play", "euphoria", "--project", REPO, "--players", "9")
    assert result.exit_code == 1 and no_traceback(result)
    assert "--players 9: euphoria is played by 3–5 players" in result.output
    assert "Traceback" not in result.output and 'File "' not in result.output


@pytest.fixture
def good_log(cli, tmp_path) -> dict:
    path = tmp_path / "log.json"
    assert cli("play", "euphoria", "--project", REPO, "--seed", "8", "--json", path).exit_code == 0
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("damage,message", [
    (lambda d: d.__setitem__("header", "x"), "header: expected a mapping, got str"),
    (lambda d: d["events"].__setitem__(0, "x"), "events[0]: expected a mapping with seat and action, got str"),
    (lambda d: d["events"][0].__setitem__("action", "x"), "events[0].action: not an action of euphoria"),
    (lambda d: d["header"].__setitem__("players", "three"), "header.players: expected 3–5, got 'three'"),
])
def test_replay_of_a_malformed_log_is_a_message(cli, tmp_path, good_log, damage, message):
    damage(good_log)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(good_log, ensure_ascii=False), encoding="utf-8")
    result = cli("replay", path, "--project", REPO)
    assert result.exit_code == 1 and no_traceback(result)
    assert message in result.output and str(path) in result.output


@pytest.mark.parametrize("depth", [500, 100_000])
def test_replay_of_json_nested_too_deep(cli, tmp_path, depth):
    path = tmp_path / "deep.json"
    path.write_text("[" * depth + "]" * depth, encoding="utf-8")
    result = cli("replay", path, "--project", REPO)
    assert result.exit_code == 1 and no_traceback(result) and "JSON nested more than 100 deep" in result.output


@pytest.mark.parametrize("kind", ["[]", "{}", "3", "null"])
def test_a_kind_that_is_not_a_name(cli, tmp_path, kind):
    """Found by the mutation property test: `kind: []` raised TypeError (unhashable type)."""
    project = project_with(tmp_path, "euphoria")
    edit(project / "components/euphoria/kleshas.yaml", "kind: deck", f"kind: {kind}")
    result = cli("validate", "euphoria", "--project", project, "--games", "1")
    assert result.exit_code == 1 and no_traceback(result)
    n = line_of(project / "components/euphoria/kleshas.yaml", f"kind: {kind}")
    assert f"components/euphoria/kleshas.yaml:{n}:1: kind: unknown or missing kind" in result.output
