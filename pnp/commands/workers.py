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
from ..messages import msg
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


class Stopped(PnpError):
    """A worker was told not to put its files in place: another piece of the build has problems."""


_GO: Connection | None = None       # in a worker of a Pool: where the parent's word to go on arrives


def wait_for_go() -> None:
    """In a worker: wait for the parent's word that every piece was planned without a problem
    (``Pool.decide``), and raise Stopped if it says otherwise.  Anywhere else it returns at once."""
    if _GO is not None and not _GO.recv():
        raise Stopped(msg("commands.build_stopped"))


class Pool:
    """Forked workers, at most ``jobs`` at once, started in the order the tasks are submitted (each
    as soon as a place is free, so a task can start while the caller prepares the next); task(tick)
    runs in the worker and its ticks reach ``tick`` here once ``results`` reads them.  A task that
    calls ``wait_for_go`` waits there until ``decide`` is called (it may be called before the task
    gets there): decide(True) lets it go on, decide(False) makes it raise Stopped, and the tasks not
    started by then are not started at all.

    When tasks fail, ``results`` raises the exception of the first failing task in the order of
    submission, as a loop running them one after another in that order would raise: after a failure
    no task that comes later is started, the running ones are waited for, and the earlier ones
    still run."""

    def __init__(self, jobs: int, tick: Tick = lambda _: None):
        self.ctx = multiprocessing.get_context("fork")
        self.jobs = jobs
        self.tick = tick
        self.order: dict[str, int] = {}
        self.waiting: list[tuple[str, Task]] = []
        self.running: dict[Connection, tuple[str, Any, Connection]] = {}
        self.decision: bool | None = None

    def submit(self, name: str, task: Task) -> None:
        self.order[name] = len(self.order)
        self.waiting.append((name, task))
        self._start()

    def decide(self, go: bool) -> None:
        self.decision = go
        for _name, _proc, word in self.running.values():
            _tell(word, go)
        self._start()

    def _start(self) -> None:
        if self.decision is False:      # stopped: nothing more is drawn for nothing
            self.waiting = []
        while self.waiting and len(self.running) < self.jobs:
            name, task = self.waiting.pop(0)
            receive, send = self.ctx.Pipe(duplex=False)
            hear, word = self.ctx.Pipe(duplex=False)
            proc = self.ctx.Process(target=_work, args=(send, hear, task), name=f"pnp-build-{name}", daemon=True)
            proc.start()
            send.close()            # the worker's ends: the pipe reads as closed when the worker ends
            hear.close()
            self.running[receive] = (name, proc, word)
            if self.decision is not None:
                _tell(word, self.decision)

    def results(self) -> dict[str, Any]:
        """Run every task submitted to its end; {name: what the task returned}, or the first failure raised."""
        results: dict[str, Any] = {}
        failures: dict[str, BaseException] = {}
        try:
            while self.waiting or self.running:
                if failures:                # one loop would have stopped before the later ones
                    first = min(self.order[n] for n in failures)
                    self.waiting = [t for t in self.waiting if self.order[t[0]] < first]
                self._start()
                if not self.running:
                    break
                ready = set(wait(list(self.running)))
                for conn in [c for c in self.running if c in ready]:
                    name, proc, word = self.running[conn]
                    kind: str
                    value: Any
                    try:
                        kind, value = conn.recv()
                    except EOFError:        # ended without a word
                        proc.join()
                        kind, value = "error", WorkerDied(f"{name}: the worker process building it ended "
                                                          f"unexpectedly (exit code {proc.exitcode})")
                    if kind == "tick":
                        self.tick(value)
                        continue
                    del self.running[conn]
                    conn.close()
                    word.close()
                    proc.join()
                    if kind == "done":
                        results[name] = value
                    else:
                        failures[name] = value
        finally:
            self.close()
        if failures:
            raise failures[min(failures, key=self.order.__getitem__)]
        return results

    def close(self) -> None:
        """Stop the workers still running (interrupted: Ctrl+C) and start no more."""
        self.waiting = []
        for conn, (_, proc, word) in self.running.items():
            proc.terminate()
            proc.join()
            conn.close()
            word.close()
        self.running = {}


def _tell(word: Connection, go: bool) -> None:
    try:
        word.send(go)
    except OSError:         # the worker has already ended: it no longer needs the word
        pass


def run_forked(tasks: Sequence[tuple[str, Task]], jobs: int, tick: Tick = lambda _: None) -> dict[str, Any]:
    """Run each (name, task) in a forked worker, at most ``jobs`` at once, starting them in the order
    given (a Pool whose tasks may go on at once).  Returns {name: what the task returned}."""
    pool = Pool(jobs, tick)
    pool.decide(True)
    for name, task in tasks:
        pool.submit(name, task)
    return pool.results()


def _work(conn: Connection, hear: Connection, task: Task) -> None:
    """In the worker: run the task, send its ticks, then ("done", result) or ("error", exception)."""
    global _GO
    _GO = hear
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
