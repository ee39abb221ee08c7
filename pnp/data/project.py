"""Loading a project folder (components/<game>/, layouts/) into the model, collecting every problem."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable

import jsonschema

from ..errors import DataError, Problem
from ..resources import layouts_dir
from ..text.fonts import FONT_FILES
from ..units import parse_length
from .ledger import Entry, Ruling, audit, read_draft, read_entry
from .model import Back, Card, Component, Deck, Game, Layout, Region, Suit, Where
from .schemas import SCHEMAS, SIZE_NAMES
from .parts import PART_SCHEMAS, build_part
from .sheets import expand_deck
from .yamlsource import SourceMap, format_path, load_yaml

FILE_KINDS = {"deck", "rulings", *PART_SCHEMAS}

CARD_SIZES_MM = {"poker": (63, 88), "bridge": (58, 89), "mini": (44, 63), "tarot": (70, 120),
                 "meishi": (91, 55), "square": (70, 70)}
assert set(CARD_SIZES_MM) == set(SIZE_NAMES)

CARD_FIELDS = {"title", "value", "body", "flavor", "suit_name", "deck_name", "game_title"}
LENGTH_KEYS = {"x", "y", "w", "h", "size", "min_size", "stroke_width", "radius", "mark_size"}
TEXT_KINDS = {"text", "index", "pips"}


def _validator(kind: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(SCHEMAS.get(kind) or PART_SCHEMAS[kind])


_VALIDATORS: dict[str, jsonschema.Draft202012Validator] = {}


def schema_problems(kind: str, data: Any, smap: SourceMap) -> list[Problem]:
    v = _VALIDATORS.get(kind) or _VALIDATORS.setdefault(kind, _validator(kind))
    problems = []
    for err in v.iter_errors(data):
        problems.extend(_explain(err, smap))
    return problems


def _explain(err: jsonschema.ValidationError, smap: SourceMap) -> list[Problem]:
    path = tuple(err.absolute_path)
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        allowed = set(err.schema.get("properties", {}))
        extra = sorted(k for k in err.instance if k not in allowed)
        return [smap.problem(path + (k,), f"unknown key {k!r} (allowed: {', '.join(sorted(allowed))})")
                for k in extra]
    if err.validator == "oneOf" and err.context:
        best = jsonschema.exceptions.best_match(err.context)
        return _explain(best, smap)
    if err.validator == "pattern" and err.schema.get("description"):
        return [smap.problem(path, f"expected {err.schema['description']}, got {err.instance!r}")]
    if err.validator == "enum":
        return [smap.problem(path, f"{err.instance!r} is not one of {', '.join(map(str, err.validator_value))}")]
    if err.validator == "type":
        return [smap.problem(path, f"expected {err.validator_value}, got {type(err.instance).__name__} "
                                   f"{err.instance!r}")]
    if err.validator == "required":
        return [smap.problem(path, err.message)]
    return [smap.problem(path, err.message)]


@dataclass
class _Raw:
    data: Any
    smap: SourceMap


@dataclass
class Project:
    """A designer's folder: components/<game>/ and an optional layouts/ beside it."""

    root: Path
    problems: list[Problem] = field(default_factory=list)

    @property
    def components_dir(self) -> Path:
        return self.root / "components"

    def display(self, path: Path) -> str:
        try:
            return path.resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            try:
                return "layouts/" + path.resolve().relative_to(layouts_dir().resolve()).as_posix()
            except ValueError:
                return path.as_posix()

    def game_ids(self) -> list[str]:
        if not self.components_dir.is_dir():
            raise DataError([Problem(self.display(self.components_dir), 0, 0, "",
                                     "no components/ folder here (use --project DIR, or `pnp new GAME`)")])
        return sorted(p.name for p in self.components_dir.iterdir() if (p / "game.yaml").is_file())

    def _read_mapping(self, path: Path, problems: list[Problem]) -> tuple[dict, SourceMap] | None:
        """One YAML file whose top is a mapping; its problems go to problems and give None."""
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
        raw: dict[str, _Raw] = {}
        problems: list[Problem] = []
        folders = [layouts_dir()]
        if (self.root / "layouts").is_dir() and (self.root / "layouts").resolve() != layouts_dir().resolve():
            folders.append(self.root / "layouts")
        for folder in folders:   # later folders override earlier ones (a project's own layouts win)
            for path in sorted(folder.glob("*.yaml")):
                loaded = self._read_mapping(path, problems)
                if loaded is None:
                    continue
                data, smap = loaded
                found = schema_problems("layout", data, smap)
                lid = data.get("id", path.stem)
                if lid != path.stem:
                    found.append(smap.problem(("id",), f"layout id {lid!r} must equal the file name {path.stem!r}"))
                problems.extend(found)
                if not found:
                    raw[path.stem] = _Raw(data, smap)
        layouts = {}
        for lid in sorted(raw):
            merged, err = _resolve_extends(lid, raw)
            if err:
                problems.append(err)
                continue
            lay, errs = _build_layout(lid, merged, raw[lid].smap)
            problems.extend(errs)
            if lay:
                layouts[lid] = lay
        if problems:
            raise DataError(problems)
        return layouts

    # ---------------------------------------------------------------- games
    def load_game(self, game_id: str, layouts: dict[str, Layout] | None = None) -> Game:
        folder = self.components_dir / game_id
        if not (folder / "game.yaml").is_file():
            known = ", ".join(self.game_ids()) or "none"
            raise DataError([Problem(self.display(folder), 0, 0, "", f"no game {game_id!r} (games: {known})")])
        problems: list[Problem] = []
        if layouts is None:
            try:
                layouts = self.load_layouts()
            except DataError as e:
                problems.extend(e.problems)
                layouts = {}
        files: dict[str, _Raw] = {}
        broken: set[str] = set()
        for path in sorted(folder.glob("*.yaml")):
            loaded = self._read_mapping(path, problems)
            if loaded is None:
                continue
            data, smap = loaded
            if path.name == "game.yaml":
                kind = "game"
            else:
                kind = data.get("kind")
                if kind not in FILE_KINDS:
                    problems.append(smap.problem(("kind",), f"unknown or missing kind {kind!r} "
                                                            f"(expected one of: {', '.join(sorted(FILE_KINDS))})"))
                    continue
            found = schema_problems(kind, data, smap)
            if not found and kind == "deck" and isinstance(data.get("cards"), dict):   # cards: {from: cards.csv}
                data, smap, found = expand_deck(data, smap, folder, self.display(folder))
                if isinstance(data["cards"], list):
                    found = found + schema_problems(kind, data, smap)
            problems.extend(found)
            if not found:
                files[path.name] = _Raw(data, smap)
            elif isinstance(data.get("id"), str):
                broken.add(data["id"])       # game.yaml's count is not compared with a deck that did not load
        game_raw = files.pop("game.yaml", None)
        decks: list[Deck] = []
        parts: list = []
        entries: list[Entry] = []
        rulings: list[Ruling] = []
        ruling_files = [name for name, raw in files.items() if raw.data["kind"] == "rulings"]
        for name in ruling_files:
            raw = files.pop(name)
            if rulings:
                problems.append(raw.smap.problem(("kind",), "a game has one rulings file"))
                continue
            found, errs = _build_rulings(raw)
            problems.extend(errs)
            rulings.extend(found)
            entries.extend(r.entry for r in found)
        for name, raw in files.items():
            if raw.data["kind"] == "deck":
                deck, errs = _build_deck(raw, folder, layouts, entries)
                problems.extend(errs)
                if deck:
                    decks.append(deck)
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
        failed = ({raw.data["id"] for raw in files.values()} - {d.id for d in decks} - {p.id for p in parts}) | broken
        game, errs = _build_game(game_raw, game_id, folder, decks, parts, failed, entries, rulings,
                                 self.display(folder))
        problems.extend(errs)
        if problems:
            raise DataError(problems)
        return game

    def load_games(self, game_ids: Iterable[str] | None = None) -> list[Game]:
        ids = list(game_ids) if game_ids else self.game_ids()
        problems: list[Problem] = []
        try:
            layouts = self.load_layouts()
        except DataError as e:
            raise e
        games = []
        for gid in ids:
            try:
                games.append(self.load_game(gid, layouts))
            except DataError as e:
                problems.extend(e.problems)
        if problems:
            raise DataError(problems)
        return games


def _resolve_extends(lid: str, raw: dict[str, _Raw], chain: tuple[str, ...] = ()) -> tuple[dict, Problem | None]:
    entry = raw[lid]
    if lid in chain:
        cycle = " → ".join(chain + (lid,))
        return {}, entry.smap.problem(("extends",), f"layouts extend each other in a cycle: {cycle}")
    parents = entry.data.get("extends", [])
    if isinstance(parents, str):
        parents = [parents]
    merged: dict = {}
    for parent in parents:
        if parent not in raw:
            return {}, entry.smap.problem(("extends",), f"unknown parent layout {parent!r}")
        pdata, err = _resolve_extends(parent, raw, chain + (lid,))
        if err:
            return {}, err
        merged = _deep_merge(merged, pdata)
    own = {k: v for k, v in entry.data.items() if k != "extends"}
    return _deep_merge(merged, own), None


def _deep_merge(base: dict, over: dict) -> dict:
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


def _build_layout(lid: str, data: dict, smap: SourceMap) -> tuple[Layout | None, list[Problem]]:
    problems = []
    where = Where(smap.file, *smap.where(()))
    width, height = _size_pt(data.get("size", "poker"))
    bleed = parse_length(data.get("bleed", "3mm"))
    safe = parse_length(data.get("safe", "3mm"))
    sides = {}
    for side in ("face", "back"):
        regions = []
        for name, reg in (data.get(side, {}).get("regions") or {}).items():
            if reg is None:
                continue
            path = (side, "regions", name)
            rwhere = Where(smap.file, *smap.where(path))
            kind = reg.get("kind")
            if kind is None:
                problems.append(smap.problem(path, "region needs a kind"))
                continue
            props = {k: (parse_length(v) if k in LENGTH_KEYS else v) for k, v in reg.items()}
            if kind == "frame":
                props.setdefault("x", safe); props.setdefault("y", safe)
                props.setdefault("w", width - 2 * safe); props.setdefault("h", height - 2 * safe)
            missing = [k for k in ("x", "y", "w", "h") if k not in props]
            if missing:
                problems.append(smap.problem(path, f"region needs {', '.join(missing)}"))
                continue
            x, y, w, h = props.pop("x"), props.pop("y"), props.pop("w"), props.pop("h")
            props.pop("kind")
            if kind in TEXT_KINDS | {"mark", "image", "badge"}:
                eps = 0.01
                if x < safe - eps or y < safe - eps or x + w > width - safe + eps or y + h > height - safe + eps:
                    problems.append(smap.problem(path, f"{kind} region leaves the safe area "
                                                       f"({safe / 72 * 25.4:.1f} mm inside the trim)"))
            if kind in TEXT_KINDS and "field" not in props and "text" not in props:
                problems.append(smap.problem(path, "text region needs field or text"))
            f = props.get("field")
            if f is not None and f not in CARD_FIELDS and not f.startswith("fields."):
                problems.append(smap.problem(path + ("field",), f"unknown field {f!r} (use {', '.join(sorted(CARD_FIELDS))} "
                                                                 "or fields.NAME)"))
            font = props.get("font")
            if font is not None:
                if font not in FONT_FILES:
                    problems.append(smap.problem(path + ("font",), f"unknown font {font!r} "
                                                                   f"(fonts: {', '.join(sorted(FONT_FILES))})"))
            regions.append(Region(name, kind, x, y, w, h, props, rwhere))
        regions.sort(key=lambda r: (r.get("z", 0),))
        sides[side] = tuple(regions)
    if problems:
        return None, problems
    return Layout(lid, width, height, bleed, safe, parse_length(data.get("corner_radius", "0mm")),
                  data.get("background", "#ffffff"), sides["face"], sides["back"], where), []


def _build_rulings(raw: _Raw) -> tuple[list[Ruling], list[Problem]]:
    problems: list[Problem] = []
    out: list[Ruling] = []
    seen: set[str] = set()
    for i, r in enumerate(raw.data["rulings"]):
        path = ("rulings", i)
        if r["id"] in seen:
            problems.append(raw.smap.problem(path + ("id",), f"duplicate ruling id {r['id']!r}"))
        seen.add(r["id"])
        text = r["text"] if len(r["text"]) <= 24 else r["text"][:24] + "…"
        label = (f"裁定（{r['id']}）「{text}」" if r.get("print", True) else
                 f"エンジンの安全装置（{r['id']}、ルールとしては印刷しません）")
        entry, errs = read_entry("ruling", r["id"], label, r, raw.smap, path)
        problems.extend(errs)
        out.append(Ruling(r["id"], r["text"], r.get("print", True), entry))
    return out, problems


def _build_deck(raw: _Raw, folder: Path, layouts: dict[str, Layout],
                entries: list[Entry]) -> tuple[Deck | None, list[Problem]]:
    d, smap = raw.data, raw.smap
    problems: list[Problem] = []
    deck_entry, errs = read_entry("deck", d["id"], d["name"], d, smap, ())
    problems.extend(errs)
    entries.append(deck_entry)
    layout = layouts.get(d["layout"])
    if layout is None:
        problems.append(smap.problem(("layout",), f"unknown layout {d['layout']!r} "
                                                  f"(layouts: {', '.join(sorted(layouts)) or 'none'})"))
    elif "size" in d:
        w, h = _size_pt(d["size"])
        layout = replace(layout, width_pt=w, height_pt=h)
    suits = {}
    marks: dict[str, str] = {}
    for i, s in enumerate(d.get("suits", [])):
        if s["id"] in suits:
            problems.append(smap.problem(("suits", i, "id"), f"duplicate suit id {s['id']!r}"))
        if s["mark"] in marks:   # colour alone is lost on a greyscale printer: the shapes must differ
            problems.append(smap.problem(("suits", i, "mark"), f"suits {marks[s['mark']]!r} and {s['id']!r} share "
                                                                f"the mark {s['mark']!r}; give each suit its own shape "
                                                                "so they stay apart printed in greyscale"))
        marks.setdefault(s["mark"], s["id"])
        suits[s["id"]] = Suit(s["id"], s["name"], s["color"], s["mark"], s.get("description", ""))
    defaults = d.get("defaults", {})
    cards = []
    seen: set[str] = set()
    for i, c in enumerate(d["cards"]):
        merged = {**defaults, **c}
        path = ("cards", i)
        if c["id"] in seen:
            problems.append(smap.problem(path + ("id",), f"duplicate card id {c['id']!r}"))
        seen.add(c["id"])
        suit = None
        if "suit" in merged:
            suit = suits.get(merged["suit"])
            if suit is None:
                problems.append(smap.problem(path + ("suit",), f"unknown suit {merged['suit']!r} "
                                                               f"(suits: {', '.join(suits) or 'none'})"))
        image = None
        if "image" in merged:
            image, err = _safe_image(folder, merged["image"], smap, path + ("image",))
            if err:
                problems.append(err)
        card_entry, errs = read_entry("card", f"{d['id']}/{c['id']}", f"{d['name']}「{merged.get('title') or c['id']}」",
                                      merged, smap, path, parent=deck_entry)
        problems.extend(errs)
        entries.append(card_entry)
        cards.append(Card(
            id=c["id"], deck_id=d["id"], title=merged.get("title", ""), suit=suit, value=merged.get("value"),
            body=merged.get("body", ""), flavor=merged.get("flavor", ""), image=image,
            count=merged.get("count", 1), provisional=card_entry.marked,
            fields=dict(merged.get("fields", {})), rules=dict(merged.get("rules", {})),
            where=smap.location(path)))
    back = d.get("back", {})
    back_image = None
    if "image" in back:
        back_image, err = _safe_image(folder, back["image"], smap, ("back", "image"))
        if err:
            problems.append(err)
    if problems or layout is None:
        return None, problems
    return Deck(d["id"], d["name"], layout, tuple(cards), tuple(suits.values()),
                Back(back.get("title", ""), back.get("subtitle", ""), back.get("color", "#333333"), back_image),
                d.get("description", ""), deck_entry.marked, smap.file,
                Where(smap.file, 1, 1)), []


def _safe_image(folder: Path, rel: str, smap: SourceMap, path: tuple) -> tuple[Path | None, Problem | None]:
    target = (folder / rel).resolve()
    try:
        target.relative_to(folder.resolve())
    except ValueError:
        return None, smap.problem(path, f"image path {rel!r} leaves the game's folder")
    if not target.is_file():
        return None, smap.problem(path, f"image {rel!r} not found")
    return target, None


def _build_game(raw: _Raw, game_id: str, folder: Path, decks: list[Deck], parts: list,
                failed: set[str], entries: list[Entry], rulings: list[Ruling],
                folder_display: str) -> tuple[Game, list[Problem]]:
    """failed: ids of deck and part files that had problems of their own (no cascade errors)."""
    g, smap = raw.data, raw.smap
    problems: list[Problem] = []
    if g["id"] != game_id:
        problems.append(smap.problem(("id",), f"game id {g['id']!r} must equal its folder name {game_id!r}"))
    lo, hi = g["players"]
    if lo > hi:
        problems.append(smap.problem(("players",), f"players [min, max] has min {lo} > max {hi}"))
    comps = []
    seen = set()
    by_id = {d.id: d for d in decks}
    parts_by_id = {p.id: p for p in parts}
    for i, c in enumerate(g["components"]):
        path = ("components", i)
        if c["id"] in seen:
            problems.append(smap.problem(path + ("id",), f"duplicate component id {c['id']!r}"))
        seen.add(c["id"])
        entry, errs = read_entry("component", c["id"], c["name"], c, smap, path)
        problems.extend(errs)
        entries.append(entry)
        comp = Component(c["id"], c["name"], c["kind"], c["count"], c.get("description", ""),
                         entry.marked, Where(smap.file, *smap.where(path)))
        comps.append(comp)
        if comp.kind != "deck" and comp.id in parts_by_id:
            part = parts_by_id[comp.id]
            if part.piece_count != comp.count:
                problems.append(smap.problem(path + ("count",), f"{comp.name}: game.yaml says {comp.count}, "
                                                                f"{part.file} makes {part.piece_count}"))
        if comp.kind == "deck":
            deck = by_id.get(comp.id)
            if deck is None and comp.id in failed:
                pass
            elif deck is None:
                problems.append(smap.problem(path + ("id",), f"component {comp.id!r} is a deck but no deck file "
                                                             f"has id {comp.id!r}"))
            elif deck.piece_count != comp.count:
                problems.append(smap.problem(path + ("count",), f"{comp.name}: game.yaml says {comp.count} cards, "
                                                                f"{deck.file} makes {deck.piece_count}"))
    for part in parts:
        if part.id not in seen:
            problems.append(Problem(part.file, 1, 1, "id", f"part {part.id!r} is not listed in game.yaml components"))
    for d in decks:
        if d.id not in seen:
            problems.append(Problem(d.file, 1, 1, "id", f"deck {d.id!r} is not listed in game.yaml components"))
    draft = None
    if "draft" in g:
        draft, errs = read_draft(folder, g["draft"], folder_display, smap)
        problems.extend(errs)
    if draft is not None:
        names = {e.label: e for e in entries if e.kind == "component"}
        problems.extend(audit(entries, draft, names))
    game = Game(id=g["id"], title=g["title"], subtitle=g.get("subtitle", ""), players=(lo, hi),
                play_time=g.get("play_time", ""), age=g.get("age", ""), version=str(g.get("version", "")),
                designer=g.get("designer", ""), engine=g.get("engine"), components=tuple(comps),
                decks=tuple(sorted(decks, key=lambda d: [c.id for c in comps].index(d.id) if d.id in seen else 999)),
                folder=folder, where=Where(smap.file, 1, 1), parts=tuple(parts), draft=draft,
                rulings=tuple(rulings), ledger=tuple(entries), final=bool(g.get("final", False)))
    return game, problems


__all__ = ["Project", "schema_problems", "format_path", "CARD_SIZES_MM"]
