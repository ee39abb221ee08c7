"""Imposition on a print shop's own sheet (面付け): where each card of a deck sits on a shop's
multi-up template, as numbers.  Some shops take only their own template — a sheet of a given size
holding columns × rows cards a gutter apart — with per-card トンボ around each card's trim.

The grid is centred on the sheet (a symmetric grid keeps a duplex drift equal on both sides), each
card keeps its full bleed, and each card's corner marks run from its bleed line outward into the
gutter, stopping short of the marks of the card beside it; the sheet's own centre marks sit in the
margin beyond the cards' marks.  The back of the card in slot i lands behind it: the back sheet
mirrors the columns (long-edge flip), which on a centred grid is the mirror image about the sheet's
vertical centre line.  Lengths in points unless the name says mm."""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..units import mm

CARD_MARK_MM = 5.0        # the longest per-card mark (the gutter may allow less)
LEAST_MARK_MM = 2.0       # a shorter mark is not found by a cutter
MARK_GAP_MM = 0.5         # between a card's marks and its neighbour's, which run towards them
CENTRE_GAP_MM = 1.0       # between the cards' marks and the sheet's centre mark
LEAST_CENTRE_MM = 2.0     # the shortest centre mark
CENTRE_MARK_MM = 6.0      # the longest centre mark (across the margin)
CENTRE_ARM_MM = 3.0       # half its cross bar


@dataclass(frozen=True)
class Imposition:
    """A shop's template: the sheet (mm), how many cards across and down (0: as many as fit), the gap
    between two cards' trims (mm, across and down) and whether each card gets its own トンボ."""

    sheet_w_mm: float
    sheet_h_mm: float
    columns: int = 0
    rows: int = 0
    gutter_mm: float = 12.0
    marks: bool = True


@dataclass(frozen=True)
class ShopSheet:
    """One deck's cards on a shop's sheet: where each slot's trim lies (points, from the sheet's
    top-left, y down), the per-card mark length (0: no marks) and the centre marks' length."""

    sheet_w: float
    sheet_h: float
    card_w: float
    card_h: float
    bleed: float
    gutter: float
    columns: int
    rows: int
    mark: float
    centre: float

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    @property
    def x0(self) -> float:
        return (self.sheet_w - self.columns * self.card_w - (self.columns - 1) * self.gutter) / 2

    @property
    def y0(self) -> float:
        return (self.sheet_h - self.rows * self.card_h - (self.rows - 1) * self.gutter) / 2

    def slot(self, index: int) -> tuple[float, float]:
        """The trim's top-left corner of slot index (row by row, from the top-left)."""
        row, column = divmod(index, self.columns)
        return self.x0 + column * (self.card_w + self.gutter), self.y0 + row * (self.card_h + self.gutter)

    def behind(self, index: int) -> int:
        """The slot of the back sheet behind slot index of the face sheet (long-edge flip: columns mirrored)."""
        row, column = divmod(index, self.columns)
        return row * self.columns + (self.columns - 1 - column)


def _mark_mm(gutter_mm: float, bleed_mm: float) -> float:
    return min(CARD_MARK_MM, (gutter_mm - 2 * bleed_mm) / 2 - MARK_GAP_MM)


def margin_needed_mm(imposition: Imposition, bleed_mm: float) -> float:
    """From the sheet's edge to the nearest trim, the least room: the bleed, the card's marks, and the
    sheet's centre mark beyond them."""
    if not imposition.marks:
        return bleed_mm
    return bleed_mm + _mark_mm(imposition.gutter_mm, bleed_mm) + CENTRE_GAP_MM + LEAST_CENTRE_MM


def gutter_needed_mm(imposition: Imposition, bleed_mm: float) -> float:
    """The least gutter: two bleeds, and with marks two least marks and the gap between them."""
    return 2 * bleed_mm + (2 * (LEAST_MARK_MM + MARK_GAP_MM) if imposition.marks else 0.0)


def fit(length_mm: float, card_mm: float, gutter_mm: float, margin_mm: float) -> int:
    """How many cards of card_mm fit along length_mm, gutter_mm apart, margin_mm clear at both ends."""
    room = length_mm - 2 * margin_mm + gutter_mm
    return max(0, math.floor(room / (card_mm + gutter_mm) + 1e-9))


def plan_shop_sheet(imposition: Imposition, card_w_mm: float, card_h_mm: float, bleed_mm: float) -> ShopSheet | None:
    """The sheet for cards of card_w_mm × card_h_mm with bleed_mm, or None when they do not fit
    (pnp.render.shops.imposition_problems says why, in the designer's words)."""
    imp = imposition
    if imp.gutter_mm < gutter_needed_mm(imp, bleed_mm) - 1e-9:
        return None
    margin = margin_needed_mm(imp, bleed_mm)
    columns = imp.columns or fit(imp.sheet_w_mm, card_w_mm, imp.gutter_mm, margin)
    rows = imp.rows or fit(imp.sheet_h_mm, card_h_mm, imp.gutter_mm, margin)
    if columns < 1 or rows < 1:
        return None
    need_w = columns * card_w_mm + (columns - 1) * imp.gutter_mm + 2 * margin
    need_h = rows * card_h_mm + (rows - 1) * imp.gutter_mm + 2 * margin
    if need_w > imp.sheet_w_mm + 1e-9 or need_h > imp.sheet_h_mm + 1e-9:
        return None
    mark = _mark_mm(imp.gutter_mm, bleed_mm) if imp.marks else 0.0
    free = min(imp.sheet_w_mm - need_w, imp.sheet_h_mm - need_h) / 2 + LEAST_CENTRE_MM
    centre = min(CENTRE_MARK_MM, free) if imp.marks else 0.0
    return ShopSheet(mm(imp.sheet_w_mm), mm(imp.sheet_h_mm), mm(card_w_mm), mm(card_h_mm), mm(bleed_mm),
                     mm(imp.gutter_mm), columns, rows, mm(mark), mm(centre))
