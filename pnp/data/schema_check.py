"""A data file checked against its JSON schema (pnp/data/schemas.py): every refusal as a problem at
the file's line, worded for the designer, and the file without the values refused so the rest can
still be checked."""
from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import dataclass, field
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

import jsonschema

from ..errors import BuildError, Problem
from ..files import atomic_path, cache_dir
from ..messages import did_you_mean, lang, msg
from ..units import LENGTH_PATTERN
from .parts import PART_SCHEMAS
from .schemas import SCHEMAS
from .yamlsource import SourceMap


def _validator(kind: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(SCHEMAS.get(kind) or PART_SCHEMAS[kind])


_VALIDATORS: dict[str, jsonschema.Draft202012Validator] = {}


def schema_problems(kind: str, data: Any, smap: SourceMap) -> list[Problem]:
    problems = []
    for err in _schema_errors(kind, data):
        problems.extend(_explain(err, smap))
    return problems


# the schema's verdict on a file as it was read (SourceMap.read_as), kept with the parsed file: a file
# loaded again unchanged is not walked through its schema again
_CHECKED: dict[tuple[str, str, str], tuple[Problem, ...]] = {}
_CHECKED_FILES = 1024
_checked_lock = threading.Lock()


def schema_problems_as_read(kind: str, data: Any, smap: SourceMap) -> list[Problem]:
    """schema_problems of values exactly as load_yaml returned them (nothing changed since)."""
    if not smap.read_as:
        return schema_problems(kind, data, smap)
    key = (kind, smap.read_as, lang())       # the problems are worded in the language asked for
    found = _CHECKED.get(key)
    if found is None:
        found = _verdict(kind, data, smap)
        with _checked_lock:
            while len(_CHECKED) >= _CHECKED_FILES:
                _CHECKED.pop(next(iter(_CHECKED)))       # the oldest verdict
            _CHECKED[key] = found
    return list(found)


def _verdict(kind: str, data: Any, smap: SourceMap) -> tuple[Problem, ...]:
    """The problems of a file as read: none when it is a bundled file as shipped or was found clean in an
    earlier run, else what its schema says (a clean verdict remembered for the next run)."""
    if shipped_key(kind, smap.read_as) in _shipped_clean():
        return ()
    clean = _clean_key(kind, smap.read_as)
    if clean in _clean_before():
        return ()
    found = tuple(schema_problems(kind, data, smap))
    if not found:
        _remember_clean(clean)
    return found


# Files the schema found nothing wrong with, kept between runs (one key a line in the user's cache
# folder): the key is the file as read (name and text), the schema's own text and jsonschema's version,
# so a changed file or schema is checked again.  Only clean verdicts are kept: a problem is always
# found anew, worded in the language asked for.  A cache only: unreadable or unwritable, it is skipped.
_CLEAN_MAX = 4096
_clean: set[str] | None = None
_clean_made: Path | None = None      # the kept file whose folder this process made


def _clean_path() -> Path:
    return cache_dir() / "schema-clean.txt"


@cache
def _schema_text(kind: str) -> str:
    return json.dumps(SCHEMAS.get(kind) or PART_SCHEMAS[kind], sort_keys=True, ensure_ascii=False)


@cache
def _schema_text_digest(kind: str) -> str:
    return hashlib.sha256(_schema_text(kind).encode()).hexdigest()


@cache
def _schema_digest(kind: str) -> str:
    """The schema's text and the version of jsonschema that reads it."""
    said = _schema_text(kind) + "\0" + _jsonschema_version()
    return hashlib.sha256(said.encode()).hexdigest()


@cache
def _jsonschema_version() -> str:
    """jsonschema's version, read once a process from the Version line of its METADATA (what
    ``metadata.version`` returns, without parsing every header as e-mail)."""
    dist = metadata.distribution("jsonschema")
    for line in (dist.read_text("METADATA") or "").splitlines():
        if not line:                        # the headers end at the first empty line
            break
        if line.startswith("Version:"):
            return line.partition(":")[2].strip()
    return dist.version


def _clean_key(kind: str, read_as: str) -> str:
    said = f"{kind}\0{read_as}\0{_schema_digest(kind)}"
    return hashlib.sha256(said.encode()).hexdigest()[:32]


def _clean_before() -> set[str]:
    global _clean
    if _clean is None:
        try:
            lines = _clean_path().read_text(encoding="ascii").split()
        except (OSError, UnicodeDecodeError):
            lines = []
        _clean = set(lines[-_CLEAN_MAX:])
    return _clean


def _remember_clean(key: str) -> None:
    global _clean_made
    kept = _clean_before()
    if key in kept:
        return
    kept.add(key)
    path = _clean_path()
    try:
        if _clean_made != path:      # once a process: the folder, and the file kept short
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.exists() and path.stat().st_size > _CLEAN_MAX * 33:    # the oldest half goes
                lines = path.read_text(encoding="ascii").split()
                with atomic_path(path) as tmp:
                    tmp.write_text("".join(k + "\n" for k in lines[-_CLEAN_MAX // 2:]), encoding="ascii")
            _clean_made = path
        with path.open("a", encoding="ascii") as f:     # one short line: appended whole
            f.write(key + "\n")
    except (OSError, UnicodeDecodeError, BuildError):
        return


# The bundled layouts' verdicts, taken when they were written and shipped beside this module
# (bundled-clean.txt, one key a line): a first run does not walk pnp's own files through their schemas.
# The key is the kind, the file as read and the schema's text; tests/data/test_schema_clean.py checks
# the list against the bundled files and the schemas as they are now, with the jsonschema installed,
# and fails when a key is missing, left over or wrong (``--update-golden`` writes it anew).
SHIPPED_CLEAN = Path(__file__).with_name("bundled-clean.txt")


def shipped_key(kind: str, read_as: str) -> str:
    said = f"{kind}\0{read_as}\0{_schema_text_digest(kind)}"
    return hashlib.sha256(said.encode()).hexdigest()[:32]


@cache
def _shipped_clean() -> frozenset[str]:
    try:
        return frozenset(SHIPPED_CLEAN.read_text(encoding="ascii").split())
    except (OSError, UnicodeDecodeError):
        return frozenset()


def _schema_errors(kind: str, data: Any) -> list[jsonschema.ValidationError]:
    v = _VALIDATORS.get(kind) or _VALIDATORS.setdefault(kind, _validator(kind))
    return list(v.iter_errors(data))


def _prune_target(err: jsonschema.ValidationError) -> list[tuple[Any, ...]] | None:
    """The keys to leave out so that the rest of a file can be checked without the value the schema
    refused; None when nothing can be left out (a required key is missing, a list item is wrong)."""
    path = tuple(err.absolute_path)
    if err.validator == "required":
        return None
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        allowed = set(err.schema.get("properties", {}))
        return [path + (k,) for k in err.instance if k not in allowed]
    while path and not isinstance(path[-1], str):     # a wrong list item: the list it is in
        path = path[:-1]
    if len(path) < 2 and not (path and path[0] not in TOP_REQUIRED):
        return None
    return [path]


# keys without which a file means nothing: never left out to check the rest
TOP_REQUIRED = {"kind", "id", "name", "layout", "cards", "players", "components", "title", "rulings"}


def prune_refused(kind: str, data: dict[str, Any]) -> tuple[dict[str, Any], set[tuple[Any, ...]]] | None:
    """data without the values its schema refuses (their problems are reported already), and the key
    paths left out: the rest of the file is checked as if they were not written, so one wrong cell
    hides no other problem.  None when what is left still fails its schema."""
    import copy
    out = copy.deepcopy(data)
    left_out: set[tuple[Any, ...]] = set()
    for _ in range(3):
        errors = _schema_errors(kind, out)
        if not errors:
            return out, left_out
        for err in errors:
            targets = _prune_target(err)
            if targets is None:
                return None
            for target in targets:
                parent: Any = out
                for key in target[:-1]:
                    parent = parent[key]
                if isinstance(parent, dict) and target[-1] in parent:
                    del parent[target[-1]]
                    left_out.add(target)
    return None


def _explain(err: jsonschema.ValidationError, smap: SourceMap) -> list[Problem]:
    path = tuple(err.absolute_path)
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        allowed = set(err.schema.get("properties", {}))
        extra = sorted(k for k in err.instance if k not in allowed)
        return [smap.problem(path + (k,), msg("schema.unknown_key", key=k, allowed=sorted(allowed),
                                              hint=did_you_mean(k, allowed)))
                for k in extra]
    if err.validator == "oneOf" and err.context:
        best = jsonschema.exceptions.best_match(err.context)
        return _explain(best, smap)
    if err.validator == "pattern" and err.schema.get("description"):
        return [smap.problem(path, msg("schema.pattern", expected=err.schema['description'], value=err.instance))]
    if err.validator == "enum":
        return [smap.problem(path, msg("schema.not_one_of", value=err.instance, choices=list(err.validator_value),
                                       hint=did_you_mean(err.instance, map(str, err.validator_value))))]
    if err.validator == "type":
        if err.schema.get("pattern") == LENGTH_PATTERN and isinstance(err.instance, (int, float)) \
                and not isinstance(err.instance, bool):
            return [smap.problem(path, msg("schema.bare_number", value=err.instance))]
        return [smap.problem(path, msg("schema.type", expected=str(err.validator_value),
                                       got=type(err.instance).__name__, value=repr(err.instance),
                                       hint=_number_hint(err.instance, err.validator_value)
                                       or _ruby_hint(err.instance, err.validator_value)))]
    if err.validator == "required":
        out = []
        props = err.schema.get("properties", {})
        for key in err.validator_value:
            if isinstance(err.instance, dict) and key not in err.instance:
                choices = props.get(key, {}).get("enum")
                out.append(smap.problem(path, msg("schema.missing_key_choices", key=key, choices=list(map(str, choices)))
                                        if choices else msg("schema.missing_key", key=key)))
        return out or [smap.problem(path, err.message)]
    return [smap.problem(path, err.message)]


def _ruby_hint(value: Any, expected: Any) -> str:
    """A text value that is a ruby alone (``title: {岬|みさき}``) reads in YAML as a mapping with one key
    and no value: say so, and how to write it."""
    wanted = {expected} if isinstance(expected, str) else set(expected)
    if "string" not in wanted or not isinstance(value, dict) or len(value) != 1:
        return ""
    [(key, inner)] = value.items()
    if inner is not None or not isinstance(key, str) or "|" not in key:
        return ""
    return msg("hint.ruby_read_as_mapping", ruby=f"{{{key}}}", quoted=f'"{{{key}}}"')


def _number_hint(value: Any, expected: Any) -> str:
    """What to type instead of a number written in full-width digits (２, －３, １．５): they read as
    text, and a Japanese input method gives them unless switched to half-width."""
    wanted = {expected} if isinstance(expected, str) else set(expected)
    if not isinstance(value, str) or not wanted & {"integer", "number"}:
        return ""
    import unicodedata
    narrow = unicodedata.normalize("NFKC", value).strip().replace("−", "-")
    if narrow == value.strip():
        return ""
    try:
        float(narrow) if "number" in wanted else int(narrow)
    except ValueError:
        return ""
    return msg("hint.full_width_digits", narrow=narrow)


@dataclass
class RawFile:
    """A data file as read: its values (less what its schema refused), its source map and folder."""

    data: Any
    smap: SourceMap
    folder: Path | None = None     # the file's folder (a layout's icon images are found beside it)
    path: Path | None = None
    left_out: set[tuple[Any, ...]] = field(default_factory=set)   # key paths the schema refused (prune_refused)
