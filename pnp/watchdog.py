"""A time budget for the designer's own rules-engine code: a call into it (``apply``, ``legal_actions``, a
policy's ``choose``, the module's own top level while it is imported …) that has not returned after
``MAX_ENGINE_CALL_SECONDS`` is stopped with ``EngineStuck``, which names the line it was running.

How, without slowing anything down: while a command runs (``active()``, entered by every CLI command)
and a user engine has been loaded (``watch(file)``, called by the loader), a timer interrupts the main
thread every ``TICK_S`` seconds.  The handler looks at the stack it interrupted: the innermost run of
frames that are the engine's code, and the frame through which that run was entered.  A call that
returns makes a new frame next time; the same frame still there after the budget is a call that never
returned.  No engine call, step or game pays anything for this; bundled engines are not watched.

``EngineStuck`` is a ``BaseException`` so that an engine's own ``except Exception`` cannot swallow it;
the runner, the loader, ``pnp validate`` and the CLI turn it into a message and exit code 1.

Signals reach only the main thread, and only on systems with ``setitimer`` (not Windows): elsewhere,
and in threads (a Dask worker), the per-game step and time budget of the runner still holds (a game
that never ends), but a single call that never returns is not interrupted."""
from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

from .limits import MAX_ENGINE_CALL_SECONDS

TICK_S = 0.5


class EngineStuck(BaseException):
    """A call into a user engine's code ran past its time budget."""

    def __init__(self, where: str, function: str, seconds: float):
        self.where, self.function, self.seconds = where, function, seconds
        super().__init__(where, function, seconds)

    def __str__(self) -> str:
        if self.function == "<module>":
            return (f"{self.where}: the module's own code did not finish within {self.seconds:g} s while it was "
                    "imported (a loop that never ends?): stopped")
        return f"{self.where}: {self.function}() did not return within {self.seconds:g} s (a loop that never ends?): stopped"


_files: set[str] = set()          # the engines' source files, as their code objects name them
_folders: list[str] = []          # installed engine packages: every file under the folder
_state: dict[str, Any] = {"active": 0, "armed_pid": None, "frame": None, "since": 0.0, "previous": None}
_shown: dict[str, str] = {}       # file → how messages name it (components/<game>/engine.py)


def watch(path: Path | str, folder: bool = False, shown: str | None = None) -> None:
    """Watch the code of a user engine: one file, or (folder) a whole installed package."""
    key = str(path)
    if folder:
        if key not in _folders:
            _folders.append(key.rstrip(os.sep) + os.sep)
    else:
        _files.add(key)
    if shown:
        _shown[key] = shown
    if not _fork_hook and hasattr(os, "register_at_fork"):
        os.register_at_fork(after_in_child=_forked_by_engine)
        _fork_hook.append(True)
    arm_here()


def _forked_by_engine() -> None:
    """In a child process just forked: a fork made by an engine's own code ends the child at once (its copy
    of pnp would go on checking and print a second report, a second JSON document).  pnp's own worker
    processes fork from pnp's code and are left alone."""
    frame: FrameType | None = sys._getframe()
    while frame is not None:
        if _is_engine(frame.f_code.co_filename):
            os.write(2, f"{_where(frame)}: the engine forked a process; pnp stops the copy (an engine runs in "
                        f"pnp's process only)\n".encode())
            os._exit(0)
        frame = frame.f_back


_fork_hook: list[bool] = []


def _is_engine(filename: str) -> bool:
    return filename in _files or any(filename.startswith(f) for f in _folders)


def _where(frame: FrameType) -> str:
    name = frame.f_code.co_filename
    shown = _shown.get(name) or next((s + name[len(f):] for f, s in _shown.items() if name.startswith(f)), name)
    return f"{shown}:{frame.f_lineno}"


def _tick(_signum: int, frame: FrameType | None) -> None:
    inner = entry = None
    f = frame
    while f is not None:                # the innermost run of engine frames, and the frame entering it
        if _is_engine(f.f_code.co_filename):
            inner = inner or f
            entry = f
        elif entry is not None:
            break
        f = f.f_back
    now = time.monotonic()
    if entry is None or entry is not _state["frame"]:
        _state["frame"], _state["since"] = entry, now
        return
    if now - _state["since"] >= MAX_ENGINE_CALL_SECONDS:
        _state["since"] = now - MAX_ENGINE_CALL_SECONDS     # swallowed by the engine: raised again next tick
        assert inner is not None
        stuck = EngineStuck(_where(inner), entry.f_code.co_name, MAX_ENGINE_CALL_SECONDS)
        _failed.setdefault(_root(entry.f_code.co_filename), str(stuck))
        raise stuck


_failed: dict[str, str] = {}      # engine file or folder → the first call of it that was stopped


def _root(filename: str) -> str:
    return filename if filename in _files else next((f for f in _folders if filename.startswith(f)), filename)


def failure(filename: str | None) -> str | None:
    """How an earlier call into this engine's code was stopped in this process (then every later use of
    the engine is refused at once instead of waiting out the budget again), or None."""
    if not filename:
        return None
    return _failed.get(_root(str(filename)))


def _can_signal() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def arm_here() -> None:
    """Start the timer in this process (a forked worker has the handler but not its parent's timer)
    when a command is running and an engine is watched."""
    if not (_state["active"] and (_files or _folders) and _can_signal()):
        return
    if _state["armed_pid"] == os.getpid():
        return
    if signal.getsignal(signal.SIGALRM) not in (_tick, signal.SIG_DFL, None):
        return                          # somebody else's alarm: leave it alone
    signal.signal(signal.SIGALRM, _tick)
    signal.setitimer(signal.ITIMER_REAL, TICK_S, TICK_S)
    _state["armed_pid"] = os.getpid()


@contextmanager
def active() -> Iterator[None]:
    """While a command runs: watched engine code has its time budget (the timer runs only once a user
    engine is loaded, and stops when the command ends)."""
    if not _can_signal():
        yield
        return
    _state["active"] += 1
    previous = signal.getsignal(signal.SIGALRM)
    try:
        arm_here()
        yield
    finally:
        _state["active"] -= 1
        if not _state["active"] and _state["armed_pid"] == os.getpid():
            signal.setitimer(signal.ITIMER_REAL, 0, 0)
            signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)
            _state["armed_pid"] = None
            _state["frame"] = None
