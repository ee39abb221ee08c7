"""What a build writes and how it is recorded: the build options, the record of each written file and
the manifest (out/<game>/manifest.json).  Shared by the card, part and rulebook builders, which is why
it sits below all of them."""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

from .data.model import Game
from .errors import BuildError
from .files import atomic_path, check_replaceable, inside, is_regular, what_is
from .limits import MAX_CACHE_BYTES
from .messages import msg
from .notices import notice


@dataclass(frozen=True)
class BuildOptions:
    paper: str = "a4"
    duplex: str = "long"
    marks: str = "simple"
    gutter_mm: float = 0.0
    cmyk: bool = False
    shop: bool = True
    sheets: bool = True
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    png: bool = False
    dpi: int = 300
    tts: bool = False
    cards: bool = True              # False: --rulebook-only
    rulebook: bool = True
    rulebook_paper: str = "a5"
    check_print: bool = False      # read the written card and part PDFs back before they replace the last kit
    icc: Path | None = None         # --icc FILE: the CMYK output profile (over game.yaml print.icc)
    shop_profile: str = ""          # --shop NAME: a built-in shop profile (over game.yaml print.shop; pnp.render.shops)
    outline_text: bool = False      # --outline-text: the shop files' text as outlines (after the print check)


@dataclass
class Written:
    kind: str
    path: Path
    pages: int
    unit: str = ""      # the build unit it belongs to ("deck/events/sheets", "rulebook" …: pnp.commands.buildcache)
    key: str = ""       # that unit's key: a digest of everything it was drawn from
    # ``--check-print``'s verdict on the file, kept with the bytes it was made on: (sha256 of the file
    # that was read back and passed, pnp's version, digest of pnp's code); None when never read back
    verdict: tuple[str, str, str] | None = None
    read_back: bool = False     # this build read the file back (not a verdict reused)


@dataclass
class BuildResult:
    game: Game
    out_dir: Path
    files: list[Written] = field(default_factory=list)


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


MANIFEST = "manifest.json"


def recorded_verdict(entry: Mapping[str, Any]) -> tuple[str, str, str] | None:
    """The print check's verdict a manifest entry records, when it was made on the bytes the entry
    records (whether it was made by this pnp is the reader's question)."""
    v = entry.get("print_check")
    if not isinstance(v, dict) or not all(isinstance(v.get(k), str) for k in ("sha256", "pnp", "code")):
        return None
    if v["sha256"] != entry.get("sha256"):
        return None
    return (v["sha256"], v["pnp"], v["code"])


def read_json(path: Path, limit: int = MAX_CACHE_BYTES) -> Any:
    """A JSON file pnp itself keeps (a manifest, the file-hash cache): a regular file of at most limit
    bytes.  ValueError when it is not (or not JSON); RecursionError when it is nested absurdly deep."""
    if not is_regular(path):
        raise ValueError(msg("files.kind_other"))
    if os.stat(path).st_size > limit:
        raise ValueError(msg("outputs.json_too_big", most=limit))
    return json.loads(Path(path).read_bytes().decode("utf-8"))


class ForeignOutput(BuildError):
    """The output folder holds something pnp did not write where pnp would write."""


@dataclass
class Manifest:
    """What out/<game>/manifest.json says, as far as it can be trusted.

    state: "absent" (no manifest.json), "ok" (read and checked: ``files`` are its entries), or
    "damaged" (pnp's file, hand-edited or cut short: ignored, nothing in it is trusted; the folder is
    still pnp's, so its outputs may be replaced).  A manifest.json that is somebody else's raises
    ForeignOutput."""

    state: str
    data: dict[str, Any] = field(default_factory=dict)
    files: list[dict[str, Any]] = field(default_factory=list)

    def recorded(self, out_dir: Path) -> dict[Path, dict[str, Any]]:
        """The files the manifest records, by their path in out_dir."""
        return {Path(out_dir) / e["path"]: e for e in self.files}


def safe_relative(path: Any) -> bool:
    """A manifest path: relative, inside the folder (no .., no drive or root), in POSIX form."""
    if not isinstance(path, str) or not path or "\\" in path or "\0" in path:
        return False
    posix, windows = PurePosixPath(path), PureWindowsPath(path)
    return not (posix.is_absolute() or windows.is_absolute() or windows.drive or
                any(part in ("..", ".", "") for part in path.split("/")))


def _entry_problem(e: Any) -> str | None:
    if not isinstance(e, dict):
        return "an entry is not a mapping"
    if not isinstance(e.get("kind"), str):
        return "an entry has no kind"
    if not safe_relative(e.get("path")):
        return f"the path {e.get('path')!r} leaves the output folder"
    if type(e.get("pages")) is not int or e["pages"] < 0:
        return f"{e['path']}: pages is not a count"
    if not isinstance(e.get("sha256"), (str, type(None))):
        return f"{e['path']}: sha256 is not text"
    if not isinstance(e.get("unit", ""), str) or not isinstance(e.get("key", ""), str):
        return f"{e['path']}: unit and key are not text"
    return None


_TOLD: set[tuple[str, int, int]] = set()


def read_manifest(out_dir: Path, game_id: str) -> Manifest:
    """out_dir/manifest.json checked: every entry a file inside out_dir.  A damaged one is ignored (and
    the user told once, in one line): it is a record, not the outputs; the build draws everything."""
    target = Path(out_dir) / MANIFEST
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        return Manifest("absent")
    except OSError as exc:
        raise ForeignOutput(f"{target}: " + msg("data.cannot_read", why=(exc.errno, exc.strerror))) from None
    if not stat.S_ISREG(st.st_mode):
        raise ForeignOutput(f"{target}: " + msg("outputs.manifest_not_regular", kind=what_is(st.st_mode)))
    why = ""
    data: Any = None
    try:
        data = read_json(target)
    except RecursionError:
        why = "JSON nested too deep"
    except (OSError, ValueError) as exc:
        why = f"not JSON: {str(exc).splitlines()[0][:60]}" if str(exc) else "not JSON"
    if not why:
        why = _manifest_problem(data, target, game_id)
    if why:
        told = (str(target), st.st_mtime_ns, st.st_size)
        if told not in _TOLD:
            _TOLD.add(told)
            notice(f"{target}: " + msg("notice.damaged_manifest", why=why))
        return Manifest("damaged")
    return Manifest("ok", data, list(data["files"]))


def _manifest_problem(data: Any, target: Path, game_id: str) -> str:
    """What is damaged in a manifest's JSON ("" when nothing); ForeignOutput when it is not pnp's, or
    another game's."""
    if isinstance(data, dict) and "game" not in data and "files" not in data:
        raise ForeignOutput(f"{target}: " + msg("outputs.manifest_foreign"))
    if isinstance(data, dict) and isinstance(data.get("game"), str) and data["game"] != game_id:
        raise ForeignOutput(f"{target}: " + msg("outputs.manifest_other_game", other=data["game"], game=game_id))
    if not isinstance(data, dict):
        return f"a {type(data).__name__}, not a mapping"
    if not isinstance(data.get("files"), list):
        return "files is not a list"
    why = next((p for p in map(_entry_problem, data["files"]) if p), "")
    if why:
        return why
    paths = [e["path"] for e in data["files"]]
    if len(set(paths)) != len(paths):
        return "a path is listed twice"
    return next((why for holds, why in _MANIFEST_FIELDS if not holds(data)), "")


_MANIFEST_FIELDS: tuple[tuple[Callable[[dict[str, Any]], bool], str], ...] = (
    (lambda data: isinstance(data.get("marks", {}), dict)
     and all(isinstance(v, list) for v in data.get("marks", {}).values()), "marks is not a mapping of lists"),
    (lambda data: isinstance(data.get("decks", {}), dict)
     and all(isinstance(v, str) for v in data.get("decks", {}).values()), "decks is not a mapping of keys"),
    (lambda data: isinstance(data.get("inputs", ""), str), "inputs is not text"),
)


def write_manifest(result: BuildResult, keep_previous: bool = False, digest: Callable[[Path], str | None] = sha256,
                   extra: Mapping[str, Any] | None = None) -> Path:
    """out/<game>/manifest.json listing every file written (with its unit and key when the build knows
    them).  keep_previous (a partial build such as --rulebook-only) also keeps the earlier entries whose
    files are still there, re-hashed.  digest: the file hash (a cached one in incremental builds);
    extra: more top-level fields (the incremental build's inputs digest and deck marks)."""
    target = result.out_dir / MANIFEST
    if keep_previous:
        written = {w.path.resolve() for w in result.files}
        for old in read_manifest(result.out_dir, result.game.id).files:
            path = result.out_dir / old["path"]
            if path.is_file() and path.resolve() not in written:
                result.files.append(Written(old["kind"], path, old["pages"], old.get("unit", ""), old.get("key", ""),
                                            recorded_verdict(old)))
    files = []
    for w in sorted(result.files, key=lambda w: w.path.as_posix()):
        entry: dict[str, Any] = {"kind": w.kind, "path": w.path.relative_to(result.out_dir).as_posix(),
                                 "pages": w.pages, "sha256": digest(w.path)}
        if w.unit:
            entry.update(unit=w.unit, key=w.key)
        if w.verdict is not None and w.verdict[0] == entry["sha256"]:     # a verdict only with its bytes
            entry["print_check"] = {"sha256": w.verdict[0], "pnp": w.verdict[1], "code": w.verdict[2]}
        files.append(entry)
    data = {"game": result.game.id, "title": result.game.title, **(extra or {}), "files": files}
    with atomic_path(target) as tmp:
        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return target


# ----------------------------------------------------------------------------- putting files in place
STAGING = ".{game}.staging-"          # beside out/<game>/: .euphoria.staging-<pid>-XXXXXXXX
PREVIOUS = ".pnp-previous-"           # inside out/<game>/ while the new files are put in place
_TEMP = re.compile(r"^\.(?P<name>.+)\.[A-Za-z0-9_]+\.tmp$")


def temp_leftover(path: Path, names: Iterable[str]) -> bool:
    """A hidden temporary file atomic_path makes for one of names (``.NAME.XXXXXX.tmp``), left by a kill."""
    m = _TEMP.match(path.name)
    return m is not None and m.group("name") in set(names)


def commit(out_dir: Path, moves: list[tuple[Path, Path]], manifest: Manifest, stale: Iterable[Path],
           finish: Callable[[], None], shown: Callable[[Path], str] = str) -> list[Path]:
    """Put the staged files in place in out_dir as one step: every (staged, final) move, the removal
    of the stale outputs (recorded by the last manifest, not written or kept now), then ``finish``
    (the new manifest).  If any of it fails, every file is put back as it was and the error names the
    output path.  Before anything moves, every target is checked: pnp replaces only what the last
    manifest recorded (or anything in a folder whose damaged manifest says it is pnp's) and writes new
    files only where nothing is; links, pipes, devices and folders in the way are refused.
    Returns the stale files removed."""
    out_dir = Path(out_dir)
    recorded = manifest.recorded(out_dir)
    root = out_dir.resolve()
    for _staged, final in moves:
        _check_target(out_dir, root, final, manifest, recorded, shown)
    stale = [p for p in stale if p in recorded and _removable(root, p)]
    swap = _Swap(out_dir, shown)
    try:
        swap.move_aside([final for _, final in moves if os.path.lexists(final)] + stale)
        for staged, final in moves:
            swap.put_in_place(staged, final)
        finish()
    except BaseException:
        swap.undo()
        raise
    swap.drop_backup()
    for path in stale:          # the folders a removed deck or part leaves empty go too
        _remove_empty_parents(path, out_dir)
    return stale


@dataclass
class _Swap:
    """The steps of commit, kept so that they can be undone: the old files moved aside into a backup
    folder, the folders made, the staged files put in place."""
    out_dir: Path
    shown: Callable[[Path], str]
    backup: Path | None = None
    saved: list[tuple[Path, Path]] = field(default_factory=list)       # (final, where its old file waits)
    placed: list[tuple[Path, Path]] = field(default_factory=list)      # (staged, final)
    made: list[Path] = field(default_factory=list)

    def move_aside(self, old: list[Path]) -> None:
        if old:
            self.backup = Path(tempfile.mkdtemp(prefix=f".pnp-previous-{os.getpid()}-", dir=self.out_dir))
        for i, path in enumerate(old):
            keep = self.backup / str(i) if self.backup else path
            _step(os.replace, path, keep, path, self.shown, msg("outputs.step_move_aside"))
            self.saved.append((path, keep))

    def put_in_place(self, staged: Path, final: Path) -> None:
        for parent in reversed(final.parents):
            if parent.is_relative_to(self.out_dir) and parent != self.out_dir and not parent.exists():
                _step(os.mkdir, parent, None, parent, self.shown, msg("outputs.step_make_folder"))
                self.made.append(parent)
        _step(os.replace, staged, final, final, self.shown, msg("outputs.step_put_in_place"))
        self.placed.append((staged, final))

    def undo(self) -> None:
        """Every file back where it was, the folders made removed (each step as far as it goes)."""
        for staged, final in reversed(self.placed):
            try:
                os.replace(final, staged)
            except OSError:
                pass
        for path, keep in reversed(self.saved):
            try:
                os.replace(keep, path)
            except OSError:
                pass
        for folder in reversed(self.made):
            try:
                folder.rmdir()
            except OSError:
                pass
        self.drop_backup()

    def drop_backup(self) -> None:
        if self.backup is not None:
            shutil.rmtree(self.backup, ignore_errors=True)


def _remove_empty_parents(path: Path, out_dir: Path) -> None:
    """The folders inside out_dir that held path, from the innermost, as long as they are empty."""
    for parent in path.parents:
        if parent == out_dir or not parent.is_relative_to(out_dir):
            break
        try:
            parent.rmdir()
        except OSError:
            break


def _step(fn: Callable[..., Any], a: Path, b: Path | None, target: Path, shown: Callable[[Path], str],
          what: str) -> None:
    try:
        fn(a, b) if b is not None else fn(a)
    except OSError as exc:
        raise BuildError(f"{shown(target)}: {what}: " + msg("outputs.step_failed", why=(exc.errno, exc.strerror or str(exc)))) from None


def _check_target(out_dir: Path, root: Path, final: Path, manifest: Manifest, recorded: Mapping[Path, Any],
                  shown: Callable[[Path], str]) -> None:
    for parent in reversed(final.parents):       # no file, link or pipe where a folder must be
        if not parent.is_relative_to(out_dir) or parent == out_dir:
            continue
        try:
            mode = os.lstat(parent).st_mode
        except FileNotFoundError:
            break
        if not stat.S_ISDIR(mode):
            raise ForeignOutput(f"{shown(parent)}: " + msg("outputs.not_a_folder", kind=what_is(mode)))
    check_replaceable(final, shown(final))
    if not os.path.lexists(final):
        return
    if manifest.state == "damaged" or final in recorded:
        if not inside(root, final):
            raise ForeignOutput(f"{shown(final)}: " + msg("outputs.leaves_out"))
        return
    raise ForeignOutput(f"{shown(final)}: " + msg("outputs.in_the_way", manifest=MANIFEST))


def _removable(root: Path, path: Path) -> bool:
    """A stale output pnp may delete: a regular file (not a link) whose folder lies in the output folder."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode) and inside(root, path.parent)
    except OSError:
        return False
