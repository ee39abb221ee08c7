"""Writing output files so that a failed or interrupted build never leaves a truncated file where the
last good one was: write to a temporary file beside the target, then rename it over the target.

Also the checks every reader and writer of the designer's files shares: a path stays inside the
folder it was named in (a link in a shared kit must not carry a file from elsewhere into a print), only
regular files are read (a pipe or ``/dev/zero`` would hang the reader), and only regular files are
replaced (a link, a pipe or a device node named as an output is refused, not overwritten)."""
from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .errors import BuildError
from .messages import msg

_started_in: list[str] = []      # the working folder when the command began (before any engine code ran)


def remember_start_folder() -> None:
    _started_in[:] = [os.getcwd()]


def shown(path: Path) -> str:
    """A path as messages print it: relative to the folder the command was started in where it lies inside
    it (out/g/cards-sheets.pdf), else whole.  pnp works with absolute paths (an engine's os.chdir moves
    nothing), and says them the way the user wrote them."""
    whole = os.path.abspath(path)
    start = _started_in[0] if _started_in else os.getcwd()
    rel = os.path.relpath(whole, start)
    return Path(whole if rel == ".." or rel.startswith(".." + os.sep) else rel).as_posix()


def read_limited(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at path (links followed), at most limit of them.  ValueError says why
    not (a device, a pipe, a folder, too large); OSError where it cannot be read.  A pipe or ``/dev/zero`` is
    never opened: it would block the reader or fill its memory."""
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise ValueError(msg("files.not_regular", kind=what_is(st.st_mode)))
    if st.st_size > limit:
        raise ValueError(msg("files.too_big", size=st.st_size, most=limit))
    with open(path, "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise ValueError(msg("files.grew", most=limit))
    return data


class NotRegularOutput(BuildError):
    """An output path names something that is not a regular file: a link, a pipe, a device, a folder."""


def inside(folder: Path, path: Path) -> bool:
    """Whether path, with every link followed, lies in folder (with its links followed too)."""
    try:
        return Path(path).resolve().is_relative_to(Path(folder).resolve())
    except (OSError, RuntimeError):      # a link loop
        return False


def is_regular(path: Path) -> bool:
    """A regular file (links followed): safe to open and read to its end."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def what_is(mode: int) -> str:
    """The kind of file a stat mode names, in the words of the messages."""
    if stat.S_ISLNK(mode):
        return msg("files.kind_link")
    if stat.S_ISDIR(mode):
        return msg("files.kind_folder")
    if stat.S_ISFIFO(mode):
        return msg("files.kind_pipe")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return msg("files.kind_device")
    if stat.S_ISSOCK(mode):
        return msg("files.kind_socket")
    return msg("files.kind_other")


def check_replaceable(target: Path, shown: str | None = None) -> None:
    """NotRegularOutput unless target is absent or a regular file (never followed through a link)."""
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise NotRegularOutput(f"{shown or target}: " + msg("files.cannot_write", why=(exc.errno, exc.strerror))) from None
    if not stat.S_ISREG(mode):
        raise NotRegularOutput(f"{shown or target}: " + msg("files.not_regular_output", kind=what_is(mode)))


@contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path beside target; rename it over target only if the block succeeds.  A
    target that exists and is not a regular file (a link, a pipe, a device, a folder) is refused
    before anything is written: replacing it would break the link or the device for good."""
    check_replaceable(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix="." + target.name + ".", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise _as_target(exc, target) from None
    os.close(fd)
    try:
        yield Path(tmp)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)     # mkstemp makes 0600; outputs are ordinary files
        check_replaceable(target)          # made a link or a pipe while the file was written
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        if isinstance(exc, OSError) and exc.filename in (tmp, str(target.parent)):
            raise _as_target(exc, target) from None
        raise


def _as_target(exc: OSError, target: Path) -> OSError:
    """The error as one about the output (never about the temporary file beside it, which the user
    never named and which no longer exists)."""
    return type(exc)(exc.errno, exc.strerror, str(target))


def check_writable(target: Path, option: str = "") -> None:
    """BuildError unless the output could be written where it is named — checked before the work that
    makes it (a simulation of many games must not fail only when its JSON is written)."""
    target = Path(target)
    shown = f"{option} {target}" if option else str(target)
    check_replaceable(target, shown)
    folder = target.parent
    while not folder.exists() and folder != folder.parent:    # the first folder that exists, to be made in
        folder = folder.parent
    if not folder.is_dir():
        raise BuildError(f"{shown}: " + msg("files.not_a_folder", folder=str(folder)))
    try:
        fd, probe = tempfile.mkstemp(prefix="." + target.name + ".", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise BuildError(f"{shown}: " + msg("files.cannot_write_in", folder=str(folder), why=(exc.errno, exc.strerror))) from None
    os.close(fd)
    os.unlink(probe)


def cache_dir() -> Path:
    """Where pnp remembers what it read between runs (file hashes, font metrics): $PNP_CACHE_DIR, else
    the user's cache folder ($XDG_CACHE_HOME/pnp or ~/.cache/pnp).  Never inside the project or its
    output folder."""
    own = os.environ.get("PNP_CACHE_DIR")
    if own:
        return Path(own)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pnp"
