"""An engine that misbehaves outside its game cannot reach pnp's own reading and writing: its os.chdir moves
no output, what it writes to file descriptor 1 never enters pnp's JSON, a process it forks does not print a
second report, and a chance_key() whose text changes from run to run is refused at the hook, by name."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from owngame import GAME, edit, new_game, run


def _apply_does(game_dir: Path, code: str) -> None:
    edit(game_dir / "engine.py", "    def apply(self, s: State, action: Any) -> None:\n",
         "    def apply(self, s: State, action: Any) -> None:\n" + "".join(f"        {ln}\n" for ln in code.splitlines()))
    edit(game_dir / "engine.py", "import hashlib\n", "import hashlib\nimport os\n")


def _pnp(*args, cwd: Path) -> subprocess.CompletedProcess:
    """pnp in a process of its own: what reaches its file descriptors is what a user's pipe would get."""
    code = "import sys; from pnp.cli import main; sys.exit(main())"
    return subprocess.run([sys.executable, "-c", code, *map(str, args)], cwd=cwd, capture_output=True, text=True,
                          timeout=300)


def test_an_engine_that_changes_folder_moves_no_output(tmp_path, monkeypatch):
    project = tmp_path / "project"
    game_dir = new_game(project)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    _apply_does(game_dir, f"os.chdir({str(elsewhere)!r})")
    monkeypatch.chdir(project)
    result = run("simulate", GAME, "--games", "3", "--json", "r.json")
    assert result.exit_code == 0, result.output
    assert (project / "r.json").is_file() and not (elsewhere / "r.json").exists()
    monkeypatch.chdir(project)
    assert run("play", GAME, "--seed", "2").exit_code == 0


def test_what_an_engine_writes_to_fd_1_never_enters_the_json(tmp_path):
    project = tmp_path / "project"
    game_dir = new_game(project)
    _apply_does(game_dir, 'os.write(1, b"engine noise\\n")\nprint("engine print")')
    done = _pnp("validate", GAME, "--games", "2", "--json", cwd=project)
    data = json.loads(done.stdout)                 # one JSON document, nothing else
    assert {"ok", "checks"} <= set(data)
    assert "engine noise" in done.stderr and "engine print" in done.stderr


def test_a_process_the_engine_forks_prints_no_second_report(tmp_path):
    project = tmp_path / "project"
    game_dir = new_game(project)
    _apply_does(game_dir, 'if not getattr(type(self), "forked", False):\n    type(self).forked = True\n    os.fork()')
    done = _pnp("validate", GAME, "--games", "2", "--json", cwd=project)
    data = json.loads(done.stdout)                 # the forked copy stopped before it could print its own
    assert {"ok", "checks"} <= set(data)
    assert "the engine forked a process" in done.stderr


def test_a_chance_key_that_changes_from_run_to_run_is_refused_at_the_hook(tmp_path, monkeypatch):
    project = tmp_path / "project"
    game_dir = new_game(project)
    edit(game_dir / "engine.py", "    def sample_chance(self, s: State, rng: random.Random) -> Deal:\n",
         "    def chance_key(self, s: State) -> Any:\n        return frozenset({'deal', 'cards', s.n})\n\n"
         "    def sample_chance(self, s: State, rng: random.Random) -> Deal:\n")
    monkeypatch.chdir(project)
    result = run("simulate", GAME, "--games", "3")
    assert result.exit_code == 1 and "Traceback" not in result.output
    line = next(ln for ln in result.output.splitlines() if "chance_key() returned frozenset" in ln)
    assert f"components/{GAME}/engine.py:" in line or "engine.py:" in line
    assert "sampling.py" not in result.output
    assert os.getcwd() == str(project)
