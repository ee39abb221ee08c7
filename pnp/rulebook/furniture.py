"""What every page carries besides the text: the cover's double frame, the running head (the title,
outside on each page) and the folio (the page number with an accent square); and the suit-mark forms,
defined on the first page before anything else is drawn."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ..data.model import Game
from ..errors import DataError
from ..layout.card import plan_deck
from ..text import fonts
from .flow import GREY, painter, text_line
from .page import MM, PageSpec
from .spans import named_spans


def prime_marks(c: Canvas, game: Game) -> None:
    """Define the painter's suit-mark forms before anything else is drawn on the first page: a form
    defined in the middle of a page that already uses transparency loses the page's ExtGState
    (reportlab), which showed as "ExtGState 'gRLs0' is unknown" and opaque watermarks."""
    from ..layout.plan import Mark, Rotated, TextBlock
    seen: dict[tuple[str, str, float], Mark] = {}

    def icon_marks(icons: Iterable[Any]) -> None:
        for icon in icons:
            if icon.shape is not None:
                seen.setdefault((icon.shape, icon.color, 1.0), Mark(icon.shape, 0, 0, 1, icon.color))

    def walk(items: Iterable[Any]) -> None:
        for it in items:
            if isinstance(it, Mark):
                seen.setdefault((it.shape, it.fill, it.opacity), it)
            elif isinstance(it, Rotated):
                walk(it.items)
            elif isinstance(it, TextBlock):      # inline icons of card text
                icon_marks(icon for _, icon in it.icons)

    icon_marks(game.icons.values())             # inline icons of the rulebook's text
    for deck in game.decks:
        try:
            plans = plan_deck(game, deck)
        except DataError:
            continue
        faces, back = plans
        for plan in [*faces.values(), back, *plans.backs.values()]:
            walk(plan.items)
    if not seen:
        return
    c.saveState()
    p = c.beginPath()
    p.rect(0, 0, 0, 0)
    c.clipPath(p, stroke=0, fill=0)
    for key in sorted(seen, key=repr):
        painter(c).mark(seen[key])
    c.restoreState()


def draw_cover_frame(c: Canvas, spec: PageSpec) -> None:
    """The cover's double rule in the accent colour, 8 mm inside the page."""
    th = spec.theme
    pw, ph = spec.size
    inset = 8 * MM
    c.saveState()
    c.setStrokeColor(HexColor(th.accent))
    c.setLineWidth(1.0)
    c.rect(inset, inset, pw - 2 * inset, ph - 2 * inset, stroke=1, fill=0)
    c.setLineWidth(0.4)
    c.rect(inset + 1.5 * MM, inset + 1.5 * MM, pw - 2 * inset - 3 * MM, ph - 2 * inset - 3 * MM, stroke=1, fill=0)
    c.restoreState()


def draw_head_and_folio(c: Canvas, spec: PageSpec, game: Game) -> None:
    """A body page's running head (title and subtitle, ruled under) and folio, both on the outside edge:
    right on odd pages, left on even ones."""
    th = spec.theme
    pw, ph = spec.size
    n = c.getPageNumber()
    odd = n % 2 == 1
    left, right = spec.margin_x, pw - spec.margin_x
    head_y = ph - spec.margin_top + 7 * MM
    fs = th.size * 0.78
    head = "　".join(x for x in (game.title, game.subtitle) if x)
    head_spans = named_spans(head, "gothic")
    c.saveState()
    text_line(c, head_spans, "gothic", fs, right if odd else left, head_y, "right" if odd else "left", GREY)
    c.setStrokeColor(th.tint(0.45))
    c.setLineWidth(0.4)
    c.line(left, head_y - fs * 0.7, right, head_y - fs * 0.7)
    folio_y = spec.margin_bottom - 11 * MM
    x = right if odd else left
    c.setFillColor(HexColor(th.accent))
    sq = fs * 0.55
    text_line(c, str(n), "gothic-bold", th.size, x, folio_y, "right" if odd else "left", th.ink)
    nw = fonts.measure(str(n), "gothic-bold", th.size)
    bx = (x - nw - sq - fs * 0.6) if odd else (x + nw + fs * 0.6)
    c.rect(bx, folio_y + th.size * 0.15, sq, sq, stroke=0, fill=1)
    c.restoreState()
