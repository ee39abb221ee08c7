"""Loading a project folder (components/<game>/, layouts/) into the model, collecting every problem."""
from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import jsonschema

from ..errors import DataError, Problem
from ..files import inside, is_regular, read_limited
from ..limits import MAX_CARD_MM, MAX_ICC_BYTES, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MIN_CARD_MM
from ..messages import did_you_mean, did_you_mean_file, lang, msg
from ..resources import layouts_dir
from ..text import fonts
from ..text.fonts import FONT_FILES
from ..units import LENGTH_PATTERN, PT_PER_MM, UnitError, parse_extent, parse_length, to_mm
from .bounds import LAYOUT_LENGTHS, REGION_LENGTHS, length_range_problems
from .ledger import Entry, Ruling, audit, read_draft, read_entry
from .model import Back, Card, Component, Deck, Game, Icon, Layout, PrintSettings, Region, Suit, Where
from .parts import PART_SCHEMAS, build_part
from .regions import (
    ANCHORS,
    Undecided,
    candidate_note,
    conditional,
    deck_overlap_problems,
    inherited_anchor_problems,
    overlap_problems,
)
from .schemas import SCHEMAS, SIZE_NAMES
from .sheets import expand_deck
from .yamlsource import SourceMap, format_path, load_yaml

FILE_KINDS = {"deck", "rulings", *PART_SCHEMAS}

CARD_SIZES_MM = {"poker": (63, 88), "bridge": (58, 89), "mini": (44, 63), "tarot": (70, 120),
                 "meishi": (91, 55), "square": (70, 70)}
assert set(CARD_SIZES_MM) == set(SIZE_NAMES)

CARD_FIELDS = {"title", "value", "body", "flavor", "suit_name", "deck_name", "game_title"}
LENGTH_KEYS = {"x", "y", "w", "h", "size", "min_size", "stroke_width", "radius", "mark_size", "slot_size"}
TEXT_KINDS = {"text", "index", "pips", "slots"}

# Suit marks that differ on screen but not in a 4 mm corner index, printed in greyscale: a flame and a
# drop are both a rounded blob with a point on top; a ring and a target are both concentric circles;
# a hexagon at index size reads as a disc. A deck must not give these pairs to two of its suits.
LOOK_ALIKE_PAIRS = (("flame", "drop"), ("ring", "target"), ("circle", "hexagon"))
LOOK_ALIKE_MARKS: dict[str, tuple[str, ...]] = {}
for _a, _b in LOOK_ALIKE_PAIRS:
    LOOK_ALIKE_MARKS[_a] = LOOK_ALIKE_MARKS.get(_a, ()) + (_b,)
    LOOK_ALIKE_MARKS[_b] = LOOK_ALIKE_MARKS.get(_b, ()) + (_a,)


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
        found = tuple(schema_problems(kind, data, smap))
        with _checked_lock:
            while len(_CHECKED) >= _CHECKED_FILES:
                _CHECKED.pop(next(iter(_CHECKED)))       # the oldest verdict
            _CHECKED[key] = found
    return list(found)


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
class _Raw:
    data: Any
    smap: SourceMap
    folder: Path | None = None     # the file's folder (a layout's icon images are found beside it)
    path: Path | None = None
    left_out: set[tuple[Any, ...]] = field(default_factory=set)   # key paths the schema refused (prune_refused)


@dataclass
class Project:
    """A designer's folder: components/<game>/ and an optional layouts/ beside it."""

    root: Path
    problems: list[Problem] = field(default_factory=list)
    broken_layouts: set[str] = field(default_factory=set)
    # a broken layout as far as it placed its regions: its decks' cards are still checked against it
    # (overlaps that depend on the cards), so one run says every problem of a layout
    checkable_layouts: dict[str, Layout] = field(default_factory=dict)

    @property
    def components_dir(self) -> Path:
        return self.root / "components"

    def display(self, path: Path) -> str:
        shown = self._display(path)
        # a file name that is not UTF-8 (bytes from another system) is named by its bytes: bad\xff.yaml
        return shown.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")

    def _display(self, path: Path) -> str:
        try:
            resolved = path.resolve()
        except (OSError, RuntimeError):      # a link loop (a.yaml → b.yaml → a.yaml): name the link itself
            resolved = path.parent.resolve() / path.name
        try:
            return resolved.relative_to(self.root.resolve()).as_posix()
        except ValueError:
            try:
                return "layouts/" + resolved.relative_to(layouts_dir().resolve()).as_posix()
            except ValueError:
                return path.as_posix()

    def game_ids(self) -> list[str]:
        if not self.components_dir.is_dir():
            raise DataError([Problem(self.display(self.components_dir), 0, 0, "",
                                     "no components/ folder here (use --project DIR, or `pnp new GAME`)")])
        return sorted(p.name for p in self.components_dir.iterdir() if (p / "game.yaml").is_file())

    def _read_mapping(self, path: Path, problems: list[Problem], within: Path | None = None
                      ) -> tuple[dict[str, Any], SourceMap] | None:
        """One YAML file whose top is a mapping; its problems go to problems and give None.  within: the
        folder it was listed in, which a link may not leave (a shared kit's file must not read another)."""
        if within is not None and is_regular(path) and not inside(within, path):   # a device: said below
            shown = self.display(path.parent) + "/" + path.name
            problems.append(Problem(shown, 0, 0, "", "a link to a file outside the folder it is in "
                                                     f"({self.display(within)}/): refused"))
            return None
        try:
            data, smap = load_yaml(path, self.display(path))
        except DataError as e:
            problems.extend(e.problems)
            return None
        if not isinstance(data, dict):
            problems.append(Problem(smap.file, 1, 1, "", "expected a mapping at the top of the file"))
            return None
        return data, smap

    # ---------------------------------------------------------------- layouts
    def load_layouts(self) -> dict[str, Layout]:
        layouts, problems = self.load_layouts_partly()
        if problems:
            raise DataError(problems)
        return layouts

    def load_layouts_partly(self) -> tuple[dict[str, Layout], list[Problem]]:
        """The layouts that load, and the problems of those that do not.  A deck naming a broken
        layout is then not reported again (the layout's own problems say what is wrong)."""
        raw: dict[str, _Raw] = {}
        problems: list[Problem] = []
        checkable: dict[str, Layout] = {}
        folders = [layouts_dir()]
        if (self.root / "layouts").is_dir() and (self.root / "layouts").resolve() != layouts_dir().resolve():
            folders.append(self.root / "layouts")
        for folder in folders:   # later folders override earlier ones (a project's own layouts win)
            for path in sorted(folder.glob("*.yaml")):
                loaded = self._read_mapping(path, problems, folder)
                if loaded is None:
                    continue
                data, smap = loaded
                found = schema_problems_as_read("layout", data, smap)
                lid = data.get("id", path.stem)
                if lid != path.stem:
                    found.append(smap.problem(("id",), msg("data.layout_id_file", id=lid, stem=path.stem)))
                problems.extend(found)
                if not found:
                    raw[path.stem] = _Raw(data, smap, path.parent)
        layouts = {}
        for lid in sorted(raw):
            merged, origins, err = _resolve_extends(lid, raw)
            if err:
                problems.append(err)
                continue
            # a coordinate whose edge is undecided: said with where each edge would put it, beside
            # every other problem of the layout (one run names every change)
            undecided = _anchor_problems(lid, raw)
            lay, errs = _build_layout(lid, merged, raw[lid].smap, raw[lid].folder, origins=origins,
                                      undecided=undecided, checkable=True)
            problems.extend(errs)
            if lay and not errs:
                layouts[lid] = lay
            elif lay:      # its undecided regions are judged in their anchor's problem, not again per deck
                checkable[lid] = replace(
                    lay, face=tuple(r for r in lay.face if ("face", r.name) not in undecided),
                    back=tuple(r for r in lay.back if ("back", r.name) not in undecided))
        self.broken_layouts = {p.stem for folder in folders for p in folder.glob("*.yaml")} - set(layouts)
        self.checkable_layouts = checkable
        return layouts, problems

    # ---------------------------------------------------------------- games
    def load_game(self, game_id: str, layouts: dict[str, Layout] | None = None) -> Game:
        game, problems = self.load_game_partly(game_id, layouts)
        if problems:
            raise DataError(problems)
        return game

    def load_game_partly(self, game_id: str, layouts: dict[str, Layout] | None = None
                         ) -> tuple[Game, list[Problem]]:
        """The game as far as its data holds, and every problem of it.  A value the schema refuses is
        left out (and its card's field marked ``damaged``), a card naming an unknown suit has none: so
        the later checks (text fit, glyphs, layout) still see every other card, and say nothing more
        about what is already reported.  DataError when there is no game to check (game.yaml)."""
        folder = self.components_dir / game_id
        if not (folder / "game.yaml").is_file():
            ids = self.game_ids()
            raise DataError([Problem(self.display(folder), 0, 0, "", msg("data.unknown_game", game=game_id,
                                                                         games=", ".join(ids) or msg("word.none"),
                                                                         hint=did_you_mean(game_id, ids)))])
        problems: list[Problem] = []
        if layouts is None:
            layouts, found = self.load_layouts_partly()
            problems.extend(found)
        files: dict[str, _Raw] = {}
        broken: set[str] = set()        # ids of files with problems of their own: no cascade errors
        flawed: set[str] = set()        # ids of files checked without the values their schema refused
        unreadable = False              # a file whose id is unknown: any missing id may be in it
        for path in sorted(folder.glob("*.yaml")):
            loaded = self._read_mapping(path, problems, folder)
            if loaded is None:
                unreadable = unreadable or path.name != "game.yaml"
                continue
            data, smap = loaded
            if isinstance(data.get("id"), str):
                broken.add(data["id"])
            elif path.name != "game.yaml" and data.get("kind") != "rulings":     # rulings files have no id
                unreadable = True
            if path.name == "game.yaml":
                kind = "game"
            else:
                written = data.get("kind")
                if not isinstance(written, str) or written not in FILE_KINDS:
                    problems.append(smap.problem(("kind",), msg("data.unknown_kind", kind=written, kinds=sorted(FILE_KINDS),
                                                                hint=did_you_mean(written, FILE_KINDS))))
                    continue
                kind = written
            found = schema_problems_as_read(kind, data, smap)
            left_out: set[tuple[Any, ...]] = set()
            usable = not found
            if found:      # the refused values left out, the rest of the file is checked all the same
                pruned = prune_refused(kind, data)
                if pruned is not None:
                    (data, left_out), usable = pruned, True
            if usable and kind == "deck" and isinstance(data.get("cards"), dict):   # cards: {from: cards.csv}
                data, smap, expanded = expand_deck(data, smap, folder, self.display(folder))
                found = found + expanded
                if not isinstance(data["cards"], list):
                    usable = False
                else:
                    refused = schema_problems(kind, data, smap)
                    found = found + refused
                    if refused:
                        pruned = prune_refused(kind, data)
                        usable = pruned is not None
                        if pruned is not None:
                            data, more = pruned
                            left_out |= more
            problems.extend(found)
            if usable:
                files[path.name] = _Raw(data, smap, folder, path, left_out)
                # a piece count that may be wrong because of what was left out is not compared (a
                # deck's cards keep their number unless a count was left out)
                counts_hold = kind == "deck" and all(len(t) >= 3 and "count" not in t for t in left_out)
                if found and not counts_hold and isinstance(data.get("id"), str):
                    flawed.add(data["id"])
        game_raw = files.pop("game.yaml", None)
        game_fonts: dict[str, str] = {}
        if game_raw is not None and game_raw.data.get("fonts"):
            game_fonts, errs = _build_fonts(game_raw.data, self.root / "fonts", game_raw.smap)
            problems.extend(errs)
        first_file: dict[str, str] = {}
        duplicates: set[str] = set()
        for name in sorted(files):      # one id, one file: a second file must not replace the first
            raw = files[name]
            if "id" not in raw.data:
                continue
            other = first_file.setdefault(raw.data["id"], name)
            if other != name:
                problems.append(raw.smap.problem(("id",), msg("data.id_used", id=raw.data['id'], file=self.display(folder / other))))
                duplicates.add(name)
        files = {name: raw for name, raw in files.items() if name not in duplicates}
        decks: list[Deck] = []
        unlaid: list[Deck] = []         # decks whose layout has problems of its own (Game.unlaid)
        parts: list[Any] = []
        entries: list[Entry] = []
        rulings: list[Ruling] = []
        # a game made from a draft is pnp's work on it; without draft: its rulings are the designer's own
        # (decks, cards, parts and components say by: designer themselves: their （仮） marks stay as written)
        default_by = "pnp" if game_raw is None or "draft" in game_raw.data else "designer"
        ruling_files = [name for name, raw in files.items() if raw.data["kind"] == "rulings"]
        for name in ruling_files:
            raw = files.pop(name)
            if rulings:
                problems.append(raw.smap.problem(("kind",), msg("data.one_rulings_file")))
                continue
            ruled, ruling_problems = _build_rulings(raw, default_by)
            problems.extend(ruling_problems)
            rulings.extend(ruled)
            entries.extend(r.entry for r in ruled)
        for raw in files.values():
            if raw.data["kind"] == "deck":
                deck, errs = _build_deck(raw, folder, layouts, entries, game_fonts, self.broken_layouts,
                                         checkable=self.checkable_layouts)
                problems.extend(errs)
                if deck:
                    (unlaid if deck.layout.stand_in else decks).append(deck)
            else:
                part, errs = build_part(raw.data, raw.smap, folder)
                problems.extend(errs)
                entry, errs = read_entry("part", raw.data["id"], raw.data["name"], raw.data, raw.smap, ())
                problems.extend(errs)
                entries.append(entry)
                if part is not None:
                    parts.append(part)
        if game_raw is None:
            raise DataError(problems or [Problem(self.display(folder / "game.yaml"), 0, 0, "", "not loaded")])
        failed = broken - {d.id for d in decks + unlaid} - {p.id for p in parts}
        id_at = {raw.data["id"]: raw.smap.where(("id",)) for raw in files.values() if "id" in raw.data}
        game, errs = _build_game(game_raw, game_id, folder, decks, parts, failed, entries, rulings,
                                 self.display(folder), unreadable, id_at, unlaid, flawed)
        problems.extend(errs)
        return game, sorted(set(problems))

    def load_games(self, game_ids: Iterable[str] | None = None) -> list[Game]:
        ids = list(game_ids) if game_ids else self.game_ids()
        layouts, problems = self.load_layouts_partly()    # a broken layout hides no other problem
        games = []
        for gid in ids:
            try:
                games.append(self.load_game(gid, layouts))
            except DataError as e:
                problems.extend(e.problems)
        if problems:
            raise DataError(problems)
        return games


Origins = dict[tuple[str, str], Where]     # (side, region name) → where the region is last written


def _parents(entry: _Raw) -> list[str]:
    parents = entry.data.get("extends", [])
    return [parents] if isinstance(parents, str) else list(parents)


def _own_regions(entry: _Raw, side: str) -> dict[str, Any]:
    regions: dict[str, Any] = (entry.data.get(side) or {}).get("regions") or {}
    return regions


def _resolve_extends(lid: str, raw: dict[str, _Raw],
                     chain: tuple[str, ...] = ()) -> tuple[dict[str, Any], Origins, Problem | None]:
    """The layout's data over its parents' (later parents over earlier ones), and where each region
    is last written: a region a layout mentions is placed, and its problems said, at that layout."""
    entry = raw[lid]
    if lid in chain:
        cycle = " → ".join(chain + (lid,))
        return {}, {}, entry.smap.problem(("extends",), msg("data.layout_cycle", cycle=cycle))
    merged: dict[str, Any] = {}
    origins: Origins = {}
    for parent in _parents(entry):
        if parent not in raw:
            return {}, {}, entry.smap.problem(("extends",), msg("data.unknown_parent_layout", parent=parent,
                                                                  hint=did_you_mean(parent, raw)))
        pdata, porigins, err = _resolve_extends(parent, raw, chain + (lid,))
        if err:
            return {}, {}, err
        merged = _deep_merge(merged, pdata)
        origins.update(porigins)
    for side in ("face", "back"):
        for name, reg in _own_regions(entry, side).items():
            if reg is None:
                origins.pop((side, name), None)
            else:
                origins[(side, name)] = entry.smap.location((side, "regions", name))
    own = {k: v for k, v in entry.data.items() if k != "extends"}
    return _deep_merge(merged, own), origins, None


def _anchor_problems(lid: str, raw: dict[str, _Raw]) -> Undecided:
    """x or y written without anchor: on a region whose inherited anchor measures it from another edge
    (pnp.data.regions.inherited_anchor_problems).  Called once the layout's extends: resolve."""
    entry = raw[lid]
    parents: dict[str, Any] = {}
    for parent in _parents(entry):
        parents = _deep_merge(parents, _resolve_extends(parent, raw)[0])

    def setter(side: str, name: str, at: str = lid) -> str | None:
        for parent in reversed(_parents(raw[at])):     # later parents win, as in the merge
            reg = _own_regions(raw[parent], side).get(name)
            if isinstance(reg, dict) and "anchor" in reg:
                return parent
            found = setter(side, name, parent)
            if found:
                return found
        return None
    return inherited_anchor_problems(entry.data, parents, setter, entry.smap.location)


def _deep_merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _deep_merge(out[k], v)
        else:
            out[k] = v
    return out


def _size_pt(size: Any) -> tuple[float, float]:
    if isinstance(size, str):
        w, h = CARD_SIZES_MM[size]
        return parse_length(f"{w}mm"), parse_length(f"{h}mm")
    return parse_length(size["width"]), parse_length(size["height"])


def _size_problems(size: Any, smap: SourceMap, path: tuple[Any, ...]) -> list[Problem]:
    """A card of 0 mm divides by zero and one of 0.0000001 mm fills a sheet with billions: both refused."""
    if isinstance(size, str):
        return []
    out = []
    for key in ("width", "height"):
        value = parse_length(size[key]) / PT_PER_MM
        if not MIN_CARD_MM <= value <= MAX_CARD_MM:
            out.append(smap.problem(path + (key,), msg("data.card_size_range", key=key, value=size[key],
                                                       low=f"{MIN_CARD_MM:g}", high=f"{MAX_CARD_MM:g}")))
    return out


def _build_icons(data: dict[str, Any], folder: Path | None, smap: SourceMap) -> tuple[dict[str, Icon], list[Problem]]:
    """icons: name → {shape, color} or {image} (an image beside the file, never outside its folder)."""
    icons, problems = {}, []
    for name, spec in (data.get("icons") or {}).items():
        if "image" in spec:
            image, err = _safe_image(folder or Path("."), spec["image"], smap, ("icons", name, "image"))
            if err:
                problems.append(err)
                continue
            icons[name] = Icon(name, None, "#000000", image)
        else:
            icons[name] = Icon(name, spec["shape"], spec.get("color", "#1a1a1a"))
    return icons, problems


SAFE_KINDS = TEXT_KINDS | {"mark", "image", "badge"}   # must stay inside the safe area


def _place(kind: str, reg: dict[str, Any], width: float, height: float, safe: float) -> tuple[float, float, float, float]:
    """Resolve x, y, w, h (lengths or shares of the trim) and the anchor to the region's top-left
    corner and size in points.  The anchor says which edge (or the centre) x and y measure from:
    ``bottom-right`` with x: 4mm, y: 4mm puts the region's corner 4 mm inside the trim's corner."""
    if kind == "frame":
        reg = {"x": f"{safe}pt", "y": f"{safe}pt", "w": f"{width - 2 * safe}pt", "h": f"{height - 2 * safe}pt",
               **reg}
    horizontal, vertical = ANCHORS[reg.get("anchor", "top-left")]
    w, h = parse_extent(reg["w"], width), parse_extent(reg["h"], height)
    x = parse_extent(reg.get("x", "0mm"), width)
    y = parse_extent(reg.get("y", "0mm"), height)
    if horizontal == "center":
        x = (width - w) / 2 + x
    elif horizontal == "right":
        x = width - x - w
    if vertical == "middle":
        y = (height - h) / 2 + y
    elif vertical == "bottom":
        y = height - y - h
    return x, y, w, h


def _outside(kind: str, props: dict[str, Any], x: float, y: float, w: float, h: float, width: float, height: float,
             safe: float, bleed: float) -> str | None:
    """Where a placed region may lie: text, marks, images and badges in the safe area, bleed: true
    bands and images in the bleed, everything else on the trim.  The name of the area it leaves, or None."""
    if kind in SAFE_KINDS and not (kind == "image" and props.get("bleed")):    # full-bleed art may run off
        inset, area, mm_ = safe, "layout.area_safe", f"{to_mm(safe):.1f}"
    elif props.get("bleed"):
        inset, area, mm_ = -bleed, "layout.area_bleed", f"{to_mm(bleed):.1f}"
    else:
        inset, area, mm_ = 0.0, "layout.area_trim", ""
    eps = 0.01
    if (x < inset - eps or y < inset - eps or x + w > width - inset + eps or y + h > height - inset + eps
            or w < -eps or h < -eps):
        return msg(area, mm=mm_) if mm_ else msg(area)
    return None


def _build_fonts(data: dict[str, Any], fonts_folder: Path, smap: SourceMap) -> tuple[dict[str, str], list[Problem]]:
    """fonts: [{family, weight, file}] → font name (family, or family-bold) → key for measuring and
    drawing.  Files live in the project's fonts/ folder; CFF-outline OpenType fonts are refused."""
    out, problems = {}, []
    for i, spec in enumerate(data.get("fonts") or []):
        name = spec["family"] + ("-bold" if spec.get("weight", "regular") == "bold" else "")
        at = ("fonts", i, "file")
        if name in FONT_FILES or name in out:
            problems.append(smap.problem(("fonts", i, "family"), msg("data.font_defined", font=name)))
            continue
        path = (fonts_folder / spec["file"]).resolve()
        try:
            path.relative_to(fonts_folder.resolve())
        except ValueError:
            problems.append(smap.problem(at, msg("data.font_file_outside", file=spec['file'])))
            continue
        if not path.is_file():
            problems.append(smap.problem(at, msg("data.font_file_not_found", file=spec['file'],
                                                 hint=did_you_mean_file(fonts_folder, spec['file']))))
            continue
        try:
            out[name] = fonts.register_file(name, path, spec.get("index"), spec.get("face"))
        except fonts.FontFileError as e:
            problems.append(smap.problem(at, f"fonts/{spec['file']}: {e}"))
    failed = {s["family"] + ("-bold" if s.get("weight", "regular") == "bold" else "")
              for s in data.get("fonts") or []} - set(out) - set(FONT_FILES)
    return {**out, **{name: "" for name in failed}}, problems      # "": reported already


def _resolve_fonts(layout: Layout, own: dict[str, str], smap: SourceMap) -> tuple[Layout, list[Problem]]:
    """The layout with every region's font (and the bold that goes with it) named by the bundled
    faces, the layout's fonts: or the game's fonts:, resolved to the file actually used; an unknown
    name is an error at the region."""
    available = {**{k: k for k in FONT_FILES}, **layout.fonts, **own}
    problems: list[Problem] = []
    sides = {}
    for side in ("face", "back"):
        out = []
        for r in getattr(layout, side):
            props = dict(r.props)
            name = props.get("font")
            for key in ("font", "bold_font"):
                value = props.get(key)
                if value is None:
                    continue
                if value not in available:
                    known = sorted(k for k, v in available.items() if v)
                    problems.append(Problem(r.where.file, r.where.line, r.where.col, f"{side}.regions.{r.name}.{key}",
                                            f"unknown font {value!r} (fonts: {', '.join(known)})"))
                    continue
                if not available[value]:      # its file was refused: said at the file
                    continue
                props[key] = available[value]
            if name is not None and "bold_font" not in r.props and f"{name}-bold" in available \
                    and name not in FONT_FILES:
                props["bold_font"] = available[f"{name}-bold"]
            out.append(replace(r, props=props))
        sides[side] = tuple(out)
    return replace(layout, face=sides["face"], back=sides["back"]), problems


def _build_layout(lid: str, data: dict[str, Any], smap: SourceMap, folder: Path | None = None,
                  size: Any = None, origins: Origins | None = None,
                  undecided: Undecided | None = None, checkable: bool = False
                  ) -> tuple[Layout | None, list[Problem]]:
    """A layout at its own size, or at size (a deck's size: …); every region is placed on that card
    and checked against it (the trim, the safe area, and the other regions it may overlap).
    origins: where each region is last written (inherited ones in their parent's file).
    undecided: regions whose x or y does not say which edge it measures from (inherited_anchor_problems):
    left out of the overlap check, their problem says what each anchor would overlap.
    checkable: the layout is given as far as it placed its regions even when it has problems (for
    the checks a deck makes on it); otherwise None then."""
    origins = origins or {}
    undecided = undecided or {}
    problems = []
    icons, errs = _build_icons(data, folder, smap)
    problems.extend(errs)
    own_fonts: dict[str, str] = {}
    if data.get("fonts") and folder is not None:
        own_fonts, errs = _build_fonts(data, folder.parent / "fonts", smap)
        problems.extend(errs)
    where = Where(smap.file, *smap.where(()))
    chosen = size if size is not None else data.get("size", "poker")
    size_problems = _size_problems(chosen, smap, ("size",))
    if size_problems:
        return None, size_problems
    width, height = _size_pt(chosen)
    ranges = length_range_problems(data, smap, (), LAYOUT_LENGTHS)
    if ranges:
        return None, ranges
    bleed = parse_length(data.get("bleed", "3mm"))
    safe = parse_length(data.get("safe", "3mm"))
    card = f"{to_mm(width):.0f}×{to_mm(height):.0f} mm"
    sides = {}
    for side in ("face", "back"):
        regions = []
        for name, reg in (data.get(side, {}).get("regions") or {}).items():
            if reg is None:
                continue
            path = (side, "regions", name)
            rwhere = origins.get((side, name)) or Where(smap.file, *smap.where(path))
            kind = reg.get("kind")
            if kind is None:
                problems.append(smap.problem(path, msg("layout.region_needs_kind")))
                continue
            missing = [k for k in ("x", "y", "w", "h") if k not in reg and kind != "frame"
                       and not (k in "xy" and "anchor" in reg)]
            if missing:
                problems.append(smap.problem(path, msg("layout.region_needs", keys=missing)))
                continue
            try:
                x, y, w, h = _place(kind, reg, width, height, safe)
            except UnitError as e:
                problems.append(smap.problem(path, str(e)))
                continue
            ranges = length_range_problems(reg, smap, path, REGION_LENGTHS)
            if ranges:
                problems.extend(ranges)
                continue
            props = {k: (parse_length(v) if k in LENGTH_KEYS else v) for k, v in reg.items()
                     if k not in ("x", "y", "w", "h", "kind", "anchor")}
            area = _outside(kind, props, x, y, w, h, width, height, safe, bleed)
            if area:
                problems.append(smap.problem(path, msg("layout.region_outside", region=name, layout=lid, kind=kind,
                                                       w=f"{to_mm(w):.1f}", h=f"{to_mm(h):.1f}", x=f"{to_mm(x):.1f}",
                                                       y=f"{to_mm(y):.1f}", area=area, card=card)))
            if kind == "image" and "field" in props and not str(props["field"]).startswith("fields."):
                problems.append(smap.problem(path + ("field",), f"an image region reads its picture from a "
                                                                f"fields.NAME column (a file or an :icon:); "
                                                                f"{props['field']!r} is not one (without field: "
                                                                "it shows the card's image)"))
            if "rotate" in props and kind != "text":
                problems.append(smap.problem(path + ("rotate",), f"rotate: turns a text region's text; region "
                                                                 f"{name!r} is {kind} (an index turns with rotate_copy)"))
            if kind in TEXT_KINDS and "field" not in props and "text" not in props:
                problems.append(smap.problem(path, msg("layout.text_region_needs_field")))
            f = props.get("field")
            if isinstance(f, str) and f not in CARD_FIELDS and not f.startswith(("fields.", "rules.")):
                problems.append(smap.problem(path + ("field",), msg("layout.unknown_field", field=f,
                                                                     known=sorted(CARD_FIELDS),
                                                                     hint=did_you_mean(f, CARD_FIELDS))))
            regions.append(Region(name, kind, x, y, w, h, props, rwhere))
        regions.sort(key=lambda r: (r.get("z", 0),))
        sides[side] = tuple(regions)
        size_at = smap.location(("size",)) if size is not None or ("size",) in smap.marks else None
        open_ = {name for s, name in undecided if s == side}

        def pair(a: Region, b: Region, side: str = side, open_: set[str] = open_) -> str | None:
            if a.name in open_ or b.name in open_ or conditional(side, a) or conditional(side, b):
                return None
            return ""
        problems.extend(overlap_problems(side, regions, width, height, smap.file, size_at,
                                         smap.location(("extends",)) if ("extends",) in smap.marks else None,
                                         pair=pair, key_at=lambda path: smap.location(path) if path in smap.marks
                                         else None))
        for region in regions:
            if (side, region.name) not in undecided:
                continue
            problem, anchors = undecided[(side, region.name)]
            reg = (data.get(side, {}).get("regions") or {})[region.name]
            notes = []
            for anchor in anchors:
                try:
                    x, y, w, h = _place(region.kind, {**reg, "anchor": anchor}, width, height, safe)
                except UnitError:
                    continue
                placed = replace(region, x_pt=x, y_pt=y, w_pt=w, h_pt=h)
                notes.append(f"anchor: {anchor} {candidate_note(side, placed, regions, width, height)}")
            problems.append(replace(problem, message=f"{problem.message} ({'; '.join(notes)})"))
    for (side, name), (problem, _) in undecided.items():
        if not any(r.name == name for r in sides.get(side, ())):
            problems.append(problem)
    if problems and not checkable:
        return None, problems
    return Layout(lid, width, height, bleed, safe, parse_length(data.get("corner_radius", "0mm")),
                  data.get("background", "#ffffff"), sides["face"], sides["back"], where, icons,
                  {k: v.lower() for k, v in (data.get("styles") or {}).items()},
                  spec=(data, smap, folder, origins), fonts=own_fonts), problems


def _stand_in_layout(lid: str, where: Where) -> Layout:
    """What a deck holds for a layout that did not load: no regions, never planned (Layout.stand_in)."""
    width, height = _size_pt("poker")
    return Layout(lid, width, height, 0.0, 0.0, 0.0, "#ffffff", (), (), where, stand_in=True)


def layout_at(layout: Layout, size: Any, checkable: bool = False) -> tuple[Layout | None, list[Problem]]:
    """The same template laid out again on a card of another size (a deck's size: …)."""
    data, smap, folder, origins = layout.spec
    return _build_layout(layout.id, data, smap, folder, size=size, origins=origins, checkable=checkable)


def _build_rulings(raw: _Raw, default_by: str = "pnp") -> tuple[list[Ruling], list[Problem]]:
    problems: list[Problem] = []
    out: list[Ruling] = []
    seen: set[str] = set()
    for i, r in enumerate(raw.data["rulings"]):
        path = ("rulings", i)
        if r["id"] in seen:
            problems.append(raw.smap.problem(path + ("id",), msg("data.duplicate_ruling_id", id=r['id'])))
        seen.add(r["id"])
        text = r["text"] if len(r["text"]) <= 24 else r["text"][:24] + "…"
        label = (f"裁定（{r['id']}）「{text}」" if r.get("print", True) else
                 f"エンジンの安全装置（{r['id']}、ルールとしては印刷しません）")
        entry, errs = read_entry("ruling", r["id"], label, r, raw.smap, path, default_by=default_by)
        problems.extend(errs)
        out.append(Ruling(r["id"], r["text"], r.get("print", True), entry))
    return out, problems


def _build_deck(raw: _Raw, folder: Path, layouts: dict[str, Layout], entries: list[Entry],
                game_fonts: dict[str, str] | None = None,
                broken_layouts: Set[str] = frozenset(), default_by: str = "pnp",
                checkable: Mapping[str, Layout] | None = None) -> tuple[Deck | None, list[Problem]]:
    d, smap = raw.data, raw.smap
    checkable = checkable or {}
    problems: list[Problem] = []
    deck_entry, errs = read_entry("deck", d["id"], d["name"], d, smap, (), default_by=default_by)
    problems.extend(errs)
    entries.append(deck_entry)
    before_layout = len(problems)
    layout = layouts.get(d["layout"])
    probe: Layout | None = None     # the layout as far as it placed its regions, when it has problems
    if layout is None and d["layout"] in broken_layouts:
        # the layout file's own problems are reported there: no second error here, and the deck stays
        # known by its cards (the engine and the rulebook's references use them) but is never printed
        layout = _stand_in_layout(d["layout"], smap.location(("layout",)))
        probe = checkable.get(d["layout"])
        if probe is not None and "size" in d:
            probe = None if _size_problems(d["size"], smap, ("size",)) else layout_at(probe, d["size"], True)[0]
    elif layout is None:
        problems.append(smap.problem(("layout",), msg("data.unknown_layout", layout=d['layout'],
                                                      layouts=sorted(layouts) or [msg("word.none")],
                                                      hint=did_you_mean(d['layout'], layouts))))
    elif "size" in d:
        size_problems = _size_problems(d["size"], smap, ("size",))
        problems.extend(size_problems)
        if not size_problems:
            sized, errs = layout_at(layout, d["size"], checkable=True)
            # the template's own problems at this size, said where the size is chosen: the deck
            problems.extend(smap.problem(("size",), f"{e.file}:{e.line}:{e.col}: {e.field}: {e.message}") for e in errs)
            layout = sized
    if layout is not None and not layout.stand_in:
        layout, errs = _resolve_fonts(layout, game_fonts or {}, smap)
        problems.extend(errs)
    if len(problems) > before_layout or layout is None:    # said above: checked as data, never laid out
        probe = probe or layout
        layout = _stand_in_layout(d["layout"], smap.location(("layout",)))
    suits: dict[str, Any] = {}
    marks: dict[str, str] = {}
    for i, s in enumerate(d.get("suits", [])):
        if s["id"] in suits:
            problems.append(smap.problem(("suits", i, "id"), msg("data.duplicate_suit_id", id=s['id'])))
        if s["mark"] in marks:   # colour alone is lost on a greyscale printer: the shapes must differ
            problems.append(smap.problem(("suits", i, "mark"), f"suits {marks[s['mark']]!r} and {s['id']!r} share "
                                                                f"the mark {s['mark']!r}; give each suit its own shape "
                                                                "so they stay apart printed in greyscale"))
        else:
            twin = next((marks[m] for m in LOOK_ALIKE_MARKS.get(s["mark"], ()) if m in marks), None)
            if twin is not None:
                other = suits[twin].mark
                problems.append(smap.problem(("suits", i, "mark"), f"suits {twin!r} and {s['id']!r} have look-alike "
                                                                    f"marks {other!r} and {s['mark']!r}; choose shapes "
                                                                    "that differ at a glance, in greyscale and small in "
                                                                    "the corner index"))
        marks.setdefault(s["mark"], s["id"])
        suits[s["id"]] = Suit(s["id"], s["name"], s["color"], s["mark"], s.get("description", ""))
    defaults = d.get("defaults", {})
    lines = raw.path.read_text(encoding="utf-8").splitlines() if raw.path is not None else []
    cards = []
    seen: set[str] = set()
    said: set[Problem] = set()      # a problem of a default is said once, at the default, not on every card
    for i, c in enumerate(d["cards"]):
        merged = {**defaults, **c}
        path = ("cards", i)
        damaged = _damaged_fields(raw.left_out, i, c)
        if c["id"] in seen:
            problems.append(smap.problem(path + ("id",), msg("data.duplicate_card_id", id=c['id'])))
        seen.add(c["id"])
        suit = None
        if "suit" in merged:
            suit = suits.get(merged["suit"])
            if suit is None:
                at = path + ("suit",) if "suit" in c else ("defaults", "suit")
                found = smap.problem(at, msg("data.unknown_suit", suit=merged['suit'],
                                             suits=", ".join(suits) or msg("word.none"),
                                             hint=did_you_mean(merged['suit'], suits)))
                if found not in said:
                    said.add(found)
                    problems.append(found)
                damaged |= {"suit", "suit_name"}
        image = None
        if "image" in merged:
            at = path + ("image",) if "image" in c else ("defaults", "image")
            image, err = _safe_image(folder, merged["image"], smap, at)
            if err and err not in said:
                said.add(err)
                problems.append(err)
            if err:
                damaged.add("image")
        card_entry, errs = read_entry("card", f"{d['id']}/{c['id']}", f"{d['name']}「{merged.get('title') or c['id']}」",
                                      merged, smap, path, parent=deck_entry)
        problems.extend(errs)
        entries.append(card_entry)
        spots = {}
        for key in ("title", "body", "flavor", "value"):
            if key in c or key in defaults:
                spots[key] = _spot(smap, lines, path + (key,) if key in c else ("defaults", key))
        for key in {**defaults.get("fields", {}), **c.get("fields", {})}:
            spots["fields." + key] = _spot(smap, lines, path + ("fields", key) if key in c.get("fields", {})
                                           else ("defaults", "fields", key))
        card = Card(
            id=c["id"], deck_id=d["id"], title=merged.get("title", ""), suit=suit, value=merged.get("value"),
            body=merged.get("body", ""), flavor=merged.get("flavor", ""), image=image,
            count=merged.get("count", 1), provisional=card_entry.marked,
            fields=dict(merged.get("fields", {})), rules=dict(merged.get("rules", {})),
            where=smap.location(path), spots=spots, damaged=frozenset(damaged))
        card, errs = _card_sides(card, merged, c, path, bool(d.get("two_sided")), suits, folder, smap, lines)
        problems.extend(errs)
        cards.append(card)
    if layout is not None and not layout.stand_in:
        cards = _card_layouts(cards, d, layout, layouts, broken_layouts, game_fonts or {}, folder, smap, problems)
    back = d.get("back", {})
    back_image = None
    if "image" in back:
        back_image, err = _safe_image(folder, back["image"], smap, ("back", "image"))
        if err:
            problems.append(err)
        elif back_image is not None and layout is not None and not layout.stand_in and not _shows_image(layout.back):
            problems.append(smap.problem(("back", "image"), _unprinted_back(back_image, layout)))
    if layout is None:
        return None, problems
    deck = Deck(d["id"], d["name"], layout, tuple(cards), tuple(suits.values()),
                Back(back.get("title", ""), back.get("subtitle", ""), back.get("color", "#333333"), back_image),
                d.get("description", ""), deck_entry.marked, smap.file,
                Where(smap.file, 1, 1), two_sided=bool(d.get("two_sided")))
    if not layout.stand_in or probe is not None:
        overlaps = _deck_overlaps(replace(deck, layout=probe or layout), smap.location(("layout",)))
        if "size" in d:     # the template at the deck's size: said where the size is chosen, as above
            overlaps = [e if e.file == smap.file else
                        smap.problem(("size",), f"{e.file}:{e.line}:{e.col}: {e.field}: {e.message}")
                        for e in overlaps]
        problems.extend(overlaps)
    return deck, problems


def _deck_overlaps(deck: Deck, layout_at: Where) -> list[Problem]:
    """The overlaps a layout leaves to its decks (regions that print on some cards only), judged on
    the cards that use it: each layout of the deck with its cards' faces, the reverses of two-sided
    cards, and the backs drawn with it (pnp.data.regions.deck_overlap_problems)."""
    problems: list[Problem] = []
    users: dict[str, tuple[Layout, list[Card], list[Back]]] = {deck.layout.id: (deck.layout, [], [deck.back])}
    for card in deck.cards:
        lay = card.layout or deck.layout
        _, faces, backs = users.setdefault(lay.id, (lay, [], []))
        faces.append(card)
        if card.reverse is not None:
            faces.append(card.reverse)
        elif not deck.two_sided:
            backs.append(deck.back_of(card))
    for lay, faces, backs in users.values():
        problems.extend(deck_overlap_problems(deck.id, lay.face, lay.back, lay.width_pt, lay.height_pt,
                                              lay.where.file, faces, backs, layout_at))
    return problems


def _damaged_fields(left_out: Set[tuple[Any, ...]], i: int, own: dict[str, Any]) -> set[str]:
    """The fields of card i whose values were left out for a schema problem (prune_refused): its own,
    and the deck's defaults it does not override."""
    out: set[str] = set()
    for target in left_out:
        if target[:2] == ("cards", i) and len(target) >= 3:
            key = target[2]
        elif target[:1] == ("defaults",) and len(target) >= 2 and target[1] not in own:
            key, target = target[1], ("cards", i) + target[1:]
        else:
            continue
        if key in ("fields", "rules") and len(target) >= 4:
            out.add(f"{key}.{target[3]}")
        else:
            out.add(str(key))
        if key == "suit":
            out.add("suit_name")
    return out


def _card_layouts(cards: list[Card], d: dict[str, Any], deck_layout: Layout, layouts: dict[str, Layout],
                  broken: Set[str], game_fonts: dict[str, str], folder: Path, smap: SourceMap,
                  problems: list[Problem]) -> list[Card]:
    """Each card's own layout (layout: on the card, in defaults:, or a spreadsheet's layout column),
    at the deck's size: and with the game's fonts, and the images its image regions read from
    fields.NAME (a path beside the deck, or an :icon: name, drawn in the region).  A card's layout
    must have the deck's card size and bleed: the deck prints on one sheet grid."""
    defaults = d.get("defaults", {})
    own: dict[str, Layout | None] = {}

    def layout_for(lid: str, at: tuple[Any, ...]) -> Layout | None:
        if lid in own:
            return own[lid]
        lay = layouts.get(lid)
        if lay is None:
            if lid not in broken:       # a broken layout's problems are said at the layout
                problems.append(smap.problem(at, msg("data.unknown_layout", layout=lid, layouts=sorted(layouts),
                                                     hint=did_you_mean(lid, layouts))))
        else:
            if "size" in d:
                sized, errs = layout_at(lay, d["size"])
                problems.extend(smap.problem(at, f"{e.file}:{e.line}:{e.col}: {e.field}: {e.message}") for e in errs)
                lay = sized
            if lay is not None:
                lay, errs = _resolve_fonts(lay, game_fonts, smap)
                problems.extend(errs)
                size = (round(to_mm(lay.width_pt), 1), round(to_mm(lay.height_pt), 1), round(to_mm(lay.bleed_pt), 1))
                want = (round(to_mm(deck_layout.width_pt), 1), round(to_mm(deck_layout.height_pt), 1),
                        round(to_mm(deck_layout.bleed_pt), 1))
                if size != want:
                    problems.append(smap.problem(at, f"layout {lid!r} is a {size[0]:g}×{size[1]:g} mm card with "
                                                     f"{size[2]:g} mm bleed; the deck's cards ({deck_layout.id!r}) "
                                                     f"are {want[0]:g}×{want[1]:g} mm with {want[2]:g} mm bleed "
                                                     "(a deck prints on one grid: give cards of another size a "
                                                     "deck of their own)"))
                    lay = None
        own[lid] = lay
        return lay

    out = []
    said: set[Problem] = set()      # a default's problem is said once, at the default
    for i, card in enumerate(cards):
        c = d["cards"][i]
        lid = c.get("layout", defaults.get("layout"))
        lay = None
        if lid is not None and lid != deck_layout.id:
            lay = layout_for(lid, ("cards", i, "layout") if "layout" in c else ("defaults", "layout"))
        drawn_with = lay or deck_layout
        fields_read = sorted({r.props["field"][7:] for r in drawn_with.face
                              if r.kind == "image" and str(r.props.get("field", "")).startswith("fields.")})
        images: dict[str, Path] = {}
        for side in (card, card.reverse):
            if side is None:
                continue
            given: dict[str, Any] = c if side is card else (c.get("back") or {})
            own_fields: dict[str, Any] = given.get("fields", {})
            for name in fields_read:
                value = side.fields.get(name)
                if not isinstance(value, str) or not value.strip() or ICON_VALUE.fullmatch(value.strip()):
                    continue
                at = _field_at(i, name, own_fields, side is card)
                image, err = _safe_image(folder, value.strip(), smap, at)
                if err:
                    problems.append(err)
                elif image is not None:
                    images[f"{'back:' if side is not card else ''}{name}"] = image
            problems.extend(p for p in _unprinted_pictures(side, i, given, side is card, drawn_with, folder, smap)
                            if p not in said)
            said.update(problems)
        reverse = card.reverse
        if reverse is not None:
            reverse = replace(reverse, layout=lay, images={k[5:]: v for k, v in images.items() if k.startswith("back:")})
        out.append(replace(card, layout=lay, reverse=reverse,
                           images={k: v for k, v in images.items() if not k.startswith("back:")}))
    return out


ICON_VALUE = re.compile(r":[a-z0-9][a-z0-9_-]*:")    # an image field naming an icon instead of a file
PICTURE_VALUE = re.compile(r"[^\n]+\.(?:png|jpe?g|gif|webp|tiff?|bmp|svg|psd)", re.IGNORECASE)   # a cell naming a picture file


def _field_at(i: int, name: str, own_fields: Mapping[str, Any], front: bool) -> tuple[Any, ...]:
    """Where a card's fields.NAME was written: on the card (its back: side of a two-sided card), or in defaults:."""
    if name in own_fields:
        return ("cards", i, "fields", name) if front else ("cards", i, "back", "fields", name)
    return ("defaults", "fields", name) if front else ("defaults", "back", "fields", name)


def _unprinted_pictures(side: Card, i: int, own: Mapping[str, Any], front: bool, layout: Layout,
                        folder: Path, smap: SourceMap) -> list[Problem]:
    """Pictures a card names that its layout never draws: a fields.NAME cell naming a picture file
    when no region of the layout reads fields.NAME, and a card's image: when the layout has no
    image region without field: (the region that shows image:).  Each is an error at the cell: a
    picture the designer added and the print leaves out is never passed in silence."""
    out = []
    own_fields = own.get("fields", {})
    read = {str(r.props.get("field", "")) for r in layout.face}
    for name, value in side.fields.items():
        if f"fields.{name}" in read or not isinstance(value, str) or not PICTURE_VALUE.fullmatch(value.strip()):
            continue
        at = _field_at(i, name, own_fields, front)
        _image, err = _safe_image(folder, value.strip(), smap, at)
        found = f"{err.message}, and" if err else f"names the picture {value.strip()!r}, but"
        out.append(smap.problem(at, f"{found} no region of layout {layout.id!r} reads fields.{name}: it would not "
                                    f"be printed (give the layout a region {{kind: image, field: fields.{name}}}, "
                                    "or clear the cell)"))
    if side.image is not None and not _shows_image(layout.face):
        at = (("cards", i) if front else ("cards", i, "back")) if "image" in own else (
            ("defaults",) if front else ("defaults", "back"))
        out.append(smap.problem(at + ("image",),
                                f"the card's image {side.image.name!r} would not be printed: layout {layout.id!r} "
                                "has no image region without field: to show it (add one, e.g. {kind: image, x: 0mm, "
                                "y: 0mm, w: 100%, h: 100%, bleed: true, fit: cover, overlap: true, z: -1}, or remove "
                                "image:)"))
    back = side.back if front else None
    if back is not None and back.image is not None and not _shows_image(layout.back):
        out.append(smap.problem(("cards", i, "back", "image"), _unprinted_back(back.image, layout)))
    return out


def _shows_image(regions: Iterable[Region]) -> bool:
    """Whether these regions hold one that shows an image: (an image region without field:)."""
    return any(r.kind == "image" and "field" not in r.props for r in regions)


def _unprinted_back(image: Path, layout: Layout) -> str:
    return (f"the back's image {image.name!r} would not be printed: the back of layout {layout.id!r} has no "
            "image region to show it (add one under back: regions:, e.g. {kind: image, x: 0mm, y: 0mm, w: 100%, "
            "h: 100%, bleed: true, fit: cover, overlap: true, z: -1}, or remove image:)")


BACK_KEYS = ("title", "subtitle", "color", "image")              # a card's own back in a one-sided deck
SIDE_KEYS = ("title", "body", "flavor", "value", "suit", "image", "fields")   # a side of a two-sided card


def _card_sides(card: Card, merged: dict[str, Any], own: dict[str, Any], path: tuple[Any, ...], two_sided: bool, suits: dict[str, Suit],
                folder: Path, smap: SourceMap, lines: list[str]) -> tuple[Card, list[Problem]]:
    """A card's back: in a one-sided deck, back: {title, subtitle, color, image} over the deck's back;
    in a two_sided deck, front: and back: hold each side's content (title, body, … as on a card)."""
    problems: list[Problem] = []
    back, front = merged.get("back"), merged.get("front")
    if not two_sided:
        if front is not None:
            problems.append(smap.problem(path + ("front",), msg("data.front_needs_two_sided")))
        if back is None:
            return card, problems
        bad = sorted(set(back) - set(BACK_KEYS))
        for key in bad:
            problems.append(smap.problem(path + ("back", key), f"a card's back in a one-sided deck takes "
                                                              f"{', '.join(BACK_KEYS)}; {key!r} is card content: "
                                                              "give the deck two_sided: true for content on both sides"))
        image = None
        if "image" in back:
            image, err = _safe_image(folder, back["image"], smap, path + ("back", "image"))
            if err:
                problems.append(err)
        return replace(card, back=Back(back.get("title"), back.get("subtitle"), back.get("color"), image)), problems
    if back is None:
        problems.append(smap.problem(path, msg("data.two_sided_needs_back", id=card.id)))
        return card, problems
    sides = []
    for name, content in (("front", front or {}), ("back", back)):
        at = path + (name,) if name in own else ("defaults", name)
        bad = sorted(set(content) - set(SIDE_KEYS))
        for key in bad:
            problems.append(smap.problem(at + (key,), msg("data.unknown_side_key", key=key, allowed=list(SIDE_KEYS),
                                                          hint=did_you_mean(key, SIDE_KEYS))))
        changes: dict[str, Any] = {k: content[k] for k in ("title", "body", "flavor", "value") if k in content}
        if "fields" in content:
            changes["fields"] = {**card.fields, **content["fields"]}
        if "suit" in content:
            changes["suit"] = suits.get(content["suit"])
            if changes["suit"] is None:
                problems.append(smap.problem(at + ("suit",), msg("data.unknown_suit", suit=content['suit'],
                                                                 suits=", ".join(suits) or msg("word.none"),
                                                                 hint=did_you_mean(content['suit'], suits))))
        if "image" in content:
            changes["image"], err = _safe_image(folder, content["image"], smap, at + ("image",))
            if err:
                problems.append(err)
        spots = dict(card.spots)
        for key in ("title", "body", "flavor", "value"):
            if key in content:
                spots[key] = _spot(smap, lines, at + (key,))
        for key in content.get("fields", {}):
            spots["fields." + key] = _spot(smap, lines, at + ("fields", key))
        sides.append(replace(card, spots=spots, **changes))
    front_card, back_card = sides
    return replace(front_card, reverse=back_card), problems



def _spot(smap: SourceMap, lines: list[str], path: tuple[Any, ...]) -> Where:
    """Where the text of a card field starts: a spreadsheet cell, or its first character in the YAML."""
    loc = smap.location(path)
    if loc.cell or loc.file != smap.file:
        return loc
    return Where(loc.file, *_text_start(lines, (loc.line, loc.col), str(path[-1])))


def _text_start(lines: list[str], at: tuple[int, int], key: str) -> tuple[int, int]:
    """Line and column of the first character of a text value whose node starts at `at`: past an
    opening quote, or on the first content line of a block scalar (| or >)."""
    line, col = at
    if not 0 < line <= len(lines):
        return at
    src = lines[line - 1]
    if src.startswith(key, col - 1):      # the source map holds the key's place: step over "key: "
        rest = src[col - 1 + len(key):]
        if rest.lstrip(" ").startswith(":"):
            after = rest.lstrip(" ")[1:]
            col += len(key) + (len(rest) - len(rest.lstrip(" "))) + 1 + (len(after) - len(after.lstrip(" ")))
    ch = src[col - 1:col]
    if ch in ("'", '"'):
        return line, col + 1
    if ch in ("|", ">"):
        for k in range(line, len(lines)):
            if lines[k].strip():
                return k + 1, len(lines[k]) - len(lines[k].lstrip()) + 1
    return line, col          # a plain scalar: where it starts (past "key: " when the map held the key)


def _print_settings(spec: dict[str, Any], folder: Path | None, smap: SourceMap) -> tuple[PrintSettings, list[Problem]]:
    """game.yaml print: (already schema-checked): the profile must be a CMYK output profile in the game's folder."""
    problems: list[Problem] = []
    icc = None
    if "icc" in spec:
        base = folder or Path(".")
        target = (base / spec["icc"]).resolve()
        try:
            target.relative_to(base.resolve())
        except ValueError:
            problems.append(smap.problem(("print", "icc"), msg("data.icc_outside", file=spec['icc'])))
        else:
            why = icc_problem(target)
            if why:
                problems.append(smap.problem(("print", "icc"), f"profile {spec['icc']!r} {why}"))
            else:
                icc = target
    rich = spec.get("rich_black", [40, 40, 40, 100])
    rich_black = None if rich is False else (rich[0] / 100, rich[1] / 100, rich[2] / 100, rich[3] / 100)
    at: dict[str, Where] = {key: smap.location(("print", key)) for key in ("icc", "condition", "shop") if key in spec}
    impose = (spec.get("shop") or {}).get("impose")
    if isinstance(impose, dict):          # the shop's sheet: its numbers are judged against each deck's cards
        at["shop.impose"] = smap.location(("print", "shop", "impose"))
        at.update({f"shop.impose.{key}": smap.location(("print", "shop", "impose", key)) for key in impose})
    return PrintSettings(icc=icc, condition=spec.get("condition", ""), rich_black=rich_black,
                         shop=dict(spec.get("shop") or {}), at=at), problems


def icc_problem(path: Path) -> str | None:
    """Why a file cannot be a print shop's output profile (missing, not ICC, not CMYK), or None."""
    import io

    from PIL import ImageCms
    if not path.exists():
        return "not found"
    try:
        data = read_limited(path, MAX_ICC_BYTES)
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    except ValueError as exc:
        return f"is {exc}"
    try:
        opened = ImageCms.ImageCmsProfile(io.BytesIO(data))
    except (OSError, ImageCms.PyCMSError):
        return "is not an ICC profile"
    profile = opened.profile
    if profile.xcolor_space.strip() != "CMYK" or profile.device_class.strip() != "prtr":
        return (f"is a {profile.xcolor_space.strip()} {profile.device_class.strip()} profile; "
                f"a print shop needs a CMYK output (prtr) profile")
    if profile.version >= 4:     # the shop files are PDF/X-1a:2001, which embeds ICC v2 only
        return (f"is an ICC v{profile.version:g} profile; the shop files are PDF/X-1a:2001, which takes ICC v2 "
                f"profiles only (use the shop's v2 profile)")
    try:        # what a build does with it first: a damaged profile may read and fail only here
        ImageCms.buildTransform(ImageCms.createProfile("sRGB"), opened, "RGB", "CMYK")
    except (OSError, ImageCms.PyCMSError):
        return "is damaged: its colour tables cannot be used"
    return None


def _safe_image(folder: Path, rel: str, smap: SourceMap, path: tuple[Any, ...]) -> tuple[Path | None, Problem | None]:
    target = (folder / rel).resolve()
    try:
        target.relative_to(folder.resolve())
    except ValueError:
        return None, smap.problem(path, msg("data.image_outside", image=rel))
    if not target.is_file():
        return None, smap.problem(path, msg("data.image_not_found", image=rel, hint=did_you_mean_file(folder, rel)))
    problem = image_problem(target)
    if problem:
        return None, smap.problem(path, f"image {rel!r} {problem}")
    return target, None


def image_problem(path: Path) -> str | None:
    """Why an image cannot be printed (not an image, corrupt, too many pixels), or None.  Checked
    when the data is loaded, so validate and build both see it, with the YAML line that names it."""
    from PIL import Image, UnidentifiedImageError
    try:
        if path.stat().st_size > MAX_IMAGE_BYTES:
            return f"is larger than {MAX_IMAGE_BYTES // 1_000_000} MB"
        with Image.open(path) as img:
            w, h = img.size
            if w * h > MAX_IMAGE_PIXELS:
                return f"is {w}×{h} pixels; at most {MAX_IMAGE_PIXELS:,} pixels (scale it down)"
            if img.format not in ("PNG", "JPEG"):
                return f"is {img.format or 'an unknown'} format; use PNG or JPEG"
            img.load()
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
        return f"cannot be read as an image ({type(exc).__name__}: {exc})" if not isinstance(
            exc, UnidentifiedImageError) else "is not a PNG or JPEG image (the file is corrupt or of another kind)"
    return None



def _board_card_problems(parts: list[Any], decks: dict[str, Deck]) -> list[Problem]:
    """An area that says which cards the rules put on it (cards: DECK) must hold one of them, with 1 mm
    round it: a 36 × 36 mm 山札 for 63 × 88 mm cards passed silently."""
    problems = []
    for part in parts:
        if getattr(part, "kind", "") != "board":
            continue
        for i, area in enumerate(part.areas):
            if not area.cards or not area.cells:
                continue
            w = area.cards_where
            deck = decks.get(area.cards)
            if deck is None:
                problems.append(Problem(w.file, w.line, w.col, f"areas[{i}].cards",
                                        msg("data.unknown_deck", deck=area.cards,
                                            decks=", ".join(sorted(decks)) or msg("word.none"),
                                            hint=did_you_mean(area.cards, decks))))
                continue
            cw, ch = deck.layout.width_pt, deck.layout.height_pt
            if not area.holds(part.cell_pt, cw + 2 * PT_PER_MM, ch + 2 * PT_PER_MM):
                cols = [c for c, _ in area.cells]
                rows = [r for _, r in area.cells]
                size = (f"{to_mm((max(cols) - min(cols) + 1) * part.cell_pt):.0f} × "
                        f"{to_mm((max(rows) - min(rows) + 1) * part.cell_pt):.0f} mm")
                problems.append(Problem(w.file, w.line, w.col, f"areas[{i}].cards",
                                        f"area {area.id!r} ({area.label}, {size}) cannot hold a card of "
                                        f"{deck.id!r} ({to_mm(cw):.0f} × {to_mm(ch):.0f} mm) with 1 mm round it; "
                                        "give the area more cells or use a larger cell"))
    return problems

def _build_game(raw: _Raw, game_id: str, folder: Path, decks: list[Deck], parts: list[Any],
                failed: set[str], entries: list[Entry], rulings: list[Ruling],
                folder_display: str, unreadable: bool = False,
                id_at: dict[str, tuple[int, int]] | None = None,
                unlaid: list[Deck] | None = None, flawed: Set[str] = frozenset()) -> tuple[Game, list[Problem]]:
    """failed: ids of deck and part files that had problems of their own (no cascade errors);
    unreadable: some file's id could not be read, so a missing id is not reported (it may be there);
    unlaid: decks whose layout has problems of its own, checked like the others but never printed."""
    g, smap = raw.data, raw.smap
    problems: list[Problem] = []
    if g["id"] != game_id:
        problems.append(smap.problem(("id",), msg("data.game_id_folder", id=g['id'], folder=game_id)))
    lo, hi = g["players"]
    if lo > hi:
        problems.append(smap.problem(("players",), msg("data.players_order", lo=lo, hi=hi)))
    comps = []
    seen = set()
    unlaid = unlaid or []
    by_id = {d.id: d for d in decks + unlaid}
    parts_by_id = {p.id: p for p in parts}
    for i, c in enumerate(g["components"]):
        path = ("components", i)
        if c["id"] in seen:
            problems.append(smap.problem(path + ("id",), msg("data.duplicate_component_id", id=c['id'])))
        seen.add(c["id"])
        entry, errs = read_entry("component", c["id"], c["name"], c, smap, path)
        problems.extend(errs)
        entries.append(entry)
        comp = Component(c["id"], c["name"], c["kind"], c["count"], c.get("description", ""),
                         entry.marked, Where(smap.file, *smap.where(path)))
        comps.append(comp)
        # a printed part must have its file; so must bits: their list is the shopping list (用意するもの),
        # and a piece the rules use that no list names is missing from the box
        if comp.kind in PART_SCHEMAS and comp.id not in parts_by_id and \
                comp.id not in failed and not unreadable:
            why = msg("hint.bits_file") if comp.kind == "bits" else ""
            problems.append(smap.problem(path + ("id",), msg("data.component_without_file", id=comp.id, kind=comp.kind,
                                                             hint=why or did_you_mean(comp.id, parts_by_id))))
        if comp.kind != "deck" and comp.id in parts_by_id:
            part = parts_by_id[comp.id]
            if part.kind != comp.kind:
                problems.append(smap.problem(path + ("kind",), msg("data.kind_mismatch", name=comp.name, said=comp.kind,
                                                                   file=part.file, made=part.kind)))
            elif part.piece_count != comp.count and comp.id not in flawed:
                what = msg("hint.bits_count") if part.kind == "bits" else ""
                problems.append(smap.problem(path + ("count",), msg("data.count_mismatch", name=comp.name,
                                                                    said=comp.count, file=part.file,
                                                                    made=part.piece_count, what=what)))
        if comp.kind == "deck":
            deck = by_id.get(comp.id)
            if deck is None and (comp.id in failed or unreadable):
                pass
            elif deck is None:
                problems.append(smap.problem(path + ("id",), msg("data.component_without_file", id=comp.id,
                                                                 kind="deck", hint=did_you_mean(comp.id, by_id))))
            elif deck.piece_count != comp.count and comp.id not in flawed:
                problems.append(smap.problem(path + ("count",), msg("data.count_mismatch_cards", name=comp.name,
                                                                    said=comp.count, file=deck.file,
                                                                    made=deck.piece_count)))
    problems.extend(_board_card_problems(parts, by_id))
    listed = ", ".join(sorted(seen)) or "none"
    for what, items in (("part", parts), ("deck", decks + unlaid)):
        for item in items:
            if item.id not in seen:
                line, col = (id_at or {}).get(item.id, (1, 1))
                problems.append(Problem(item.file, line, col, "id", f"{what} {item.id!r} is not listed in game.yaml "
                                                                    f"components (listed: {listed})"))
    draft = None
    if "draft" in g:
        draft, errs = read_draft(folder, g["draft"], folder_display, smap)
        problems.extend(errs)
    if draft is not None:
        names = {e.label: e for e in entries if e.kind == "component"}
        problems.extend(audit(entries, draft, names))
    icons, errs = _build_icons(g, folder, smap)
    problems.extend(errs)
    print_settings, errs = _print_settings(g.get("print") or {}, folder, smap)
    problems.extend(errs)
    game = Game(id=g["id"], title=g["title"], subtitle=g.get("subtitle", ""), players=(lo, hi),
                play_time=g.get("play_time", ""), age=g.get("age", ""), version=str(g.get("version", "")),
                designer=g.get("designer", ""), engine=g.get("engine"), components=tuple(comps),
                decks=tuple(sorted(decks, key=lambda d: [c.id for c in comps].index(d.id) if d.id in seen else 999)),
                folder=folder, where=Where(smap.file, 1, 1), parts=tuple(parts), draft=draft,
                rulings=tuple(rulings), ledger=tuple(entries), final=bool(g.get("final", False)), icons=icons,
                print_settings=print_settings, unlaid=tuple(unlaid))
    return game, problems


__all__ = ["Project", "schema_problems", "format_path", "CARD_SIZES_MM"]
