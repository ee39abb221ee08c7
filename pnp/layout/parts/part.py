"""One part's pages: the entry points that plan any part kind (and a shared token sheet)."""
from __future__ import annotations

from typing import Any

from ...data.model import Game
from ...data.parts import Bits, Board, CutCard, Dice, Tokens, Track, TuckBox
from ...errors import DataError
from ..dice import DieNet
from ..sheet import paper_size
from .bits import plan_bits
from .board_tiles import plan_board
from .common import PartPage, PartPlan, Room, Writer, finish_pages
from .cutcard import plan_cut_card
from .dice import plan_dice
from .tokens import plan_tokens
from .track import plan_track
from .tuckbox import plan_tuckbox


def plan_token_sheet(game: Game, sheet: str, parts: list[Tokens], paper: str = "a4") -> PartPlan:
    """The token parts that name the same sheet (sheet: in their files), packed together: one file,
    as few pages as their tokens need."""
    pw, ph = paper_size(paper)
    room = Room(pw, ph)
    wr = Writer(parts[0].where)
    bodies = plan_tokens(game, parts, room, wr)
    name = "・".join(p.name for p in parts)
    holder = Tokens(sheet, name, parts[0].file, parts[0].where, tuple(g for p in parts for g in p.groups))
    body_texts = list(wr.texts)
    pages = finish_pages(game, holder, bodies, wr, marked=any(game.marked("part", p.id) for p in parts))
    if pages:
        first = pages[0]
        pages = (PartPage(first.width, first.height, first.items, tuple(body_texts) + first.texts),) + pages[1:]
    if wr.problems:
        raise DataError(wr.problems)
    return PartPlan(sheet, "tokens", pages, name=name, part_ids=tuple(p.id for p in parts))


def plan_part(game: Game, part: Any, paper: str = "a4") -> PartPlan:
    """Pages of one part; raises DataError with every problem found (text that does not fit, missing
    glyphs, a piece larger than the paper)."""
    pw, ph = paper_size(paper)
    room = Room(pw, ph)
    wr = Writer(part.where)
    tiling = None
    nets: list[DieNet] = []
    if isinstance(part, Track):
        bodies = plan_track(game, part, room, wr)
    elif isinstance(part, CutCard):
        bodies = plan_cut_card(game, part, room, wr)
    elif isinstance(part, Tokens):
        bodies = plan_tokens(game, part, room, wr)
    elif isinstance(part, Dice):
        bodies, nets = plan_dice(game, part, room, wr)
    elif isinstance(part, Board):
        bodies, tiling = plan_board(game, part, room, wr, paper)
    elif isinstance(part, Bits):
        bodies = plan_bits(game, part, room, wr)
    elif isinstance(part, TuckBox):
        bodies = plan_tuckbox(game, part, room, wr)
    else:  # pragma: no cover - the part kinds are closed
        raise TypeError(part)
    # every string drawn anywhere in the part: on each page (furniture added per page below)
    body_texts = list(wr.texts)
    pages = finish_pages(game, part, bodies, wr)
    if pages:
        pages = (PartPage(pages[0].width, pages[0].height, pages[0].items, tuple(body_texts) + pages[0].texts),) + pages[1:]
    if wr.problems:
        raise DataError(wr.problems)
    return PartPlan(part.id, part.kind, pages, tiling, tuple(nets), name=part.name, part_ids=(part.id,))
