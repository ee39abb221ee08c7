"""Building a game's parts (tracks, boards, cut-apart cards, tokens, dice, bits lists) into PDFs:
one file per part, ``parts-<part id>.pdf``, on the paper of BuildOptions."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from ..data.model import Game
from ..errors import DataError, PnpError, Problem
from ..layout.parts import PartPlan, plan_part, plan_token_sheet
from ..layout.sheet import PAPERS_MM
from ..layout.shopparts import SHOP_BLEED, plan_part_shop, plan_token_sheet_shop
from ..messages import did_you_mean, msg
from ..outputs import BuildOptions, Written
from ..render.color import ColorProfile, profile_for, shop_colors
from ..render.parts import write_part_pdf, write_part_shop


def shop_colour(game: Game, opts: BuildOptions) -> tuple[bool, ColorProfile | None]:
    """How every shop file is coloured, the cards' (pnp.commands.build.write_shop) and the parts'
    alike: (CMYK, the output profile), decided here once.  Whatever --color says (it governs the home
    sheets, parts and rulebook), a shop file is CMYK PDF/X-1a through the game's shop's profile."""
    return True, shop_colors(game, opts.icc, opts.shop_profile)


def plan_parts(game: Game, opts: BuildOptions = BuildOptions(), parts: list[Any] | None = None) -> list[PartPlan]:
    """Plans of every part of the game (or those given); all problems of all parts raised together."""
    if opts.paper not in PAPERS_MM:
        raise PnpError("--paper: " + msg("commands.unknown_paper", paper=opts.paper, papers=list(PAPERS_MM),
                                         hint=did_you_mean(opts.paper, PAPERS_MM)))
    plans, problems = [], []
    sheets: dict[str, list[Any]] = {}
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
                plan = plan_part(game, part, opts.paper)
                plans.append(replace(plan, shop=plan_part_shop(game, part)) if opts.shop else plan)
            elif sheet not in done:
                done.add(sheet)
                if sheet in ids and game.part(sheet) not in sheets[sheet]:
                    problems.append(Problem(part.where.file, part.where.line, part.where.col, "sheet",
                                            f"sheet {sheet!r} has the id of another part: both would be "
                                            f"parts-{sheet}.pdf"))
                    continue
                plan = plan_token_sheet(game, sheet, sheets[sheet], opts.paper)
                plans.append(replace(plan, shop=plan_token_sheet_shop(game, sheet, sheets[sheet]))
                             if opts.shop else plan)
        except DataError as e:
            problems.extend(e.problems)
    if problems:
        raise DataError(problems)
    return plans


def build_parts(game: Game, out_dir: Path, opts: BuildOptions = BuildOptions(),
                plans: list[PartPlan] | None = None) -> list[Written]:
    """Write out_dir/parts-<part id>.pdf for every part (kind "parts"; token parts that share a sheet:
    one parts-<sheet>.pdf) and, with opts.shop, its print-shop file out_dir/shop/parts-<part id>.pdf
    (kind "shop-parts": a piece a page, trim + bleed, トンボ with --marks jp, PDF/X with --color cmyk;
    a bits list has none); nothing is written unless every part plans cleanly.  Same input → same
    bytes.  plans: already made by plan_parts."""
    plans = plan_parts(game, opts) if plans is None else plans
    written = []
    for plan in plans:
        path = Path(out_dir) / f"parts-{plan.part_id}.pdf"
        profile = profile_for(game, opts.icc, opts.shop_profile) if opts.cmyk else None
        pages = write_part_pdf(plan.pages, path, f"{game.title} {plan.name}", opts.cmyk, profile)
        written.append(Written("parts", path, pages))
        if plan.shop is not None and plan.shop.pieces:
            path = Path(out_dir) / "shop" / f"parts-{plan.part_id}.pdf"
            cmyk, shop_profile = shop_colour(game, opts)
            pages = write_part_shop(plan.shop, path, SHOP_BLEED, opts.marks, f"{game.title} {plan.name}",
                                    game.designer, cmyk, shop_profile)
            written.append(Written("shop-parts", path, pages))
    return written
