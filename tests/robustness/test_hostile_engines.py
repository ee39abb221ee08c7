"""Issue 29, "Reliability, second review: hostile inputs" — a designer's own rules engine.

An engine that ends the program, prints, returns a broken result, cannot be pickled for ``--jobs`` or
takes its worker process down: validate, simulate and play say so (exit 1, no traceback), never
succeed silently or crash."""
from __future__ import annotations

import json

import pytest

from pnp.commands.scaffold import new_game

from .conftest import run_capped

MEMORY = 2 * 1024 ** 3
APPLY = "    def apply(self, s: State, action: Any) -> None:\n"
RESULT = "    def result(self, s: State) -> Result:                             # rule 15\n"


@pytest.fixture
def project(tmp_path):
    new_game(tmp_path, "mini", csv=True, engine=True)
    return tmp_path


def edit_engine(project, old: str, new: str) -> None:
    path = project / "components/mini/engine.py"
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def said(run) -> str:
    out = run.stdout + run.stderr
    assert "Traceback" not in out, out[-3000:]
    return out


COMMANDS = [("validate", "mini", "--games", "2"), ("simulate", "mini", "--games", "4"),
            ("play", "mini", "--seed", "3")]


@pytest.mark.parametrize("command", COMMANDS, ids=["validate", "simulate", "play"])
def test_an_engine_calling_exit_fails_the_command_and_says_so(project, command):
    """exit() in apply made validate and simulate exit 0 with no output."""
    edit_engine(project, APPLY, APPLY + "        exit(0)\n")
    run = run_capped(*command, cwd=project, seconds=120, memory=MEMORY)
    out = said(run)
    assert run.returncode == 1, out
    assert "components/mini/engine.py:" in out and "the engine called exit(0)" in out, out


@pytest.mark.parametrize("body, message", [
    ("        return None\n", "result() returned NoneType 'None', not a Result with scores and ranks"),
    ("        return Result(scores=(float('nan'),) * s.n, ranks=(1,) * s.n, end_reason='x')\n",
     "result(): score nan is not a finite number"),
    ("        return Result(scores=(1.0,) * s.n, ranks=(float('nan'),) * s.n, end_reason='x')\n",
     "result(): rank nan is not a whole number of 1 or more"),
    ("        return Result(scores=(1.0,), ranks=(1,), end_reason='x')\n", "result(): 1 scores and 1 ranks for"),
], ids=["none", "nan-scores", "nan-ranks", "one-seat"])
@pytest.mark.parametrize("command", COMMANDS, ids=["validate", "simulate", "play"])
@pytest.mark.sampled(9)         # 3 of the 7 malformed results for each command; all with PNP_TEST_ALL=1
def test_a_malformed_result_fails_validate_simulate_and_play_in_words(project, body, message, command):
    """It passed validate and crashed simulate (AttributeError, ValueError: NaN to integer) and play."""
    edit_engine(project, RESULT, RESULT + body)
    run = run_capped(*command, cwd=project, seconds=120, memory=MEMORY)
    out = said(run)
    assert run.returncode == 1 and message in out, out[-3000:]


def test_an_engine_that_prints_does_not_corrupt_validate_json(project):
    edit_engine(project, APPLY, APPLY + "        print('手を打った')\n")
    run = run_capped("validate", "mini", "--games", "2", "--json", cwd=project, seconds=120, memory=MEMORY)
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout)["ok"] is True
    assert "手を打った" in run.stderr


def test_an_unpicklable_engine_with_jobs_2_is_one_line(project):
    edit_engine(project, "    def __init__(self, game: Game):\n",
                "    def __init__(self, game: Game):\n        self.hook = lambda: 0\n")
    run = run_capped("simulate", "mini", "--games", "40", "--jobs", "2", "--force-jobs", cwd=project, seconds=120,
                     memory=MEMORY)
    out = said(run)
    assert run.returncode == 1, out
    assert "the engine cannot be sent to worker processes (--jobs, --executor)" in out and "use --jobs 1" in out, out
    assert len(out.strip().splitlines()) == 1, out


def test_a_killed_worker_is_reported_once_and_consistently(project):
    edit_engine(project, APPLY, APPLY + "        import os, signal\n        os.kill(os.getpid(), signal.SIGKILL)\n")
    for _ in range(2):
        run = run_capped("simulate", "mini", "--games", "40", "--jobs", "2", "--force-jobs", cwd=project,
                         seconds=120, memory=MEMORY)
        out = said(run)
        assert run.returncode == 1, out
        assert "a worker process ended without an answer" in out and "while playing games 0–" in out, out
        assert len(out.strip().splitlines()) == 1, out


# ------------------------------------------------------------------ the game folder and game logs
def test_a_file_name_that_is_not_utf8_is_no_traceback(project):
    (project / "components/mini").joinpath(b"bad\xff.yaml".decode("utf-8", "surrogateescape")).write_text(
        "", encoding="utf-8")
    for command in (("build", "mini", "--out", "out"), ("validate", "mini", "--games", "1")):
        run = run_capped(*command, cwd=project, seconds=120, memory=MEMORY)
        out = said(run)
        assert run.returncode == 1 and "components/mini/bad\\xff.yaml:1:1: expected a mapping" in out, out


def test_two_yaml_links_to_each_other_are_one_line_each(project):
    folder = project / "components/mini"
    (folder / "a.yaml").symlink_to("b.yaml")
    (folder / "b.yaml").symlink_to("a.yaml")
    for command in (("build", "mini", "--out", "out"), ("validate", "mini", "--games", "1")):
        run = run_capped(*command, cwd=project, seconds=120, memory=MEMORY)
        out = said(run)
        assert run.returncode == 1, out
        for name in ("a.yaml", "b.yaml"):
            assert f"components/mini/{name}: cannot read: Too many levels of symbolic links" in out, out


@pytest.fixture
def log(project):
    run = run_capped("play", "mini", "--seed", "3", "--json", "log.json", cwd=project, seconds=120, memory=MEMORY)
    assert run.returncode == 0, run.stderr
    return project / "log.json"


def test_a_log_with_a_5000_digit_seed_is_one_line(project, log):
    text = log.read_text(encoding="utf-8")
    data = json.loads(text)
    assert '"seed": 3' in text
    log.write_text(text.replace('"seed": 3', '"seed": ' + "9" * 5000, 1), encoding="utf-8")
    run = run_capped("replay", log, cwd=project, seconds=60, memory=MEMORY)
    out = said(run)
    assert run.returncode == 1 and "log.json: not readable as JSON (Exceeds the limit (4300 digits)" in out, out
    data["header"]["seed"] = int("9" * 4000)
    log.write_text(json.dumps(data), encoding="utf-8")
    run = run_capped("replay", log, cwd=project, seconds=60, memory=MEMORY)
    out = said(run)
    assert run.returncode == 1 and "header.seed: a number of 4000 digits is not a seed pnp writes" in out, out
    assert len(out.strip().splitlines()) == 1


def test_replay_show_prints_the_replay_never_lines_the_log_wrote(project, log):
    data = json.loads(log.read_text(encoding="utf-8"))
    forged = "一致：999手を再生し、同じ最終状態になりました。"
    data["header"]["title"] = "偽\n" + forged
    for ev in data["events"]:
        ev["line"], ev["narration"] = "偽の手", ["偽の実況"]
    data["result_lines"] = ["偽の結果"]
    log.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    run = run_capped("replay", log, "--show", cwd=project, seconds=60, memory=MEMORY)
    out = said(run)
    assert run.returncode == 0, out
    lines = out.splitlines()
    assert forged not in lines and not any(ln.startswith("一致：999") for ln in lines), out
    assert not any("偽の" in ln for ln in lines), out
    assert lines[0].startswith("《偽\\n一致：999"), lines[0]        # the title shown as one line
