"""``pnp build --check-print``: read every card and part PDF the build has just written back and
compare it with the plans it was drawn from (:mod:`pnp.render.printcheck`), before the files are
moved into place.  A misprint is reported like a data error, with the file, the page and the card,
and the previous generation of the kit stays as it was."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..data.model import Game
from ..errors import DataError, Problem
from ..layout.sheet import back_angle, impose
from ..outputs import BuildOptions, Written
from ..render.bleedcheck import check_bleed
from ..render.printcheck import check_card_page, check_part_page
from ..render.readback import read_pdf
from ..units import mm

if TYPE_CHECKING:
    from .build import BuildPlan


def check_written(game: Game, plan: BuildPlan, files: list[Written], staging: Path, opts: BuildOptions) -> None:
    """Raise DataError naming every printed glyph that is not where its plan put it."""
    problems: list[Problem] = []
    written = {w.path.relative_to(staging).as_posix(): w for w in files}

    def report(name: str, page: int, card: str, found: list[str]) -> None:
        for message in found:
            problems.append(Problem(f"{game.id}/{name}", 0, 0, f"p{page} {card}".strip(), message))

    for deck in game.decks:
        if deck.id not in plan.cards:
            continue
        plans = plan.cards[deck.id]
        faces, back = plans
        cards = deck.physical_cards()
        backs = plans.backs or {c.id: back for c in cards}
        shop = [(f"shop/{deck.id}-faces.pdf", [faces[c.id] for c in cards])]
        shop.append((f"shop/{deck.id}-back.pdf", [back]) if plans.uniform_back
                    else (f"shop/{deck.id}-backs.pdf", [backs[c.id] for c in cards]))
        for name, order in shop:
            if name not in written:
                continue
            for card_plan, page in zip(order, read_pdf(written[name].path, paint=any(o.bleeds for o in order))):
                left, top, _right, _bottom = page.boxes["TrimBox"]
                report(name, page.number, card_plan.card_id or "back", check_card_page(card_plan, page, left, top))
                # a shop page is one card with its bleed: what runs off the cut must reach the bleed line
                report(name, page.number, card_plan.card_id or "back", check_bleed(card_plan, page, left, top))
        name = f"{deck.id}-sheets.pdf"
        if name in written and deck.id in plan.grids:
            grid = plan.grids[deck.id]
            layout = impose(len(cards), grid, opts.duplex, (mm(opts.back_offset_mm[0]), mm(opts.back_offset_mm[1])))
            for sheet, page in zip(layout, read_pdf(written[name].path)):
                for slot in sheet.slots:
                    card = cards[slot.index]
                    if sheet.side == "fold":      # the face on the left, its back mirrored about the fold
                        placed = [(faces[card.id], slot.x, slot.angle),
                                  (backs[card.id], grid.paper_w - slot.x - grid.card_w, back_angle(slot.angle))]
                    else:
                        placed = [((faces if sheet.side == "face" else backs)[card.id], slot.x, slot.angle)]
                    for card_plan, x, angle in placed:
                        report(name, page.number, card_plan.card_id or "back",
                               check_card_page(card_plan, page, x, slot.y, reach=mm(0.5), angle=angle))
    for part in plan.parts:
        name = f"parts-{part.part_id}.pdf"
        if name not in written:
            continue
        for part_page, page in zip(part.pages, read_pdf(written[name].path)):
            report(name, page.number, "", check_part_page(part_page.items, page))
    if problems:
        raise DataError(problems)
