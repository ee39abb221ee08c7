"""Rulebook source files → a checked document tree (no drawing here).

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
``{{part station: 見出し}}``
    on a line of its own: a board (the whole map, however it is tiled for printing) or the first card
    of a track, drawn from data at a size that fits the page.
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
``\\x`` the character x literally; values from data, so the rulebook can never disagree with the
components: ``{{title}}`` ``{{subtitle}}`` ``{{players}}`` (3〜5人) ``{{players_min}}``
``{{players_max}}`` ``{{play_time}}`` ``{{age}}`` ``{{version}}`` ``{{designer}}``
``{{count:ID}}`` (a deck's or a component's number of pieces) and ``{{ruling:ID}}`` (one ruling's
sentence).

Counts stated in prose as 「煩悩カード（40枚）」 (ASCII or full-width digits) are reported by
:func:`stated_counts` so ``pnp validate`` can compare them with the data.

Everything else that looks like markup (``####``, an unknown ``:::`` block or ``{{…}}`` embed, an
unclosed ``**`` / ``{`` / ``【``, a card or component that does not exist) is an error located at
``file:line:col``; all of a rulebook's problems are reported together.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from ..data.ledger import Entry, read_entry
from ..data.model import Deck, Game
from ..data.schemas import PROVENANCE
from ..data.yamlsource import read_text_file
from ..errors import DataError, Problem
from ..text.inline import Inline, Run, merge_runs, parse_inline, plain_text

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
BOX_KINDS = ("note", "example", "proposal")
CHECK_FENCE = "~~~"
CELL_WORDS = ("up", "down", "empty", "none")


# ------------------------------------------------------------------------------------------ tree
@dataclass(frozen=True)
class Loc:
    file: str
    line: int




@dataclass(frozen=True)
class Heading:
    level: int
    text: Inline
    loc: Loc
    in_toc: bool


@dataclass(frozen=True)
class Para:
    text: Inline
    loc: Loc
    indent: bool = True


@dataclass(frozen=True)
class ListBlock:
    ordered: bool
    start: int
    items: tuple[Inline, ...]
    loc: Loc


@dataclass(frozen=True)
class Table:
    rows: tuple[tuple[Inline, ...], ...]
    header: bool
    loc: Loc


@dataclass(frozen=True)
class CardRef:
    deck: str
    card: str          # a card id, or "back"
    label: str = ""    # the label printed under the card (``deck/card=ラベル``); default: the card's name


@dataclass(frozen=True)
class Cards:
    refs: tuple[CardRef, ...]
    caption: str
    loc: Loc


@dataclass(frozen=True)
class PartFig:
    part: str          # a board or track part id of the game
    caption: str
    loc: Loc


@dataclass(frozen=True)
class Diagram:
    deck: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]   # (label, cells)
    caption: str
    loc: Loc


@dataclass(frozen=True)
class Box:
    kind: str
    title: str
    blocks: tuple[Any, ...]
    loc: Loc
    script: Any = None          # an example's position for the rules engine (never printed)
    script_line: int = 0


@dataclass(frozen=True)
class Components:
    loc: Loc


@dataclass(frozen=True)
class Rulings:
    items: tuple[Any, ...]      # pnp.data.ledger.Ruling, the printed ones
    loc: Loc


@dataclass(frozen=True)
class Questions:
    loc: Loc


@dataclass(frozen=True)
class NewPage:
    loc: Loc


@dataclass(frozen=True)
class Section:
    """One source file."""

    file: str
    new_page: bool
    toc: int
    blocks: tuple[Any, ...]
    entry: Entry | None = None  # the section's standing in the designer's ledger
    draft_only: bool = False


@dataclass
class Document:
    game: Game
    sections: list[Section]
    counts: list[tuple[str, int, str, int]] = field(default_factory=list)

    def texts(self) -> list[tuple[Loc, Inline]]:
        out: list[tuple[Loc, Inline]] = []
        for s in self.sections:
            _collect(s.blocks, out)
        return out


def _collect(blocks, out) -> None:
    for b in blocks:
        if isinstance(b, (Heading, Para)):
            out.append((b.loc, b.text))
        elif isinstance(b, ListBlock):
            out.extend((b.loc, it) for it in b.items)
        elif isinstance(b, Table):
            out.extend((b.loc, cell) for row in b.rows for cell in row)
        elif isinstance(b, Box):
            out.append((b.loc, (Run(b.title),)))
            _collect(b.blocks, out)
        elif isinstance(b, Cards):
            out.append((b.loc, (Run(b.caption),)))
        elif isinstance(b, Diagram):
            out.append((b.loc, (Run(b.caption),) + tuple(Run(x) for x in b.columns)
                        + tuple(Run(r[0]) for r in b.rows)))
        elif isinstance(b, Rulings):
            out.extend((b.loc, (Run("（仮）" + r.text),)) for r in b.items)


# ------------------------------------------------------------------------------------------ data
def rulebook_dir(game: Game) -> Path:
    return game.folder / "rulebook"


def source_files(game: Game) -> list[Path]:
    folder = rulebook_dir(game)
    return sorted(folder.glob("*.md")) if folder.is_dir() else []


def display_path(game: Game, path: Path) -> str:
    """components/<game>/rulebook/NN.md when the game lives in a project, else the path as given."""
    parts = path.resolve().parts
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
_EMBED = re.compile(r"\{\{\s*([^{}]*?)\s*\}\}")
_STATED = re.compile(r"[（(]\s*([0-9０-９]+)\s*(?:枚|個|本|組|セット)\s*[）)]")
# 「煩悩カード40枚、ルールブック…」「- 煩悩カード 40枚」: a count right after the name, in a list of
# contents (followed by 、・」 or the end of the line).  Not 「煩悩カード2枚を引く」 (a move), nor
# 「…の束は、人物カード3枚です。」 (a part of the deck), nor 「捜査線（告命灯2個）」 (a position).
_STATED_BARE = re.compile(r"[ 　：:]*([0-9０-９]+)[ 　]*(?:枚|個|本|組|セット)(?=[、，・」]|[ 　]*$)")
_ORDERED = re.compile(r"^(\d+)[.)]\s+(.*)$")
_CARD_REF = re.compile(r"^([a-z0-9][a-z0-9_-]*)/([a-z0-9][a-z0-9_-]*)(?:=(\S+))?$")


class _Parser:
    def __init__(self, game: Game):
        self.game = game
        self.rulings = game.rulings
        self.problems: list[Problem] = []
        self.counts: list[tuple[str, int, str, int]] = []
        self.file = ""
        self.game_icons = tuple(game.icons)    # game.yaml icons: (a layout's icons are its cards' own)
        self.colors: dict[str, str] = {}

    def err(self, line: int, col: int, message: str, fld: str = "") -> None:
        self.problems.append(Problem(self.file, line, col, fld, message))

    # -- files ---------------------------------------------------------------------------------
    def parse_file(self, path: Path) -> Section | None:
        self.file = display_path(self.game, path)
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
                self.err(1, 1, "front matter opened with --- is never closed")
                body_start = len(lines)
        numbered = [(i + 1, lines[i]) for i in range(body_start, len(lines))]
        depth = meta.get("toc", 2)
        blocks = self.blocks(numbered, depth, boxed=False)
        entry = None
        if body_start:
            name = self.file.rsplit("/", 1)[-1]
            entry, errs = read_entry("section", f"rulebook/{name}", f"ルールブック {name}", meta,
                                     _FrontMatterMap(self.file, lines[1:body_start]), ())
            self.problems.extend(errs)
        return Section(self.file, bool(meta.get("new_page", False)), depth, tuple(blocks), entry,
                       bool(meta.get("draft_only", False)))

    def front_matter(self, lines: list[str]) -> dict[str, Any]:
        try:
            data = yaml.safe_load("\n".join(lines)) or {}
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            self.err((mark.line + 2) if mark else 1, (mark.column + 1) if mark else 1, f"front matter: {exc}")
            return {}
        if not isinstance(data, dict):
            self.err(2, 1, "front matter must be a mapping")
            return {}
        for e in _FM_VALIDATOR.iter_errors(data):
            path = list(e.absolute_path)
            if e.validator == "additionalProperties":
                allowed = ", ".join(sorted(FRONT_MATTER_SCHEMA["properties"]))
                for key in sorted(k for k in data if k not in FRONT_MATTER_SCHEMA["properties"]):
                    self.err(self._key_line(lines, key), 1, f"unknown key {key!r} (allowed: {allowed})", key)
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
        out: list[Any] = []
        para: list[tuple[int, str]] = []
        i = 0

        def flush() -> None:
            if para:
                runs = self.inline_lines(para)
                if runs:
                    out.append(Para(runs, Loc(self.file, para[0][0])))
                para.clear()

        while i < len(lines):
            no, raw = lines[i]
            line = raw.rstrip()
            stripped = line.strip()
            if not stripped:
                flush()
                i += 1
                continue
            if stripped.startswith(":::"):
                flush()
                name, _, rest = stripped[3:].strip().partition(" ")
                if not name:
                    self.err(no, 1, "::: closes nothing here")
                    i += 1
                    continue
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
                    self.err(no, 1, f":::{name} is not closed by a line ':::'")
                    i = j if j > i + 1 else i + 1
                    continue
                inner = lines[i + 1:j]
                if name in BOX_KINDS:
                    if boxed:
                        self.err(no, 1, "boxes do not nest")
                    else:
                        inner, script, script_line = self.check_script(inner, name)
                        out.append(Box(name, rest.strip(), tuple(self.blocks(inner, 0, boxed=True)),
                                       Loc(self.file, no), script, script_line))
                elif name == "diagram":
                    d = self.diagram(inner, rest.strip(), no)
                    if d:
                        out.append(d)
                else:
                    self.err(no, 4, f"unknown block :::{name} (known: {', '.join(BOX_KINDS + ('diagram',))})")
                i = j + 1
                continue
            if stripped.startswith("#"):
                flush()
                hashes = len(stripped) - len(stripped.lstrip("#"))
                text = stripped[hashes:]
                if hashes > 3:
                    self.err(no, 1, f"heading level {hashes} is not supported (use #, ## or ###)")
                elif not text.startswith(" ") or not text.strip():
                    self.err(no, 1, "a heading is '#', '##' or '###', a space and its text")
                elif boxed:
                    self.err(no, 1, "no headings inside a box (use the box's title)")
                else:
                    text = text.strip().lstrip(HEADING_MARKS).strip(" 　")
                    runs = self.inline(text, no, line.index(text) + 1 if text in line else 1)
                    out.append(Heading(hashes, runs, Loc(self.file, no), hashes <= depth))
                i += 1
                continue
            m_embed = _EMBED.fullmatch(stripped)
            if m_embed and m_embed.group(1).split(":")[0].split(" ")[0] in BLOCK_EMBEDS:
                flush()
                b = self.block_embed(m_embed.group(1), no, line.index("{{") + 1, boxed)
                if b:
                    out.append(b)
                i += 1
                continue
            if stripped.startswith("|"):
                flush()
                j = i
                rows: list[tuple[int, str]] = []
                while j < len(lines) and lines[j][1].strip().startswith("|"):
                    rows.append((lines[j][0], lines[j][1].strip()))
                    j += 1
                t = self.table(rows)
                if t:
                    out.append(t)
                i = j
                continue
            m_ord = _ORDERED.match(stripped)
            if stripped.startswith("- ") or m_ord:
                flush()
                ordered = bool(m_ord)
                start = int(m_ord.group(1)) if m_ord else 1
                items: list[list[tuple[int, str]]] = []
                j = i
                while j < len(lines):
                    no2, raw2 = lines[j]
                    s2 = raw2.strip()
                    m2 = _ORDERED.match(s2)
                    if not s2:
                        break
                    if (ordered and m2) or (not ordered and s2.startswith("- ")):
                        content = m2.group(2) if m2 and ordered else s2[2:]
                        items.append([(no2, content)])
                    elif raw2.startswith("  ") and items:
                        items[-1].append((no2, s2))
                    else:
                        break
                    j += 1
                out.append(ListBlock(ordered, start, tuple(self.inline_lines(it) for it in items),
                                     Loc(self.file, no)))
                i = j
                continue
            para.append((no, line))
            i += 1
        flush()
        return out

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
            script = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            self.err(no + 1 + (mark.line if mark else 0), (mark.column + 1) if mark else 1,
                     f"example position: {getattr(exc, 'problem', None) or exc}")
        if script is not None and not isinstance(script, dict):
            self.err(no + 1, 1, "an example position is a mapping (players, setup, moves, expect)")
            script = None
        rest = inner[:start] + inner[end + 1:]
        return rest, script, no

    def block_embed(self, body: str, no: int, col: int, boxed: bool) -> Any:
        name, _, arg = body.partition(" ")
        loc = Loc(self.file, no)
        if name == "questions":
            return Questions(loc)
        if name == "part":
            part_id, _, caption = arg.partition(":")
            part_id = part_id.strip()
            shown = {p.id: p for p in self.game.parts if p.kind in ("board", "track")}
            if part_id not in shown:
                self.err(no, col, f"{{{{part {part_id}}}}}: no board or track {part_id!r} "
                                  f"(parts: {', '.join(sorted(shown)) or 'none'})")
                return None
            return PartFig(part_id, caption.strip() or shown[part_id].name, loc)
        if name == "components":
            if boxed:
                self.err(no, col, "{{components}} cannot stand in a box")
                return None
            return Components(loc)
        if name == "newpage":
            return NewPage(loc)
        if name == "rulings":
            if not self.rulings:
                self.err(no, col, "{{rulings}}: the game has no rulings (rulings.yaml with kind: rulings)")
                return None
            return Rulings(tuple(r for r in self.rulings if r.printed), loc)
        # card
        refs_text, _, caption = arg.partition(":")
        refs: list[CardRef] = []
        names: list[str] = []
        for word in refs_text.split():
            ref = self.card_ref(word, no, col)
            if ref:
                refs.append(ref)
                deck = self.game.deck(ref.deck)
                names.append(_card_name(deck, ref.card))
        if not refs_text.split():
            self.err(no, col, "{{card …}} needs at least one deck/card-id")
        if not refs or any(d.id == r.deck for d in self.game.unlaid for r in refs):
            return None       # an unlaid deck's layout has problems of its own: no figure, no second error
        return Cards(tuple(refs), caption.strip() or "、".join(names), loc)

    def card_ref(self, word: str, no: int, col: int) -> CardRef | None:
        m = _CARD_REF.match(word)
        if not m:
            self.err(no, col, f"card reference {word!r} is not deck/card-id")
            return None
        deck_id, card_id, label = m.groups()
        try:
            deck = self.game.deck(deck_id)
        except KeyError:
            known = ", ".join(d.id for d in self.game.all_decks) or "none"
            self.err(no, col, f"unknown deck {deck_id!r} in {word!r} (decks: {known})")
            return None
        if card_id != "back":
            try:
                deck.card(card_id)
            except KeyError:
                self.err(no, col, f"unknown card {card_id!r} in deck {deck_id!r}")
                return None
        return CardRef(deck_id, card_id, label or "")

    def table(self, rows: list[tuple[int, str]]) -> Table | None:
        cells: list[tuple[Inline, ...]] = []
        header = False
        width = None
        for k, (no, text) in enumerate(rows):
            if not text.endswith("|") or len(text) < 2:
                self.err(no, len(text), "a table row starts and ends with |")
                return None
            parts = [p.strip() for p in _split_cells(text[1:-1])]
            if all(re.fullmatch(r":?-{3,}:?", p) for p in parts):
                if k == 1:
                    header = True
                    continue
                self.err(no, 1, "a |---| separator may only follow the first row")
                return None
            if width is None:
                width = len(parts)
            elif len(parts) != width:
                self.err(no, 1, f"table row has {len(parts)} cells, the first row {width}")
                return None
            col = 2
            row = []
            for p in parts:
                row.append(self.inline(p, no, col))
                col += len(p) + 3
            cells.append(tuple(row))
        return Table(tuple(cells), header, Loc(self.file, rows[0][0]))

    def diagram(self, inner: list[tuple[int, str]], caption: str, no: int) -> Diagram | None:
        base = inner[0][0] if inner else no
        try:
            data = yaml.safe_load("\n".join(t for _, t in inner)) or {}
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            self.err(base + (mark.line if mark else 0), (mark.column + 1) if mark else 1, f"diagram YAML: {exc}")
            return None
        if not isinstance(data, dict):
            self.err(base, 1, "a diagram holds a mapping with rows:")
            return None
        bad = sorted(set(data) - {"deck", "columns", "rows"})
        for key in bad:
            self.err(base + _line_of(inner, key), 1, f"unknown diagram key {key!r} (allowed: columns, deck, rows)")
        deck_id = data.get("deck", self.game.decks[0].id if self.game.decks else "")
        try:
            deck = self.game.deck(str(deck_id))
        except KeyError:
            self.err(base + _line_of(inner, "deck"), 1, f"unknown deck {deck_id!r}")
            return None
        rows_data = data.get("rows")
        if not isinstance(rows_data, list) or not rows_data:
            self.err(base + _line_of(inner, "rows"), 1, "diagram needs rows: a list of {label, cells}")
            return None
        rows = []
        for r in rows_data:
            if not isinstance(r, dict) or not isinstance(r.get("cells"), list) or set(r) - {"label", "cells"}:
                self.err(base + _line_of(inner, "rows"), 1, "each diagram row is {label: text, cells: [...]}")
                return None
            cells = []
            for c in r["cells"]:
                c = str(c)
                if c not in CELL_WORDS:
                    try:
                        deck.card(c)
                    except KeyError:
                        self.err(base + _line_of(inner, c), 1,
                                 f"unknown diagram cell {c!r} (up, down, empty, none or a card id of {deck.id!r})")
                        continue
                cells.append(c)
            rows.append((str(r.get("label", "")), tuple(cells)))
        cols = data.get("columns", [])
        if not isinstance(cols, list):
            self.err(base + _line_of(inner, "columns"), 1, "columns: a list of labels")
            cols = []
        if bad or any(d.id == deck.id for d in self.game.unlaid):    # unlaid: its layout says what is wrong
            return None
        return Diagram(deck.id, tuple(str(c) for c in cols), tuple(rows), caption, Loc(self.file, no))

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

    def inline_embed(self, body: str, no: int, col: int) -> str | None:
        g = self.game
        name, sep, arg = body.partition(":")
        name = name.strip()
        if not sep:
            values = {"title": g.title, "subtitle": g.subtitle, "players": players_text(g),
                      "players_min": str(g.players[0]), "players_max": str(g.players[1]),
                      "play_time": g.play_time, "age": g.age, "version": g.version, "designer": g.designer}
            if name in values:
                return values[name]
            if name.split(" ")[0] in BLOCK_EMBEDS:
                self.err(no, col, f"{{{{{name.split(' ')[0]}}}}} must stand alone on its line")
                return None
            self.err(no, col, f"unknown embed {{{{{body}}}}} (known: {', '.join(INLINE_VALUES)}, count:ID, "
                              f"ruling:ID, and on their own line: {', '.join(BLOCK_EMBEDS)})")
            return None
        arg = arg.strip()
        if name == "count":
            found = piece_count(g, arg)
            if found is None:
                known = ", ".join([c.id for c in g.components] + [d.id for d in g.all_decks
                                                                   if d.id not in {c.id for c in g.components}])
                self.err(no, col, f"unknown component {arg!r} in {{{{count:{arg}}}}} (components: {known})")
                return None
            self.counts.append((self.file, no, found[0], found[1]))
            return str(found[1])
        if name == "ruling":
            for r in self.rulings:
                if r.id == arg:   # pnp's proposal keeps its mark wherever the book quotes it
                    return ("（仮）" if r.provisional and not self.game.final else "") + r.text
            self.err(no, col, f"unknown ruling {arg!r} (rulings: {', '.join(r.id for r in self.rulings) or 'none'})")
            return None
        self.err(no, col, f"unknown embed {{{{{body}}}}}")
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


def _line_of(inner: list[tuple[int, str]], key: str) -> int:
    for k, (_, t) in enumerate(inner):
        if key in t:
            return k
    return 0


def _split_cells(text: str) -> list[str]:
    out, buf, i = [], [], 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text) and text[i + 1] == "|":
            buf.append("|")
            i += 2
            continue
        if text[i] == "|":
            out.append("".join(buf))
            buf = []
        else:
            buf.append(text[i])
        i += 1
    out.append("".join(buf))
    return out


def _latin(ch: str) -> bool:
    return bool(ch) and ch.isascii() and ch.isalnum()


def _card_name(deck: Deck, card_id: str) -> str:
    if card_id == "back":
        return f"{deck.name}（裏）"
    card = deck.card(card_id)
    if card.suit is not None and isinstance(card.value, int):   # a suited number card: 「貪欲の3」
        label = f"{card.suit.name}の{card.value}"
    else:                                                      # anything else by its own title
        label = card.title or (card.suit.name if card.suit else "")
    return f"{deck.name}（{label}）" if label else deck.name


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
    for path in source_files(game) if files is None else files:
        s = parser.parse_file(path)
        if s is not None:
            sections.append(s)
    doc = Document(game, sections, parser.counts)
    return doc, parser.problems


def load_rulebook(game: Game) -> Document:
    doc, problems = parse_rulebook(game)
    if problems:
        raise DataError(problems)
    return doc
