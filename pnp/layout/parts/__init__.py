"""Parts → page plans: tracks, boards (tiled), cut-apart cards, token sheets, dice nets, bits lists,
tuck boxes.  One module per part kind; what every sheet shares is in ``common``, the entry points
that plan any part in ``part``.

Pure layout: every text is fitted here with the shared line breaker (``place_text``), every page is
a list of plan items in page coordinates (points, top-left origin, y down) including its furniture:
a label above the cut area (game, part, sheet x/y) and, on the first sheet of each file, a 100 mm
ruler to catch "fit to page" scaling."""
from __future__ import annotations

from .common import Group, PartItem, PartPage, PartPlan, Polygon
from .part import plan_part, plan_token_sheet

__all__ = ["Group", "PartItem", "PartPage", "PartPlan", "Polygon", "plan_part", "plan_token_sheet"]
