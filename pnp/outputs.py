"""What a build writes and how it is recorded: the build options, the record of each written file and
the manifest (out/<game>/manifest.json).  Shared by the card, part and rulebook builders, which is why
it sits below all of them."""
from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .data.model import Game
from .files import atomic_path


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


@dataclass
class Written:
    kind: str
    path: Path
    pages: int
    unit: str = ""      # the build unit it belongs to ("deck/events/sheets", "rulebook" …: pnp.buildcache)
    key: str = ""       # that unit's key: a digest of everything it was drawn from


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


def write_manifest(result: BuildResult, keep_previous: bool = False, digest: Callable[[Path], str | None] = sha256,
                   extra: Mapping[str, Any] | None = None) -> Path:
    """out/<game>/manifest.json listing every file written (with its unit and key when the build knows
    them).  keep_previous (a partial build such as --rulebook-only) also keeps the earlier entries whose
    files are still there, re-hashed.  digest: the file hash (a cached one in incremental builds);
    extra: more top-level fields (the incremental build's inputs digest and deck marks)."""
    target = result.out_dir / "manifest.json"
    if keep_previous and target.is_file():
        written = {w.path.resolve() for w in result.files}
        for old in json.loads(target.read_text(encoding="utf-8")).get("files", []):
            path = result.out_dir / old["path"]
            if path.is_file() and path.resolve() not in written:
                result.files.append(Written(old["kind"], path, old["pages"], old.get("unit", ""), old.get("key", "")))
    files = []
    for w in sorted(result.files, key=lambda w: w.path.as_posix()):
        entry: dict[str, Any] = {"kind": w.kind, "path": w.path.relative_to(result.out_dir).as_posix(),
                                 "pages": w.pages, "sha256": digest(w.path)}
        if w.unit:
            entry.update(unit=w.unit, key=w.key)
        files.append(entry)
    data = {"game": result.game.id, "title": result.game.title, **(extra or {}), "files": files}
    with atomic_path(target) as tmp:
        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return target
