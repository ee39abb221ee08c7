"""A broken line's characters → a :class:`~pnp.text.spans.Line` of placed fragments, spread to the
measure when justified.

No space is added inside a number or a Latin word (``10`` ``1,000`` ``VP``): those gaps do not count
below, and their fragments carry ``char_space_pt = 0`` (draw each fragment with :func:`char_space`).

With ``justify=True`` every line that is not ``hard_end`` gets
``char_space_pt = (width_pt - natural) / (n_chars - 1)`` (never negative),
i.e. extra space after every character except the line's last one (with
``breaks="phrases"`` only up to :data:`PHRASE_JUSTIFY_MAX_EM`; beyond it 0).  Ruby
readings do not count as characters; spaces inside the line do.  For a
hanging line the hanging char is left out: ``natural`` excludes it, it is
not counted, and no space is added after the last non-hanging char, so the
last non-hanging char ends exactly at the margin and the hanging char sits
just past it.  The hanging char is always its own fragment.

``Fragment.x_pt`` is the fragment's start including all spacing before it;
``Fragment.width_pt`` is its natural width plus the spacing after each of its
characters except the line's last (non-hanging) char, so consecutive
fragments tile exactly: ``frag[k+1].x_pt == frag[k].x_pt + frag[k].width_pt``
and, for a justified non-hanging line, the widths sum to ``width_pt``.
Drawing with reportlab ``setCharSpace(line.char_space_pt)`` per fragment at
``x_pt`` reproduces the layout (the trailing char space reportlab adds after
a fragment's last glyph is harmless because every fragment is positioned
explicitly).
"""
from __future__ import annotations

from collections.abc import Sequence

from .flatten import Flat
from .kinsoku import DIG, LAT, NSEP, SP
from .spans import Fragment, Line, Span

__all__ = ["build_line", "char_space", "PHRASE_JUSTIFY_MAX_EM"]

# breaks="phrases" with justify: a line is spread only while each gap grows by at most this many ems
# of its largest size.  Kinsoku-only breaking never needed more than 0.08 em on the bundled cards;
# a line that ends at a phrase can be several ems short, and spread that far it reads as loose
# letter-spacing, so it is set ragged instead.
PHRASE_JUSTIFY_MAX_EM = 0.1


def char_space(line: Line, frag: Fragment) -> float:
    """The space to add after each character of frag when drawing it: the line's justification, or
    none inside a number or a Latin word (see :func:`_tight`)."""
    return line.char_space_pt if frag.char_space_pt is None else frag.char_space_pt


def _tight(fl: Flat, k: int) -> bool:
    """No justification space between chars k-1 and k: inside a number (「10」「1,000」「3.5」「１０」)
    or a Latin word (「VP」): spread there, 「10」 reads 「1 0」."""
    if fl.ruby_cont[k]:
        return False
    p, f = fl.flags[k - 1], fl.flags[k]
    if p & f & (LAT | DIG) and not (p | f) & SP:
        return True
    return bool(
        (p & DIG and f & NSEP and k + 1 < len(fl.flags) and fl.flags[k + 1] & DIG)
        or (p & NSEP and f & DIG and k >= 2 and fl.flags[k - 2] & DIG)
    )


def build_line(
    fl: Flat,
    spans: Sequence[Span],
    start: int,
    end: int,
    hang: bool,
    hard: bool,
    forced: bool,
    width_pt: float,
    justify: bool,
    max_space_em: float | None = None,
    indent: float = 0.0,
) -> Line:
    """One line; indent: it starts this far in (a hanging indent), its width_pt counting it."""
    if end <= start:
        return Line((), 0.0, 0.0, False, hard, forced)
    widths, chars, spn = fl.widths, fl.chars, fl.span
    natural = sum(widths[start:end])
    body_end = end - 1 if hang else end  # chars [start, body_end) are justified
    cs = 0.0
    tight: list[bool] = []
    if justify and not hard:
        body_nat = natural - widths[end - 1] if hang else natural
        cs, tight = _spacing(fl, spans, start, body_end, width_pt - indent - body_nat, max_space_em)
    frags, x = _fragments(fl, spans, start, body_end, indent, cs, tight)
    if hang:
        sp = spans[spn[end - 1]]
        frags.append(
            Fragment(chars[end - 1], sp.font, sp.size_pt, x, widths[end - 1], sp.style, sp.ruby, sp.color,
                     sp.icon)
        )
    return Line(tuple(frags), natural + indent, cs, hang, hard, forced)


def _spacing(fl: Flat, spans: Sequence[Span], start: int, body_end: int, slack: float,
             max_space_em: float | None) -> tuple[float, list[bool]]:
    """(space after each char, tight) that spreads the chars [start, body_end) over slack more than their
    natural width; tight[k - start]: no space between k-1 and k ([] when none is tight or nothing is added).
    No space where the line would come out looser than max_space_em of its largest size."""
    n = body_end - start
    if n < 2:
        return 0.0, []
    tight = [False] + [_tight(fl, k) for k in range(start + 1, body_end)]
    gaps = n - 1 - sum(tight)
    cs = slack / gaps if gaps > 0 else 0.0
    if cs < 0.0:
        cs = 0.0
    elif max_space_em is not None and cs > max_space_em * max(
        spans[fl.span[k]].size_pt for k in range(start, body_end)
    ):
        cs = 0.0  # a loose line reads worse than a ragged one
    return cs, (tight if cs and any(tight) else [])


def _fragments(fl: Flat, spans: Sequence[Span], start: int, body_end: int, x: float, cs: float,
               tight: list[bool]) -> tuple[list[Fragment], float]:
    """The fragments of chars [start, body_end) from x, one per run of one span and one spacing, and
    where the last one ends."""
    widths, chars, spn = fl.widths, fl.chars, fl.span
    frags: list[Fragment] = []
    k = start
    while k < body_end:
        si = spn[k]
        m = k + 1
        inner = None  # the space after each char inside this fragment (a tight run: 0)
        while m < body_end and spn[m] == si:
            if tight:
                g = 0.0 if tight[m - start] else cs
                if inner is None:
                    inner = g
                elif g != inner:
                    break
            m += 1
        nat = sum(widths[k:m])
        if cs:
            for j in range(k + 1, min(m + 1, body_end)):  # the gaps after k .. m-1, not past the line
                nat += 0.0 if tight and tight[j - start] else cs
        sp = spans[si]
        own = inner if tight and inner is not None and inner != cs else None
        frags.append(
            Fragment("".join(chars[k:m]), sp.font, sp.size_pt, x, nat, sp.style, sp.ruby, sp.color, sp.icon,
                     own)
        )
        x += nat
        k = m
    return frags, x
