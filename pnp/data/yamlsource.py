"""YAML loading with a source map: every value knows its file, line and column.

PyYAML composes a node tree that keeps marks; we build plain Python values from it ourselves so
that we can (a) record where each value came from, (b) refuse duplicate keys, and (c) refuse alias
bombs before they expand.
"""
from __future__ import annotations

import hashlib
import math
import pickle
import re
import stat
import threading
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from yaml.composer import Composer
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..errors import DataError, Problem
from ..limits import MAX_FILE_BYTES, MAX_YAML_DEPTH, MAX_YAML_NODES
from ..messages import msg
from .model import Game, Where

MAX_ALIASES = 64          # real data uses a handful; a bomb uses many
MAX_VALUES = 200_000      # values built from one file, counting every alias expansion

PathT = tuple[Any, ...]


def format_path(path: PathT) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


@dataclass
class SourceMap:
    file: str
    marks: dict[PathT, tuple[int, int]] = field(default_factory=dict)
    # what was read, as load_yaml read it: the digest of the shown name and the text ("" for a map built
    # otherwise); a check of the values as loaded may be remembered under it (project.schema_problems_as_read)
    read_as: str = ""

    def where(self, path: PathT) -> tuple[int, int]:
        """Line and column (1-based) of the value at path, or of its nearest recorded ancestor."""
        path = tuple(path)
        while path:
            if path in self.marks:
                return self.marks[path]
            path = path[:-1]
        return self.marks.get((), (1, 1))

    def problem(self, path: PathT, message: str) -> Problem:
        line, col = self.where(path)
        return Problem(self.file, line, col, format_path(path), message)

    def location(self, path: PathT) -> Where:
        """Where the value at path came from, kept in the model for errors after loading."""
        return Where(self.file, *self.where(path))


if TYPE_CHECKING:
    from yaml import SafeLoader as _Base
else:
    _Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # libyaml when present: 10× faster, same marks


def _refused(message: str, mark: Any) -> yaml.MarkedYAMLError:
    """A YAML error at ``mark`` (a pure-Python or a libyaml mark: both carry line and column)."""
    return yaml.MarkedYAMLError(None, None, message, mark)


def _count_aliases(text: str) -> tuple[int, Any]:
    """Aliases in the text, counted on the event stream before anything is composed or expanded.
    The same pass enforces the node budget and the nesting depth (pnp/limits.py), so a huge or deeply
    nested file is refused while it is parsed, before any tree is built from it."""
    n, mark = 0, None
    nodes = depth = 0
    for event in yaml.parse(text, Loader=_Base):
        if isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent, yaml.CollectionStartEvent)):
            nodes += 1
            if nodes > MAX_YAML_NODES:
                raise _refused(msg("data.yaml_too_many_nodes", most=MAX_YAML_NODES), event.start_mark)
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_YAML_DEPTH:
                raise _refused(msg("data.yaml_too_deep", most=MAX_YAML_DEPTH), event.start_mark)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        if isinstance(event, yaml.AliasEvent):
            n += 1
            if n > MAX_ALIASES:
                return n, event.start_mark
    return n, mark


def read_text_file(path: Path, display: str) -> str:
    """A data file's text: a regular file of at most MAX_FILE_BYTES, UTF-8, without NUL characters.
    Anything else is a DataError naming the file (and the line and column where it can)."""
    try:
        st = path.stat()
    except OSError as exc:
        raise DataError([Problem(display, 0, 0, "", msg("data.cannot_read", why=(exc.errno, exc.strerror)))]) from None
    if not stat.S_ISREG(st.st_mode):
        raise DataError([Problem(display, 0, 0, "", msg("data.not_regular_file"))])
    if st.st_size > MAX_FILE_BYTES:
        raise DataError([Problem(display, 0, 0, "", msg("data.file_too_big", size=st.st_size, most=MAX_FILE_BYTES))])
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise DataError([Problem(display, 0, 0, "", msg("data.cannot_read", why=(exc.errno, exc.strerror)))]) from None
    if len(raw) > MAX_FILE_BYTES:
        raise DataError([Problem(display, 0, 0, "", msg("data.file_grew", most=MAX_FILE_BYTES))])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = _line_col(raw[:exc.start].decode("utf-8", "replace"))
        raise DataError([Problem(display, line, col, "", msg("data.not_utf8", byte=raw[exc.start]))]) from None
    if "\0" in text:
        line, col = _line_col(text[:text.index("\0")])
        raise DataError([Problem(display, line, col, "", msg("data.nul_character"))])
    odd = NONCHARACTER.search(text)
    if odd:
        line, col = _line_col(text[:odd.start()])
        raise DataError([Problem(display, line, col, "", msg("data.noncharacter", code=ord(odd.group())))])
    return _nfc(text.removeprefix("\ufeff"))


# Unicode's noncharacters: U+FDD0–U+FDEF and the last two code points of every plane.  No text holds them,
# so pnp may use them as its own marks inside a designer's text (private-use characters are 外字: text)
NONCHARACTER = re.compile("[\ufdd0-\ufdef\ufffe\uffff" +
                          "".join(f"{chr(p * 0x10000 + 0xFFFE)}{chr(p * 0x10000 + 0xFFFF)}" for p in range(1, 17)) + "]")


# CJK compatibility ideographs (神 U+FA19, 塚 U+FA10, the 旧字体 forms a font draws differently) have a
# canonical decomposition to the unified ideograph (神 U+795E), so NFC would print another glyph
_COMPAT_IDEOGRAPHS = re.compile("([\uf900-\ufaff\U0002f800-\U0002fa1f]+)")


def _nfc(text: str) -> str:
    """NFC (e + U+0301 → é, so every layer draws one glyph), except that compatibility ideographs stay
    as typed.  Comparisons that must not see the difference (quotations of the drafts) use NFKC."""
    if not _COMPAT_IDEOGRAPHS.search(text):
        return unicodedata.normalize("NFC", text)
    parts = _COMPAT_IDEOGRAPHS.split(text)
    return "".join(part if i % 2 else unicodedata.normalize("NFC", part) for i, part in enumerate(parts))


def _line_col(before: str) -> tuple[int, int]:
    """1-based line and column just after the text ``before``."""
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


class _Loader(_Base):
    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.alias_count = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:  # PyYAML hook
        if self.check_event(yaml.AliasEvent):
            self.alias_count += 1
            if self.alias_count > MAX_ALIASES:
                event = self.peek_event()  # type: ignore[no-untyped-call]  # untyped in PyYAML's stubs
                raise _refused(msg("data.yaml_too_many_aliases", most=MAX_ALIASES), event.start_mark)
        return Composer.compose_node(self, parent, index)


_STR_TAG = "tag:yaml.org,2002:str"
_NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")
# numbers as YAML 1.2 and every reader write them: 12, -3, 0, 1.5, .5, 2e3, .inf, .nan
_PLAIN_NUMBER = re.compile(r"[-+]?(0|[1-9][0-9]*)|[-+]?(\.[0-9]+|[0-9]+\.[0-9]*)([eE][-+]?[0-9]+)?"
                           r"|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)")


MAX_DIGITS = 12


def _usable_number(value: int | float) -> bool:
    return math.isfinite(value) and abs(value) < 10 ** MAX_DIGITS if isinstance(value, float) else \
        abs(value) < 10 ** MAX_DIGITS


class _Builder:
    def __init__(self, loader: _Loader, smap: SourceMap):
        self.loader = loader
        self.smap = smap
        self.problems: list[Problem] = []
        self.count = 0

    def build(self, node: Node, path: PathT) -> Any:
        self.count += 1
        if self.count > MAX_VALUES:
            raise _TooBig()
        if path not in self.smap.marks:
            self.smap.marks[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
        if isinstance(node, ScalarNode):
            if not node.style and node.tag in _NUMBER_TAGS and not _PLAIN_NUMBER.fullmatch(node.value):
                # YAML 1.1 reads 1:30 as 90, 010 as 8, 0x1F as 31 and 1_000 as 1000: the designer wrote
                # the text, and the card prints it (a field that needs a number says so)
                return _nfc(node.value)
            # a string is the node's own text (what SafeConstructor.construct_yaml_str returns), taken
            # without the constructor's bookkeeping: most values of a deck are strings
            value = node.value if node.tag == _STR_TAG else self.loader.construct_object(node, deep=True)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and not _usable_number(value):
                # .nan passes every minimum and maximum, .inf and 400 digits overflow the drawing: no field
                # of a printed game takes them, so none gets past the loader
                self.problems.append(self._problem(node, path, f"{node.value}: not a usable number (write a finite "
                                                   f"number, at most {MAX_DIGITS} digits before the point)"))
                return None
            # e + U+0301 is composed to é here, once, so every layer draws one glyph, not "e´"
            return _nfc(value) if isinstance(value, str) else value
        if isinstance(node, SequenceNode):
            return [self.build(child, path + (i,)) for i, child in enumerate(node.value)]
        if isinstance(node, MappingNode):
            out: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, ScalarNode):
                    self.problems.append(self._problem(key_node, path, "mapping keys must be plain text"))
                    continue
                key = key_node.value if key_node.tag == _STR_TAG else self.loader.construct_object(key_node)
                if key == "<<":
                    self.problems.append(self._problem(key_node, path, "merge keys (<<) are not supported"))
                    continue
                if not isinstance(key, str):
                    key = str(key)
                if key in out:
                    self.problems.append(self._problem(key_node, path + (key,), f"duplicate key {key!r}"))
                    continue
                self.smap.marks[path + (key,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
                out[key] = self.build(value_node, path + (key,))
            return out
        raise AssertionError(f"unknown node {node!r}")

    def _problem(self, node: Node, path: PathT, message: str) -> Problem:
        return Problem(self.smap.file, node.start_mark.line + 1, node.start_mark.column + 1,
                       format_path(path), message)


class _TooBig(Exception):
    pass


def _mark(name: str, line: int, col: int) -> Any:
    """A position (1-based line and column) as PyYAML's marks hold it (0-based)."""
    return yaml.Mark(name, 0, max(line - 1, 0), max(col - 1, 0), "", 0)


# the card and rulebook markup that YAML reads as its own flow collections when it stands in a
# { … } or [ … ] or at a value's start: ruby {漢字|かんじ} and a colour [赤]{…}
_MARKUP_IN_YAML = re.compile(r"\[[^\[\]{}\n]+\]\{[^{}\n]*\}|\{[^{}|\n]+\|[^{}\n]+\}")
_VALUE_END = re.compile(r"(?:[^,{}\[\]\n]|" + _MARKUP_IN_YAML.pattern + r")*")


def markup_hint(text: str, exc: yaml.MarkedYAMLError) -> str:
    """When YAML failed on a line that holds ruby or a colour, the way out: quote that value (shown with
    its key, ready to paste).  Empty when the line holds no such markup."""
    lines = text.split("\n")
    for mark in (exc.problem_mark, exc.context_mark):
        if mark is None or not 0 <= mark.line < len(lines):
            continue
        line = lines[mark.line]
        found = _MARKUP_IN_YAML.search(line)
        if found is None:
            continue
        keyed = re.search(r"([^\s{},\[\]:]+)\s*:\s+([^,{}\[\]]*)$", line[:found.start()])
        start = keyed.start(2) if keyed else found.start()
        rest = _VALUE_END.match(line, found.end())
        value = line[start:rest.end() if rest else found.end()].strip()
        # in double quotes YAML reads a backslash as its own escape: such a value goes in single quotes
        quoted = "'" + value.replace("'", "''") + "'" if '"' in value or "\\" in value else f'"{value}"'
        what = msg("word.ruby") if found.group().startswith("{") else msg("word.colour")
        return msg("yaml.markup_brackets", what=what, markup=found.group(),
                   quoted=f"{keyed.group(1) + ': ' if keyed else ''}{quoted}")
    return ""


def guarded_yaml(text: str, display: str = "<text>") -> Any:
    """YAML text embedded in another file (a rulebook page's front matter, an example's position)
    parsed under the same budget as a data file: the node count and nesting depth while parsing, the
    aliases, and the values after expanding them.  Any problem is a ``yaml.MarkedYAMLError`` whose
    mark is the line and column in ``text`` and whose ``problem`` is one line, so that the caller says
    where it is in its own file."""
    loader = _Loader(text)
    try:
        n, mark = _count_aliases(text)
        if n > MAX_ALIASES:
            raise _refused(msg("data.yaml_too_many_aliases", most=MAX_ALIASES), mark)
        node = loader.get_single_node()
        if node is None:
            return None
        builder = _Builder(loader, SourceMap(display))
        data = builder.build(node, ())
    except _TooBig:
        raise _refused(msg("data.yaml_too_many_values", most=MAX_VALUES),
                       _mark(display, 1, 1)) from None
    except RecursionError:      # no YAML within the depth limit gets here; a safety net all the same
        raise _refused(msg("data.yaml_nested_too_deep"), _mark(display, 1, 1)) from None
    finally:
        loader.dispose()
    if builder.problems:
        first = min(builder.problems)
        raise _refused(first.message,
                       _mark(display, first.line, first.col))
    return data


# Files parsed in this process, by what was read (the shown name and the text): a game loaded again — by
# validate's tiers, by watch after an edit elsewhere, by a build after a validate — parses only the files
# that changed.  Kept pickled, so every caller gets values of its own to change; the least recently read
# go first once the kept files pass _PARSED_MAX_BYTES.
_PARSED: OrderedDict[str, bytes] = OrderedDict()
_PARSED_MAX_BYTES = 32 * 1024 * 1024
_parsed_bytes = 0
_parsed_lock = threading.Lock()       # pnp watch --serve reads in more than one thread


def _read_as(display: str, text: str) -> str:
    return hashlib.sha256(display.encode("utf-8", "surrogatepass") + b"\0"
                          + text.encode("utf-8", "surrogatepass")).hexdigest()


def load_yaml(path: Path, display: str) -> tuple[Any, SourceMap]:
    """Load one YAML file; raise DataError naming display:line:col on any problem."""
    text = read_text_file(path, display)
    key = _read_as(display, text)
    with _parsed_lock:
        kept = _PARSED.get(key)
        if kept is not None:
            _PARSED.move_to_end(key)
    if kept is not None:
        data, smap = pickle.loads(kept)
        return data, smap
    data, smap = _parse_yaml(text, display)
    smap.read_as = key
    _keep(key, pickle.dumps((data, smap), pickle.HIGHEST_PROTOCOL))
    return data, smap


def _keep(key: str, blob: bytes) -> None:
    global _parsed_bytes
    if len(blob) > _PARSED_MAX_BYTES // 4:
        return
    with _parsed_lock:
        if key in _PARSED:
            return
        _PARSED[key] = blob
        _parsed_bytes += len(blob)
        while _parsed_bytes > _PARSED_MAX_BYTES and _PARSED:
            _, gone = _PARSED.popitem(last=False)
            _parsed_bytes -= len(gone)


def _parse_yaml(text: str, display: str) -> tuple[Any, SourceMap]:
    smap = SourceMap(display)
    loader = _Loader(text)
    try:
        n, mark = _count_aliases(text)
        if n > MAX_ALIASES:
            raise yaml.MarkedYAMLError(None, None, f"more than {MAX_ALIASES} aliases: refused", mark)
        node = loader.get_single_node()
        if node is None:
            return None, smap
        builder = _Builder(loader, smap)
        data = builder.build(node, ())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        said = [x for x in (exc.context, exc.problem) if x] or ["invalid YAML"]
        hint = markup_hint(text, exc)
        raise DataError([Problem(display, line, col, "", msg("yaml.unreadable", problem=said, hint=hint))]) from None
    except yaml.YAMLError as exc:
        raise DataError([Problem(display, 0, 0, "", msg("yaml.unreadable", problem=[str(exc)], hint=""))]) from None
    except _TooBig:
        raise DataError([Problem(display, 1, 1, "",
                                 msg("data.yaml_too_many_values", most=MAX_VALUES))]) from None
    finally:
        loader.dispose()
    if builder.problems:
        raise DataError(builder.problems)
    return data, smap


def game_yaml_where(game: Game, path: tuple[Any, ...]) -> str:
    """``components/<game>/game.yaml:LINE:COL`` of the value at ``path`` (the file alone if unknown)."""
    display = game.where.file
    try:
        _, smap = load_yaml(Path(game.folder) / "game.yaml", display)
    except (DataError, OSError):
        return display
    if tuple(path) not in smap.marks:
        return display
    line, col = smap.where(tuple(path))
    return f"{display}:{line}:{col}"
