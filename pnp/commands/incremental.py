"""Building a project's games the way ``pnp build`` and ``pnp watch`` do: a game none of whose files
changed is not even loaded, a loaded game redraws only the outputs whose key changed
(``pnp.buildcache``), and every game is checked and planned before anything is written."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..buildcache import (
    GameCache,
    code_digest,
    file_hashes,
    fonts_digest,
    input_digest,
    options_digest,
    unchanged_outputs,
)
from ..errors import DataError, Problem
from ..outputs import BuildOptions, BuildResult, Written

if TYPE_CHECKING:
    from ..data.model import Game
    from ..data.project import Project


@dataclass
class GameBuild:
    """One game's part of a build: every file of its output (result.files), and which were drawn now."""

    result: BuildResult | None
    game_id: str
    files: list[Written]
    drawn: list[Written] = field(default_factory=list)
    loaded: bool = True

    @property
    def kept(self) -> int:
        return len(self.files) - len(self.drawn)


def build_project(project_dir: Path, game_ids: Sequence[str], out_dir: Path, opts: BuildOptions, *,
                  final: bool = False, force: bool = False, clean: bool = False,
                  tick: Callable[[str], None] = lambda _: None,
                  steps: Callable[[int], None] = lambda _: None) -> list[GameBuild]:
    """Build the games (all of the project's when none are named) into out_dir/<game>/.  DataError with
    every problem of every game that had to be loaded, before any file is written.  clean: draw
    everything, whatever the last build recorded.  steps(n) is told how many steps the drawing takes."""
    project_dir = Path(project_dir)
    components = project_dir / "components"
    hashes = file_hashes(out_dir)
    code = code_digest(hashes)
    fonts = fonts_digest(project_dir, hashes)
    complete = opts.cards and opts.rulebook and opts.sheets and opts.shop
    if game_ids:
        wanted = list(game_ids)
    elif components.is_dir():
        wanted = sorted(p.name for p in components.iterdir() if (p / "game.yaml").is_file())
    else:
        wanted = _project(project_dir).game_ids()      # says there is no components/ folder
    done: dict[str, GameBuild] = {}
    inputs: dict[str, str] = {}
    for gid in wanted:
        folder = components / gid
        if not (folder / "game.yaml").is_file():
            continue                        # loading it says what is wrong
        inputs[gid] = input_digest(project_dir, folder, options_digest(opts, final), hashes,
                                   code, fonts)
        if clean or not complete:
            continue
        files = unchanged_outputs(out_dir / gid, inputs[gid], hashes)
        if files is not None:
            done[gid] = GameBuild(None, gid, files, loaded=False)
    todo = [gid for gid in wanted if gid not in done]
    if not todo:
        hashes.save()
        return [done[gid] for gid in wanted]
    # the layout, drawing and rulebook code is imported only when something is to be drawn
    from ..rulebook import has_rulebook
    from .build import build_game, plan_build
    from .questions import finalize
    problems: list[Problem] = []
    loaded: list[Game] = []
    project = _project(project_dir)
    if todo:
        layouts, problems = project.load_layouts_partly()
        for gid in todo:        # a game with data problems does not hide another's layout problems
            try:
                loaded.append(project.load_game(gid, layouts))
            except DataError as e:
                problems.extend(e.problems)
    loaded = [finalize(g, force) if final or g.final else g for g in loaded]
    caches, plans = {}, {}
    for game in loaded:     # every game planned before any file is written: all problems at once
        cache = caches[game.id] = GameCache(game, out_dir / game.id, opts, hashes, code, fonts, clean=clean)
        if complete:
            cache.inputs = inputs.get(game.id, "")
        try:
            plans[game.id] = plan_build(game, opts, cache)
        except DataError as e:
            problems.extend(e.problems)
    if problems:
        hashes.save()
        raise DataError(problems)
    steps(sum(len(g.decks) + bool(g.parts) + has_rulebook(g) for g in loaded) if opts.cards else
          sum(has_rulebook(g) for g in loaded))
    for game in loaded:
        cache = caches[game.id]
        result = build_game(game, out_dir, opts, tick=tick, plan=plans[game.id], cache=cache)
        done[game.id] = GameBuild(result, game.id, sorted(result.files, key=lambda w: w.path.as_posix()),
                                  list(cache.written))
    hashes.save()
    return [done[gid] for gid in wanted if gid in done]


def _project(project_dir: Path) -> Project:
    from ..data.project import Project
    return Project(project_dir)
