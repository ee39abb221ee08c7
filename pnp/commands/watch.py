"""``pnp watch``: build, then rebuild whenever a file of the game is saved.

The files are polled (their size and modification time, a few times a second): no extra dependency,
and it works alike on every system, on network folders and in containers where filesystem events
do not arrive.  Polling a game folder costs a few hundred stat calls a second — nothing next to a build.
A rebuild is incremental (pnp.commands.buildcache): only what the change touches is redrawn.  A data error is
printed (file:line:col) and watching goes on; the last good PDFs stay.  The contact sheet of each deck
whose cards were redrawn (``pnp preview GAME DECK``'s image) is written again."""
from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..data.project import Project
from ..errors import DataError, PnpError
from ..messages import msg
from ..notices import route
from ..outputs import BuildOptions
from ..resources import layouts_dir
from .incremental import GameBuild, build_project

Snapshot = dict[Path, tuple[int, int]]


def watched_folders(project: Project, game_ids: Sequence[str]) -> list[Path]:
    """The game folders (all of components/ when no game is named: a new game is seen too), the
    project's layouts and fonts."""
    root = project.root
    folders = [project.components_dir / g for g in game_ids] if game_ids else [project.components_dir]
    for extra in (root / "layouts", root / "fonts"):
        if extra.is_dir() and extra.resolve() != layouts_dir().resolve():
            folders.append(extra)
    return folders


def _inner(folder: Path, out_dir: Path | None) -> Path | None:
    """out_dir as a path under folder when the outputs are written inside a watched folder."""
    if out_dir is None:
        return None
    try:
        return folder / Path(out_dir).resolve().relative_to(folder.resolve())
    except (ValueError, OSError):
        return None


def snapshot(folders: Sequence[Path], out_dir: Path | None = None) -> Snapshot:
    """(size, mtime) of every file watched; the output folder's own files never count (a build that
    writes into a watched folder would otherwise see its own manifest as a change, for ever)."""
    out: Snapshot = {}
    for folder in folders:
        if not folder.is_dir():
            continue
        skip = _inner(folder, out_dir)
        for path in folder.rglob("*"):
            if path.name.startswith(".") or path.name.endswith("~") or "__pycache__" in path.parts:
                continue        # editors' swap and backup files
            if skip is not None and path.is_relative_to(skip):
                continue
            try:
                st = path.stat()
            except OSError:
                continue
            if path.is_file():
                out[path] = (st.st_size, st.st_mtime_ns)
    return out


def changes(before: Snapshot, after: Snapshot) -> list[tuple[str, Path]]:
    """("changed" | "added" | "removed", path), sorted by path."""
    out = [("changed" if p in before else "added", p) for p in after if before.get(p) != after[p]]
    out += [("removed", p) for p in before if p not in after]
    return sorted(out, key=lambda c: str(c[1]))


def _games_touched(project: Project, game_ids: Sequence[str], changed: list[tuple[str, Path]]) -> list[str]:
    """The games a change can affect: the game whose folder it is in; every game for layouts and fonts."""
    comps = project.components_dir.resolve()
    touched: set[str] = set()
    for _, path in changed:
        try:
            rel = path.resolve().relative_to(comps)
        except ValueError:
            return list(game_ids)                 # a layout or a font: every game may use it
        touched.add(rel.parts[0])
    if game_ids:
        return [g for g in game_ids if g in touched]
    return sorted(g for g in touched if (project.components_dir / g / "game.yaml").is_file())


def _display(project: Project, path: Path) -> str:
    try:
        return path.resolve().relative_to(project.root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


class Watcher:
    """Builds once, then on every change; ``run`` loops until ``stop`` is set (or Ctrl+C)."""

    def __init__(self, project_dir: Path, game_ids: Sequence[str], out_dir: Path, opts: BuildOptions | None = None,
                 *, interval: float = 0.1, preview: bool = True, echo: Callable[[str], None] = print):
        self.project_dir, self.game_ids, self.out_dir = Path(project_dir), list(game_ids), Path(out_dir)
        self.opts = opts or BuildOptions()
        self.interval, self.preview, self.echo = interval, preview, echo
        self.stop = threading.Event()
        self.rebuilds = 0
        self.serving: int | None = None         # the port of pnp watch --serve's page
        # told of each step as it happens: listen(event, details) with event "step" (a game's files of
        # one build step are in place: details game, step, files, build: its GameBuild), "built" (a rebuild is over: games,
        # seconds) or "problems" (it failed: problems, message); pnp watch --serve listens
        self.listeners: list[Callable[[str, dict[str, Any]], None]] = []

    def tell(self, event: str, **details: object) -> None:
        for listen in list(self.listeners):
            listen(event, details)

    def project(self) -> Project:
        return Project(self.project_dir)

    def build(self, game_ids: Sequence[str]) -> bool:
        """One incremental build; problems are printed, never raised.  True when it succeeded."""
        t = time.perf_counter()
        shown: set[tuple[str, str]] = set()     # (game, deck) whose preview is written

        def ready(step: str, b: GameBuild) -> None:
            """A step of a game is in place: its home sheets come before the rest, the rulebook last."""
            if step == "sheets" and b.drawn:
                self.echo(msg("watch.sheets_ready", game=b.game_id, seconds=f"{time.perf_counter() - t:.2f}",
                              files=", ".join(_display(self.project(), w.path) for w in b.drawn)))
            if self.preview and step in ("sheets", "all"):
                self._previews([b], shown)
            self.tell("step", game=b.game_id, step=step, files=[w.path for w in b.drawn], build=b)
        try:
            # one game after another in this process (jobs=1): watch runs beside other threads (the stop
            # event, a caller's), and forking a threaded process can copy a lock some thread holds into
            # a worker that then waits on it forever; a rebuild is mostly one edited game anyway.  Each
            # game's home sheets are put in place first, its rulebook last (ready): a card edit never
            # waits for the rulebook to be typeset again
            builds = build_project(self.project_dir, game_ids, self.out_dir, self.opts, jobs=1, ready=ready)
        except DataError as e:
            self.echo(str(e))
            self.echo(msg("watch.problems", n=len(e.problems)))
            self.tell("problems", problems=list(e.problems), message=str(e))
            return False
        except PnpError as e:
            self.echo(str(e))
            self.echo(msg("watch.fix_and_save"))
            self.tell("problems", problems=[], message=str(e))
            return False
        except Exception as e:  # noqa: BLE001 — a file saved half-way (an .xlsx mid-save) must not end the watch
            self.echo(msg("watch.build_stopped", error=f"{type(e).__name__}: {str(e)[:200]}"))
            self.echo(msg("watch.save_again"))
            return False
        seconds = time.perf_counter() - t
        for b in builds:
            for w in b.drawn:
                self.echo(msg("watch.drew" if w.pages == 1 else "watch.drew_pages", file=_display(self.project(), w.path),
                              pages=w.pages))
        drawn = sum(len(b.drawn) for b in builds)
        kept = sum(b.kept for b in builds)
        self.echo(msg("watch.built", games=", ".join(b.game_id for b in builds) or msg("word.nothing"),
                      seconds=f"{seconds:.2f}", drawn=drawn, kept=kept))
        if self.preview:
            self._previews(builds, shown)
        self.tell("built", games=[b.game_id for b in builds], seconds=seconds)
        return True

    def _previews(self, builds: list[GameBuild], shown: set[tuple[str, str]]) -> None:
        from .preview import write_contact_sheet
        for b in builds:
            if b.result is None:
                continue
            decks = sorted({w.unit.split("/")[1] for w in b.drawn if w.unit.startswith("deck/")})
            for deck in decks:
                if (b.game_id, deck) in shown:
                    continue
                shown.add((b.game_id, deck))
                path = self.project_dir / f"preview-{b.game_id}-{deck}.png"
                try:
                    written = write_contact_sheet(b.result.game, deck, path, 100)
                except PnpError as e:
                    self.echo(str(e))
                    continue
                self.echo(msg("watch.preview", file=_display(self.project(), written)))

    def run(self) -> None:
        previous = route(self.echo)         # a damaged cache, a stale output removed: said among the builds
        try:
            self._run()
        finally:
            route(previous)

    def _run(self) -> None:
        project = self.project()
        folders = watched_folders(project, self.game_ids)
        before = snapshot(folders, self.out_dir)
        self.build(self.game_ids)
        self.echo(msg("watch.watching", folders=", ".join(_display(project, f) for f in folders),
                      interval=f"{self.interval:g}"))
        while not self.stop.wait(self.interval):
            after = snapshot(folders, self.out_dir)
            if after == before:
                continue
            # a save may come in several writes: go on when the files have held still for one interval
            while not self.stop.wait(self.interval):
                settled = snapshot(folders, self.out_dir)
                if settled == after:
                    break
                after = settled
            found = changes(before, after)
            before = after
            for kind, path in found:
                self.echo(msg(f"watch.{kind}", file=_display(project, path)))
            games = _games_touched(project, self.game_ids, found)
            if games:
                self.rebuilds += 1
                self.build(games)
