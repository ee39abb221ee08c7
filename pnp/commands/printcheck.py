"""``pnp build --check-print``: read the card and part PDFs of the kit back and compare them with the
plans they were drawn from (:mod:`pnp.render.printcheck`), before the files are moved into place.  A
misprint is reported like a data error, with the file, the page and the card, and the previous
generation of the kit stays as it was.

Every file the check covers is read back unless a verdict vouches for it: the files drawn in this
build always, a file kept from the last build when the manifest records no verdict made on its very
bytes by this pnp (its version and code).  A file that passes gets such a verdict (``Written.verdict``),
and the manifest keeps it with the file's sha256."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .. import __version__
from ..data.model import Deck, Game
from ..errors import DataError, Problem
from ..layout.card import DeckPlans
from ..layout.parts import PartPlan
from ..layout.plan import CardPlan
from ..layout.sheet import Grid, back_angle, impose
from ..layout.shopsheet import ShopSheet
from ..outputs import BuildOptions, Written, sha256
from ..render.bleedcheck import check_bleed, check_bleed_art
from ..render.printcheck import check_card_page, check_part_page, check_piece_page
from ..render.readback import PageRead, read_pdf
from ..render.shops import game_shop, shop_sheet
from ..units import mm
from .buildcache import CHECKED_KINDS

if TYPE_CHECKING:
    from .build import BuildPlan


def _shop_cards(sheet: ShopSheet | None, order: list[CardPlan], pages: list[PageRead],
                backs: bool) -> list[tuple[CardPlan, PageRead, float, float]]:
    """Each card side of a shop file with the page it is on and its trim's top-left there: one a page
    (the page's TrimBox), or on the shop's sheet (pnp.layout.shopsheet) sheet.per_sheet a page, a back
    in the slot behind its face; a deck's one back fills every slot of its one sheet."""
    if sheet is None:
        return [(plan, page, page.boxes["TrimBox"][0], page.boxes["TrimBox"][1]) for plan, page in zip(order, pages)]
    n = sheet.per_sheet
    out: list[tuple[CardPlan, PageRead, float, float]] = []
    if len(order) == 1 and not backs:
        for page in pages[:1]:
            out.extend((order[0], page, *sheet.slot(slot)) for slot in range(n))
        return out
    for k, plan in enumerate(order):
        sheet_no, slot = divmod(k, n)
        if sheet_no < len(pages):
            out.append((plan, pages[sheet_no], *sheet.slot(sheet.behind(slot) if backs else slot)))
    return out


def check_written(game: Game, plan: BuildPlan, files: list[Written], staging: Path, opts: BuildOptions,
                  kept: Sequence[Written] = (), out_dir: Path | None = None, code: str = "") -> None:
    """Read back every checked file just drawn (files, in staging) and every one kept (kept, in out_dir)
    that has no verdict; raise DataError naming every printed glyph that is not where its plan put it
    (grouped per file, page and card), else give each file read its verdict."""
    to_read: dict[str, Written] = {}
    for w in files:
        if w.kind in CHECKED_KINDS:
            to_read[w.path.relative_to(staging).as_posix()] = w
    for w in kept:
        if w.kind in CHECKED_KINDS and w.verdict is None and out_dir is not None:
            to_read.setdefault(w.path.relative_to(out_dir).as_posix(), w)
    rb = _ReadBack(game, to_read)
    cards_planned = {**plan.recheck, **plan.cards}
    for deck in game.decks:
        if deck.id not in cards_planned:
            continue
        _check_shop_cards(rb, deck, cards_planned[deck.id], shop_sheet(game_shop(game, opts.shop_profile), deck))
        if deck.id in plan.grids:
            _check_sheets(rb, deck, cards_planned[deck.id], plan.grids[deck.id], opts)
    parts = [*plan.parts, *plan.recheck_parts]
    for part in parts:
        _check_part(rb, part)
    for part in parts:
        _check_shop_part(rb, part)
    problems = rb.problems
    failed = {p.file.split("/", 1)[1] for p in problems}
    for name in sorted(failed - {w.path.relative_to(staging).as_posix() for w in files}):
        problems.append(Problem(f"{game.id}/{name}", 0, 0, "check-print",
                                "this file was kept from the last build, drawn without --check-print: "
                                "pnp build --clean draws it again"))
    for name in sorted(set(to_read) - rb.read):     # never vouched for without being read
        problems.append(Problem(f"{game.id}/{name}", 0, 0, "check-print",
                                "not read back: no plan of it was made in this build (build with --clean)"))
    if problems:
        raise DataError(problems)
    for name in rb.read:
        w = to_read[name]
        w.verdict = (sha256(w.path), __version__, code)
        w.read_back = True


@dataclass
class _ReadBack:
    """The files to read back (by name in the kit), those read so far, and what reading them found."""

    game: Game
    to_read: dict[str, Written]
    read: set[str] = field(default_factory=set)
    problems: list[Problem] = field(default_factory=list)

    def take(self, name: str) -> Path | None:
        """The file of this name to read back, once: None when it is not to be read or was read."""
        if name not in self.to_read or name in self.read:
            return None
        self.read.add(name)
        return self.to_read[name].path

    def report(self, name: str, page: int, card: str, found: list[str]) -> None:
        for line in found:
            self.problems.append(Problem(f"{self.game.id}/{name}", 0, 0, f"p{page} {card}".strip(), line))


def _check_shop_cards(rb: _ReadBack, deck: Deck, plans: DeckPlans, on_sheet: ShopSheet | None) -> None:
    """A deck's shop files: one card with its bleed a page, faces then back(s); on a shop's own sheet
    (``on_sheet``), each card at its slot."""
    faces, back = plans
    cards = deck.physical_cards()
    backs = plans.backs or {c.id: back for c in cards}
    shop = [(f"shop/{deck.id}-faces.pdf", [faces[c.id] for c in cards])]
    shop.append((f"shop/{deck.id}-back.pdf", [back]) if plans.uniform_back
                else (f"shop/{deck.id}-backs.pdf", [backs[c.id] for c in cards]))
    for name, order in shop:
        path = rb.take(name)
        if path is None:
            continue
        pages = read_pdf(path, paint=any(o.bleeds for o in order))
        for card_plan, page, left, top in _shop_cards(on_sheet, order, pages, name.endswith("-backs.pdf")):
            rb.report(name, page.number, card_plan.card_id or "back", check_card_page(card_plan, page, left, top))
            # a shop page is one card with its bleed: what runs off the cut must reach the bleed line
            rb.report(name, page.number, card_plan.card_id or "back", check_bleed(card_plan, page, left, top))


def _check_sheets(rb: _ReadBack, deck: Deck, plans: DeckPlans, grid: Grid, opts: BuildOptions) -> None:
    """A deck's home sheets: every card where the imposition put it, faces, backs or folded pairs."""
    name = f"{deck.id}-sheets.pdf"
    path = rb.take(name)
    if path is None:
        return
    faces, back = plans
    cards = deck.physical_cards()
    backs = plans.backs or {c.id: back for c in cards}
    layout = impose(len(cards), grid, opts.duplex, (mm(opts.back_offset_mm[0]), mm(opts.back_offset_mm[1])))
    for sheet, page in zip(layout, read_pdf(path)):
        for slot in sheet.slots:
            card = cards[slot.index]
            if sheet.side == "fold":      # the face on the left, its back mirrored about the fold
                placed = [(faces[card.id], slot.x, slot.angle),
                          (backs[card.id], grid.paper_w - slot.x - grid.card_w, back_angle(slot.angle))]
            else:
                placed = [((faces if sheet.side == "face" else backs)[card.id], slot.x, slot.angle)]
            for card_plan, x, angle in placed:
                rb.report(name, page.number, card_plan.card_id or "back",
                          check_card_page(card_plan, page, x, slot.y, reach=mm(0.5), angle=angle))


def _check_part(rb: _ReadBack, part: PartPlan) -> None:
    """A part's home sheets: every text where its plan put it."""
    name = f"parts-{part.part_id}.pdf"
    path = rb.take(name)
    if path is None:
        return
    for part_page, page in zip(part.pages, read_pdf(path)):
        rb.report(name, page.number, "", check_part_page(part_page.items, page))


def _check_shop_part(rb: _ReadBack, part: PartPlan) -> None:
    """A part's shop file: one piece with its bleed a page, its text where planned and inside the safe
    area, what runs off the cut on to the bleed line."""
    name = f"shop/parts-{part.part_id}.pdf"
    path = rb.take(name) if part.shop is not None else None
    if path is None:
        return
    for piece, page in zip(part.shop.pieces, read_pdf(path, paint=True)):
        left, top, right, bottom = page.boxes["TrimBox"]
        bleed = left - page.boxes["BleedBox"][0]
        rb.report(name, page.number, piece.name, check_piece_page(piece.items, piece.width, piece.height, page,
                                                                   left, top))
        rb.report(name, page.number, piece.name, check_bleed_art(piece.bleeds, piece.width, piece.height, bleed,
                                                                  page, left, top))
