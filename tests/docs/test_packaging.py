"""The manual ships with pnp: `pnp help TOPIC` reads it from a non-editable install (the wheel carries
docs/ as pnp/docs) as well as from a source checkout or an editable install (the checkout's docs/)."""
from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

from click.testing import CliRunner

from pnp.cli import main
from pnp.commands import manual

ROOT = Path(__file__).resolve().parents[2]


def test_the_wheel_carries_the_manual_and_pnp_help_reads_it_from_there(tmp_path):
    # hatchling is in the test extra: a missing build backend fails here rather than skipping
    built = subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(tmp_path / "dist")],
                           cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    [wheel] = (tmp_path / "dist").glob("pnp-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        z.extractall(tmp_path / "site")
    topics = [t.name for t in manual.topics()]
    assert {f"pnp/docs/{name}.md" for name in [manual.INDEX, *topics]} <= names
    # run the unpacked wheel's pnp (it comes first on the path, before this checkout's editable install)
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "site")}
    work = tmp_path / "elsewhere"
    work.mkdir()

    def pnp(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", "from pnp.cli import main; main()", *args], cwd=work,
                              env=env, capture_output=True, text=True, timeout=120)
    where = pnp("help", "--path", "rulebook")
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()) == tmp_path / "site" / "pnp" / "docs" / "rulebook.md"
    shown = pnp("help", "rulebook")
    assert shown.returncode == 0
    assert shown.stdout == manual.readable((ROOT / "docs" / "rulebook.md").read_text(encoding="utf-8"))
    listed = pnp("help")
    assert listed.returncode == 0 and all(f"  {name}" in listed.stdout for name in topics)


def test_from_the_checkout_pnp_help_reads_docs(tmp_path):
    runner = CliRunner()
    where = runner.invoke(main, ["help", "--path", "engines"])
    assert where.exit_code == 0 and Path(where.output.strip()) == ROOT / "docs" / "engines.md"
    shown = runner.invoke(main, ["help", "layouts"])
    assert shown.exit_code == 0
    assert shown.output == manual.readable((ROOT / "docs" / "layouts.md").read_text(encoding="utf-8"))


def test_a_bar_in_a_table_cells_code_is_shown_as_a_bar():
    """Markdown writes it \\| in a table (else it ends the cell); the reader sees |; examples stay as typed."""
    shown = CliRunner().invoke(main, ["help", "commands"]).output
    assert "| `--paper a4|letter|a3|b5` |" in shown and "a4\\|letter" not in shown
    text = "| `a\\|b` | c\\|d |\n```md\n| `x\\|y` |\n```\n`p\\|q`"
    assert manual.readable(text) == "| `a|b` | c\\|d |\n```md\n| `x\\|y` |\n```\n`p\\|q`"


def test_a_command_name_shows_its_options_and_an_unknown_topic_is_a_usage_error():
    runner = CliRunner()
    section = runner.invoke(main, ["help", "sweep"])
    assert section.exit_code == 0 and section.output.startswith("## `pnp sweep`") and "`--option KEY=V1" in section.output
    assert "## `pnp preflight`" not in section.output
    wrong = runner.invoke(main, ["help", "rulbook"])
    assert wrong.exit_code == 2 and "did you mean rulebook?" in wrong.output and "Traceback" not in wrong.output
