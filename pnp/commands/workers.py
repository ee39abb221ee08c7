"""Running independent pieces of a build in forked worker processes (``pnp build --jobs N``).

A worker is started with ``fork``: it inherits everything the parent has loaded (the games, their
plans, the fonts), so nothing large is pickled on the way in; only what a piece returns (small records)
and its progress ticks come back, through a pipe of its own.  Where the platform has no ``fork``
(Windows; macOS, where Python advises against it), or when this process runs other threads,
``fork_available`` is False and the caller builds in its own process.

An error in a worker reaches the caller as the same exception, with the same message, as if the piece
had run in this process: a ``DataError`` with its problems, a ``PnpError``, an ``OSError`` with its file."""
from __future__ import annotations

import multiprocessing
import pickle
import sys
import threading
import traceback
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any

from ..errors import PnpError
from ..watchdog import arm_here

Tick = Callable[[str], None]
Task = Callable[[Tick], Any]


def fork_available() -> bool:
    """Whether workers can be forked here, and safely: not on macOS (its system libraries are not
    fork-safe), nor from a process running other threads (a lock one of them holds would be copied
    locked into the worker, which could then wait on it forever)."""
    return (sys.platform != "darwin" and "fork" in multiprocessing.get_all_start_methods()
            and threading.active_count() == 1)


class WorkerDied(PnpError):
    """A worker process ended without a result (killed, or out of memory)."""


def run_forked(tasks: Sequence[tuple[str, Task]], jobs: int, tick: Tick = lambda _: None) -> dict[str, Any]:
    """Run each (name, task) in a forked worker, at most ``jobs`` at once, starting them in the order
    given; task(tick) runs in the worker and its ticks are passed to ``tick`` here as they happen.
    Returns {name: what the task returned}.

    When tasks fail, the exception raised is the one of the first failing task in the order of
    ``tasks``, as a loop running them one after another in that order would raise: after a failure no
    task that comes later is started, the running ones are waited for, and the earlier ones still run."""
    ctx = multiprocessing.get_context("fork")
    order = {name: i for i, (name, _) in enumerate(tasks)}
    waiting = list(tasks)
    running: dict[Connection, tuple[str, Any]] = {}
    results: dict[str, Any] = {}
    failures: dict[str, BaseException] = {}
    try:
        while waiting or running:
            if failures:                # one loop would have stopped before the later ones
                first = min(order[n] for n in failures)
                waiting = [t for t in waiting if order[t[0]] < first]
            while waiting and len(running) < jobs:
                name, task = waiting.pop(0)
                receive, send = ctx.Pipe(duplex=False)
                proc = ctx.Process(target=_work, args=(send, task), name=f"pnp-build-{name}", daemon=True)
                proc.start()
                send.close()            # the worker's end: the pipe reads as closed when the worker ends
                running[receive] = (name, proc)
            if not running:
                break
            ready = set(wait(list(running)))
            for conn in [c for c in running if c in ready]:
                name, proc = running[conn]
                kind: str
                value: Any
                try:
                    kind, value = conn.recv()
                except EOFError:        # ended without a word
                    proc.join()
                    kind, value = "error", WorkerDied(f"{name}: the worker process building it ended "
                                                      f"unexpectedly (exit code {proc.exitcode})")
                if kind == "tick":
                    tick(value)
                    continue
                del running[conn]
                conn.close()
                proc.join()
                if kind == "done":
                    results[name] = value
                else:
                    failures[name] = value
    finally:
        for conn, (_, proc) in running.items():      # interrupted (Ctrl+C): stop the others
            proc.terminate()
            proc.join()
            conn.close()
    if failures:
        raise failures[min(failures, key=order.__getitem__)]
    return results


def _work(conn: Connection, task: Task) -> None:
    """In the worker: run the task, send its ticks, then ("done", result) or ("error", exception)."""
    arm_here()          # a user engine's time budget (pnp.watchdog) runs in the worker too
    try:
        result = task(lambda name: conn.send(("tick", name)))
        message: tuple[str, Any] = ("done", result)
    except BaseException as exc:  # noqa: BLE001 — every failure goes back to the parent, which raises it
        message = ("error", _portable(exc))
    try:
        conn.send(message)
    finally:
        conn.close()


def _portable(exc: BaseException) -> BaseException:
    """The exception as it can cross to the parent: itself when it pickles to an equal message; a
    PnpError with the same message otherwise (for pnp's own errors), or a RuntimeError naming the
    type; either way an unexpected error carries the worker's traceback as a note."""
    try:
        copy = pickle.loads(pickle.dumps(exc))
        if type(copy) is type(exc) and str(copy) == str(exc):
            out = copy
        else:
            raise TypeError("changed on the way")
    except Exception:  # noqa: BLE001 — whatever fails to pickle, the message still goes back
        out = PnpError(str(exc)) if isinstance(exc, PnpError) else RuntimeError(f"{type(exc).__name__}: {exc}")
    if not isinstance(exc, (PnpError, OSError)):
        out.add_note("in a build worker process:\n" + "".join(traceback.format_exception(exc)).rstrip())
    return out
