"""A TrueType face's metrics kept between runs.

reportlab reads a face's character map, widths and glyph table in pure Python: about 30 ms for each of
the bundled 5–6 MB faces, paid again by every pnp process that draws or measures text (a build,
a validate, the first draw of pnp watch); pnp.text.fontread reads the same values in about half that,
and putting them back from the cache takes a third.  What reportlab reads depends on nothing but the font file and
reportlab's version, so the values it leaves on the face are kept, with ``marshal`` (plain values only,
nothing that runs on loading), in the user's cache folder and put back on a face of the same file.  The
face is then the one reportlab would have read, attribute for attribute; the font program embedded in
a PDF is still cut from the file's own bytes.  A kept file that is missing, stale or unreadable is
read again from the font, and one that cannot be written is no error (it is a cache only)."""
from __future__ import annotations

import gc
import hashlib
import marshal
import os
from collections.abc import Iterator
from contextlib import contextmanager
from fnmatch import fnmatch
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import reportlab
from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace, unShapedFontGlob

from ..files import cache_dir
from .fontread import read_face

FORMAT = 1
# what reportlab keeps on a face besides values: the file's bytes (read again), the scale function
# (made again from unitsPerEm) and the file's name
_NOT_KEPT = {"_ttf_data", "_pdfScale", "filename", "makeSubset"}


def _kept_path(path: Path, subfont: int) -> Path | None:
    try:
        st = path.stat()
        resolved = path.resolve()
    except OSError:
        return None
    key = f"{FORMAT}\0{reportlab.Version}\0{resolved}\0{subfont}\0{st.st_size}\0{st.st_mtime_ns}"
    return cache_dir() / "fonts" / f"{hashlib.sha256(key.encode('utf-8', 'surrogateescape')).hexdigest()[:32]}.marshal"


def load_ttfont(name: str, path: Path, subfont: int = 0) -> TTFont:
    """reportlab's ``TTFont(name, path, subfontIndex=subfont)``, its face's metrics taken from the cache
    when this file was read before, else read by pnp.text.fontread (reportlab's own reading when that
    leaves the face to it)."""
    with _no_collection():
        return _load_ttfont(name, path, subfont)


@contextmanager
def _no_collection() -> Iterator[None]:
    """Python's cycle collector paused while a face's tables are made: some 40,000 lists and tuples of
    numbers, none in a cycle, whose making would otherwise start collections that walk every object
    the process holds (a few of them per face in a build, each longer than reading the face)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _load_ttfont(name: str, path: Path, subfont: int) -> TTFont:
    kept = _kept_path(path, subfont)
    if kept is not None:
        face = _face_from(kept, path)
        if face is not None:
            return _font_of(name, face)
    face = read_face(str(path), subfont)
    ttf = TTFont(name, str(path), subfontIndex=subfont) if face is None else _font_of(name, face)
    if kept is not None:
        _keep(kept, ttf.face)
    return ttf


def _values(face: TTFontFace) -> dict[str, Any]:
    values = {k: v for k, v in vars(face).items() if k not in _NOT_KEPT}
    names = sorted(k for k, v in values.items() if isinstance(v, TTFNameBytes))
    values.update({k: bytes(values[k]) for k in names})
    return {"names": names, "values": values}


def _keep(kept: Path, face: TTFontFace) -> None:
    try:
        blob = marshal.dumps(_values(face))
        kept.parent.mkdir(parents=True, exist_ok=True)
        part = kept.with_suffix(f".{os.getpid()}.part")
        part.write_bytes(blob)
        os.replace(part, kept)
    except (OSError, ValueError):    # a folder that cannot be written, a value marshal cannot hold
        return


def _face_from(kept: Path, path: Path) -> TTFontFace | None:
    try:
        record = marshal.loads(kept.read_bytes())
        values = dict(record["values"])
        for k in record["names"]:
            values[k] = TTFNameBytes(values[k])
        data = path.read_bytes()
        units = int(values["unitsPerEm"])
    except (OSError, EOFError, ValueError, TypeError, KeyError):
        return None
    face = TTFontFace.__new__(TTFontFace)
    pdfmetrics.TypeFace.__init__(face, None)
    face.__dict__.update(values)
    face.filename = str(path)
    face._ttf_data = data
    if units == 1000:
        face._pdfScale = lambda x: x
    else:
        per_mille = 1000 / units
        face._pdfScale = lambda x: x * per_mille
    return face


def _font_of(name: str, face: TTFontFace) -> TTFont:
    """A TTFont around a face already read: what ``TTFont.__init__`` sets, the face aside."""
    ttf = TTFont.__new__(TTFont)
    ttf.fontName = name
    ttf.face = face
    ttf.encoding = TTEncoding()
    ttf.state = WeakKeyDictionary()
    ttf._asciiReadable = rl_config.ttfAsciiReadable
    ttf.shapable = _shapable(name)      # as TTFont.__init__ decides it for this name (its setter)
    return ttf


def _shapable(name: str) -> bool:
    return not any(fnmatch(name, glob) for glob in unShapedFontGlob)
