"""Building a project's games the way ``pnp build`` and ``pnp watch`` do: a game none of whose files
changed is not even loaded, a loaded game redraws only the outputs whose key changed
(``pnp.commands.buildcache``), and every game is checked and planned before any file is put in place.  The
games are drawn side by side in forked worker processes (``jobs``; ``pnp.commands.workers``), the
largest first, each as soon as it is planned (while this process plans the next): a worker draws into
its staging folder and waits for the word that every game planned without a problem before it puts
its files in place; on a problem it removes them, and the build raises it as a build with one job
would.  Each game has its own staging folder, manifest and output folder, so no two touch one file."""
from __future__ import annotations

import glob
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import DataError, Problem
from ..outputs import BuildOptions, BuildResult, Written
from .buildcache import (
    FileHashes,
    GameCache,
    code_digest,
    file_hashes,
    fonts_digest,
    input_digest,
    options_digest,
    unchanged_outputs,
)

if TYPE_CHECKING:
    from ..data.model import Game
    from ..data.project import Project
    from .build import BuildPlan
    from .workers import Pool


def _clean_interrupted(game_out: Path, outputs: Sequence[Path]) -> None:
    """A game with nothing to redraw still loses what an interrupted build left (its staging folder beside
    out/<game>/, a set-aside folder in it, the hidden .NAME.XXXXXX.tmp of an output): the drawing code is
    imported, and the folder locked, only when something is there."""
    from ..outputs import PREVIOUS, STAGING, temp_leftover
    names: dict[Path, set[str]] = {}
    for path in outputs:
        names.setdefault(path.parent, set()).add(path.name)
    left = any(game_out.parent.glob(glob.escape(STAGING.format(game=game_out.name)) + "*")) or \
        any(game_out.glob(f"{PREVIOUS}*")) or \
        any(temp_leftover(tmp, wanted) for folder, wanted in names.items() for tmp in folder.glob(".*.tmp"))
    if left:
        from .build import clean_stale, locked
        with locked(game_out):
            clean_stale(game_out, names)


@dataclass
class GameBuild:
    """One game's part of a build: every file of its output (result.files), and which were drawn now."""

    result: BuildResult | None
    game_id: str
    files: list[Written]
    drawn: list[Written] = field(default_factory=list)
    loaded: bool = True
    cpu_s: float = 0.0      # CPU seconds its drawing took (in its worker, with --jobs): for benchmarks

    @property
    def kept(self) -> int:
        return len(self.files) - len(self.drawn)

    @property
    def read_back(self) -> int:
        """Files --check-print read back in this build."""
        return sum(w.read_back for w in self.files)

    @property
    def verdicts_reused(self) -> int:
        """Files --check-print did not read: their verdict, made on the same bytes by this pnp, holds."""
        return sum(w.verdict is not None and not w.read_back for w in self.files)


def build_project(project_dir: Path, game_ids: Sequence[str], out_dir: Path, opts: BuildOptions, *,
                  final: bool = False, force: bool = False, clean: bool = False,
                  tick: Callable[[str], None] = lambda _: None,
                  steps: Callable[[int], None] = lambda _: None, jobs: int = 1,
                  ready: Callable[[str, GameBuild], None] | None = None) -> list[GameBuild]:
    """Build the games (all of the project's when none are named) into out_dir/<game>/.  DataError with
    every problem of every game that had to be loaded, before any file is written.  clean: draw
    everything, whatever the last build recorded.  steps(n) is told how many steps the drawing takes.
    jobs: draw that many games at once in forked worker processes (never more than the games to draw;
    1, or a platform without fork: one after another in this process); the files are the same.
    ready (``pnp watch``): each game is put in place in steps, its home sheets first and its rulebook
    last (checked only then: ``build_game``), and ready(step, GameBuild so far) is told after each;
    the games are then drawn in this process, one after another."""
    project_dir = Path(project_dir)
    hashes = file_hashes(out_dir)
    code = code_digest(hashes)
    fonts = fonts_digest(project_dir, hashes, out_dir)
    complete = opts.cards and opts.rulebook and opts.sheets and opts.shop
    wanted = _wanted_games(project_dir, game_ids)
    done: dict[str, GameBuild] = {}
    inputs: dict[str, str] = {}
    for gid in wanted:
        folder = project_dir / "components" / gid
        if not (folder / "game.yaml").is_file():
            continue                        # loading it says what is wrong
        inputs[gid] = input_digest(project_dir, folder, options_digest(opts, final), hashes,
                                   code, fonts, out_dir)
        if not clean and complete:
            _reuse_unchanged(out_dir / gid, gid, inputs[gid], hashes, code, opts, done)
    todo = [gid for gid in wanted if gid not in done]
    if not todo:
        hashes.save()
        return [done[gid] for gid in wanted]
    # the layout, drawing and rulebook code is imported only when something is to be drawn
    from ..rulebook import has_rulebook
    from .build import build_game, plan_build
    loaded, problems = _load_games(project_dir, todo, final, force)
    from .workers import Pool, fork_available, wait_for_go
    jobs = min(jobs, len(loaded))
    forked = jobs > 1 and fork_available() and ready is None
    # the largest first, so that a small one, not a large one, is the last to start
    order = sorted(loaded, key=lambda g: (-_size(g), loaded.index(g))) if forked else loaded
    caches: dict[str, GameCache] = {}
    plans: dict[str, BuildPlan] = {}
    pool = Pool(jobs, tick) if forked else None
    existed = out_dir.exists()

    def task(game: Game) -> Callable[[Callable[[str], None]], _Drawn]:
        def draw(tick: Callable[[str], None]) -> _Drawn:       # runs in the worker
            known = dict(hashes.table)
            cache = caches[game.id]
            cpu = time.process_time()
            result = build_game(game, out_dir, opts, tick=tick, plan=plans[game.id], cache=cache, gate=wait_for_go)
            return _Drawn(result.files, cache.written, *_hashes_learnt(known, hashes), time.process_time() - cpu)
        return draw
    try:
        for game in order:     # every game planned before any file is put in place: all problems at once
            cache = caches[game.id] = GameCache(game, out_dir / game.id, opts, hashes, code, fonts, clean=clean)
            if complete:
                cache.inputs = inputs.get(game.id, "")
            try:
                plans[game.id] = plan_build(game, opts, cache, rulebook=ready is None)
            except DataError as e:
                problems.extend(e.problems)
            if pool is not None and not problems:
                # a worker draws it while the next game is planned; it puts nothing in place before
                # every game is planned (wait_for_go)
                pool.submit(game.id, task(game))
        _decide(pool, problems, out_dir, existed, hashes)
        steps(sum(len(g.decks) + bool(g.parts) + has_rulebook(g) for g in loaded) if opts.cards else
              sum(has_rulebook(g) for g in loaded))
        if pool is None:
            for game in loaded:
                done[game.id] = _draw_here(game, out_dir, opts, tick, plans[game.id], caches[game.id], ready)
        else:
            _take_drawn(pool, loaded, hashes, out_dir, done)
    finally:
        if pool is not None:
            pool.close()
    hashes.save()
    return [done[gid] for gid in wanted if gid in done]


def _decide(pool: Pool | None, problems: list[Problem], out_dir: Path, existed: bool, hashes: FileHashes) -> None:
    """Every game planned: the workers told whether to put their files in place; on a problem, what
    they drew is taken away and every problem raised."""
    if pool is not None:
        pool.decide(not problems)
    if problems:
        if pool is not None:
            _stopped(pool, out_dir, existed)
        hashes.save()
        raise DataError(problems)


def _draw_here(game: Game, out_dir: Path, opts: BuildOptions, tick: Callable[[str], None], plan: BuildPlan,
               cache: GameCache, ready: Callable[[str, GameBuild], None] | None) -> GameBuild:
    """One game drawn in this process (one job, no fork, or ``pnp watch``'s steps)."""
    from .build import build_game
    told = None if ready is None else _told(ready, cache)
    cpu = time.process_time()
    result = build_game(game, out_dir, opts, tick=tick, plan=plan, cache=cache, ready=told)
    return _game_build(result, cache.written, time.process_time() - cpu)


def _wanted_games(project_dir: Path, game_ids: Sequence[str]) -> list[str]:
    """The games named (each once: never by two workers), else every game of the project."""
    components = project_dir / "components"
    if game_ids:
        return list(dict.fromkeys(game_ids))
    if components.is_dir():
        return sorted(p.name for p in components.iterdir() if (p / "game.yaml").is_file())
    return _project(project_dir).game_ids()      # says there is no components/ folder


def _reuse_unchanged(game_out: Path, gid: str, inputs: str, hashes: FileHashes, code: str, opts: BuildOptions,
                     done: dict[str, GameBuild]) -> None:
    """A game whose inputs and outputs are as the last build left them: its files kept (in done), the
    game never loaded."""
    files = unchanged_outputs(game_out, inputs, hashes, code, opts.check_print)
    if files is not None:
        done[gid] = GameBuild(None, gid, files, loaded=False)
        _clean_interrupted(game_out, [w.path for w in files])


def _load_games(project_dir: Path, todo: Sequence[str], final: bool, force: bool) -> tuple[list[Game], list[Problem]]:
    """The games to draw, loaded (finalized when built final), and every problem loading them found: a
    game with data problems does not hide another's layout problems."""
    from .questions import finalize
    project = _project(project_dir)
    loaded: list[Game] = []
    layouts, problems = project.load_layouts_partly()
    for gid in todo:
        try:
            loaded.append(project.load_game(gid, layouts))
        except DataError as e:
            problems.extend(e.problems)
    return [finalize(g, force) if final or g.final else g for g in loaded], problems


def _take_drawn(pool: Pool, loaded: list[Game], hashes: FileHashes, out_dir: Path, done: dict[str, GameBuild]) -> None:
    """What the workers drew: each game's files, and the file hashes they learnt or forgot."""
    drawn = pool.results()
    for game in loaded:
        d = drawn[game.id]
        hashes.table.update(d.hashes)
        for key in d.forgotten:
            hashes.table.pop(key, None)
        hashes.dirty = hashes.dirty or bool(d.hashes or d.forgotten)
        done[game.id] = _game_build(BuildResult(game, out_dir / game.id, d.files), d.written, d.cpu_s)


def _stopped(pool: Pool, out_dir: Path, existed: bool) -> None:
    """Wait for the workers told to stop (a game has problems: the build raises its DataError, as
    before anything was drawn) to end; each removes its staging folder and the folders it made.  The
    output folder too when this build made it (two workers may each have found it made by the other)."""
    try:
        pool.results()
    except Exception:  # noqa: BLE001 — what a stopped worker met while drawing for nothing is not the build's error
        pass
    if not existed:
        try:
            out_dir.rmdir()
        except OSError:
            pass


def _told(ready: Callable[[str, GameBuild], None], cache: GameCache) -> Callable[[str, BuildResult], None]:
    return lambda step, result: ready(step, _game_build(result, cache.written))


def _game_build(result: BuildResult, written: list[Written], cpu_s: float = 0.0) -> GameBuild:
    return GameBuild(result, result.game.id, sorted(result.files, key=lambda w: w.path.as_posix()), list(written),
                     cpu_s=cpu_s)


@dataclass
class _Drawn:
    """What a worker sends back of one game: its files, those drawn, the file hashes it learnt."""

    files: list[Written]
    written: list[Written]
    hashes: dict[str, list[Any]]
    forgotten: list[str]
    cpu_s: float


def _hashes_learnt(known: dict[str, list[Any]], hashes: FileHashes) -> tuple[dict[str, list[Any]], list[str]]:
    """The entries of hashes.table added or changed since it was ``known``, and the keys dropped."""
    table = hashes.table
    return ({k: v for k, v in table.items() if known.get(k) != v}, [k for k in known if k not in table])


def _size(game: Game) -> int:
    """How much a game has to draw, roughly: the bytes of its sources (cards, parts, rulebook text)."""
    total = 0
    for root, _dirs, files in os.walk(game.folder):
        for name in files:
            try:
                total += os.stat(os.path.join(root, name)).st_size
            except OSError:
                pass
    return total


def _project(project_dir: Path) -> Project:
    from ..data.project import Project
    return Project(project_dir)
