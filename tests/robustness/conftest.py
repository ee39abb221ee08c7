"""Helpers for the robustness tests: a throwaway copy of a bundled game to break, and the CLI."""
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def cli():
    """Run pnp; the result carries exit_code and output (stdout and stderr).  Exceptions that escape
    the command are left in result.exception so a test can assert there is no traceback."""
    runner = CliRunner()

    def go(*args, env=None):
        return runner.invoke(main, [str(a) for a in args], env=env)
    return go


def project_with(tmp_path: Path, *games: str) -> Path:
    for game in games:
        shutil.copytree(REPO / "components" / game, tmp_path / "components" / game)
    return tmp_path


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def no_traceback(result) -> bool:
    """The command ended by a message and an exit code, not by an exception."""
    return result.exception is None or isinstance(result.exception, SystemExit)


def line_of(path: Path, needle: str) -> int:
    """1-based line of the first occurrence of needle in the file (fixtures follow the bundled data)."""
    text = path.read_text(encoding="utf-8", errors="replace")
    assert needle in text, needle
    return text[:text.index(needle)].count("\n") + 1


def relayout(path: Path, line: str) -> None:
    """Replace a deck's `layout: …` line; ``{layout}`` in line stands for the layout it had."""
    import re
    text = path.read_text(encoding="utf-8")
    m = re.search(r"^layout: (\S+)$", text, re.M)
    assert m, path
    path.write_text(text[:m.start()] + line.replace("{layout}", m.group(1)) + text[m.end():], encoding="utf-8")


MEMORY_BYTES = 3 * 1024 ** 3       # address space of a capped child run


def run_capped(*args, cwd: Path, seconds: float = 120, memory: int = MEMORY_BYTES, env: dict | None = None,
               stdin=None, prelude: str = ""):
    """Run pnp in a child process with a wall-time and memory cap: a regression that hangs or eats the
    machine fails the test (subprocess.TimeoutExpired, or a MemoryError exit) instead of stalling CI.
    prelude: Python run in the child before pnp's command line."""
    import os
    import resource
    import signal
    import subprocess
    import sys

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    command = [sys.executable, "-c", prelude + "from pnp.cli import main; main()", *map(str, args)]
    # a session of its own, so that a timeout ends the worker processes it started as well
    with subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          preexec_fn=cap, start_new_session=True,
                          env={**os.environ, "PYTHONHASHSEED": "0", **(env or {})},
                          stdin=subprocess.DEVNULL if stdin is None else stdin) as proc:
        try:
            out, err = proc.communicate(timeout=seconds)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            raise
    return subprocess.CompletedProcess(command, proc.returncode, out, err)


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry under folder: a file's bytes, a link's target, a folder's mark, anything else its kind."""
    import os
    import stat
    out: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        mode = os.lstat(path).st_mode
        key = path.relative_to(folder).as_posix()
        if stat.S_ISLNK(mode):
            out[key] = "link → " + os.readlink(path)
        elif stat.S_ISREG(mode):
            out[key] = path.read_bytes()
        elif stat.S_ISDIR(mode):
            out[key] = "folder"
        else:
            out[key] = f"mode {stat.S_IFMT(mode):o}"
    return out
