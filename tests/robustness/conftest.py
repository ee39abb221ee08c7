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
