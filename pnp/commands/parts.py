"""Building a game's parts (tracks, boards, cut-apart cards, tokens, dice, bits lists) into PDFs:
one file per part, ``parts-<part id>.pdf``, on the paper of BuildOptions."""
from __future__ import annotations

from pathlib import Path

from ..data.model import Game
from ..errors import DataError, PnpError, Problem
from ..layout.parts import PartPlan, plan_part, plan_token_sheet
from ..layout.sheet import PAPERS_MM
from ..outputs import BuildOptions, Written
from ..render.color import profile_for
from ..render.parts import write_part_pdf


def plan_parts(game: Game, opts: BuildOptions = BuildOptions(), parts: list | None = None) -> list[PartPlan]:
    """Plans of every part of the game (or those given); all problems of all parts raised together."""
    if opts.paper not in PAPERS_MM:
        raise PnpError(f"unknown paper {opts.paper!r} (papers: {', '.join(PAPERS_MM)})")
    plans, problems = [], []
    sheets: dict[str, list] = {}
    for part in game.parts:
        sheet = getattr(part, "sheet", "")
        if sheet:
            sheets.setdefault(sheet, []).append(part)
    ids = {p.id for p in game.parts}
    done: set[str] = set()
    for part in game.parts if parts is None else parts:
        sheet = getattr(part, "sheet", "")   # a shared sheet is planned whole, whichever of its parts changed
        try:
            if not sheet:
                plans.append(plan_part(game, part, opts.paper))
            elif sheet not in done:
                done.add(sheet)
                if sheet in ids and game.part(sheet) not in sheets[sheet]:
                    problems.append(Problem(part.where.file, part.where.line, part.where.col, "sheet",
                                            f"sheet {sheet!r} has the id of another part: both would be "
                                            f"parts-{sheet}.pdf"))
                    continue
                plans.append(plan_token_sheet(game, sheet, sheets[sheet], opts.paper))
        except DataError as e:
            problems.extend(e.problems)
    if problems:
        raise DataError(problems)
    return plans


def build_parts(game: Game, out_dir: Path, opts: BuildOptions = BuildOptions(),
                plans: list[PartPlan] | None = None) -> list[Written]:
    """Write out_dir/parts-<part id>.pdf for every part (kind "parts"; token parts that share a sheet:
    one parts-<sheet>.pdf); nothing is written unless
    every part plans cleanly.  Same input → same bytes.  plans: already made by plan_parts."""
    plans = plan_parts(game, opts) if plans is None else plans
    written = []
    for plan in plans:
        path = Path(out_dir) / f"parts-{plan.part_id}.pdf"
        profile = profile_for(game, opts.icc, opts.shop_profile) if opts.cmyk else None
        pages = write_part_pdf(plan.pages, path, f"{game.title} {plan.name}", opts.cmyk, profile)
        written.append(Written("parts", path, pages))
    return written
