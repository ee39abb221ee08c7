"""The README is a front door that stays true: at most about 200 lines; its quick start is what CI (.ci/run)
does; its commands block is the one .ci/readme_commands.py makes from `pnp --help`; its ten-step first
game runs as written, in an empty folder, from `pnp new` to `pnp preflight`."""
from __future__ import annotations

import importlib.util
import re
import shlex
import sys
from pathlib import Path

from click.testing import CliRunner

from pnp.cli import main

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _tool():
    spec = importlib.util.spec_from_file_location("readme_commands", ROOT / ".ci" / "readme_commands.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_the_readme_is_short():
    assert len(README.splitlines()) <= 200


def test_where_to_read_on_names_every_topic():
    from pnp.commands import manual
    part = README[README.index("## 読み進める"):README.index("## English summary")]
    assert [t.name for t in manual.topics() if f"`{t.name}`" not in part] == []


def test_the_commands_block_is_made_from_help():
    tool = _tool()
    assert tool.readme_block(README) == tool.block(), "run python .ci/readme_commands.py --write"
    ctx_names = main.list_commands(main.make_context("pnp", ["list"]))
    for name in ctx_names:
        assert f"\npnp {name} " in tool.block() or f"\npnp {name}\n" in tool.block(), name


def test_the_commands_check_fails_on_a_stale_block():
    tool = _tool()
    stale = README.replace("# ゲームの一覧を表示します。", "# ゲームを数えます。")
    assert stale != README and tool.readme_block(stale) != tool.block()


def test_the_quick_start_is_what_ci_does():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    [install] = [line for line in ci if ".venv/bin/pip install" in line]
    [tests] = [line for line in ci if re.match(r"^\.venv/bin/python -m pytest\b", line)]
    quick = README[README.index("## クイックスタート"):README.index("## はじめての一作")]
    commands = [line for line in re.findall(r"```sh\n(.*?)```", quick, re.S)[0].splitlines()
                if line and not line.startswith("#")]
    assert len(commands) == 2
    # CI installs quietly (-q); otherwise the same words
    assert commands[1] == f"{install.replace(' -q', '')} && {tests}"
    venv = install.split(" && ")[0]
    assert commands[0] == f"{venv} && .venv/bin/pip install . && .venv/bin/pnp build"


def _steps() -> str:
    return README[README.index("## はじめての一作"):README.index("## コマンド")]


def test_the_first_game_runs_as_written(tmp_path, monkeypatch):
    """Each step's files are written where the README says, and each `pnp` line is run in that folder
    (all but `pnp watch`, which runs until stopped: tests/docs/test_manual_examples.py parses it)."""
    monkeypatch.chdir(tmp_path)
    steps = _steps()
    assert re.findall(r"^\*\*(\d+)\. ", steps, re.M) == [str(k) for k in range(1, 11)]
    runner = CliRunner()
    ran = []
    for m in re.finditer(r"```(?P<lang>sh|yaml|md)\n(?P<body>.*?)```", steps, re.S):
        body = m["body"]
        if m["lang"] == "yaml":
            head, _, rest = body.partition("\n")
            target = tmp_path / head.lstrip("# ").split(" ")[0]
            if "に1行足す" in head:
                target.write_text(target.read_text(encoding="utf-8") + rest, encoding="utf-8")
            else:
                target.write_text(rest, encoding="utf-8")
            continue
        if m["lang"] == "md":
            named = re.findall(r"`(components/mygame/rulebook/[^`]+\.md)`", steps[:m.start()])
            target = tmp_path / named[-1]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(body, encoding="utf-8")
            continue
        for line in body.splitlines():
            for part in line.split("&&"):
                args = shlex.split(part.strip())
                if not args or args[0] != "pnp" or args[1] == "watch":
                    continue
                result = runner.invoke(main, args[1:], catch_exceptions=False)
                assert result.exit_code == 0, (args, result.output)
                ran.append(args[1])
    assert ran == ["new", "build", "validate", "simulate", "build", "preflight"]
    assert (tmp_path / "report.pdf").stat().st_size > 0
    assert (tmp_path / "out/mygame/shop/cards-faces.pdf").is_file()
    assert (tmp_path / "out/mygame/parts-score.pdf").is_file()
    assert (tmp_path / "out/mygame/rulebook.pdf").is_file()
