"""What a build writes and how it is recorded: the build options, the record of each written file and
the manifest (out/<game>/manifest.json).  Shared by the card, part and rulebook builders, which is why
it sits below all of them."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

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


@dataclass
class Written:
    kind: str
    path: Path
    pages: int


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


def write_manifest(result: BuildResult, keep_previous: bool = False) -> Path:
    """out/<game>/manifest.json listing every file written.  keep_previous (a partial build such as
    --rulebook-only) also keeps the earlier entries whose files are still there, re-hashed."""
    target = result.out_dir / "manifest.json"
    if keep_previous and target.is_file():
        written = {w.path.resolve() for w in result.files}
        for entry in json.loads(target.read_text(encoding="utf-8")).get("files", []):
            path = result.out_dir / entry["path"]
            if path.is_file() and path.resolve() not in written:
                result.files.append(Written(entry["kind"], path, entry["pages"]))
    files = [{"kind": w.kind, "path": w.path.relative_to(result.out_dir).as_posix(), "pages": w.pages,
              "sha256": sha256(w.path)} for w in sorted(result.files, key=lambda w: w.path.as_posix())]
    data = {"game": result.game.id, "title": result.game.title, "files": files}
    with atomic_path(target) as tmp:
        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return target
