"""The manual documents what pnp accepts (Squib's options_documented_spec is the model): every command and
option has help text and an entry in docs/commands.md; every rulebook directive, embed, front-matter key,
diagram key and example-position key the parser declares is in docs/rulebook.md; every character the
inline parser treats as markup (found by probing the parser, not listed by hand) has its escape in
docs/markup.md, and every line-start construct of the rulebook its escape in docs/rulebook.md.  The topics
of `pnp help`, docs/index.md and mkdocs.yml's nav are the same files in the same order."""
from __future__ import annotations

import re
import string
from pathlib import Path

import click
import pytest
import yaml

from pnp.cli import main
from pnp.commands import manual
from pnp.data.project import Project
from pnp.data.schemas import QUESTION
from pnp.rulebook import markup, tree
from pnp.sim.examples import SCRIPT_KEYS
from pnp.text.inline import parse_inline

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def _text(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


# -- topics ------------------------------------------------------------------------------------------------

def _nav() -> list[str]:
    class Loader(yaml.SafeLoader):
        pass
    Loader.add_multi_constructor("", lambda loader, suffix, node: None)   # mkdocs.yml's !!python/name tags
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    def flat(items) -> list[str]:
        out = []
        for item in items:
            value = next(iter(item.values())) if isinstance(item, dict) else item
            out += flat(value) if isinstance(value, list) else [value.removesuffix(".md")]
        return out
    return flat(config["nav"])


def test_the_topics_are_the_files_of_docs_in_the_index_order_and_the_sites():
    names = [t.name for t in manual.topics()]
    files = sorted(p.stem for p in DOCS.glob("*.md") if p.stem != manual.INDEX)
    assert sorted(names) == files, "every page of docs/ is a topic listed in docs/index.md, and only those"
    assert len(set(names)) == len(names)
    assert _nav() == [manual.INDEX, *names], "mkdocs.yml's nav follows docs/index.md"
    for t in manual.topics():
        assert t.path.read_text(encoding="utf-8").startswith("# "), f"{t.name}.md starts with its title"


# -- commands and options ----------------------------------------------------------------------------------

def _commands() -> list[tuple[str, click.Command]]:
    ctx = click.Context(main, info_name="pnp")
    out = []
    for name in main.list_commands(ctx):
        cmd = main.get_command(ctx, name)
        assert cmd is not None
        out.append((name, cmd))
    return out


COMMANDS = _commands()


def _long_options(cmd: click.Command) -> list[tuple[click.Option, str]]:
    return [(p, o) for p in cmd.params if isinstance(p, click.Option)
            for o in [*p.opts, *p.secondary_opts] if o.startswith("--") and o != "--help"]


@pytest.mark.parametrize("name,cmd", COMMANDS, ids=[n for n, _ in COMMANDS])
def test_a_command_and_each_of_its_options_have_help_and_a_manual_entry(name, cmd):
    assert (cmd.help or "").strip(), f"pnp {name} has no help text"
    section = manual.command_section(name)
    assert section, f"docs/commands.md has no section ## `pnp {name}`"
    missing_help = sorted({p.opts[0] for p, _ in _long_options(cmd) if not (p.help or "").strip()})
    assert not missing_help, f"pnp {name}: options without help text: {missing_help}"
    missing_doc = [o for _, o in _long_options(cmd) if not re.search(rf"`{re.escape(o)}(?![\w-])", section)]
    assert not missing_doc, f"pnp {name}: options not in its section of docs/commands.md: {missing_doc}"


def test_the_groups_own_options_are_documented():
    section = _text("commands.md")
    section = section[section.index("## 全体のオプション"):section.index("## `pnp list`")]
    for _, opt in _long_options(main):
        assert f"`{opt}" in section, opt
    assert "`--version`" in section and "--help" in section


def test_the_option_check_would_see_a_missing_option():
    """The check above reads the command's own section: an option named only in another one is missing."""
    sweep = manual.command_section("sweep")
    assert "`--luck-events" not in sweep and "`--luck-events" in manual.command_section("simulate")


# -- rulebook directives and keys --------------------------------------------------------------------------

def test_every_rulebook_directive_and_key_is_documented():
    page = _text("rulebook.md")
    wanted = (
        [f":::{k}" for k in markup.BLOCK_KINDS]
        + [f"{{{{{k}" for k in markup.BLOCK_EMBEDS]
        + [f"{{{{{k}}}}}" for k in markup.INLINE_VALUES]
        + [f"{{{{{k}:ID}}}}" for k in markup.ARG_EMBEDS]
        + [f"| `{k}` |" for k in markup.FRONT_MATTER_SCHEMA["properties"]]
        + [f"| `{k}` |" for k in markup.DIAGRAM_KEYS + markup.DIAGRAM_ROW_KEYS]
        + [f"`{w}`" for w in markup.CELL_WORDS]
        + [f"`{k}`" for k in SCRIPT_KEYS]
        + [f"`{k}`" for k in QUESTION["properties"]]
        + ["~~~check", "デッキ/back", "デッキ/カードid/back", "=ラベル"]
    )
    missing = [w for w in wanted if w not in page]
    assert not missing, f"docs/rulebook.md does not document: {missing}"


# -- inline markup: which characters are markup, found by asking the parser ----------------------------------

CANDIDATES = string.punctuation + "【】「」『』（）｛｝［］＊：｜〔〕《》"


def _literal(text: str) -> bool:
    """The parser reads text as the plain characters it holds (no style, ruby, icon, colour or error)."""
    runs, errors = parse_inline(text, icons=("coin",), colors={}, newlines=True)
    return not errors and "".join(r.text for r in runs) == text and all(
        not r.style and r.ruby is None and r.icon is None and r.color is None for r in runs)


def _clean(text: str) -> bool:
    return not parse_inline(text, icons=("coin",), colors={}, newlines=True)[1]


def markup_characters() -> dict[str, list[str]]:
    """Each character the parser treats as markup, with the probes that show it: alone, doubled, around an
    icon's name; a colour's opening (only a colour name in brackets makes the braces after it valid); a
    closing that ends an open term."""
    found: dict[str, list[str]] = {}
    for c in CANDIDATES:
        probes = [p for p in (f"x{c}y", f"x{c}{c}y{c}{c}z", f"{c}coin{c}") if not _literal(p)]
        probes += [p for p in (f"{c}赤]{{y}}", f"【y{c}") if _clean(p)]
        if probes:
            found[c] = probes
    return found


def test_the_probe_finds_the_markup_the_parser_documents():
    found = markup_characters()
    assert {"*", "{", "}", "[", ":", "【", "\\"} <= set(found), found


def test_every_markup_character_has_a_working_documented_escape():
    """A backslash keeps each markup character as itself, in every probe that showed it as markup, and
    docs/markup.md lists that escape."""
    page = _text("markup.md")
    for c, probes in markup_characters().items():
        escape = "\\" + c
        runs, errors = parse_inline(f"x{escape}y", icons=("coin",), colors={}, newlines=True)
        assert not errors and "".join(r.text for r in runs) == f"x{c}y", (c, runs, errors)
        for p in probes:
            if _literal(p.replace(c, "q")):          # the probe is plain text but for c: escape each c
                runs, errors = parse_inline(p.replace(c, escape), icons=("coin",), colors={}, newlines=True)
                assert not errors and "".join(r.text for r in runs) == p, (c, p, runs, errors)
        assert f"`{escape}`" in page, f"docs/markup.md does not list the escape {escape}"


LINE_STARTS = ("# 見出し", "- 項目", "1. 手順", "| セル |", "::: 箱", ":::note 箱\n:::", "{{newpage}}",
               "![図](images/x.png)", "~~~check", "> 引用", "* 項目", "+ 項目", "---")


@pytest.fixture(scope="module")
def parser_for():
    game = Project(ROOT).load_game("ebe")

    def parse(text: str):
        p = markup._Parser(game)
        p.file = "x.md"
        section = p.parse_text(text)
        return section.blocks, p.problems
    return parse


def _as_paragraph(blocks, problems, text: str) -> bool:
    return not problems and len(blocks) == 1 and isinstance(blocks[0], tree.Para) and \
        "".join(r.text for r in blocks[0].text) == text.replace("\n", "")


def test_every_line_start_construct_has_a_working_documented_escape(parser_for):
    """A line the rulebook reads as something else than a paragraph can be kept as text, the way
    docs/rulebook.md says: a backslash before it (an image: before its bracket; an embed: its braces)."""
    page = _text("rulebook.md")
    constructs = [line for line in LINE_STARTS if not _as_paragraph(*parser_for(line), line)]
    assert {"# 見出し", "- 項目", "1. 手順", "| セル |", ":::note 箱\n:::"} <= set(constructs)
    for line in constructs:
        first = line.split("\n")[0]
        if first.startswith("!["):
            escaped, shown = "!\\" + line[1:], "!\\["
        elif first.startswith("{{"):
            escaped, shown = line.replace("{", "\\{").replace("}", "\\}"), "\\{\\{"
        else:
            escaped, shown = "\\" + first, "\\" + first.split(" ")[0][:3]
        blocks, problems = parser_for(escaped)
        assert _as_paragraph(blocks, problems, first), (line, escaped, blocks, problems)
        assert shown in page, f"docs/rulebook.md does not show how to keep {first!r} as text ({shown})"


def test_a_table_cells_bar_escape_is_documented_and_works(parser_for):
    blocks, problems = parser_for("| a \\| b | c |")
    assert not problems and isinstance(blocks[0], tree.Table)
    assert ["".join(r.text for r in cell) for cell in blocks[0].rows[0]] == ["a | b", "c"]
    assert "表のセルの `\\|`" in _text("rulebook.md") and "`\\|` と書きます" in _text("markup.md")


# -- data keys: every key a schema accepts has a word in the topic that explains that file --------------------

SCHEMA_TOPICS = {"game": "data.md", "deck": "data.md", "layout": "layouts.md", "rulings": "ledger.md",
                 "rulebook-front-matter": "rulebook.md"}


def _schema_files() -> list[Path]:
    return sorted((ROOT / "pnp" / "schemas").glob("*.schema.json"))


@pytest.mark.parametrize("path", _schema_files(), ids=lambda p: p.name)
def test_every_key_a_schema_accepts_is_documented(path):
    import json
    kind = path.name.removesuffix(".schema.json")
    page = _text(SCHEMA_TOPICS.get(kind, "parts.md"))     # the rest are the parts' schemas
    keys = json.loads(path.read_text(encoding="utf-8"))["properties"]
    if kind == "rulings":
        keys = keys["rulings"]["items"]["properties"]
    missing = sorted(k for k in keys if f"`{k}" not in page)
    assert not missing, f"{path.name}: keys not in docs/{SCHEMA_TOPICS.get(kind, 'parts.md')}: {missing}"


def test_every_region_key_is_in_the_layouts_topic():
    from pnp.data.schemas import REGION
    page = _text("layouts.md")
    missing = sorted(k for k in REGION["properties"] if f"`{k}" not in page)
    assert not missing, missing
    kinds = REGION["properties"]["kind"]["enum"]
    assert not [k for k in kinds if f"| `{k}`" not in page and f"`{k}`・" not in page], kinds
