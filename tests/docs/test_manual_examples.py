"""Every example in the manual (docs/*.md) and the README is real: YAML examples load and match the schema
of what they show (a deck, a part, game.yaml's keys, a layout's regions …), rulebook examples parse without
a problem against the game they name, Python examples compile, and every `pnp …` command line of a shell
example is one the command line accepts (its command, options and choices)."""
from __future__ import annotations

import ast
import json
import re
import shlex
import shutil
import textwrap
from pathlib import Path

import click
import jsonschema
import pytest
import yaml
from PIL import Image

from pnp.cli import main
from pnp.data.project import Project
from pnp.data.schemas import COMPONENT, REGION
from pnp.rulebook.markup import parse_rulebook

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
FENCE = re.compile(r"^```(?P<lang>[a-z]*)\n(?P<body>.*?)^```\s*$", re.S | re.M)
PLACEHOLDER = re.compile(r"[A-Z][A-Z_]*(\.\.\.)?")
EXAMPLE_MARK = re.compile(r"<!-- example: (?P<game>[a-z0-9_-]+) -->\s*$")


def blocks(lang: str) -> list[tuple[str, int, str, str]]:
    """(page, line, body, the example mark's game or '') of every fenced block in that language."""
    out = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for m in FENCE.finditer(text):
            if m["lang"] == lang:
                before = text[:m.start()].rstrip("\n").rsplit("\n", 1)[-1]
                mark = EXAMPLE_MARK.match(before)
                out.append((page.name, text.count("\n", 0, m.start()) + 1, m["body"], mark["game"] if mark else ""))
    return out


def _schema(name: str) -> dict:
    return json.loads((ROOT / "pnp" / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))


def _partial(schema: dict) -> dict:
    """The schema of a file, for an excerpt of it: its keys checked, none required."""
    return {k: v for k, v in schema.items() if k != "required"}


def _problems(data, schema: dict) -> list[str]:
    return [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(data)]


def yaml_problems(data) -> list[str]:
    """What is wrong with an example: checked as the file it comes from (by kind:), else as an excerpt of
    game.yaml, of a deck, of a layout, as a layout's regions or as game.yaml's components: list."""
    if isinstance(data, dict) and "kind" in data:
        return _problems(data, _schema(str(data["kind"])))
    if isinstance(data, list):
        return [p for item in data for p in _problems(item, COMPONENT)] if data else ["an empty list"]
    if not isinstance(data, dict):
        return [f"not a mapping: {data!r}"]
    tried = []
    for name in ("game", "deck", "layout"):
        found = _problems(data, _partial(_schema(name)))
        if not found:
            return []
        tried.append(f"as {name}: {found[0]}")
    if all(isinstance(v, dict) and "kind" in v for v in data.values()):
        return [p for v in data.values() for p in _problems(v, REGION)]
    return tried


YAML = blocks("yaml")


@pytest.mark.parametrize("page,line,body,_game", YAML, ids=[f"{p}:{n}" for p, n, _, _ in YAML])
def test_a_yaml_example_is_what_pnp_reads(page, line, body, _game):
    data = yaml.safe_load(textwrap.dedent(body))
    assert data is not None, f"{page}:{line}: an empty example"
    assert yaml_problems(data) == [], f"{page}:{line}"


def test_the_yaml_check_finds_a_wrong_key():
    assert yaml_problems({"kind": "track", "id": "t", "name": "x", "shpae": "snake"})
    assert yaml_problems({"icons": {"coin": {"shape": "circel"}}})
    assert yaml_problems({"portrait": {"kind": "image", "fitt": "cover"}})


RULEBOOK = blocks("md")


def test_every_rulebook_example_names_its_game():
    unmarked = [f"{p}:{n}" for p, n, _, game in RULEBOOK if not game and p != "README.md"]
    assert not unmarked, f"rulebook examples without <!-- example: GAME -->: {unmarked}"
    assert sum(1 for p, *_ in RULEBOOK if p == "rulebook.md") >= 7


@pytest.fixture(scope="module")
def example_games(tmp_path_factory):
    """A copy of each bundled game a rulebook example names, with a picture for each image example."""
    root = tmp_path_factory.mktemp("examples")
    for game in {g for *_, g in RULEBOOK if g}:
        shutil.copytree(ROOT / "components" / game, root / "components" / game)
    return root


@pytest.mark.parametrize("page,line,body,game", [b for b in RULEBOOK if b[3]],
                         ids=[f"{p}:{n}" for p, n, _, g in RULEBOOK if g])
def test_a_rulebook_example_parses_against_its_game(page, line, body, game, example_games):
    folder = example_games / "components" / game
    for name in re.findall(r"\]\((images/[^)]+\.png)\)", body):
        (folder / name).parent.mkdir(exist_ok=True)
        Image.new("RGB", (300, 200), "#2c3e50").save(folder / name)
    source = folder / "rulebook" / "99-docs-example.md"
    source.write_text(body, encoding="utf-8")
    try:
        _doc, problems = parse_rulebook(Project(example_games).load_game(game))
    finally:
        source.unlink()
    mine = [str(p) for p in problems if p.file.endswith("99-docs-example.md")]
    assert mine == [], f"{page}:{line}"
    assert [str(p) for p in problems] == [], "the game's own rulebook has problems"


def test_a_rulebook_example_with_a_mistake_is_caught(example_games):
    """The check above can fail: a misspelt diagram key in the same setting is a problem."""
    folder = example_games / "components" / "ebe"
    source = folder / "rulebook" / "99-docs-example.md"
    source.write_text(":::diagram 図\ndeck: explore\nrow:\n  - cells: [up]\n:::\n", encoding="utf-8")
    try:
        _doc, problems = parse_rulebook(Project(example_games).load_game("ebe"))
    finally:
        source.unlink()
    assert any("unknown diagram key 'row'" in p.message for p in problems)


PYTHON = blocks("python")


@pytest.mark.parametrize("page,line,body,_game", PYTHON, ids=[f"{p}:{n}" for p, n, _, _ in PYTHON])
def test_a_python_example_compiles(page, line, body, _game):
    source = body if not body.startswith((" ", "\t")) else "class _Example:\n" + body
    ast.parse(source, filename=f"{page}:{line}")


def command_lines() -> list[tuple[str, int, list[str]]]:
    """Each `pnp …` line of a shell example that is a command to type (not a synopsis with [ ] or …)."""
    out = []
    for page, line, body, _ in blocks("sh"):
        for k, raw in enumerate(body.splitlines()):
            text = raw.split("  #", 1)[0].strip()
            for part in text.split("&&"):
                part = part.strip()
                if part.startswith(".venv/bin/pnp "):
                    part = part.removeprefix(".venv/bin/")
                if not part.startswith("pnp ") or any(c in part for c in "[]…|"):
                    continue
                args = shlex.split(part)[1:]
                if any(PLACEHOLDER.fullmatch(a) for a in args):
                    continue            # a synopsis (pnp build GAME …), not a line to type
                out.append((page, line + 1 + k, args))
    return out


COMMANDS = command_lines()


def parse_command(args: list[str]) -> None:
    """Parse a command line as pnp would, without running it: the group's options, the command, its
    options, their values and choices (click raises a UsageError on any mistake)."""
    k = 0
    while k < len(args) and args[k].startswith("-"):     # the group's own options: --project DIR, --lang ja
        k += 2
    ctx = main.make_context("pnp", [*args[:k], args[k]], resilient_parsing=False)
    cmd = main.get_command(ctx, args[k])
    if cmd is None:
        raise click.UsageError(f"no command {args[k]!r}")
    cmd.make_context(args[k], list(args[k + 1:]), parent=ctx)


@pytest.mark.parametrize("page,line,args", COMMANDS, ids=[f"{p}:{n}" for p, n, _ in COMMANDS])
def test_a_command_example_is_accepted(page, line, args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    parse_command(args)


def test_there_are_command_examples_and_a_wrong_one_is_refused():
    assert len(COMMANDS) >= 20
    with pytest.raises(click.UsageError):
        parse_command(["build", "--paper", "a9"])
    with pytest.raises(click.UsageError):
        parse_command(["simulate", "euphoria", "--gmaes", "10"])
    with pytest.raises(click.UsageError):
        parse_command(["--lang", "fr", "list"])
    with pytest.raises(click.UsageError):
        parse_command(["biuld"])
