"""simulate, play, replay and validate under a Japanese locale (LANG=ja_JP.UTF-8, nothing else): a bad
policy, variant, option value or executor, a game log with an illegal action, a log that is not JSON, a
study file of another game, an engine that disagrees with game.yaml — each said in Japanese, naming the
option, file and field it is about, with the nearest name where a name was looked up, exit code 1, no
traceback, and no English sentence left in the message."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_japanese_locale import pnp

from pnp.commands.scaffold import new_game

REPO = Path(__file__).resolve().parents[2]
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
# what stays as written in either language: the JSON file's place, quoted names, the search player's syntax
PLACE = re.compile(r"^\S+?\.json(?::\d+:\d+)?: ")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|「[^」]*」|`[^`]*`")
SYNTAX = re.compile(r"mcts:\S*")
ENGLISH_RUN = re.compile(r"[A-Za-z]{2,} [A-Za-z]{2,} [A-Za-z]{2,}")   # words of a sentence, not a list of names


def english_left(line: str) -> str | None:
    """None when a message line reads as Japanese; else what in it is English."""
    rest = SYNTAX.sub("", QUOTED.sub("", PLACE.sub("", line, count=1)))
    if not JAPANESE.search(rest):
        return f"no Japanese in {line!r}"
    found = ENGLISH_RUN.search(rest)
    return f"English {found.group()!r} in {line!r}" if found else None


def test_the_check_finds_english_in_a_line():
    assert english_left("log.json: events[3].action: この局面では「3を出す」は打てない手です") is None
    assert english_left("log.json: events[3].action: 「3を出す」 is not a legal action here") is not None
    assert english_left("--option hands: '9' is not one of 1, 2, 3") is not None
    assert english_left("--executor 'x': expected dask://HOST:PORT") is not None


def said(run) -> str:
    """The message lines of a run that failed as a designer's mistake: exit 1, no traceback."""
    assert run.returncode == 1, (run.returncode, run.stdout[-2000:], run.stderr[-2000:])
    assert "Traceback" not in run.stderr, run.stderr[-2000:]
    lines = [ln for ln in run.stderr.splitlines() if ln.strip()]
    assert lines, run.stdout[-2000:]
    problems = [p for p in map(english_left, lines) if p]
    assert not problems, problems
    return "\n".join(lines)


@pytest.mark.parametrize("args,expected", [
    (("simulate", "euphoria", "--policy", "heuristc"),
     ["euphoria: 方針 'heuristc' はありません", "'heuristic' のことですか"]),
    (("simulate", "euphoria", "--policy", "mcts:many"),
     ["方針 'mcts:many'：読みの回数は整数にしてください"]),
    (("simulate", "euphoria", "--variant", "standart"),
     ["--variant standart: euphoria にこの変種はありません", "'standard' のことですか"]),
    (("simulate", "euphoria", "--compare-variant", "hidden_remove"),
     ["--compare-variant hidden_remove: ", "'hidden_removed' のことですか"]),
    (("simulate", "terror24", "--option", "hands=9"),
     ["--option hands: '9' は使えません（1, 2, 3 のどれか）"]),
    (("simulate", "terror24", "--option", "hnads=2"),
     ["--option 'hnads=2': ゲームのオプションではありません", "'hands' のことですか"]),
    (("simulate", "euphoria", "--executor", "dask:/127.0.0.1"),
     ["--executor 'dask:/127.0.0.1': dask://HOST:PORT の形で"]),
    (("simulate", "euphoria", "--executor", "dask://127.0.0.1:99999"),
     ["ポートは 1〜65535 にしてください"]),
    (("simulate", "euphoria", "--players", "9"),
     ["--players 9: euphoria は 3〜5 人で遊ぶゲームです"]),
    (("play", "euphoria", "--variant", "hiden_removed"),
     ["--variant hiden_removed: ", "'hidden_removed' のことですか"]),
])
def test_bad_simulate_options_are_said_in_japanese(tmp_path, args, expected):
    text = said(pnp(*args, "--games", "2", "--project", REPO, cwd=tmp_path) if args[0] == "simulate"
                else pnp(*args, "--project", REPO, cwd=tmp_path))
    for part in expected:
        assert part in text, text


@pytest.fixture(scope="module")
def log(tmp_path_factory) -> dict:
    path = tmp_path_factory.mktemp("log") / "log.json"
    run = pnp("play", "euphoria", "--seed", "4", "--players", "4", "--json", path, "--project", REPO, cwd=path.parent)
    assert run.returncode == 0, run.stderr
    return json.loads(path.read_text(encoding="utf-8"))


def replayed(tmp_path: Path, data: dict | str) -> tuple[Path, str]:
    path = tmp_path / "log.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path, said(pnp("replay", path, "--project", REPO, cwd=tmp_path))


def test_a_replayed_illegal_action_is_said_in_japanese_at_its_event(tmp_path, log):
    data = json.loads(json.dumps(log))
    i, ev = next((i, e) for i, e in enumerate(data["events"])
                 if isinstance(e["action"], dict) and e["action"].get("move") == "chant")
    ev["action"]["card"] = (ev["action"]["card"] + 1) % 40
    path, text = replayed(tmp_path, data)
    assert f"{path}: events[{i}].action: この局面では「" in text and "」は打てない手です" in text, text


def test_a_log_that_is_not_json_is_said_in_japanese_at_its_line_and_column(tmp_path):
    path, text = replayed(tmp_path, '{"format": "pnp-game-log/1",\n  header: 1}')
    assert f"{path}:2:3: JSON として読めません（二重引用符で囲んだキーがありません）" in text, text


@pytest.mark.parametrize("damage,expected", [
    (lambda d: d["header"].__setitem__("players", "three"), "header.players: 3〜5 のはずが 'three' になっています"),
    (lambda d: d["header"].__setitem__("data_hash", "0" * 64), "header.data_hash: 違います：記録したあとに"),
    (lambda d: d.__setitem__("final_state_hash", "f" * 64), "final_state_hash: 再生した最後の局面が記録と違います"),
    (lambda d: d["events"].__setitem__(0, "x"), "events[0]: seat と action を持つマッピングのはずが str"),
])
def test_a_damaged_log_is_said_in_japanese_with_its_field(tmp_path, log, damage, expected):
    data = json.loads(json.dumps(log))
    damage(data)
    path, text = replayed(tmp_path, data)
    assert f"{path}: {expected}" in text, text


def test_a_study_of_another_game_is_refused_in_japanese(tmp_path):
    study = tmp_path / "study.json"
    run = pnp("simulate", "terror24", "--games", "2", "--players", "3", "--json", study, "--project", REPO,
              cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    text = said(pnp("simulate", "euphoria", "--from-json", study, "--report", tmp_path / "r.pdf",
                    "--project", REPO, cwd=tmp_path))
    assert f"{study}: game: このファイルは 'terror24' の集計で、'euphoria' のものではありません" in text, text
    assert not (tmp_path / "r.pdf").exists()


def test_validate_says_an_engine_that_disagrees_with_game_yaml_in_japanese(tmp_path):
    new_game(tmp_path, "mini", engine=True)
    engine = tmp_path / "components/mini/engine.py"
    source = engine.read_text(encoding="utf-8")
    old = "max_players=game.players[1]"
    assert old in source
    engine.write_text(source.replace(old, "max_players=3"), encoding="utf-8")
    run = pnp("validate", "mini", "--games", "1", cwd=tmp_path)
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
    rows = [ln.strip() for ln in run.stdout.splitlines() if "players:" in ln]
    assert rows == ["mini: components/mini/game.yaml:5:1: players: game.yaml では 2〜4 人、エンジンでは 2〜3 人です"], \
        run.stdout
