"""Building a game's print files: home sheets and print-shop pages per deck, and the manifest."""
from __future__ import annotations

import glob
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..data.model import Deck, Game
from ..errors import BuildError, DataError, PnpError, Problem
from ..files import inside, shown
from ..layout.card import DeckPlans, plan_deck
from ..layout.plan import CardPlan
from ..layout.sheet import Grid, impose, plan_fold_grid, plan_grid
from ..layout.shopsheet import ShopSheet
from ..limits import LOCK_WAIT_S, MAX_RENDER_PIXELS
from ..messages import did_you_mean, msg
from ..notices import notice
from ..outputs import (
    MANIFEST,
    PREVIOUS,
    STAGING,
    BuildOptions,
    BuildResult,
    ForeignOutput,
    Written,
    commit,
    read_manifest,
    temp_leftover,
    write_manifest,
)
from ..render.color import profile_for
from ..render.impose import SheetFile, card_piece
from ..render.impose import write_imposed_shop as draw_imposed
from ..render.impose import write_sheets as draw_sheets
from ..render.impose import write_shop as draw_shop
from ..render.pdf import reversed_small_text
from ..render.preflight import page_ranges
from ..render.shops import game_shop, imposition_problems, safe_area_problems, shop_sheet
from ..rulebook import build_rulebook, checked_rulebook, has_rulebook
from ..units import mm
from .parts import build_parts, plan_parts, shop_colour

if TYPE_CHECKING:
    from .buildcache import GameCache

MARKS = ("simple", "jp", "none")


def plan_game_cards(game: Game, decks: list[Deck] | None = None) -> dict[str, DeckPlans]:
    """Plans for every deck (or those given); every problem of every deck reported together."""
    plans: dict[str, DeckPlans] = {}
    problems: list[Problem] = []
    for deck in game.decks if decks is None else decks:
        try:
            plans[deck.id] = plan_deck(game, deck)
        except DataError as e:
            problems.extend(e.problems)
    if problems:
        raise DataError(problems)
    return plans


@dataclass
class BuildPlan:
    """Everything a build lays out before it writes a byte: card plans, each deck's sheet grid, the
    parts' pages.  ``plan_build`` finds every problem build would find at layout time, so ``pnp
    validate`` runs it too (and discards the plan)."""

    cards: dict[str, DeckPlans] = field(default_factory=dict)
    grids: dict[str, Grid] = field(default_factory=dict)
    parts: list[Any] = field(default_factory=list)
    rulebook: Any = None        # the parsed rulebook, checked (pnp.rulebook.markup.Document), when drawn
    # --check-print: plans of kept outputs with no verdict that holds, made only to read those files back
    recheck: dict[str, DeckPlans] = field(default_factory=dict)
    recheck_parts: list[Any] = field(default_factory=list)


def deck_kinds(opts: BuildOptions) -> list[str]:
    """The outputs a build makes of each deck (each a unit of the incremental build)."""
    return [k for k, on in (("sheets", opts.sheets), ("shop", opts.shop), ("png", opts.png), ("tts", opts.tts)) if on]


def sheet_grid(deck: Deck, opts: BuildOptions) -> Grid:
    w, h, gutter = deck.layout.width_pt, deck.layout.height_pt, mm(opts.gutter_mm)
    if opts.duplex == "fold":
        return plan_fold_grid(opts.paper, w, h, gutter)
    return plan_grid(opts.paper, w, h, gutter=gutter)


def plan_build(game: Game, opts: BuildOptions, cache: GameCache | None = None, *,
               rulebook: bool = True) -> BuildPlan:
    """Plan every output of build_game with opts; DataError with all problems of all outputs.  With an
    incremental build's cache, the outputs it can keep are not planned (they planned cleanly before,
    from the same inputs).  rulebook=False: the rulebook is left to be checked when it is typeset
    (a build that writes the cards first and the rulebook after, ``build_game(ready=...)``)."""
    if opts.marks not in MARKS:
        raise PnpError("--marks: " + msg("commands.unknown_marks", marks=opts.marks, known=MARKS,
                                         hint=did_you_mean(opts.marks, MARKS)))
    plan = BuildPlan()
    problems: list[Problem] = []
    if opts.cards:
        _plan_cards(game, opts, cache, plan, problems)
    if rulebook and opts.rulebook and has_rulebook(game) and (cache is None or not cache.rulebook_fresh()):
        plan.rulebook, found = checked_rulebook(game)
        problems.extend(found)
    if problems:
        raise DataError(problems)
    return plan


def _plan_cards(game: Game, opts: BuildOptions, cache: GameCache | None, plan: BuildPlan,
                problems: list[Problem]) -> None:
    """The cards' and parts' side of plan_build: the decks' plans and sheet grids, what the shop asks
    of them, the parts' pages, and (--check-print) the plans of kept outputs to read back."""
    decks = [d for d in game.decks if cache is None or not cache.deck_fresh(d, deck_kinds(opts))]
    try:
        plan.cards = plan_game_cards(game, decks)
    except DataError as e:
        problems.extend(e.problems)
    if opts.shop:
        problems.extend(_shop_problems(game, opts, plan))
    if cache is not None:
        for deck_id, planned in plan.cards.items():
            cache.note_plans(game.deck(deck_id), planned[0], planned[1], planned.backs)
    for deck in game.decks:
        problems.extend(_grid_problems(deck, opts, plan))
    parts = [p for p in game.parts if cache is None or not cache.part_fresh(p)]
    if game.parts:
        try:
            plan.parts = plan_parts(game, opts, parts)
        except DataError as e:
            problems.extend(e.problems)
    if opts.check_print and cache is not None:
        # a kept file is vouched for only by a verdict made on its bytes: without one it is read back,
        # against plans made again from the same inputs
        kinds = deck_kinds(opts)
        unread = [d for d in game.decks if d.id not in plan.cards and cache.deck_unverified(d, kinds)]
        drawn = {p.id for p in parts}
        unread_parts = [p for p in game.parts if p.id not in drawn and cache.part_unverified(p)]
        try:
            plan.recheck = plan_game_cards(game, unread)
            plan.recheck_parts = plan_parts(game, opts, unread_parts) if unread_parts else []
        except DataError as e:
            problems.extend(e.problems)


def _shop_problems(game: Game, opts: BuildOptions, plan: BuildPlan) -> list[Problem]:
    """What the print shop asks of the planned cards: text inside its safe area (a shop that asks 5 mm:
    pnp.render.shops), every deck's cards on its own sheet (pnp.layout.shopsheet), and an output
    profile that agrees with the condition game.yaml names (pnp.render.color)."""
    shop = game_shop(game, opts.shop_profile)
    problems = safe_area_problems(game, plan.cards, shop)
    problems.extend(imposition_problems(game, shop, from_game=not opts.shop_profile))
    try:
        profile_for(game, opts.icc, opts.shop_profile)
    except DataError as e:
        problems.extend(e.problems)
    return problems


def _grid_problems(deck: Deck, opts: BuildOptions, plan: BuildPlan) -> list[Problem]:
    """The deck's home-sheet grid (kept in plan.grids), and whether its cards fit the paper and, with
    --png, the pixel limit."""
    problems = []
    try:
        plan.grids[deck.id] = sheet_grid(deck, opts)
    except PnpError as e:
        problems.append(Problem(deck.file, 1, 1, "size", f"{e} (--paper {opts.paper})"))
    if opts.png:       # a 300 mm card at 1200 dpi would be a 200-million-pixel image
        w, h = (round(v * opts.dpi / 72) for v in (deck.layout.width_pt, deck.layout.height_pt))
        if w * h > MAX_RENDER_PIXELS:
            problems.append(Problem(deck.file, 1, 1, "size", f"at --dpi {opts.dpi} a card is {w}×{h} pixels; "
                                                             f"at most {MAX_RENDER_PIXELS:,} (lower --dpi)"))
    return problems


HOME_PAPERS = ("a4", "letter", "a3", "b5")      # every paper `pnp build --paper` offers
RULEBOOK_PAPERS = ("a5", "a4")




def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return pid > 0
    return True


def _left_by_dead_build(folder: Path, prefix: str) -> bool:
    """A staging or set-aside folder of pnp's whose build is over: its process is gone (a folder of
    another build still running is left alone), or it is of the older kind without a process id."""
    if not folder.is_dir() or folder.is_symlink():
        return False
    pid = folder.name[len(prefix):].split("-", 1)[0]
    return not pid.isdigit() or (int(pid) != os.getpid() and not _process_alive(int(pid)))


def clean_stale(out_dir: Path, names: dict[Path, set[str]] | None = None) -> None:
    """Remove what interrupted builds left: the staging folders beside out/<game>/ and the set-aside
    folders in it of builds no longer running, and (names: folder → the output names this build
    writes there) the hidden ``.NAME.XXXXXX.tmp`` files of those outputs (a kill -9 between writing
    and renaming).  Only pnp's own names are touched, never another file that ends in .tmp."""
    staging = STAGING.format(game=out_dir.name)
    if out_dir.parent.is_dir():
        for folder in out_dir.parent.glob(f"{glob.escape(staging)}*"):
            if _left_by_dead_build(folder, staging):
                shutil.rmtree(folder, ignore_errors=True)
    if not out_dir.is_dir():
        return
    for folder in out_dir.glob(f"{PREVIOUS}*"):
        if _left_by_dead_build(folder, PREVIOUS):
            shutil.rmtree(folder, ignore_errors=True)
    for folder, wanted in (names or {}).items():
        if not folder.is_dir() or folder.is_symlink() or not inside(out_dir, folder):
            continue
        for tmp in folder.glob(".*.tmp"):
            if temp_leftover(tmp, wanted) and tmp.is_file() and not tmp.is_symlink():
                tmp.unlink(missing_ok=True)


def check_out_folder(out_root: Path, game: Game) -> Path:
    """out/<game>/, refused where no build should write: the root of a file system (a game named tmp
    would put its files in /tmp), or a folder that is, holds or lies in the game's own folder."""
    out_root = Path(out_root)
    where = out_root.resolve()
    if where == Path(where.anchor):
        raise ForeignOutput(f"--out {out_root}: " + msg("commands.out_root"))
    out_dir = out_root / game.id
    source = Path(game.folder).resolve()
    target = out_dir.resolve()
    if target.is_relative_to(source) or source.is_relative_to(target):
        raise ForeignOutput(f"--out {out_root}: " + msg("commands.out_in_game", out=out_dir,
                                                        folder=game.where.file.rsplit("/", 1)[0]))
    return out_dir


@contextmanager
def locked(folder: Path) -> Iterator[None]:
    """One build at a time writes out/<game>/ (a second pnp waits for the first, at most LOCK_WAIT_S)."""
    try:
        import fcntl
    except ImportError:          # Windows: no advisory locks on folders
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        deadline = time.monotonic() + LOCK_WAIT_S
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise BuildError(f"{folder}: " + msg("commands.build_locked", seconds=LOCK_WAIT_S)) from None
                time.sleep(0.05)
        yield
    finally:
        os.close(fd)


def _as_output(name: str | None, staging: Path, out_dir: Path) -> str:
    """A path in the staging folder (or a temporary file there) as the output it becomes."""
    if not name:
        return str(out_dir)
    path = Path(name)
    if not path.is_relative_to(staging):
        return str(name)
    rel = path.relative_to(staging)
    m = re.match(r"^\.(.+)\.[A-Za-z0-9_]+\.tmp$", rel.name)
    if m:
        rel = rel.with_name(m.group(1))
    return str(out_dir / rel)


def build_game(game: Game, out_root: Path, opts: BuildOptions,
               tick: Callable[[str], None] = lambda _: None,
               extra_steps: list[Callable[[BuildResult], None]] | None = None,
               plan: BuildPlan | None = None, cache: GameCache | None = None,
               ready: Callable[[str, BuildResult], None] | None = None,
               gate: Callable[[], None] | None = None) -> BuildResult:
    """Plan everything, write into a staging folder beside out/<game>/, then put the files in place as
    one step (pnp.outputs.commit): a build that fails at any point, moving files included, leaves the
    previous generation (and its manifest) whole.  Outputs the last manifest recorded that this build
    no longer writes (a deleted card's PNG, a renamed deck's sheets) are removed; nothing else in the
    folder is touched.  cache (an incremental build): the units whose key is unchanged keep their files.

    ready (``pnp watch``, with a cache): the build goes in steps, each put in place as above before the
    next begins, and ready(step, result so far) is told after each: "sheets" (the decks' home sheets),
    "cards" (shop pages, PNG, TTS and parts), then "rulebook" when it is to be typeset again — checked
    only then, so a card edit never waits for the rulebook, and a rulebook problem (DataError) leaves
    the new cards beside the last good rulebook.  Until the last step the manifest keeps each file not
    yet redrawn under the key it was drawn with (an interrupted build redraws it next time), and only
    the last step records the inputs digest and removes stale outputs.  plan (when given) must then be
    made with ``plan_build(..., rulebook=False)``.  gate (a build worker's ``wait_for_go``): called
    with every file drawn, before any is put in place; it raises to stop the build (the staging
    folder and the folders this build made are removed)."""
    out_root = Path(out_root)
    out_dir = check_out_folder(out_root, game)
    read_manifest(out_dir, game.id)         # somebody else's folder: refused before anything is drawn
    steps = ["all"]
    if ready is not None and cache is not None and opts.cards:
        steps = (["sheets"] if opts.sheets else []) + ["cards"]
        if opts.rulebook and has_rulebook(game) and not cache.rulebook_fresh():
            steps.append("rulebook")
    if plan is None:
        plan = plan_build(game, opts, cache, rulebook="rulebook" not in steps)
    made = [p for p in (out_root, out_dir) if not p.exists()]
    out_dir.mkdir(parents=True, exist_ok=True)
    try:
        if cache is None:
            return _build_locked(game, out_root, out_dir, opts, tick, extra_steps, plan, cache, gate=gate)
        inputs = cache.inputs
        earlier: list[Written] = []
        for i, step in enumerate(steps):
            last = i == len(steps) - 1
            if step == "rulebook":
                plan.rulebook, found = checked_rulebook(game)
                if found:
                    raise DataError(found)
            cache.inputs = inputs if last else ""      # only the whole build stands for the game's inputs
            result = _build_locked(game, out_root, out_dir, opts, tick, extra_steps if step in ("all", "cards") else None,
                                   plan, cache, step, earlier, last, gate)
            earlier += cache.written
            cache.written = list(earlier)
            if ready is not None:
                ready(step, result)
        return result
    except BaseException:
        for folder in reversed(made):         # a first build that failed leaves no empty folder behind
            try:
                folder.rmdir()
            except OSError:
                pass
        raise


def _build_locked(game: Game, out_root: Path, out_dir: Path, opts: BuildOptions, tick: Callable[[str], None],
                  extra_steps: list[Callable[[BuildResult], None]] | None, plan: BuildPlan,
                  cache: GameCache | None, step: str = "all", earlier: list[Written] | None = None,
                  last: bool = True, gate: Callable[[], None] | None = None) -> BuildResult:
    """One step of build_game (step "all": the whole build); earlier: the files the steps before this
    one drew; last: this step completes the build."""
    with locked(out_dir):
        manifest = read_manifest(out_dir, game.id)
        clean_stale(out_dir)
        staging = Path(tempfile.mkdtemp(prefix=f"{STAGING.format(game=game.id)}{os.getpid()}-", dir=out_root))
        try:
            try:
                staged = _write_all(game, staging, opts, tick, extra_steps, plan, cache, step)
                if opts.check_print:    # a misprint never replaces the kit already in place
                    from .printcheck import check_written
                    check_written(game, plan, staged.files, staging, opts, cache.kept if cache else [], out_dir,
                                  cache.base[0] if cache else "")
                if opts.outline_text:   # after the check has read the text: pnp.render.outline
                    from ..render.outline import outline_shop_files
                    outline_shop_files(staged.files)
            except OSError as exc:      # a full disk while drawing: named as the output, not the staging file
                raise BuildError(f"{_as_output(exc.filename, staging, out_dir)}: " + msg(
                    "commands.build_os_error", why=(exc.errno, exc.strerror or str(exc)))) from None
            if gate is not None:
                gate()
            result = BuildResult(game, out_dir)
            moves = []
            for w in staged.files:
                final = out_dir / w.path.relative_to(staging)
                moves.append((w.path, final))
                result.files.append(replace(w, path=final))
            if cache is not None:
                cache.written = list(result.files)
                result.files.extend(earlier or [])
                result.files.extend(cache.kept)
            names: dict[Path, set[str]] = {out_dir: {MANIFEST}}
            for w in result.files:
                names.setdefault(w.path.parent, set()).add(w.path.name)
            clean_stale(out_dir, names)
            now = {w.path for w in result.files}
            # a partial build (--rulebook-only, a step before the last) keeps the rest of the kit
            partial = not opts.cards or not last
            stale = [p for p in manifest.recorded(out_dir) if p not in now] if not partial else []

            def finish() -> None:
                if cache is None:
                    write_manifest(result, keep_previous=partial)
                else:
                    write_manifest(result, keep_previous=partial, digest=cache.output_digest,
                                   extra=cache.manifest_fields())
            for path in commit(out_dir, moves, manifest, stale, finish):
                notice(f"{shown(path)}: " + msg("notice.stale_output_removed"))
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    return result


_STEP_KINDS = {"all": {"sheets", "shop", "png", "tts"}, "sheets": {"sheets"}, "cards": {"shop", "png", "tts"}}


def _write_all(game: Game, out_dir: Path, opts: BuildOptions, tick: Callable[[str], None],
               extra_steps: list[Callable[[BuildResult], None]] | None, plan: BuildPlan,
               cache: GameCache | None = None, step: str = "all") -> BuildResult:
    result = BuildResult(game, out_dir)
    if not opts.cards or step == "rulebook":    # --rulebook-only: fast iteration on the text
        result.files.extend(_write_rulebook(game, out_dir, opts, plan, cache))
        if step == "rulebook":
            tick(f"{game.id}/rulebook")
        return result
    wanted = _STEP_KINDS[step]
    for deck in game.decks:
        kept = cache.keep_deck(deck, deck_kinds(opts)) if cache else set()
        kept |= {k for k in _STEP_KINDS["all"] if k not in wanted}      # another step draws them
        if deck.id in plan.cards:            # else every output of the deck is kept (incremental build)
            written = _write_deck(game, deck, plan.cards[deck.id], result.out_dir, opts, kept)
            result.files.extend(written)
            if cache:
                cache.stamp_deck(deck, written)
        if step != "sheets":
            tick(f"{game.id}/{deck.id}")
    if step == "sheets":
        return result
    if game.parts:
        if cache:
            cache.keep_parts()
        written = build_parts(game, result.out_dir, opts, plan.parts)
        if cache:
            cache.stamp_parts(plan.parts, written)
        result.files.extend(written)
        tick(f"{game.id}/parts")
    # keep_rulebook() is asked before the step is: it records the kept rulebook files whatever the step
    if opts.rulebook and has_rulebook(game) and not (cache and cache.keep_rulebook()) and step == "all":
        result.files.extend(_write_rulebook(game, out_dir, opts, plan, cache))
        tick(f"{game.id}/rulebook")
    for step_fn in extra_steps or []:
        step_fn(result)
    return result


def _write_rulebook(game: Game, out_dir: Path, opts: BuildOptions, plan: BuildPlan,
                    cache: GameCache | None) -> list[Written]:
    """The rulebook's PDFs, unless the game has none or the incremental build keeps them."""
    if not has_rulebook(game) or (cache and cache.keep_rulebook()):
        return []
    written = build_rulebook(game, out_dir, opts.rulebook_paper, opts.cmyk, plan.rulebook)
    if cache:
        cache.stamp_rulebook(written)
    return written


def _write_deck(game: Game, deck: Deck, plans: DeckPlans, out_dir: Path, opts: BuildOptions,
                kept: set[str]) -> list[Written]:
    """The deck's outputs that opts asks for and the build does not keep: home sheets, shop pages,
    PNGs, Tabletop Simulator images."""
    faces, back = plans
    backs = plans.backs
    written: list[Written] = []
    if opts.sheets and "sheets" not in kept:
        path = out_dir / f"{deck.id}-sheets.pdf"
        written.append(Written("sheets", path, write_sheets(game, deck, faces, back, path, opts, backs)))
    if opts.shop and "shop" not in kept:
        written.extend(_write_deck_shop(game, deck, plans, out_dir / "shop", opts))
    if opts.png and "png" not in kept:
        from ..render.raster import write_card_pngs
        written.extend(Written("png", path, 1)
                       for path in write_card_pngs(deck, faces, back, out_dir / "png" / deck.id, opts.dpi, backs))
    if opts.tts and "tts" not in kept:
        from ..render.raster import write_tts
        written.extend(Written("tts" if path.suffix == ".png" else "tts-index", path, 1 if path.suffix == ".png" else 0)
                       for path in write_tts(deck, faces, back, out_dir / "tts", backs))
    return written


def _write_deck_shop(game: Game, deck: Deck, plans: DeckPlans, folder: Path, opts: BuildOptions) -> list[Written]:
    """The deck's print-shop pages: on the shop's own template (面付け: sheets of faces, backs behind),
    or one card side a page: the faces, and one back for the whole deck or each card's own back, paired
    with the faces page for page."""
    faces, back = plans
    backs = plans.backs
    sheet = shop_sheet(game_shop(game, opts.shop_profile), deck)
    if sheet is not None:
        return write_imposed(game, deck, sheet, [faces[c.id] for c in deck.physical_cards()],
                             [back] if plans.uniform_back else [backs[c.id] for c in deck.physical_cards()],
                             folder, opts)
    path = folder / f"{deck.id}-faces.pdf"
    order = [faces[c.id] for c in deck.physical_cards()]
    written = [Written("shop-faces", path, write_shop(game, deck, order, path, opts))]
    if plans.uniform_back:
        path = folder / f"{deck.id}-back.pdf"
        written.append(Written("shop-back", path, write_shop(game, deck, [back], path, opts)))
    else:
        path = folder / f"{deck.id}-backs.pdf"
        order = [backs[c.id] for c in deck.physical_cards()]
        written.append(Written("shop-backs", path, write_shop(game, deck, order, path, opts)))
    return written


# -- home sheets and print-shop pages (drawn by pnp.render.impose) ----------------------------------
def write_sheets(game: Game, deck: Deck, faces: dict[str, CardPlan], back: CardPlan, path: Path,
                 opts: BuildOptions, backs: dict[str, CardPlan] | None = None) -> int:
    """Home sheets; backs (card id → its back side) when cards have backs of their own, else back
    for every card.  Each back lands behind its own face: mirrored for long- or short-edge duplex,
    beside it for fold."""
    cards = deck.physical_cards()
    backs = backs or {c.id: back for c in deck.cards}
    grid = sheet_grid(deck, opts)
    offset = (mm(opts.back_offset_mm[0]), mm(opts.back_offset_mm[1]))
    pages = impose(len(cards), grid, opts.duplex, offset)
    uses: dict[int, int] = {}
    for card in cards:
        for plan in (faces[card.id], backs[card.id]):
            uses[id(plan)] = uses.get(id(plan), 0) + 1
    about = SheetFile(f"{game.title} {deck.name}", f"{game.title} ／ {deck.name}", opts.duplex, opts.marks != "none")
    return draw_sheets(path, grid, pages, lambda i: faces[cards[i].id], lambda i: backs[cards[i].id], uses, about,
                       opts.cmyk, profile_for(game, opts.icc, opts.shop_profile) if opts.cmyk else None)


def write_imposed(game: Game, deck: Deck, sheet: ShopSheet, faces: list[CardPlan], backs: list[CardPlan],
                  folder: Path, opts: BuildOptions) -> list[Written]:
    """The deck on the shop's own sheet: <deck>-faces.pdf, the faces in order, sheet.per_sheet a sheet;
    with one back (backs holds one plan) <deck>-back.pdf, one sheet of it in every slot, else
    <deck>-backs.pdf, a back sheet per face sheet with each back in the slot behind its face (columns
    mirrored for a long-edge flip)."""
    cmyk, profile = shop_colour(game, opts)
    n = sheet.per_sheet
    title = f"{game.title} {deck.name}"
    chunks = [list(range(i, min(i + n, len(faces)))) for i in range(0, len(faces), n)]
    face_pages = [[(k - chunk[0], card_piece(faces[k])) for k in chunk] for chunk in chunks]
    out = [Written("shop-faces", folder / f"{deck.id}-faces.pdf",
                   draw_imposed(folder / f"{deck.id}-faces.pdf", sheet, face_pages, title, game.designer, cmyk, profile))]
    if len(backs) == 1:
        back_pages = [[(slot, card_piece(backs[0])) for slot in range(n)]]
        name, kind = f"{deck.id}-back.pdf", "shop-back"
    else:
        back_pages = [sorted(((sheet.behind(k - chunk[0]), card_piece(backs[k])) for k in chunk), key=lambda t: t[0])
                      for chunk in chunks]
        name, kind = f"{deck.id}-backs.pdf", "shop-backs"
    out.append(Written(kind, folder / name, draw_imposed(folder / name, sheet, back_pages, title, game.designer,
                                                         cmyk, profile)))
    return out


def write_shop(game: Game, deck: Deck, plans: list[CardPlan], path: Path, opts: BuildOptions) -> int:
    """One card side per page, trim + bleed (and room for トンボ with --marks jp).  Whatever --color
    says (it governs the home sheets, parts and rulebook), a shop file is PDF/X-1a:2001: colour through
    the game's output profile for its shop (pnp.commands.parts.shop_colour, pnp.render.impose.write_shop)."""
    cmyk, profile = shop_colour(game, opts)
    reversed_out: dict[int, int] = {}
    if profile is not None:
        for number, plan in enumerate(plans, 1):
            if n := reversed_small_text(plan, profile):
                reversed_out[number] = n
    pages = draw_shop(path, [card_piece(p) for p in plans], deck.layout.bleed_pt, opts.marks,
                      f"{game.title} {deck.name}", game.designer, cmyk, profile)
    if reversed_out:
        notice(f"{game.id}: shop/{path.name}: 注意：12 pt 未満の白抜き文字 {sum(reversed_out.values())} 字（p.{page_ranges(reversed_out)}）が "
               f"3 版以上の地の上：版ずれで文字の縁に色が出る（地を 2 版以下の色にするか文字を 12 pt 以上に）")
    return pages
