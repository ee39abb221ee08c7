"""Where the rulebook's pages break: keep-together done by the layout, never by hand-placed page breaks.
A heading never ends a page, a paragraph that points down at a figure (「下の図のように」) is set on the
figure's page, an example box that fits on a page is never split (conditional breaks placed before them)."""
from __future__ import annotations

from reportlab.platypus import CondPageBreak
from reportlab.platypus.flowables import Flowable

from .flow import BoxFlow, CardFigure, DiagramFigure, Heading, PartFigure, TableFlow, TextBlock, TocFlow
from .page import PageSpec


def _keeps_whole(f: Flowable, width: float, frame_h: float) -> float:
    """The height of a flowable that must not be broken over two pages (0.0 for one that may be):
    a figure (they cannot split), a table of up to a quarter of a page (a taller one splits between
    rows rather than leave a gap), or an example box short enough for one page."""
    if isinstance(f, (CardFigure, DiagramFigure, PartFigure)) or (
            isinstance(f, BoxFlow) and f.kind == "example" and not f.continued):
        _, h = f.wrap(width, 1e6)
        return h if h <= frame_h else 0.0
    if isinstance(f, TableFlow):
        _, h = f.wrap(width, 1e6)
        return h if h <= frame_h / 4 else 0.0
    return 0.0


def _min_follow(f: Flowable, width: float, frame_h: float) -> float:
    """Height that must follow a heading on the same page: a whole figure, table or example box
    when it fits on a page, else two lines of text (or the first lines of a box)."""
    whole = _keeps_whole(f, width, frame_h)
    if whole:
        return whole
    if isinstance(f, TextBlock):
        f.wrap(width, 1e6)
        n = len(f._lines or ())
        return f.lead * (n if n < 4 else 2)
    if isinstance(f, BoxFlow):
        _, h = f.wrap(width, 1e6)
        return min(h, f.title_h + 2 * f.pad + 3 * f.theme.lead)
    if isinstance(f, TableFlow):          # a tall table: its header and two rows
        f.wrap(width, 1e6)
        return sum(f.row_h[:3])
    if isinstance(f, TocFlow):
        _, h = f.wrap(width, 1e6)
        return min(h, frame_h * 0.55)
    return 0.0


FIGURE = (CardFigure, DiagramFigure, PartFigure)
FIGURE_REFS = ("下の図", "次の図", "以下の図", "下図")   # a sentence that points down at the next figure


def _least_height(f: Flowable, width: float) -> float:
    """The height a figure takes at the smallest size it may shrink to (its full height when it
    never shrinks)."""
    _, full = f.wrap(width, 1e6)
    least: float = full
    for k in range(1, 21):
        _, h = f.wrap(width, full * (1 - 0.01 * k))
        if h > full * (1 - 0.01 * k) + 1e-6:
            break
        least = h
    f.wrap(width, 1e6)
    return least


def _refers_down(f: Flowable) -> bool:
    if not isinstance(f, TextBlock):
        return False
    text = "".join(sp.text for sp in f.spans)
    return any(w in text for w in FIGURE_REFS)


def figure_refs(story: list[Flowable], spec: PageSpec) -> list[Flowable]:
    """A paragraph that points down at a figure (「下の図のように」) is set on the page that holds the
    figure: before it a conditional break asks for room for the paragraph, what stands between them
    (up to the next heading) and the figure at the smallest size it may shrink to.  When that is more
    than a page, the paragraph is left where it falls."""
    out: list[Flowable] = []
    w, fh = spec.frame_w, spec.frame_h
    for i, f in enumerate(story):
        if _refers_down(f):
            need = 0.0
            for j in range(i, min(i + 6, len(story))):
                g = story[j]
                if isinstance(g, Heading) or (j > i and _refers_down(g)):
                    break
                if isinstance(g, FIGURE):
                    need += g.getSpaceBefore() + _least_height(g, w)
                    if need <= fh:
                        out.append(CondPageBreak(need))
                    break
                _, h = g.wrap(w, 1e6)
                need += h + (g.getSpaceBefore() if j > i else 0.0) + g.getSpaceAfter()
        out.append(f)
    return out


def _sticky(f: Flowable) -> bool:
    """Kept with what follows: a heading, or a note that introduces its section."""
    return isinstance(f, Heading) or getattr(f, "keep_with_next", False)


def keep_headings(story: list[Flowable], spec: PageSpec) -> list[Flowable]:
    """Keep-together, done by the layout and never by hand-placed page breaks:
    - a heading never ends a page: before it, a conditional break asks for room for the heading, any
      headings right after it and what must follow it on the same page (see ``_min_follow``);
    - an example box that fits on one page is never split: when the room left is too small, it moves
      whole to the next page (a taller box splits with the box left open)."""
    out: list[Flowable] = []
    w, fh = spec.frame_w, spec.frame_h
    for i, f in enumerate(story):
        if _sticky(f) and not (i and _sticky(story[i - 1])):
            heads = 0.0
            j = i
            while j < len(story) and _sticky(story[j]):
                h = story[j]
                _, hh = h.wrap(w, 1e6)
                heads += hh + h.getSpaceBefore() + h.getSpaceAfter()
                j += 1
            need = heads
            if j < len(story):
                follow = _min_follow(story[j], w, fh) + story[j].getSpaceBefore()
                # a short lead-in (three lines or fewer) stays with the figure it introduces
                if isinstance(story[j], TextBlock) and follow <= 3 * story[j].lead + story[j].getSpaceBefore() \
                        and j + 1 < len(story) and len(story[j]._lines) < 4:
                    whole = _keeps_whole(story[j + 1], w, fh)
                    if whole and heads + follow + whole + story[j + 1].getSpaceBefore() <= fh:
                        follow += story[j].getSpaceAfter() + story[j + 1].getSpaceBefore() + whole
                if heads + follow > fh:       # too tall for one page with its heading: two lines of it
                    follow = min(follow, 3 * spec.theme.size * spec.theme.leading)
                need += follow
            out.append(CondPageBreak(min(need, fh)))
        elif isinstance(f, BoxFlow) and f.kind == "example":
            whole = _keeps_whole(f, w, fh)
            if whole:
                out.append(CondPageBreak(whole + f.getSpaceBefore()))
        out.append(f)
    return out
