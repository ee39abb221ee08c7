"""Rulebook source files → a checked document tree (no drawing here): the source format, and its parser.
The tree's node types are in :mod:`pnp.rulebook.tree`; text from the game's data read as inline markup
in :mod:`pnp.rulebook.datatext`.

Source format
=============
A game's rulebook is the files ``components/<game>/rulebook/NN-name.md`` (UTF-8), read in file-name
order (``01-overview.md``, ``02-components.md`` …).  Each file may start with YAML front matter
between two ``---`` lines; its keys (JSON Schema :data:`FRONT_MATTER_SCHEMA`, unknown keys are
errors):

``new_page``  (bool, default false)  start this file on a new page;
``toc``       (integer 0–3, default 2) heading levels of this file listed in the 目次 (0: none);
``note``      (text) a comment for the designer, never printed;
``source`` / ``provisional`` / ``question`` / ``answer``  the section's standing in the designer's
              ledger (:mod:`pnp.data.ledger`): a quotation of the draft it rests on, or pnp's proposal
              with a question.  A provisional section prints with a 「pnp からの提案」 mark;
``draft_only`` (bool) print this file only while questions are open (「設計者への質問」).

Blocks (one construct per line; a blank line ends a paragraph):

``# 見出し`` / ``## 見出し`` / ``### 見出し``
    three heading levels, printed with the drafts' marks ■ / ◇ / ○ in the heading's colour.  A
    mark typed at the start of the heading (■◇◆〇○◎●□) is dropped, so draft text can be pasted.
paragraph
    consecutive lines are joined (no space between Japanese lines); each paragraph is indented one
    em (字下げ) and justified with the shared kinsoku line breaker.
``1. 手順`` …
    numbered steps (the first number given starts the count).  ``- 項目`` … bullets.  An indented
    line (two spaces or more) continues the item above.
``| 列 | 列 |``
    a simple table; a ``|---|---|`` row under the first row makes it a header row.
``:::note 見出し`` … ``:::``, ``:::example 見出し`` … ``:::``, ``:::proposal 見出し`` … ``:::``
    a note box, an example box, or a passage pnp proposes (printed boxed under 「pnp からの提案」),
    holding paragraphs, lists, tables and cards (boxes do not nest).  An example box may hold a
    position the rules engine replays (never printed), between the lines ``~~~check`` and ``~~~``:
    YAML with ``players``, the engine's ``setup``, ``moves`` and the ``expect``-ed outcome
    (:mod:`pnp.sim.examples`).
``:::diagram 図の説明`` … ``:::``
    a layout diagram drawn from data; the body is YAML::

        deck: kleshas              # whose card size and back are drawn (default: the first deck)
        columns: [１, ２, ３, ４, ５]   # optional column labels
        rows:
          - label: 上段
            cells: [up, up, up, up, down]   # up | down | empty | none | <card-id> of the deck

``{{card kleshas/tonyoku-3 kleshas/back: 見出し}}``
    on a line of its own: real components rendered from data as one figure (``back`` is the deck's
    back), with the caption after ``:`` (default: the cards' names).  ``deck/card=ラベル`` sets the
    label under that card (no spaces), when the card's name does not say what the figure shows.
    Captions, labels, box titles and diagram labels take the inline markup below (ruby prints as
    ruby), and so do the names a caption takes from the data (a card titled ``{生糸|きいと}``).
``{{part station: 見出し}}``
    on a line of its own: any part, drawn from data at a size that fits the page: a board (the whole
    map, however it is tiled for printing), a track's first card, the first die's net, one token of
    each kind, a cut card's first card with its cuts, a tuck box's net; a bits list as a table.
``![見出し](images/x.png)``
    on a line of its own: an image of the game's folder (PNG or JPEG, checked and limited as a card's
    image), at its own size (its dpi, else 150 dpi) made smaller to fit, the alt text its caption.
``{{components}}``
    the コンポーネント list generated from game.yaml: name, count, description and pictures.
``{{rulings}}``
    the game's rulings (``rulings.yaml``), one item each; pnp's proposals marked （仮）.
``{{questions}}``
    the open questions for the designer (options, the one pnp plays, why), grouped by topic.
``{{newpage}}``
    a page break.

Inline (inside one line; markup never spans lines):

the markup shared with card text (:mod:`pnp.text.inline`): ``**強調**`` bold gothic;
``【用語】`` a term, set in gothic; ``{漢字|かんじ}`` ruby; ``[赤]{…}`` colour; ``:coin:`` an icon of
game.yaml's ``icons:``; ``\\n`` a line break;
``\\x`` the character x literally (a line starting with ``\\`` is never a heading, list, table or box:
``\\# 見出しではない``; in a table cell ``\\|`` is a bar, and the bar of a ruby needs no escape); values from data, so the rulebook can never disagree with the
components: ``{{title}}`` ``{{subtitle}}`` ``{{players}}`` (3〜5人) ``{{players_min}}``
``{{players_max}}`` ``{{play_time}}`` ``{{age}}`` ``{{version}}`` ``{{designer}}``
``{{count:ID}}`` (a deck's or a component's number of pieces) and ``{{ruling:ID}}`` (one ruling's
sentence); a cross reference ``{{ref:ID}}`` prints what a reader looks for: a ruling's number in the
printed list under its heading (「補足・裁定の3」) for a ruling id, a section's heading in brackets
(「準備」) for a source file's name (``03-setup``, with or without ``.md``).

Counts stated in prose as 「煩悩カード（40枚）」 (ASCII or full-width digits) are reported by
:func:`stated_counts` so ``pnp validate`` can compare them with the data.

Everything else that looks like markup (``####``, an unknown ``:::`` block or ``{{…}}`` embed, an
unclosed ``**`` / ``{`` / ``【``, a card or component that does not exist) is an error located at
``file:line:col``; all of a rulebook's problems are reported together.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from ..data.ledger import read_entry
from ..data.model import Game
from ..data.schemas import PROVENANCE
from ..data.yamlsource import guarded_yaml, markup_hint, read_text_file
from ..errors import DataError, Problem
from ..files import inside
from ..messages import did_you_mean, did_you_mean_file, msg
from ..text.inline import Inline, Run, merge_runs, parse_inline, plain_text
from .datatext import BACK_OF, card_name
from .refs import REF_CLOSE, REF_OPEN, resolve_refs
from .tree import (
    Box,
    CardRef,
    Cards,
    Components,
    Diagram,
    Document,
    Heading,
    ListBlock,
    Loc,
    NewPage,
    Para,
    PartFig,
    Picture,
    Questions,
    Rulings,
    Section,
    Table,
)

FRONT_MATTER_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "rulebook file front matter",
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "new_page": {"type": "boolean"},
        "toc": {"type": "integer", "minimum": 0, "maximum": 3},
        "note": {"type": "string"},
        "draft_only": {"type": "boolean", "description": "printed only while questions are open"},
        **PROVENANCE,
    },
}
_FM_VALIDATOR = jsonschema.Draft202012Validator(FRONT_MATTER_SCHEMA)

HEADING_MARKS = "■◇◆〇○◎●□"
INLINE_VALUES = ("title", "subtitle", "players", "players_min", "players_max", "play_time", "age",
                 "version", "designer")
BLOCK_EMBEDS = ("card", "part", "components", "rulings", "questions", "newpage")
# what {{part ID}} shows of each kind of part: every kind a game can hold
PART_FIGURES = {"board": "the whole map", "track": "its first card", "dice": "the first die's net",
                "tokens": "one token of each kind", "cut_card": "its first card, with the cuts",
                "tuckbox": "the box's net", "bits": "a table of what to get"}
BOX_KINDS = ("note", "example", "proposal")
BLOCK_KINDS = BOX_KINDS + ("diagram",)          # the ::: blocks
ARG_EMBEDS = ("count", "ruling", "ref")          # {{name:ID}} inside a line
DIAGRAM_KEYS = ("deck", "columns", "rows")       # a :::diagram's YAML
DIAGRAM_ROW_KEYS = ("label", "cells")             # each of its rows
CHECK_FENCE = "~~~"
CELL_WORDS = ("up", "down", "empty", "none")



# ------------------------------------------------------------------------------------------ data
def rulebook_dir(game: Game) -> Path:
    return game.folder / "rulebook"


def source_files(game: Game) -> list[Path]:
    folder = rulebook_dir(game)
    return sorted(folder.glob("*.md")) if folder.is_dir() else []


def display_path(game: Game, path: Path) -> str:
    """components/<game>/rulebook/NN.md when the game lives in a project, else the path as given (a
    link by its own name, not its target's)."""
    parts = (path.parent.resolve() / path.name).parts
    if "components" in parts:
        i = len(parts) - 1 - parts[::-1].index("components")
        return "/".join(parts[i:])
    return path.as_posix()


def piece_count(game: Game, ref: str) -> tuple[str, int] | None:
    """(name, number of pieces) of a component or deck id."""
    for comp in game.components:
        if comp.id == ref:
            return comp.name, comp.count
    for deck in game.all_decks:
        if deck.id == ref:
            return deck.name, deck.piece_count
    for part in game.parts:
        if getattr(part, "id", None) == ref:
            return getattr(part, "name", ref), int(getattr(part, "piece_count", 0))
    return None


def players_text(game: Game) -> str:
    lo, hi = game.players
    return f"{lo}人" if lo == hi else f"{lo}〜{hi}人"


# ------------------------------------------------------------------------------------------ parser
_EMBED = re.compile(r"\{\{\s*((?:[^{}]|\{[^{}]*\})*?)\s*\}\}")   # one level of braces: ruby in a caption
_STATED = re.compile(r"[（(]\s*([0-9０-９]+)\s*(?:枚|個|本|組|セット)\s*[）)]")
# 「煩悩カード40枚、ルールブック…」「- 煩悩カード 40枚」: a count right after the name, in a list of
# contents (followed by 、・」 or the end of the line).  Not 「煩悩カード2枚を引く」 (a move), nor
# 「…の束は、人物カード3枚です。」 (a part of the deck), nor 「捜査線（告命灯2個）」 (a position).
_STATED_BARE = re.compile(r"[ 　：:]*([0-9０-９]+)[ 　]*(?:枚|個|本|組|セット)(?=[、，・」]|[ 　]*$)")
_ORDERED = re.compile(r"^(\d+)[.)]\s+(.*)$")
# ![alt](path) as Markdown writes an image; the path without spaces or parentheses
PICTURE = re.compile(r"!\[((?:[^\]\\]|\\.)*)\]\(([^()\s]*)\)")
MAX_LIST_LEVELS = 3       # a list, a list in its items, and one more
# deck/card, deck/back (the deck's back) or deck/card/back (that card's own back side)
_CARD_REF = re.compile(r"^([a-z0-9][a-z0-9_-]*)/([a-z0-9][a-z0-9_-]*(?:/back)?)(?:=(\S+))?$")


class _Parser:
    def __init__(self, game: Game):
        self.game = game
        self.rulings = game.rulings
        self.problems: list[Problem] = []
        self.counts: list[tuple[str, int, str, int]] = []
        self.file = ""
        self.game_icons = tuple(game.icons)    # game.yaml icons: (a layout's icons are its cards' own)
        self.colors: dict[str, str] = {}
        self.section_names: set[str] = set()      # the source files' names without .md, for {{ref:…}}
        self.refs: list[tuple[str, str, Loc, int]] = []   # (ruling | section, id or file name, where, col)

    def err(self, line: int, col: int, message: str, fld: str = "") -> None:
        self.problems.append(Problem(self.file, line, col, fld, message))

    # -- files ---------------------------------------------------------------------------------
    def parse_file(self, path: Path) -> Section | None:
        self.file = display_path(self.game, path)
        if not inside(self.game.folder, path):     # a link in a shared kit must not print a file from elsewhere
            self.err(0, 0, msg("rulebook.page_outside"))
            return None
        try:
            text = read_text_file(path, self.file)
        except DataError as exc:
            self.problems.extend(exc.problems)
            return None
        return self.parse_text(text)

    def parse_text(self, text: str) -> Section:
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        meta: dict[str, Any] = {}
        body_start = 0
        if lines and lines[0].strip() == "---":
            for i in range(1, len(lines)):
                if lines[i].strip() == "---":
                    meta = self.front_matter(lines[1:i])
                    body_start = i + 1
                    break
            else:
                self.err(1, 1, msg("rulebook.front_matter_open"))
                body_start = len(lines)
        numbered = [(i + 1, lines[i]) for i in range(body_start, len(lines))]
        depth = meta.get("toc", 2)
        blocks = self.blocks(numbered, depth, boxed=False)
        entry = None
        if body_start:
            name = self.file.rsplit("/", 1)[-1]
            entry, errs = read_entry("section", f"rulebook/{name}", f"ルールブック {name}", meta,
                                     _FrontMatterMap(self.file, lines[1:body_start]), (),
                                     default_by="pnp" if self.game.draft is not None else "designer")
            self.problems.extend(errs)
        return Section(self.file, bool(meta.get("new_page", False)), depth, tuple(blocks), entry,
                       bool(meta.get("draft_only", False)))

    def front_matter(self, lines: list[str]) -> dict[str, Any]:
        try:
            data = guarded_yaml("\n".join(lines), self.file) or {}
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            self.err((mark.line + 2) if mark else 1, (mark.column + 1) if mark else 1,
                     f"front matter: {_yaml_problem(exc, chr(10).join(lines))}")
            return {}
        if not isinstance(data, dict):
            self.err(2, 1, msg("rulebook.front_matter_mapping"))
            return {}
        for e in _FM_VALIDATOR.iter_errors(data):
            path = list(e.absolute_path)
            if e.validator == "additionalProperties":
                allowed = ", ".join(sorted(FRONT_MATTER_SCHEMA["properties"]))
                for key in sorted(k for k in data if k not in FRONT_MATTER_SCHEMA["properties"]):
                    self.err(self._key_line(lines, key), 1, msg("schema.unknown_key", key=key, allowed=allowed.split(", "),
                                                                hint=did_you_mean(key, FRONT_MATTER_SCHEMA["properties"])),
                             key)
            else:
                key = str(path[0]) if path else ""
                self.err(self._key_line(lines, key), 1, e.message, key)
        props = FRONT_MATTER_SCHEMA["properties"]
        return {k: v for k, v in data.items()
                if k in props and not list(_FM_VALIDATOR.iter_errors({k: v}))}

    @staticmethod
    def _key_line(lines: list[str], key: str) -> int:
        for i, line in enumerate(lines):
            if key and line.lstrip().startswith(f"{key}:"):
                return i + 2
        return 2

    # -- blocks --------------------------------------------------------------------------------
    def blocks(self, lines: list[tuple[int, str]], depth: int, boxed: bool) -> list[Any]:
        """The blocks of these source lines: each line's kind (:func:`_block_kind`) picks the handler in
        ``_BLOCK_HANDLERS``, which reads the block from that line on and returns the index of the line
        after it.  A paragraph gathers the plain lines and ends at any other kind of line."""
        run = _Blocks(lines, depth, boxed)
        i = 0
        while i < len(lines):
            kind = _block_kind(lines[i][1].strip())
            if kind != "text":
                self._flush(run)
            i = _BLOCK_HANDLERS[kind](self, run, i)
        self._flush(run)
        return run.out

    def _flush(self, run: _Blocks) -> None:
        """The paragraph gathered so far, as a block."""
        if run.para:
            runs = self.inline_lines(run.para)
            if runs:
                run.out.append(Para(runs, Loc(self.file, run.para[0][0])))
            run.para.clear()

    def _blank(self, run: _Blocks, i: int) -> int:
        return i + 1

    def _fenced(self, run: _Blocks, i: int) -> int:
        """A ``:::kind`` block up to its closing ``:::`` (blocks inside it may open and close their own)."""
        lines = run.lines
        no, raw = lines[i]
        line = raw.rstrip()
        name, _, rest = line.strip()[3:].strip().partition(" ")
        if not name:
            self.err(no, 1, "::: closes nothing here")
            return i + 1
        j, depth_open = i + 1, 1
        while j < len(lines):
            s2 = lines[j][1].strip()
            if s2 == ":::":
                depth_open -= 1
                if not depth_open:
                    break
            elif s2.startswith(":::"):
                depth_open += 1
            j += 1
        if j >= len(lines):
            self.err(no, 1, msg("rulebook.block_not_closed", block=name))
            return j if j > i + 1 else i + 1
        handler = _FENCE_HANDLERS.get("box" if name in BOX_KINDS else name)
        if handler is None:
            self.err(no, 4, msg("rulebook.unknown_block", block=name, known=BLOCK_KINDS,
                                hint=did_you_mean(name, BLOCK_KINDS)))
        else:
            handler(self, run, name, rest.strip(), lines[i + 1:j], no, line)
        return j + 1

    def _box(self, run: _Blocks, name: str, title: str, inner: list[tuple[int, str]], no: int, line: str) -> None:
        """A note, example or proposal box: its blocks, and an example's check script."""
        if run.boxed:
            self.err(no, 1, msg("rulebook.boxes_nest"))
            return
        inner, script, script_line = self.check_script(inner, name)
        runs = self.inline(title, no, _col(line, title))
        run.out.append(Box(name, runs, tuple(self.blocks(inner, 0, boxed=True)), Loc(self.file, no), script,
                           script_line))

    def _diagram_block(self, run: _Blocks, name: str, title: str, inner: list[tuple[int, str]], no: int,
                       line: str) -> None:
        d = self.diagram(inner, self.inline(title, no, _col(line, title)), no)
        if d:
            run.out.append(d)

    def _heading(self, run: _Blocks, i: int) -> int:
        no, raw = run.lines[i]
        line = raw.rstrip()
        stripped = line.strip()
        hashes = len(stripped) - len(stripped.lstrip("#"))
        text = stripped[hashes:]
        if hashes > 3:
            self.err(no, 1, msg("rulebook.heading_level", level=hashes))
        elif not text.startswith(" ") or not text.strip():
            self.err(no, 1, msg("rulebook.heading_form"))
        elif run.boxed:
            self.err(no, 1, msg("rulebook.heading_in_box"))
        else:
            text = text.strip().lstrip(HEADING_MARKS).strip(" 　")
            runs = self.inline(text, no, line.index(text) + 1 if text in line else 1)
            run.out.append(Heading(hashes, runs, Loc(self.file, no), hashes <= run.depth))
        return i + 1

    def _picture_line(self, run: _Blocks, i: int) -> int:
        no, raw = run.lines[i]
        line = raw.rstrip()
        found = PICTURE.fullmatch(line.strip())
        assert found is not None        # _block_kind said so
        pic = self.picture(found, no, line)
        if pic:
            run.out.append(pic)
        return i + 1

    def _embed_line(self, run: _Blocks, i: int) -> int:
        no, raw = run.lines[i]
        line = raw.rstrip()
        found = _EMBED.fullmatch(line.strip())
        assert found is not None        # _block_kind said so
        b = self.block_embed(found.group(1), no, line.index("{{") + 1, run.boxed, line)
        if b:
            run.out.append(b)
        return i + 1

    def _table_lines(self, run: _Blocks, i: int) -> int:
        lines = run.lines
        j = i
        rows: list[tuple[int, str]] = []
        while j < len(lines) and lines[j][1].strip().startswith("|"):
            rows.append((lines[j][0], lines[j][1].strip()))
            j += 1
        t = self.table(rows)
        if t:
            run.out.append(t)
        return j

    def _list_lines(self, run: _Blocks, i: int) -> int:
        """A list, bulleted (``- ``) or numbered (``1. ``), with lists inside its items up to
        MAX_LIST_LEVELS deep; an item's further lines are indented under it."""
        lines = run.lines
        no, raw = lines[i]
        line = raw.rstrip()
        m_ord = _ORDERED.match(line.strip())
        ordered = bool(m_ord)
        start = int(m_ord.group(1)) if m_ord else 1
        items: list[list[tuple[int, str]]] = []
        levels: list[int] = []
        numbers: list[int] = []
        base = len(line) - len(line.lstrip())
        indents = [base]             # the indent of each open level
        counters = [start - 1]       # the last number given at each open level
        j = i
        while j < len(lines):
            no2, raw2 = lines[j]
            s2 = raw2.strip()
            m2 = _ORDERED.match(s2)
            if not s2:
                break
            ind = len(raw2) - len(raw2.lstrip())
            marked = bool(m2) or s2.startswith("- ")
            if marked and items and ind > indents[-1] and len(indents) < MAX_LIST_LEVELS:
                indents.append(ind)           # a list inside the item above
                counters.append((int(m2.group(1)) if m2 else 1) - 1)
            while marked and len(indents) > 1 and ind < indents[-1]:
                indents.pop()
                counters.pop()
            level = len(indents) - 1
            if marked and (level > 0 or (ordered and m2) or (not ordered and not m2)):
                content = m2.group(2) if m2 else s2[2:]
                items.append([(no2, content)])
                levels.append(level)
                counters[-1] += 1
                numbers.append(counters[-1] if m2 else 0)
            elif raw2.startswith("  ") and items:
                items[-1].append((no2, s2))
            else:
                break
            j += 1
        nested = any(levels)
        run.out.append(ListBlock(ordered, start, tuple(self.inline_lines(it) for it in items),
                                 Loc(self.file, no), tuple(levels) if nested else (),
                                 tuple(numbers) if nested else ()))
        return j

    def _text_line(self, run: _Blocks, i: int) -> int:
        """A line of a paragraph; an image inside it is an error (an image stands on a line of its own)."""
        no, raw = run.lines[i]
        line = raw.rstrip()
        for m_in in PICTURE.finditer(line):
            self.err(no, m_in.start() + 1, msg("rulebook.image_own_line", image=m_in.group()))
        run.para.append((no, PICTURE.sub("", line) if PICTURE.search(line) else line))
        return i + 1

    def picture(self, found: re.Match[str], no: int, line: str) -> Picture | None:
        """An image line: the file read with the same checks and limits as a card's image."""
        from ..data.project import image_problem
        alt, rel = found.group(1), found.group(2)
        col = line.find("(", line.find("![")) + 2
        where = "paths are from the game's folder"
        if not rel:
            self.err(no, col, f"an image needs a path: ![見出し](images/x.png) ({where})")
            return None
        target = (self.game.folder / rel)
        if not inside(self.game.folder, target):
            self.err(no, col, msg("data.image_outside", image=rel))
            return None
        if not target.is_file():
            self.err(no, col, msg("rulebook.image_not_found", image=rel, folder=display_path(self.game, self.game.folder),
                                  hint=did_you_mean_file(self.game.folder, rel)))
            return None
        problem = image_problem(target)
        if problem:
            self.err(no, col, f"image {rel!r} {problem}")
            return None
        caption = self.inline(alt.strip(), no, line.find("![") + 3) if alt.strip() else ()
        return Picture(target.resolve(), caption, Loc(self.file, no))

    def check_script(self, inner: list[tuple[int, str]], kind: str) -> tuple[list[tuple[int, str]], Any, int]:
        """An example's ``~~~check`` … ``~~~`` position (YAML) taken out of the printed lines."""
        start = next((k for k, (_, text) in enumerate(inner) if text.strip() == CHECK_FENCE + "check"), None)
        if start is None:
            return inner, None, 0
        no = inner[start][0]
        if kind != "example":
            self.err(no, 1, "~~~check belongs in an :::example box")
        end = next((k for k in range(start + 1, len(inner)) if inner[k][1].strip() == CHECK_FENCE), None)
        if end is None:
            self.err(no, 1, "~~~check is not closed by a line '~~~'")
            return inner[:start], None, 0
        text = "\n".join(t for _, t in inner[start + 1:end])
        script: Any = None
        try:
            script = guarded_yaml(text, self.file)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            self.err(no + 1 + (mark.line if mark else 0), (mark.column + 1) if mark else 1,
                     f"example position: {_yaml_problem(exc, text)}")
        if script is not None and not isinstance(script, dict):
            self.err(no + 1, 1, "an example position is a mapping (players, setup, moves, expect)")
            script = None
        rest = inner[:start] + inner[end + 1:]
        return rest, script, no

    def block_embed(self, body: str, no: int, col: int, boxed: bool, line: str = "") -> Any:
        """A ``{{name …}}`` line: the handler of ``_EMBED_HANDLERS`` for its name; anything else is read
        as a ``{{card …}}`` (whose own checks then say what is wrong)."""
        name, _, arg = body.partition(" ")
        return _EMBED_HANDLERS.get(name, _Parser._card_embed)(self, _Embed(arg, no, col, boxed, line))

    def _caption(self, e: _Embed, text: str) -> Inline:
        """A caption's inline markup (ruby) at its own column."""
        return self.inline(text, e.no, _col(e.line, text, e.col))

    def _questions_embed(self, e: _Embed) -> Questions:
        return Questions(Loc(self.file, e.no))

    def _newpage_embed(self, e: _Embed) -> NewPage:
        return NewPage(Loc(self.file, e.no))

    def _components_embed(self, e: _Embed) -> Components | None:
        if e.boxed:
            self.err(e.no, e.col, "{{components}} cannot stand in a box")
            return None
        return Components(Loc(self.file, e.no))

    def _rulings_embed(self, e: _Embed) -> Rulings | None:
        if not self.rulings:
            self.err(e.no, e.col, "{{rulings}}: the game has no rulings (rulings.yaml with kind: rulings)")
            return None
        return Rulings(tuple(r for r in self.rulings if r.printed), Loc(self.file, e.no))

    def _part_embed(self, e: _Embed) -> PartFig | None:
        no, col = e.no, e.col
        part_id, _, caption = e.arg.partition(":")
        part_id = part_id.strip()
        shown = {p.id: p for p in self.game.parts if p.kind in PART_FIGURES}
        if not part_id:
            self.err(no, col, "{{part …}} needs a part's id: {{part ID}} or {{part ID: 見出し}}")
            return None
        if part_id not in shown:
            self.err(no, col, msg("rulebook.unknown_part", part=part_id, parts=", ".join(sorted(shown)) or msg("word.none"),
                                  hint=did_you_mean(part_id, shown)))
            return None
        box = shown[part_id]
        if box.kind == "tuckbox" and all(d.id != box.deck for d in self.game.all_decks):
            self.err(no, col, f"{{{{part {part_id}}}}}: the tuck box's deck {box.deck!r} does not exist "
                              f"(decks: {', '.join(d.id for d in self.game.all_decks) or 'none'})")
            return None
        return PartFig(part_id, self._caption(e, caption.strip()) if caption.strip() else
                       self.data_text(shown[part_id].name, no, col, f"part {part_id}: name"), Loc(self.file, no))

    def _card_embed(self, e: _Embed) -> Cards | None:
        no, col = e.no, e.col
        refs_text, _, caption = e.arg.partition(":")
        refs: list[CardRef] = []
        names: list[Run] = []
        for word in refs_text.split():
            ref = self.card_ref(word, no, _col(e.line, word, col))
            if ref:
                refs.append(ref)
                if names:
                    names.append(Run("、"))
                names.extend(self.card_name(ref, no, col))
        if not refs_text.split():
            self.err(no, col, "{{card …}} needs at least one deck/card-id")
        if not refs or any(d.id == r.deck for d in self.game.unlaid for r in refs):
            return None       # an unlaid deck's layout has problems of its own: no figure, no second error
        return Cards(tuple(refs), self._caption(e, caption.strip()) if caption.strip() else merge_runs(names),
                     Loc(self.file, no))

    def data_text(self, text: str, no: int, col: int, what: str) -> Inline:
        """A name from the data printed in a caption (a card's title, a deck's name), read as the cards
        read it; a markup problem is reported at the embed that prints it."""
        runs, errors = parse_inline(text, icons=self.game_icons, colors=self.colors, newlines=False)
        for e in errors:
            self.err(no, col, f"{what} {text!r}: {e.message}")
        return runs

    def card_name(self, ref: CardRef, no: int, col: int) -> Inline:
        deck = self.game.deck(ref.deck)
        return card_name(deck, ref.card, lambda text, what: self.data_text(text, no, col, what))

    def card_ref(self, word: str, no: int, col: int) -> CardRef | None:
        m = _CARD_REF.match(word)
        if not m:
            self.err(no, col, msg("rulebook.card_reference", word=word))
            return None
        deck_id, card_id, label = m.groups()
        try:
            deck = self.game.deck(deck_id)
        except KeyError:
            ids = [d.id for d in self.game.all_decks]
            self.err(no, col, msg("rulebook.unknown_deck_in", deck=deck_id, word=word,
                                  decks=", ".join(ids) or msg("word.none"), hint=did_you_mean(deck_id, ids)))
            return None
        if card_id != "back":
            try:
                deck.card(card_id.removesuffix(BACK_OF))
            except KeyError:
                self.err(no, col, msg("rulebook.unknown_card", card=card_id.removesuffix(BACK_OF), deck=deck_id,
                                      hint=did_you_mean(card_id.removesuffix(BACK_OF), [c.id for c in deck.cards])))
                return None
        return CardRef(deck_id, card_id, self.inline(label, no, col) if label else ())

    def table(self, rows: list[tuple[int, str]]) -> Table | None:
        cells: list[tuple[Inline, ...]] = []
        header = False
        width = None
        for k, (no, text) in enumerate(rows):
            if not text.endswith("|") or len(text) < 2:
                self.err(no, len(text), msg("rulebook.table_row_bars"))
                return None
            parts = [p.strip() for p in _split_cells(text[1:-1])]
            if all(re.fullmatch(r":?-{3,}:?", p) for p in parts):
                if k == 1:
                    header = True
                    continue
                self.err(no, 1, msg("rulebook.table_separator"))
                return None
            if width is None:
                width = len(parts)
            elif len(parts) != width:
                self.err(no, 1, msg("rulebook.table_cells", cells=len(parts), first=width))
                return None
            col = 2
            row = []
            for p in parts:
                row.append(self.inline(p, no, col))
                col += len(p) + 3
            cells.append(tuple(row))
        return Table(tuple(cells), header, Loc(self.file, rows[0][0]))

    def diagram(self, inner: list[tuple[int, str]], caption: Inline, no: int) -> Diagram | None:
        base = inner[0][0] if inner else no
        try:
            data = guarded_yaml("\n".join(t for _, t in inner), self.file) or {}
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            self.err(base + (mark.line if mark else 0), (mark.column + 1) if mark else 1,
                     f"diagram YAML: {_yaml_problem(exc, chr(10).join(t for _, t in inner))}")
            return None
        if not isinstance(data, dict):
            self.err(base, 1, msg("rulebook.diagram_mapping"))
            return None
        bad = sorted(set(data) - set(DIAGRAM_KEYS))
        for key in bad:
            self.err(base + _line_of(inner, key), 1, msg("rulebook.unknown_diagram_key", key=key,
                                                         hint=did_you_mean(key, DIAGRAM_KEYS)))
        deck_id = data.get("deck", self.game.decks[0].id if self.game.decks else "")
        try:
            deck = self.game.deck(str(deck_id))
        except KeyError:
            self.err(base + _line_of(inner, "deck"), 1, msg("rulebook.unknown_deck", deck=deck_id,
                                                            hint=did_you_mean(deck_id, [d.id for d in self.game.all_decks])))
            return None
        rows_data = data.get("rows")
        if not isinstance(rows_data, list) or not rows_data:
            self.err(base + _line_of(inner, "rows"), 1, msg("rulebook.diagram_rows"))
            return None
        rows = []
        for r in rows_data:
            if not isinstance(r, dict) or not isinstance(r.get("cells"), list) or set(r) - set(DIAGRAM_ROW_KEYS):
                self.err(base + _line_of(inner, "rows"), 1, msg("rulebook.diagram_row"))
                return None
            cells = []
            for c in r["cells"]:
                c = str(c)
                if c not in CELL_WORDS:
                    try:
                        deck.card(c)
                    except KeyError:
                        self.err(base + _line_of(inner, c), 1, msg("rulebook.unknown_diagram_cell", cell=c, deck=deck.id,
                                 hint=did_you_mean(c, [*CELL_WORDS, *(k.id for k in deck.cards)])))
                        continue
                cells.append(c)
            label = str(r.get("label", ""))
            rows.append((self.inline(label, base + _line_of(inner, label), 1) if label else (), tuple(cells)))
        cols = data.get("columns", [])
        if not isinstance(cols, list):
            self.err(base + _line_of(inner, "columns"), 1, msg("rulebook.diagram_columns"))
            cols = []
        if bad or any(d.id == deck.id for d in self.game.unlaid):    # unlaid: its layout says what is wrong
            return None
        return Diagram(deck.id, tuple(self.inline(str(c), base + _line_of(inner, str(c)), 1) for c in cols),
                       tuple(rows), caption, Loc(self.file, no))

    # -- inline --------------------------------------------------------------------------------
    def inline_lines(self, lines: list[tuple[int, str]]) -> Inline:
        runs: list[Run] = []
        prev = ""
        for no, text in lines:
            lead = len(text) - len(text.lstrip())
            piece = self.inline(text.strip(), no, lead + 1)
            if not piece:
                continue
            if prev and _latin(prev[-1]) and _latin(piece[0].text[:1]):
                runs.append(Run(" "))
            runs.extend(piece)
            prev = piece[-1].text
        return merge_runs(runs)

    def inline(self, text: str, no: int, col0: int) -> Inline:
        runs, errors = parse_inline(text, col0=col0, icons=self.game_icons, colors=self.colors,
                                    embed=lambda body, col: self.inline_embed(body, no, col))
        for e in errors:
            self.err(no, e.col, e.message)
        self._stated(plain_text(runs), no)
        return runs

    def inline_embed(self, body: str, no: int, col: int) -> str | Inline | None:
        g = self.game
        name, sep, arg = body.partition(":")
        name = name.strip()
        if not sep:
            values = {"title": g.title, "subtitle": g.subtitle, "players": players_text(g),
                      "players_min": str(g.players[0]), "players_max": str(g.players[1]),
                      "play_time": g.play_time, "age": g.age, "version": g.version, "designer": g.designer}
            if name in values:       # a title may hold ruby, as on the cards' backs
                return self.data_text(values[name], no, col, f"{{{{{name}}}}}")
            if name.split(" ")[0] in BLOCK_EMBEDS:
                self.err(no, col, msg("rulebook.embed_own_line", embed=name.split(' ')[0]))
                return None
            self.err(no, col, msg("rulebook.unknown_embed_known", embed=body, inline=list(INLINE_VALUES),
                                  block=list(BLOCK_EMBEDS), hint=did_you_mean(name, [*INLINE_VALUES, *BLOCK_EMBEDS])))
            return None
        arg = arg.strip()
        if name == "count":
            found = piece_count(g, arg)
            if found is None:
                known = ", ".join([c.id for c in g.components] + [d.id for d in g.all_decks
                                                                   if d.id not in {c.id for c in g.components}])
                self.err(no, col, msg("rulebook.unknown_component", component=arg, components=known,
                                      hint=did_you_mean(arg, known.split(", "))))
                return None
            self.counts.append((self.file, no, found[0], found[1]))
            return str(found[1])
        if name == "ruling":
            for r in self.rulings:
                if r.id == arg:   # pnp's proposal keeps its mark wherever the book quotes it
                    mark = (Run("（仮）"),) if r.provisional and not self.game.final else ()
                    return mark + self.data_text(r.text, no, col, f"ruling {r.id}: text")
            self.err(no, col, msg("rulebook.unknown_ruling", ruling=arg,
                                  rulings=", ".join(r.id for r in self.rulings) or msg("word.none"),
                                  hint=did_you_mean(arg, [r.id for r in self.rulings])))
            return None
        if name == "ref":
            target = arg[:-3] if arg.endswith(".md") else arg
            kinds = [k for k, known in (("ruling", {r.id for r in self.rulings}), ("section", self.section_names))
                     if target in known]
            if not kinds:
                self.err(no, col, msg("rulebook.unknown_ref", ref=arg,
                                      rulings=", ".join(r.id for r in self.rulings) or msg("word.none"),
                                      files=", ".join(sorted(self.section_names)) or msg("word.none"),
                                      hint=did_you_mean(target, [*(r.id for r in self.rulings), *self.section_names])))
                return None
            if len(kinds) > 1:
                self.err(no, col, msg("rulebook.ambiguous_ref", ref=arg))
                return None
            self.refs.append((kinds[0], target, Loc(self.file, no), col))
            return f"{REF_OPEN}{len(self.refs) - 1}{REF_CLOSE}"   # resolved once every file is read
        self.err(no, col, msg("rulebook.unknown_embed", embed=body))
        return None

    def _stated(self, plain: str, no: int) -> None:
        names = {c.name for c in self.game.components} | {d.name for d in self.game.all_decks}
        for m in _STATED.finditer(plain):
            before = plain[:m.start()].rstrip()
            for name in sorted(names, key=len, reverse=True):
                if before.endswith(name):
                    number = int(unicodedata.normalize("NFKC", m.group(1)))
                    self.counts.append((self.file, no, name, number))
                    break
        for name in sorted(names, key=len, reverse=True):
            start = 0
            while (at := plain.find(name, start)) >= 0:
                start = at + len(name)
                bare = _STATED_BARE.match(plain, start)
                if bare:
                    self.counts.append((self.file, no, name, int(unicodedata.normalize("NFKC", bare.group(1)))))


@dataclass
class _Blocks:
    """One run of _Parser.blocks: the lines it reads, and the blocks and paragraph lines read so far."""

    lines: list[tuple[int, str]]
    depth: int                  # heading levels listed in the 目次
    boxed: bool                 # inside a ::: box (no headings, no boxes)
    out: list[Any] = field(default_factory=list)
    para: list[tuple[int, str]] = field(default_factory=list)


@dataclass(frozen=True)
class _Embed:
    """A ``{{name …}}`` line as its handler reads it: what follows the name, where it stands (line and
    column of the ``{{``), whether inside a ::: box, and the whole source line (for the columns of
    its words)."""

    arg: str
    no: int
    col: int
    boxed: bool
    line: str


# a {{name …}} line's name → the _Parser method that reads it (BLOCK_EMBEDS; any other: a {{card …}})
_EMBED_HANDLERS: dict[str, Callable[[_Parser, _Embed], Any]] = {
    "card": _Parser._card_embed,
    "part": _Parser._part_embed,
    "components": _Parser._components_embed,
    "rulings": _Parser._rulings_embed,
    "questions": _Parser._questions_embed,
    "newpage": _Parser._newpage_embed,
}


def _block_kind(stripped: str) -> str:
    """What a source line (stripped) opens: the key of its handler in _BLOCK_HANDLERS."""
    if not stripped:
        return "blank"
    if stripped.startswith(":::"):
        return "fenced"
    if stripped.startswith("#"):
        return "heading"
    if PICTURE.fullmatch(stripped):
        return "picture"
    embed = _EMBED.fullmatch(stripped)
    if embed and embed.group(1).split(":")[0].split(" ")[0] in BLOCK_EMBEDS:
        return "embed"
    if stripped.startswith("|"):
        return "table"
    if stripped.startswith("- ") or _ORDERED.match(stripped):
        return "list"
    return "text"


# a line's kind → the _Parser method that reads the block it opens (returns the index after the block)
_BLOCK_HANDLERS: dict[str, Callable[[_Parser, _Blocks, int], int]] = {
    "blank": _Parser._blank,
    "fenced": _Parser._fenced,
    "heading": _Parser._heading,
    "picture": _Parser._picture_line,
    "embed": _Parser._embed_line,
    "table": _Parser._table_lines,
    "list": _Parser._list_lines,
    "text": _Parser._text_line,
}

# a ::: block's kind ("box" for every kind of BOX_KINDS) → the _Parser method that reads it:
# (run, kind, title as written, the lines inside, line number, the opening line)
_FENCE_HANDLERS: dict[str, Callable[[_Parser, _Blocks, str, str, list[tuple[int, str]], int, str], None]] = {
    "box": _Parser._box,
    "diagram": _Parser._diagram_block,
}


def _yaml_problem(exc: yaml.YAMLError, source: str = "") -> str:
    """A YAML error's own words on one line (its position is given by the caller's file:line:col), with
    the way out when ruby or a colour on the failing line of source was read as YAML."""
    text = " ".join(str(x) for x in (getattr(exc, "context", None), getattr(exc, "problem", None)) if x)
    hint = markup_hint(source, exc) if isinstance(exc, yaml.MarkedYAMLError) and source else ""
    return (text or str(exc).splitlines()[0]) + hint


def _line_of(inner: list[tuple[int, str]], key: str) -> int:
    for k, (_, t) in enumerate(inner):
        if key in t:
            return k
    return 0


def _split_cells(text: str, braces: bool = True) -> list[str]:
    """A table row's cells: split at ``|``, but not at ``\\|`` (a bar printed as it is) nor at the bar of a
    ruby ``{漢字|かんじ}`` or anything else inside braces; other escapes are left for the inline parser.
    A row with a brace left open is split at every bar, so the cell holding it is the one reported."""
    out: list[str] = []
    buf: list[str] = []
    depth, i = 0, 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            if text[i + 1] == "|" and not depth:
                buf.append("|")
            else:
                buf.append(text[i:i + 2])
            i += 2
            continue
        if ch == "{" and braces:
            depth += 1
        elif ch == "}" and depth:
            depth -= 1
        if ch == "|" and not depth:
            out.append("".join(buf))
            buf = []
        else:
            buf.append(ch)
        i += 1
    out.append("".join(buf))
    return _split_cells(text, braces=False) if depth else out


def _latin(ch: str) -> bool:
    return bool(ch) and ch.isascii() and ch.isalnum()


def _col(line: str, text: str, default: int = 1) -> int:
    """The 1-based column of text in its source line (default when it is not found as typed)."""
    at = line.find(text) if text else -1
    return at + 1 if at >= 0 else default



# ------------------------------------------------------------------------------------------ API
class _FrontMatterMap:
    """Where front-matter keys sit (line of the key), for ledger entries read from a section."""

    def __init__(self, file: str, lines: list[str]):
        self.file = file
        self.lines = lines

    def where(self, path: tuple[Any, ...]) -> tuple[int, int]:
        key = str(path[0]) if path else ""
        return _Parser._key_line(self.lines, key) if key else 1, 1

    def problem(self, path: tuple[Any, ...], message: str) -> Problem:
        line, col = self.where(path)
        return Problem(self.file, line, col, ".".join(str(p) for p in path), message)


def parse_rulebook(game: Game, files: list[Path] | None = None) -> tuple[Document, list[Problem]]:
    """Parse every source file; returns the document and all problems found (never raises)."""
    parser = _Parser(game)
    sections = []
    paths = source_files(game) if files is None else files
    parser.section_names = {p.stem for p in paths}
    for path in paths:
        s = parser.parse_file(path)
        if s is not None:
            sections.append(s)
    doc = Document(game, sections, parser.counts)
    if parser.refs:
        resolve_refs(doc, parser.refs, parser.problems)
    return doc, parser.problems




def load_rulebook(game: Game) -> Document:
    doc, problems = parse_rulebook(game)
    if problems:
        raise DataError(problems)
    return doc
