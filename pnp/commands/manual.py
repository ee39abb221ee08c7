"""The manual (the Markdown topics of docs/) read offline: `pnp help [TOPIC]`.

The topics ship inside the package (a wheel carries docs/ as pnp/docs, pyproject.toml's force-include);
in a source checkout or an editable install they are read from the checkout's docs/.  Their order and
titles are the ones docs/index.md lists, so `pnp help`, the site (mkdocs.yml) and the index agree (a test
compares the three)."""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path

from ..messages import msg
from ..resources import bundled

INDEX = "index"
# a topic line of docs/index.md: "- [title](name.md) — what it holds"
_TOPIC_LINE = re.compile(r"^- \[(?P<title>[^\]]+)\]\((?P<name>[a-z0-9-]+)\.md\)(?:\s*[—-]\s*(?P<about>.*))?$")
# a command's section of docs/commands.md: "## `pnp build`"
_COMMAND_HEADING = re.compile(r"^## `pnp (?P<name>[a-z-]+)`\s*$", re.M)
_CODE = re.compile(r"`[^`\n]*`")


class UnknownTopic(LookupError):
    """A topic the manual does not have; the message names the nearest ones."""


@dataclass(frozen=True)
class Topic:
    name: str
    title: str
    about: str
    path: Path


def manual_dir() -> Path:
    return bundled("docs")


def topics() -> list[Topic]:
    """The topics in the order docs/index.md lists them."""
    folder = manual_dir()
    index = folder / f"{INDEX}.md"
    if not index.is_file():
        raise UnknownTopic(msg("commands.no_manual", index=index.name, folder=folder))
    out = []
    for line in index.read_text(encoding="utf-8").splitlines():
        m = _TOPIC_LINE.match(line.strip())
        if m:
            out.append(Topic(m["name"], m["title"], (m["about"] or "").strip(), folder / f"{m['name']}.md"))
    return out


def topic_text(name: str, commands: list[str] | tuple[str, ...] = ()) -> str:
    """A topic's Markdown; for a command's name that is no topic, that command's section of the
    commands topic.  An unknown name raises UnknownTopic with the nearest names."""
    wanted = name.strip().lower().removesuffix(".md")
    if wanted == INDEX:
        return readable((manual_dir() / f"{INDEX}.md").read_text(encoding="utf-8"))
    known = topics()
    for t in known:
        if t.name == wanted:
            return readable(t.path.read_text(encoding="utf-8"))
    if wanted in commands:
        section = command_section(wanted)
        if section:
            return readable(section)
    names = [t.name for t in known] + [c for c in commands if c not in {t.name for t in known}]
    near = difflib.get_close_matches(wanted, names, n=3, cutoff=0.5)
    hint = msg("commands.topic_near", names=" / ".join(near)) if near else ""
    raise UnknownTopic(msg("commands.no_topic", name=name, hint=hint, topics=[t.name for t in known]))


def command_section(command: str) -> str:
    """The section '## `pnp COMMAND`' of docs/commands.md up to the next section ('' if there is none)."""
    text = (manual_dir() / "commands.md").read_text(encoding="utf-8")
    heads = list(_COMMAND_HEADING.finditer(text))
    for k, m in enumerate(heads):
        if m["name"] == command:
            end = heads[k + 1].start() if k + 1 < len(heads) else len(text)
            return text[m.start():end].rstrip() + "\n"
    return ""


def readable(markdown: str) -> str:
    """The Markdown as a reader should see it: in a table row a bar inside code is written ``\\|`` (GitHub
    would take a bare one for a cell's edge); shown in the terminal or on the site it is just ``|``.  Fenced
    blocks (examples to copy) are left as they are.  The site applies the same (mkdocs.yml's hook)."""
    out = []
    fenced = False
    for line in markdown.split("\n"):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("|"):
            line = _CODE.sub(lambda m: m.group(0).replace("\\|", "|"), line)
        out.append(line)
    return "\n".join(out)


def topic_list() -> str:
    """What `pnp help` prints without a topic: each topic's name, title and what it holds."""
    known = topics()
    width = max(len(t.name) for t in known)
    lines = ["pnp のマニュアル（pnp help TOPIC で読む。コマンドの名前なら、そのコマンドのオプション）:", ""]
    for t in known:
        lines.append(f"  {t.name:<{width}}  {t.title}" + (f" — {t.about}" if t.about else ""))
    return "\n".join(lines) + "\n"
