"""Incremental builds: an output is redrawn only when something it depends on has changed.

Every output of ``pnp build`` belongs to one *unit* — a deck's home sheets, its print-shop pages, its
PNG cards, its TTS images, one part, the rulebook — and each unit has a *key*: a sha256 over everything
the unit is drawn from, read from the loaded model (the deck's cards, suits, back and resolved layout,
the images they name, the game's title and icons …), the build options the unit uses, the fonts and
pnp's own code (version and source).  ``manifest.json`` records each file's unit and key.  A unit
whose key is the one recorded, and whose files are all still there with their recorded sha256, is kept
as it is; the rest are drawn as in a clean build, so the output is byte for byte a clean build's.
``--check-print``'s verdict on a file is recorded beside its sha256 (``print_check``: the bytes it
was made on, pnp's version and code digest) and vouches for the file only while all three are
unchanged; a kept file without such a verdict is read back (``pnp.commands.printcheck``).

Two levels make a build with nothing to do fast:

* before a game is even loaded, a digest of every file the game can read (its folder, the layouts,
  the fonts, pnp's code) and the options is compared with the one the manifest recorded
  (``inputs``): equal, and every output intact → the game is not loaded at all;
* otherwise the game is loaded and each unit's key decides.  The rulebook, which prints a sample
  of each deck and defines every card mark on its first page, depends on the cards it shows and the
  set of marks of each deck (recorded per deck), so editing a card's text leaves it alone.

File contents are hashed once and remembered by (size, mtime, inode, ctime) in the user's cache folder
(``cache_dir()``; a cache only: deleting it costs a re-read, and nothing is written beside the
outputs).  Whether a file changed is decided by its content: the stamp only says when it must be read
again, and its ctime (which every write and every ``touch`` moves, and no user can set back) sees an
edit in place that keeps the size and the mtime.  ``pnp build --clean`` ignores everything recorded.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import stat
import time
from collections.abc import Iterable, Mapping
from enum import Enum
from pathlib import Path, PurePath
from typing import Any

from .. import __version__
from ..data.model import Deck, Game, Where
from ..errors import PnpError
from ..files import atomic_path, cache_dir, inside, is_regular
from ..limits import MAX_FILE_BYTES
from ..messages import msg
from ..notices import notice
from ..outputs import BuildOptions, Written, read_json, read_manifest, recorded_verdict
from ..resources import fonts_dir, layouts_dir

FORMAT = 1
HASHES_FORMAT = 2   # of the file-hash cache: 2 keeps the ctime in each file's stamp
RACY_S = 2.0        # a file changed this recently may change again within the clock's resolution
_PACKAGE = Path(__file__).resolve().parents[1]    # the pnp package: its code is part of every key


# ----------------------------------------------------------------------------- file digests
class FileHashes:
    """sha256 of files, remembered by (size, mtime_ns, inode, ctime_ns): an unchanged file is not read again."""

    def __init__(self, path: Path | None = None):
        self.path = path
        self.table: dict[str, list[int | str]] = {}     # path → [size, mtime_ns, inode, ctime_ns, sha256]
        self.dirty = False
        if path is not None and path.exists():
            self.table = self._read(path)

    @staticmethod
    def _read(path: Path) -> dict[str, list[int | str]]:
        """The table of the cache file; a damaged one is ignored, and the user told in one line (a
        cache only costs time to make again)."""
        why = ""
        data: Any = None
        if not is_regular(path):
            why = "not a regular file"
        else:
            try:
                data = read_json(path)
            except RecursionError:
                why = "JSON nested too deep"
            except (OSError, ValueError):
                why = "not JSON"
        if not why:
            if not isinstance(data, dict) or not isinstance(data.get("files"), dict):
                why = "not the table pnp writes"
            elif data.get("format") != HASHES_FORMAT:
                return {}               # another version's cache: quietly made again
            elif not all(isinstance(k, str) and _hash_entry(v) for k, v in data["files"].items()):
                why = "an entry is not [size, mtime, inode, ctime, sha256]"
        if why:
            notice(f"{path}: " + msg("notice.damaged_hash_cache", why=why))
            return {}
        return dict(data["files"])

    def digest(self, path: Path, trust: bool = False) -> str | None:
        """The file's sha256, or None when it is not a readable file.  trust: remember it even when it was
        written a moment ago (an output pnp itself has just written)."""
        key = str(path)
        try:
            st = os.stat(path)
        except OSError:
            return None
        if not stat.S_ISREG(st.st_mode):     # a pipe or /dev/zero would never end: only regular files are read
            return None
        stamp = [st.st_size, st.st_mtime_ns, st.st_ino, st.st_ctime_ns]
        known = self.table.get(key)
        if known is not None and known[:4] == stamp:
            return str(known[4])
        try:
            h = hashlib.sha256()
            with open(path, "rb") as f:
                for chunk in iter(lambda: f.read(1 << 20), b""):
                    h.update(chunk)
        except OSError:
            return None
        digest = h.hexdigest()
        if trust or time.time() - max(st.st_mtime_ns, st.st_ctime_ns) / 1e9 > RACY_S:
            self.table[key] = [*stamp, digest]
            self.dirty = True
        else:
            self.table.pop(key, None)
        return digest

    def save(self) -> None:
        if self.path is None or not self.dirty:
            return
        try:
            with atomic_path(self.path) as tmp:
                tmp.write_text(json.dumps({"format": HASHES_FORMAT, "files": self.table}, separators=(",", ":")),
                               encoding="utf-8")
            self.dirty = False
        except (OSError, PnpError):
            pass        # a cache that cannot be written (or is a link, a pipe …) only costs time


def _hash_entry(value: Any) -> bool:
    return (isinstance(value, list) and len(value) == 5 and all(type(v) is int for v in value[:4])
            and isinstance(value[4], str))


_OPEN: dict[str, FileHashes] = {}


def file_hashes(out_root: Path) -> FileHashes:
    """The hashes remembered for builds into out_root, kept in memory between builds of one process
    (pnp watch) and on disk between runs."""
    key = str(Path(out_root).resolve())
    if key not in _OPEN:
        name = hashlib.sha256(key.encode()).hexdigest()[:20]
        _OPEN[key] = FileHashes(cache_dir() / f"hashes-{name}.json")
    return _OPEN[key]


def _tree(folder: Path, outputs: Path | None = None) -> list[Path]:
    """Every file under folder but hidden ones, caches and the output folder (outputs, when it lies
    inside: its manifest records the inputs digest, which would then never hold still)."""
    if not folder.is_dir():
        return []
    skip = _resolved(outputs) if outputs is not None else None
    out: list[Path] = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith(".")
                         and (skip is None or _resolved(Path(root) / d) != skip))
        out.extend(Path(root) / f for f in sorted(files) if not f.startswith(".") and not f.endswith(".pyc"))
    return out


def _resolved(path: Path) -> Path | None:
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError):
        return None


def _digest_files(h: Any, label: str, folder: Path, hashes: FileHashes, outputs: Path | None = None) -> None:
    h.update(f"\0{label}\0".encode())
    for path in _tree(folder, outputs):
        # surrogateescape: a file name that is not UTF-8 (bytes from another system) is hashed as its bytes
        h.update(f"{path.relative_to(folder).as_posix()}={hashes.digest(path)};".encode("utf-8", "surrogateescape"))


def code_digest(hashes: FileHashes) -> str:
    """pnp's version and every file of the installed package: a changed renderer is a changed key."""
    h = hashlib.sha256(f"pnp {__version__} format {FORMAT}".encode())
    _digest_files(h, "pnp", _PACKAGE, hashes)
    return h.hexdigest()


def fonts_digest(project_root: Path, hashes: FileHashes, outputs: Path | None = None) -> str:
    h = hashlib.sha256()
    _digest_files(h, "fonts", fonts_dir(), hashes, outputs)
    own = Path(project_root) / "fonts"
    if own.is_dir() and own.resolve() != fonts_dir().resolve():
        _digest_files(h, "project fonts", own, hashes, outputs)
    return h.hexdigest()


def _environment() -> str:
    return f"SOURCE_DATE_EPOCH={os.environ.get('SOURCE_DATE_EPOCH', '')}"


# ----------------------------------------------------------------------------- print-check verdicts
CHECKED_KINDS = frozenset({"sheets", "shop-faces", "shop-back", "shop-backs", "parts", "shop-parts"})   # what --check-print reads


def verdict_holds(entry: Mapping[str, Any], code: str) -> tuple[str, str, str] | None:
    """The entry's print-check verdict when it still vouches for the file: made on the bytes the entry
    records, by this pnp (its version and code).  Whether the file still has those bytes is the
    caller's check (the same one that keeps the file)."""
    verdict = recorded_verdict(entry)
    return verdict if verdict is not None and verdict[1:] == (__version__, code) else None


def needs_reading(entry: Mapping[str, Any], code: str) -> bool:
    """--check-print must read this recorded file back: one it checks, with no verdict that holds."""
    return entry.get("kind") in CHECKED_KINDS and verdict_holds(entry, code) is None


# ----------------------------------------------------------------------------- model digests
class Uncacheable(Exception):
    """A value whose text changes from run to run (an object without a stable form)."""


def _feed(h: Any, obj: Any, hashes: FileHashes) -> None:
    """Feed a canonical form of a model value: dataclass fields that make up its identity (not where
    it was read from), mappings in order, sets sorted, paths with their file's content."""
    if obj is None or isinstance(obj, (bool, int, float, str)):
        h.update(f"{type(obj).__name__}:{obj!r};".encode())
    elif isinstance(obj, Where):
        h.update(b"@;")                  # source positions only feed messages
    elif isinstance(obj, PurePath):
        # a file by its name and content, never by where the project lies (a copy keeps its keys)
        h.update(f"path:{obj.name};{hashes.digest(Path(obj)) if Path(obj).is_file() else '-'};".encode("utf-8", "surrogateescape"))
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        h.update(f"{type(obj).__qualname__}(".encode())
        for f in dataclasses.fields(obj):
            if f.compare:
                h.update(f"{f.name}=".encode())
                _feed(h, getattr(obj, f.name), hashes)
        h.update(b")")
    elif isinstance(obj, Mapping):
        h.update(b"{")
        for k, v in obj.items():
            _feed(h, k, hashes)
            _feed(h, v, hashes)
        h.update(b"}")
    elif isinstance(obj, (list, tuple)):
        h.update(b"[")
        for v in obj:
            _feed(h, v, hashes)
        h.update(b"]")
    elif isinstance(obj, (set, frozenset)):
        parts = []
        for v in obj:
            sub = hashlib.sha256()
            _feed(sub, v, hashes)
            parts.append(sub.hexdigest())
        h.update(("<" + ",".join(sorted(parts)) + ">").encode())
    elif isinstance(obj, Enum):
        h.update(f"{type(obj).__qualname__}.{obj.name};".encode())
    else:
        text = repr(obj)
        if " at 0x" in text:
            raise Uncacheable(text)
        h.update(f"{type(obj).__qualname__}:{text};".encode())


def _key(hashes: FileHashes, *values: Any) -> str:
    h = hashlib.sha256()
    for v in values:
        _feed(h, v, hashes)
    return h.hexdigest()


def _options(opts: BuildOptions, kind: str) -> tuple[Any, ...]:
    """The options a unit of this kind is drawn with (and nothing else: --dpi leaves the PDFs alone)."""
    if kind == "sheets":
        return (opts.paper, opts.duplex, opts.marks, opts.gutter_mm, tuple(opts.back_offset_mm), opts.cmyk, opts.icc,
                opts.shop_profile)
    if kind == "shop":
        return (opts.marks, opts.icc, opts.shop_profile, opts.outline_text)    # CMYK PDF/X whatever --color says
    if kind == "png":
        return (opts.dpi,)
    if kind == "parts":       # and their shop files (--marks, none without shop)
        return (opts.paper, opts.cmyk, opts.icc, opts.marks, opts.shop, opts.shop_profile, opts.outline_text)
    if kind == "rulebook":
        return (opts.rulebook_paper, opts.cmyk, opts.icc)
    return ()


def options_digest(opts: BuildOptions, final: bool = False) -> str:
    return _key(FileHashes(), [f.name for f in dataclasses.fields(opts)],
                [getattr(opts, f.name) for f in dataclasses.fields(opts)], final)


def plan_marks(plans: Iterable[Any]) -> list[list[str | float]]:
    """The suit marks and icon shapes a deck's card plans draw, as the rulebook defines them once on
    its first page: (shape, fill, opacity), sorted."""
    from ..layout.plan import Mark, Rotated, TextBlock
    seen: set[tuple[str, str, float]] = set()

    def walk(items: Iterable[Any]) -> None:
        for it in items:
            if isinstance(it, Mark):
                seen.add((it.shape, it.fill, float(it.opacity)))
            elif isinstance(it, Rotated):
                walk(it.items)
            elif isinstance(it, TextBlock):
                for _, icon in it.icons:
                    if icon.shape is not None:
                        seen.add((icon.shape, icon.color, 1.0))
    for plan in plans:
        walk(plan.items)
    return [list(m) for m in sorted(seen, key=repr)]


_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


# ----------------------------------------------------------------------------- one game's units
class GameCache:
    """What one game's previous build recorded, and which of this build's units it can keep."""

    def __init__(self, game: Game, out_dir: Path, opts: BuildOptions, hashes: FileHashes, code: str, fonts: str,
                 *, clean: bool = False):
        self.game, self.out_dir, self.opts, self.hashes = game, Path(out_dir), opts, hashes
        self.base = (code, fonts, _environment())
        self.clean = clean
        self.keys: dict[str, str] = {}
        self.kept: list[Written] = []        # files of units kept from the previous build
        self.written: list[Written] = []     # files drawn in this build
        self.inputs = ""                     # the whole-game inputs digest (a complete build only)
        self.marks: dict[str, list[list[str | float]]] = {}
        self.previous: dict[str, Any] = {}
        if not clean:
            self.previous = read_manifest(self.out_dir, game.id).data
        self._decided: dict[str, Any] = {}     # keep_deck / keep_parts / keep_rulebook, decided once
        self._files: dict[str, list[dict[str, Any]]] = {}
        for entry in self.previous.get("files", []):
            if entry.get("unit"):
                self._files.setdefault(entry["unit"], []).append(entry)

    # keys -------------------------------------------------------------------------------------
    def _game_facts(self) -> tuple[Any, ...]:
        g = self.game
        return (g.id, g.title, g.icons, g.final, g.print_settings, g.designer)

    def deck_key(self, deck: Deck, kind: str) -> str:
        unit = f"deck/{deck.id}/{kind}"
        if unit not in self.keys:
            self.keys[unit] = _key(self.hashes, self.base, unit, _options(self.opts, kind), self._game_facts(),
                                   deck)
        return self.keys[unit]

    def part_key(self, part: Any) -> str:
        unit = f"part/{part.id}"
        if unit not in self.keys:
            g = self.game
            entry = g.entry("part", part.id)
            held: tuple[Any, ...] = ()
            if part.kind == "tuckbox":      # a tuck box is sized to its deck: its cards' size, count and name
                deck = next((d for d in g.all_decks if d.id == part.deck), None)
                held = (None,) if deck is None else (deck.layout.width_pt, deck.layout.height_pt, deck.piece_count,
                                                     deck.name)
            self.keys[unit] = _key(self.hashes, self.base, unit, _options(self.opts, "parts"), self._game_facts(),
                                   entry, part, *held)
        return self.keys[unit]

    def sheet_key(self, sheet: str) -> str:
        """A combined token sheet (``sheet:``): one key over every part it holds."""
        unit = f"sheet/{sheet}"
        if unit not in self.keys:
            g = self.game
            held = [(g.entry("part", p.id), p) for p in g.parts if getattr(p, "sheet", "") == sheet]
            self.keys[unit] = _key(self.hashes, self.base, unit, _options(self.opts, "parts"), self._game_facts(),
                                   *held)
        return self.keys[unit]

    def _part_unit(self, part: Any) -> tuple[str, str]:
        sheet = getattr(part, "sheet", "")
        return (f"sheet/{sheet}", self.sheet_key(sheet)) if sheet else (f"part/{part.id}", self.part_key(part))

    def rulebook_key(self) -> str | None:
        """None when a deck's marks are unknown (never recorded, or not planned in this build)."""
        unit = "rulebook"
        if unit in self.keys:
            return self.keys[unit]
        from ..rulebook.markup import PICTURE, rulebook_dir, source_files
        g = self.game
        sources = source_files(g)
        words: set[str] = set()
        pictures: set[str] = set()      # the images a page shows (![…](path)): their bytes are in the key
        for path in sources:
            # a page that is a link out of the game, a pipe or too large is not read here: the rulebook's
            # parser reports it, and a unit that cannot be keyed is drawn (and so checked) every build
            if not inside(g.folder, path) or not is_regular(path) or path.stat().st_size > MAX_FILE_BYTES:
                return None
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                return None
            words.update(_TOKEN.findall(text))
            pictures.update(found.group(2) for found in PICTURE.finditer(text))
        decks = []
        for deck in g.decks:
            marks = self.deck_marks(deck)
            if marks is None:
                return None
            shown = {deck.cards[0].id} if deck.cards else set()
            for suit in deck.suits:     # {{components}} shows one card of each suit
                first = next((c for c in deck.cards if c.suit and c.suit.id == suit.id), None)
                if first is not None:
                    shown.add(first.id)
            cards = tuple(c for c in deck.cards if c.id in shown or c.id in words)
            decks.append((dataclasses.replace(deck, cards=cards), deck.piece_count, len(deck.cards), marks))
        rest = dataclasses.replace(g, decks=())
        folder = rulebook_dir(g)
        files = [(p.relative_to(folder).as_posix() if p.is_relative_to(folder) else str(p), self.hashes.digest(p))
                 for p in sources]
        engine = []
        if g.engine and str(g.engine).endswith(".py"):
            engine = [self.hashes.digest(Path(g.folder) / str(g.engine))]
        images = []
        for rel in sorted(pictures):
            image = Path(g.folder) / rel
            if not inside(g.folder, image) or not is_regular(image):
                return None         # the parser reports it; a unit that cannot be keyed is drawn every build
            images.append((rel, self.hashes.digest(image)))
        self.keys[unit] = _key(self.hashes, self.base, unit, _options(self.opts, "rulebook"), rest, decks, files,
                               engine, *([images] if images else []))   # a book without images: key as before
        return self.keys[unit]

    def deck_marks(self, deck: Deck) -> list[list[str | float]] | None:
        if deck.id in self.marks:
            return self.marks[deck.id]
        recorded = self.previous.get("marks", {}).get(deck.id)
        # the marks recorded for a deck hold while the deck's data is the data they were taken from
        if recorded is not None and self.previous.get("decks", {}).get(deck.id) == self.deck_data_key(deck):
            return list(recorded)
        return None

    def deck_data_key(self, deck: Deck) -> str:
        """The deck's own data (no options): what its card plans, and so its marks, are made from."""
        unit = f"deck/{deck.id}"
        if unit not in self.keys:
            self.keys[unit] = _key(self.hashes, self.base, unit, self._game_facts(), deck)
        return self.keys[unit]

    def note_plans(self, deck: Deck, faces: Mapping[str, Any], back: Any, backs: Mapping[str, Any]) -> None:
        """The deck was planned in this build: remember its marks (for the rulebook's key)."""
        self.marks[deck.id] = plan_marks([*faces.values(), back, *backs.values()])

    # keeping ----------------------------------------------------------------------------------
    def _keep(self, unit: str, key: str | None) -> list[Written] | None:
        """The unit's files from the previous build when its key is unchanged and every file is still
        there with the sha256 recorded; None when it must be drawn."""
        entries = self._files.get(unit)
        if self.clean or key is None or not entries:
            return None
        out = []
        for e in entries:
            path = self.out_dir / e["path"]
            if e.get("key") != key or self.hashes.digest(path, trust=True) != e.get("sha256"):
                return None
            out.append(Written(e["kind"], path, e["pages"], unit, key, verdict_holds(e, self.base[0])))
        return out

    def unverified(self, unit: str) -> bool:
        """The unit's recorded files include one --check-print must read (no verdict that holds)."""
        return any(needs_reading(e, self.base[0]) for e in self._files.get(unit, []))

    def deck_unverified(self, deck: Deck, kinds: Iterable[str]) -> bool:
        return any(self.unverified(f"deck/{deck.id}/{k}") for k in kinds)

    def part_unverified(self, part: Any) -> bool:
        return self.unverified(self._part_unit(part)[0])

    def deck_fresh(self, deck: Deck, kinds: Iterable[str]) -> bool:
        """Every output of the deck can be kept: the deck need not even be planned."""
        return all(self._keep(f"deck/{deck.id}/{k}", self.deck_key(deck, k)) is not None for k in kinds)

    def part_fresh(self, part: Any) -> bool:
        return self._keep(*self._part_unit(part)) is not None

    def rulebook_fresh(self) -> bool:
        return self._keep("rulebook", self.rulebook_key()) is not None

    def keep_deck(self, deck: Deck, kinds: Iterable[str]) -> set[str]:
        """The deck's outputs kept (their files taken into this build's result, once however often
        asked: a build in steps asks at each), by kind."""
        unit = f"deck/{deck.id}"
        if unit not in self._decided:
            kept = set()
            for kind in kinds:
                files = self._keep(f"deck/{deck.id}/{kind}", self.deck_key(deck, kind))
                if files is not None:
                    self.kept.extend(files)
                    kept.add(kind)
            self._decided[unit] = kept
        return set(self._decided[unit])

    def keep_parts(self) -> None:
        if "parts" in self._decided:
            return
        self._decided["parts"] = True
        units = dict.fromkeys(self._part_unit(part) for part in self.game.parts)   # a shared sheet once
        for unit, key in units:
            files = self._keep(unit, key)
            if files is not None:
                self.kept.extend(files)

    def keep_rulebook(self) -> bool:
        if "rulebook" not in self._decided:
            files = self._keep("rulebook", self.rulebook_key())
            if files is not None:
                self.kept.extend(files)
            self._decided["rulebook"] = files is not None
        return bool(self._decided["rulebook"])

    _DECK_KINDS = {"sheets": "sheets", "shop-faces": "shop", "shop-back": "shop", "shop-backs": "shop",
                   "png": "png", "tts": "tts", "tts-index": "tts"}

    def stamp_deck(self, deck: Deck, files: Iterable[Written]) -> None:
        """Files just drawn for the deck carry their unit and its key into the manifest."""
        for w in files:
            kind = self._DECK_KINDS[w.kind]
            w.unit, w.key = f"deck/{deck.id}/{kind}", self.deck_key(deck, kind)

    def stamp_parts(self, plans: Iterable[Any], files: Iterable[Written]) -> None:
        """A part's files (parts-<id>.pdf and shop/parts-<id>.pdf) carry its unit and key."""
        by_id = {plan.part_id: plan for plan in plans}
        for w in files:
            plan = by_id[w.path.stem[len("parts-"):]]
            if any(getattr(p, "sheet", "") == plan.part_id for p in self.game.parts):   # a shared sheet: one key
                w.unit, w.key = f"sheet/{plan.part_id}", self.sheet_key(plan.part_id)
                continue
            part = self.game.part(plan.part_id)
            w.unit, w.key = f"part/{part.id}", self.part_key(part)

    def stamp_rulebook(self, files: Iterable[Written]) -> None:
        key = self.rulebook_key()
        for w in files:
            w.unit, w.key = ("rulebook", key) if key is not None else ("", "")

    def output_digest(self, path: Path) -> str | None:
        return self.hashes.digest(path, trust=True)

    def manifest_fields(self) -> dict[str, Any]:
        """What the manifest records beyond the files: pnp's version, the inputs digest of a complete
        build (the whole-game check), each deck's marks (for the rulebook's key)."""
        marks = {}
        for deck in self.game.decks:
            m = self.deck_marks(deck)
            if m is not None:
                marks[deck.id] = m
        out: dict[str, Any] = {"pnp": __version__}
        if self.inputs:
            out["inputs"] = self.inputs
        out["marks"] = dict(sorted(marks.items()))
        out["decks"] = {d: self.deck_data_key(self.game.deck(d)) for d in sorted(marks)}
        return out


# ----------------------------------------------------------------------------- whole-game check
def input_digest(project_root: Path, game_folder: Path, opts_digest: str, hashes: FileHashes, code: str,
                 fonts: str, outputs: Path | None = None) -> str:
    """Every file a game's build can read, and the options: equal to the recorded one → nothing to do.
    outputs: the output folder, left out where it lies inside one of those folders."""
    h = hashlib.sha256(f"{code} {fonts} {opts_digest} {_environment()}".encode())
    _digest_files(h, "game", Path(game_folder), hashes, outputs)
    _digest_files(h, "bundled layouts", layouts_dir(), hashes, outputs)
    own = Path(project_root) / "layouts"
    if own.is_dir() and own.resolve() != layouts_dir().resolve():
        _digest_files(h, "layouts", own, hashes, outputs)
    return h.hexdigest()


def unchanged_outputs(out_dir: Path, inputs: str, hashes: FileHashes, code: str = "",
                      check_print: bool = False) -> list[Written] | None:
    """The previous build's files when it was made from exactly these inputs and every file is intact
    (check_print: and every file --check-print reads has a verdict made by this pnp on its bytes;
    code: pnp's code digest)."""
    try:
        manifest = read_manifest(Path(out_dir), Path(out_dir).name)
    except PnpError:
        return None             # somebody else's folder: the build says so
    if manifest.state != "ok" or manifest.data.get("inputs") != inputs:
        return None
    out = []
    for e in manifest.files:
        path = Path(out_dir) / e["path"]
        if hashes.digest(path) != e.get("sha256"):
            return None
        if check_print and needs_reading(e, code):
            return None
        out.append(Written(e["kind"], path, e["pages"], verdict=verdict_holds(e, code)))
    return out
