"""Loading a project folder (components/<game>/, layouts/) into the model, collecting every problem."""
from __future__ import annotations

from collections.abc import Iterable, Set
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..errors import DataError, Problem
from ..files import inside, is_regular
from ..messages import did_you_mean, msg
from ..resources import layouts_dir
from ..units import PT_PER_MM, to_mm
from .decks import build_deck
from .layouts import anchor_problems, build_fonts, build_icons, build_layout, resolve_extends
from .ledger import Entry, Ruling, audit, read_draft, read_entry
from .model import Component, Deck, Game, Layout, PrintSettings, Where
from .parts import PART_SCHEMAS, build_part
from .pictures import icc_problem, image_problem
from .schema_check import RawFile, prune_refused, schema_problems, schema_problems_as_read
from .sheets import expand_deck
from .yamlsource import SourceMap, load_yaml

FILE_KINDS = {"deck", "rulings", *PART_SCHEMAS}


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
                                     msg("data.no_components"))])
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
        raw: dict[str, RawFile] = {}
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
                    raw[path.stem] = RawFile(data, smap, path.parent)
        layouts = {}
        for lid in sorted(raw):
            merged, origins, err = resolve_extends(lid, raw)
            if err:
                problems.append(err)
                continue
            # a coordinate whose edge is undecided: said with where each edge would put it, beside
            # every other problem of the layout (one run names every change)
            undecided = anchor_problems(lid, raw)
            lay, errs = build_layout(lid, merged, raw[lid].smap, raw[lid].folder, origins=origins,
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
        read = _GameFiles()
        for path in sorted(folder.glob("*.yaml")):
            self._read_game_file(path, folder, read, problems)
        game_raw = read.files.pop("game.yaml", None)
        game_fonts: dict[str, str] = {}
        if game_raw is not None and game_raw.data.get("fonts"):
            game_fonts, errs = build_fonts(game_raw.data, self.root / "fonts", game_raw.smap)
            problems.extend(errs)
        files = self._one_file_per_id(read.files, folder, problems)
        # a game made from a draft is pnp's work on it; without draft: its rulings are the designer's own
        # (decks, cards, parts and components say by: designer themselves: their （仮） marks stay as written)
        default_by = "pnp" if game_raw is None or "draft" in game_raw.data else "designer"
        pieces = _Pieces()
        pieces.add_rulings([files.pop(name) for name, raw in list(files.items()) if raw.data["kind"] == "rulings"],
                           default_by, problems)
        for raw in files.values():
            if raw.data["kind"] == "deck":
                pieces.add_deck(raw, folder, layouts, game_fonts, self.broken_layouts, self.checkable_layouts,
                                problems)
            else:
                pieces.add_part(raw, folder, problems)
        if game_raw is None:
            raise DataError(problems or [Problem(self.display(folder / "game.yaml"), 0, 0, "", msg("data.game_not_loaded"))])
        failed = read.broken - {d.id for d in pieces.decks + pieces.unlaid} - {p.id for p in pieces.parts}
        id_at = {raw.data["id"]: raw.smap.where(("id",)) for raw in files.values() if "id" in raw.data}
        game, errs = _build_game(game_raw, game_id, folder, pieces.decks, pieces.parts, failed, pieces.entries,
                                 pieces.rulings, self.display(folder), read.unreadable, id_at, pieces.unlaid,
                                 read.flawed)
        problems.extend(errs)
        return game, sorted(set(problems))

    def _read_game_file(self, path: Path, folder: Path, read: _GameFiles, problems: list[Problem]) -> None:
        """One YAML file of the game's folder, checked against the schema of its kind, with the values
        the schema refuses left out and a deck's cards: {from: FILE} read from its spreadsheet."""
        loaded = self._read_mapping(path, problems, folder)
        if loaded is None:
            read.unreadable = read.unreadable or path.name != "game.yaml"
            return
        data, smap = loaded
        if isinstance(data.get("id"), str):
            read.broken.add(data["id"])
        elif path.name != "game.yaml" and data.get("kind") != "rulings":     # rulings files have no id
            read.unreadable = True
        kind = _file_kind(path, data, smap, problems)
        if kind is None:
            return
        found = schema_problems_as_read(kind, data, smap)
        left_out: set[tuple[Any, ...]] = set()
        usable = not found
        if found:      # the refused values left out, the rest of the file is checked all the same
            pruned = prune_refused(kind, data)
            if pruned is not None:
                (data, left_out), usable = pruned, True
        if usable and kind == "deck" and isinstance(data.get("cards"), dict):   # cards: {from: cards.csv}
            data, smap, found, usable = self._expand_deck(data, smap, folder, found, left_out)
        problems.extend(found)
        if usable:
            read.files[path.name] = RawFile(data, smap, folder, path, left_out)
            # a piece count that may be wrong because of what was left out is not compared (a
            # deck's cards keep their number unless a count was left out)
            counts_hold = kind == "deck" and all(len(t) >= 3 and "count" not in t for t in left_out)
            if found and not counts_hold and isinstance(data.get("id"), str):
                read.flawed.add(data["id"])

    def _expand_deck(self, data: dict[str, Any], smap: SourceMap, folder: Path, found: list[Problem],
                     left_out: set[tuple[Any, ...]]) -> tuple[dict[str, Any], SourceMap, list[Problem], bool]:
        """A deck whose cards: come from a spreadsheet, with its cards read and checked as a deck's;
        the values the schema refuses are left out (added to left_out).  Whether it is usable."""
        data, smap, expanded = expand_deck(data, smap, folder, self.display(folder))
        found = found + expanded
        if not isinstance(data["cards"], list):
            return data, smap, found, False
        refused = schema_problems("deck", data, smap)
        found = found + refused
        if not refused:
            return data, smap, found, True
        pruned = prune_refused("deck", data)
        if pruned is None:
            return data, smap, found, False
        data, more = pruned
        left_out |= more
        return data, smap, found, True

    def _one_file_per_id(self, files: dict[str, RawFile], folder: Path,
                         problems: list[Problem]) -> dict[str, RawFile]:
        """The files without those that repeat an earlier file's id: one id, one file (a second file
        must not replace the first)."""
        first_file: dict[str, str] = {}
        duplicates: set[str] = set()
        for name in sorted(files):
            raw = files[name]
            if "id" not in raw.data:
                continue
            other = first_file.setdefault(raw.data["id"], name)
            if other != name:
                problems.append(raw.smap.problem(("id",), msg("data.id_used", id=raw.data['id'], file=self.display(folder / other))))
                duplicates.add(name)
        return {name: raw for name, raw in files.items() if name not in duplicates}

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


def _file_kind(path: Path, data: dict[str, Any], smap: SourceMap, problems: list[Problem]) -> str | None:
    """What a file of the game's folder holds: game.yaml the game, any other its kind: (None, and a
    problem, when that is not a kind pnp knows)."""
    if path.name == "game.yaml":
        return "game"
    written = data.get("kind")
    if not isinstance(written, str) or written not in FILE_KINDS:
        problems.append(smap.problem(("kind",), msg("data.unknown_kind", kind=written, kinds=sorted(FILE_KINDS),
                                                    hint=did_you_mean(written, FILE_KINDS))))
        return None
    return written


@dataclass
class _GameFiles:
    """The YAML files of a game's folder as read, by file name, and what reading them found out."""
    files: dict[str, RawFile] = field(default_factory=dict)
    broken: set[str] = field(default_factory=set)     # ids of files with problems of their own: no cascade errors
    flawed: set[str] = field(default_factory=set)     # ids of files checked without the values their schema refused
    unreadable: bool = False                          # a file whose id is unknown: any missing id may be in it


@dataclass
class _Pieces:
    """What the game's files make: decks (those whose layout has problems of its own apart, Game.unlaid),
    parts, rulings and the ledger's entries."""
    decks: list[Deck] = field(default_factory=list)
    unlaid: list[Deck] = field(default_factory=list)
    parts: list[Any] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)

    def add_rulings(self, raws: list[RawFile], default_by: str, problems: list[Problem]) -> None:
        for raw in raws:
            if self.rulings:
                problems.append(raw.smap.problem(("kind",), msg("data.one_rulings_file")))
                continue
            ruled, ruling_problems = _build_rulings(raw, default_by)
            problems.extend(ruling_problems)
            self.rulings.extend(ruled)
            self.entries.extend(r.entry for r in ruled)

    def add_deck(self, raw: RawFile, folder: Path, layouts: dict[str, Layout], game_fonts: dict[str, str],
                 broken_layouts: Set[str], checkable: dict[str, Layout], problems: list[Problem]) -> None:
        deck, errs = build_deck(raw, folder, layouts, self.entries, game_fonts, broken_layouts, checkable=checkable)
        problems.extend(errs)
        if deck:
            (self.unlaid if deck.layout.stand_in else self.decks).append(deck)

    def add_part(self, raw: RawFile, folder: Path, problems: list[Problem]) -> None:
        part, errs = build_part(raw.data, raw.smap, folder)
        problems.extend(errs)
        entry, errs = read_entry("part", raw.data["id"], raw.data["name"], raw.data, raw.smap, ())
        problems.extend(errs)
        self.entries.append(entry)
        if part is not None:
            self.parts.append(part)


def _build_rulings(raw: RawFile, default_by: str = "pnp") -> tuple[list[Ruling], list[Problem]]:
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

@dataclass
class _Listing:
    """game.yaml's components: list, read against the files the game has: each printed component has
    its file, of its kind, making as many pieces as the list says."""
    smap: SourceMap
    parts_by_id: dict[str, Any]
    decks_by_id: dict[str, Deck]
    failed: set[str]                # files with problems of their own: no cascade errors
    unreadable: bool                # some file's id could not be read: a missing id may be there
    flawed: Set[str]                # files checked without values their schema refused: counts not compared
    seen: set[str] = field(default_factory=set)

    def component(self, i: int, c: dict[str, Any], entries: list[Entry], problems: list[Problem]) -> Component:
        smap, path = self.smap, ("components", i)
        if c["id"] in self.seen:
            problems.append(smap.problem(path + ("id",), msg("data.duplicate_component_id", id=c['id'])))
        self.seen.add(c["id"])
        entry, errs = read_entry("component", c["id"], c["name"], c, smap, path)
        problems.extend(errs)
        entries.append(entry)
        comp = Component(c["id"], c["name"], c["kind"], c["count"], c.get("description", ""),
                         entry.marked, Where(smap.file, *smap.where(path)))
        problems.extend(self.part_problems(comp, path) if comp.kind != "deck" else self.deck_problems(comp, path))
        return comp

    def part_problems(self, comp: Component, path: tuple[Any, ...]) -> list[Problem]:
        # a printed part must have its file; so must bits: their list is the shopping list (用意するもの),
        # and a piece the rules use that no list names is missing from the box
        smap, problems = self.smap, []
        part = self.parts_by_id.get(comp.id)
        if part is None:
            if comp.kind in PART_SCHEMAS and comp.id not in self.failed and not self.unreadable:
                why = msg("hint.bits_file") if comp.kind == "bits" else ""
                problems.append(smap.problem(path + ("id",), msg("data.component_without_file", id=comp.id,
                                                                 kind=comp.kind,
                                                                 hint=why or did_you_mean(comp.id, self.parts_by_id))))
        elif part.kind != comp.kind:
            problems.append(smap.problem(path + ("kind",), msg("data.kind_mismatch", name=comp.name, said=comp.kind,
                                                               file=part.file, made=part.kind)))
        elif part.piece_count != comp.count and comp.id not in self.flawed:
            what = msg("hint.bits_count") if part.kind == "bits" else ""
            problems.append(smap.problem(path + ("count",), msg("data.count_mismatch", name=comp.name,
                                                                said=comp.count, file=part.file,
                                                                made=part.piece_count, what=what)))
        return problems

    def deck_problems(self, comp: Component, path: tuple[Any, ...]) -> list[Problem]:
        deck = self.decks_by_id.get(comp.id)
        if deck is None and (comp.id in self.failed or self.unreadable):
            return []
        if deck is None:
            return [self.smap.problem(path + ("id",), msg("data.component_without_file", id=comp.id, kind="deck",
                                                          hint=did_you_mean(comp.id, self.decks_by_id)))]
        if deck.piece_count != comp.count and comp.id not in self.flawed:
            return [self.smap.problem(path + ("count",), msg("data.count_mismatch_cards", name=comp.name,
                                                             said=comp.count, file=deck.file,
                                                             made=deck.piece_count))]
        return []


def _build_game(raw: RawFile, game_id: str, folder: Path, decks: list[Deck], parts: list[Any],
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
    unlaid = unlaid or []
    by_id = {d.id: d for d in decks + unlaid}
    listing = _Listing(smap, {p.id: p for p in parts}, by_id, failed, unreadable, flawed)
    comps = [listing.component(i, c, entries, problems) for i, c in enumerate(g["components"])]
    seen = listing.seen
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
    icons, errs = build_icons(g, folder, smap)
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


# a rulebook's pictures are checked by the same rule (pnp.rulebook.markup imports it from here)
__all__ = ["Project", "image_problem"]
