"""YAML loading with a source map: every value knows its file, line and column.

PyYAML composes a node tree that keeps marks; we build plain Python values from it ourselves so
that we can (a) record where each value came from, (b) refuse duplicate keys, and (c) refuse alias
bombs before they expand.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..errors import DataError, Problem
from .model import Where

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


_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # libyaml when present: 10× faster, same marks


def _count_aliases(text: str) -> tuple[int, object]:
    """Aliases in the text, counted on the event stream before anything is composed or expanded."""
    n, mark = 0, None
    for event in yaml.parse(text, Loader=_Base):
        if isinstance(event, yaml.AliasEvent):
            n += 1
            if n > MAX_ALIASES:
                return n, event.start_mark
    return n, mark


class _Loader(_Base):
    def __init__(self, stream):
        super().__init__(stream)
        self.alias_count = 0

    def compose_node(self, parent, index):  # noqa: D401 - PyYAML hook
        if self.check_event(yaml.AliasEvent):
            self.alias_count += 1
            if self.alias_count > MAX_ALIASES:
                event = self.peek_event()
                raise yaml.MarkedYAMLError(
                    None, None, f"more than {MAX_ALIASES} aliases: refused", event.start_mark)
        return Composer.compose_node(self, parent, index)


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
            return self.loader.construct_object(node, deep=True)
        if isinstance(node, SequenceNode):
            return [self.build(child, path + (i,)) for i, child in enumerate(node.value)]
        if isinstance(node, MappingNode):
            out: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, ScalarNode):
                    self.problems.append(self._problem(key_node, path, "mapping keys must be plain text"))
                    continue
                key = self.loader.construct_object(key_node)
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


def load_yaml(path: Path, display: str) -> tuple[Any, SourceMap]:
    """Load one YAML file; raise DataError naming display:line:col on any problem."""
    smap = SourceMap(display)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise DataError([Problem(display, 0, 0, "", f"not UTF-8 text ({exc.reason})")]) from None
    except OSError as exc:
        raise DataError([Problem(display, 0, 0, "", f"cannot read: {exc.strerror}")]) from None
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
        msg = " ".join(x for x in (exc.context, exc.problem) if x) or "invalid YAML"
        raise DataError([Problem(display, line, col, "", f"YAML: {msg}")]) from None
    except yaml.YAMLError as exc:
        raise DataError([Problem(display, 0, 0, "", f"YAML: {exc}")]) from None
    except _TooBig:
        raise DataError([Problem(display, 1, 1, "",
                                 f"more than {MAX_VALUES} values after expanding aliases: refused")]) from None
    finally:
        loader.dispose()
    if builder.problems:
        raise DataError(builder.problems)
    return data, smap
