"""Japanese line breaking (JLREQ kinsoku) shared by cards and rulebooks.

Pure Python: nothing here imports reportlab.  Callers pass a ``measure``
function ``measure(text, font_name, size_pt) -> advance width in pt`` (for
reportlab: ``pdfmetrics.stringWidth``).

Model
-----
* Text is a sequence of :class:`Span` (one style each).  It is flattened to
  characters; every character is measured once per ``(char, font, size)``
  (widths are assumed additive, which holds for reportlab's ``stringWidth``:
  it applies no kerning).  A span with ``ruby`` is one unbreakable unit.
* Between two adjacent characters a *break opportunity* exists unless a rule
  forbids it:

  - the next char may not start a line (:data:`NO_START_CHARS`),
  - the previous char may not end a line (:data:`NO_END_CHARS`),
  - both are Latin-like (a Latin word / ASCII number breaks only at spaces),
  - both are full-width digits (also ``１，０００`` / ``３．５``),
  - the pair is ``——`` ``……`` ``‥‥`` ``――``,
  - a digit followed by a postfix unit (``％ ℃ ° ‰ ′ ″ ¢``) or a prefix
    (``¥ ￥ $ ＄ £ € №``) followed by a digit,
  - both are inside the same ruby span,
  - an inline icon (a :class:`Span` with ``icon``: one character, :data:`ICON_EM`
    wide, never measured) next to a digit or another icon (``:coin:3``,
    ``3:coin:``, a row of cost icons stay together); otherwise an icon breaks
    like an ideograph, and kinsoku of the characters around it still holds.

  A break is never placed *before* an ASCII space; it goes after the space
  run, and the spaces at a soft break are dropped.

* Lines are filled greedily.  When a character overflows the line:

  1. if a break is allowed right before it, break there;
  2. else, if it is one of :data:`HANGING_CHARS` (``、。，．,.``),
     ``allow_hanging`` is on and a break is allowed right after it, it hangs
     past the right margin (ぶら下げ; one char at most);
  3. else break at the last break opportunity on the line (追い出し);
  4. else (no opportunity on the whole line, e.g. an over-long Latin word)
     force a break between characters, preferring a position that does not
     start the next line with a NO_START char nor end this one with a NO_END
     char.  Such lines have ``Line.forced = True``.  A ruby unit is never
     split; a ruby unit (or a single char) wider than the line overflows it
     (``Line.width_pt > width_pt``; :func:`fit_text` treats that as not
     fitting).

* ``breaks`` (:func:`break_spans`, :func:`fit_text`) says which break
  opportunities count on top of kinsoku:

  - ``"chars"``: kinsoku alone (any other pair of characters may break).
  - ``"units"`` (the default; rulebooks and reports): a number stays with
    what follows it: no break between a digit and a letter (kanji, kana,
    Latin, a squared unit: ``5人`` ``3枚`` ``1ダメージ`` ``3を``), between a
    sign or 第 and a digit (``＋２`` ``－1`` ``×2`` ``第3``), nor before the 目 of
    ``5列目``.  And no line holds only a paragraph's closing punctuation
    (``……」``): a break after the paragraph's last content character
    (anything that is not punctuation or space) is taken only where no
    other legal break is on the line (before a forced break).  A range of
    numbers stays whole (``2〜5``: no break after the 〜).  A katakana word
    is not split: it moves whole to the next line; a compound of
    :data:`KATAKANA_WORDS` (``スタート｜プレイヤー``) breaks between its words
    only where moving it whole would spread the line by more than
    :data:`COMPOUND_LOOSE_EM`; a katakana word wider than the line breaks
    inside before any forced break.
  - ``"phrases"`` (cards, aids, parts): also breaks only where a phrase
    starts (BudouX's Japanese model; each paragraph's segmentation is
    cached) or after a space (ASCII or ideographic).  A phrase wider than the line falls
    back to the "units" opportunities inside it (it is broken where it
    would have to be anyway, and the line before it is filled rather than
    left short), preferring one that splits no katakana word and no kanji
    from the kana after it; a hanging ``、。`` needs a phrase break after it.  With
    ``justify=True`` a line is spread only while the space added after each
    character stays within :data:`PHRASE_JUSTIFY_MAX_EM` of the line's
    largest size; a line that ends far short of the margin at a phrase is
    left ragged (``char_space_pt == 0``) rather than letter-spaced.

* In "units" and "phrases" a paragraph's last line holds at least
  :data:`MIN_LAST_CHARS` characters when the line before can give them
  (追い出し: that line breaks at its latest legal break that leaves enough;
  「す。」 never ends a paragraph alone; ``last_line=BOOK_LAST_LINE``, the
  rulebook's rule, asks for 4 characters, 2 of them not punctuation, so
  「ます。」「ん）。」 do not either), and a paragraph that starts with a
  list marker (:data:`LIST_MARKERS`: ``◆ ・ ※`` …) sets its following lines
  under its text (ぶら下げインデント; ``Fragment.x_pt`` and ``Line.width_pt``
  count the indent).

* ``\\n`` is a hard break (``\\r\\n`` / ``\\r`` are accepted too).  Every ``\\n``
  starts a new line, so ``"a\\n"`` gives two lines (the second empty) and
  ``"a\\n\\nb"`` has an empty line in the middle.  Empty input gives ``[]``.
* ASCII spaces at the end of every line are dropped, as are spaces at the
  start of wrapped lines.  Leading spaces of a hard line (indent) are kept.

Justification
-------------
With ``justify=True`` a line that is not ``hard_end`` is spread to the measure, never inside a number
or a Latin word; the rules, and how fragments tile a line, are in :mod:`pnp.text.justify`.

fit_text height
---------------
``block_height(n, size, leading) = size + (n - 1) * size * leading`` (0 for
no lines): one em for the first line plus one line advance per further line.
With the first baseline at ``top + 0.88 * size`` the last line's descent
(``0.12 * size``) ends exactly at ``top + height``.

Modules
-------
This module is the front: the calls and types every caller imports from here.  The work is done in

* :mod:`pnp.text.spans`: :class:`Span` in, :class:`Line` of :class:`Fragment` out;
* :mod:`pnp.text.kinsoku`: the character classes (kinsoku tables) and the flag bits the breaker reads;
* :mod:`pnp.text.flatten`: spans → one row per character, measured, with its break opportunity;
* :mod:`pnp.text.phrases`: BudouX's phrases (breaks "phrases", :func:`phrase_cut`);
* :mod:`pnp.text.paragraph`: the breaker, one paragraph at a time, and 追い出し;
* :mod:`pnp.text.justify`: a broken line → placed fragments, spread when justified.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .flatten import ICON_EM, flatten
from .justify import PHRASE_JUSTIFY_MAX_EM, build_line, char_space
from .kinsoku import (
    HANGING_CHARS,
    INSEPARABLE_CHARS,
    KATAKANA_WORDS,
    LIST_MARKERS,
    NO_END_CHARS,
    NO_START_CHARS,
    compound_boundary,
)
from .paragraph import BOOK_LAST_LINE, COMPOUND_LOOSE_EM, MIN_LAST_CHARS, break_paragraph, hang_indent
from .phrases import mark_phrases, phrase_cut, phrase_starts
from .spans import Breaks, Fragment, Line, Measure, Span, WidthCache

__all__ = [
    "Measure",
    "Breaks",
    "WidthCache",
    "Span",
    "Fragment",
    "Line",
    "FitResult",
    "TextDoesNotFit",
    "break_spans",
    "break_text",
    "fit_text",
    "block_height",
    "char_space",
    "compound_boundary",
    "phrase_cut",
    "phrase_starts",
    "BOOK_LAST_LINE",
    "MIN_LAST_CHARS",
    "COMPOUND_LOOSE_EM",
    "KATAKANA_WORDS",
    "LIST_MARKERS",
    "NO_START_CHARS",
    "NO_END_CHARS",
    "HANGING_CHARS",
    "INSEPARABLE_CHARS",
    "ICON_EM",
    "PHRASE_JUSTIFY_MAX_EM",
]

_EPS = 1e-9

@dataclass(frozen=True)
class FitResult:
    size_pt: float  # base size actually used
    leading_pt: float  # baseline-to-baseline advance = size_pt * leading
    lines: list[Line]
    height_pt: float  # block_height(len(lines), size_pt, leading)


class TextDoesNotFit(Exception):
    """Text does not fit even at the smallest allowed size."""

    def __init__(
        self,
        needed_height_pt: float,
        available_height_pt: float,
        size_pt: float,
        *,
        widest_line_pt: float = 0.0,
        available_width_pt: float = 0.0,
    ) -> None:
        self.needed_height_pt = needed_height_pt
        self.available_height_pt = available_height_pt
        self.size_pt = size_pt
        self.widest_line_pt = widest_line_pt
        self.available_width_pt = available_width_pt
        msg = (
            f"text needs {needed_height_pt:.2f}pt height at {size_pt:g}pt "
            f"but only {available_height_pt:.2f}pt is available"
        )
        if widest_line_pt > available_width_pt + _EPS:
            msg += (
                f"; a line/unit is {widest_line_pt:.2f}pt wide but only "
                f"{available_width_pt:.2f}pt is available"
            )
        super().__init__(msg)


def break_spans(
    spans: Sequence[Span],
    width_pt: float,
    measure: Measure,
    *,
    justify: bool = False,
    allow_hanging: bool = True,
    width_cache: WidthCache | None = None,
    breaks: Breaks = "units",
    last_line: tuple[int, int] = (MIN_LAST_CHARS, 0),
) -> list[Line]:
    """Break styled text into lines of at most ``width_pt``.

    ``width_cache`` may be shared between calls *with the same measure
    function* (e.g. across a whole deck) to measure each (char, font, size)
    only once; by default a fresh cache is used per call.

    ``breaks`` chooses where lines may break (see "Breaks" in the module's doc):
    ``"chars"`` kinsoku alone, ``"units"`` (the default) also keeps numbers
    with their units and signs and leaves no line of punctuation alone,
    ``"phrases"`` also breaks only between phrases where a phrase fits a line.

    ``last_line`` = (characters, of them not punctuation): the least a paragraph's last line holds
    when the line before can give it more (追い出し); the rulebook passes :data:`BOOK_LAST_LINE`.
    """
    if breaks not in ("chars", "units", "phrases"):
        raise ValueError(f"breaks must be 'chars', 'units' or 'phrases', not {breaks!r}")
    key: tuple[object, ...] | None = (tuple(spans), width_pt, measure, justify, allow_hanging, breaks, last_line)
    try:
        known = _BROKEN.get(key) if key is not None else None
    except TypeError:           # a span holding something unhashable: no memo
        key, known = None, None
    if known is not None:
        return list(known)
    lines = _break_spans(spans, width_pt, measure, justify, allow_hanging, width_cache, breaks, last_line)
    if key is not None:
        if len(_BROKEN) >= _BROKEN_MAX:
            _BROKEN.clear()
        _BROKEN[key] = tuple(lines)
    return lines


# The same paragraph is broken again and again: a rulebook lays itself out until its 目次 settles
# (several passes over the same text), and it draws the cards the build planned.  Lines are frozen,
# so one result serves every identical request.
_BROKEN: dict[tuple[object, ...], tuple[Line, ...]] = {}
_BROKEN_MAX = 20000


def _break_spans(spans: Sequence[Span], width_pt: float, measure: Measure, justify: bool, allow_hanging: bool,
                 width_cache: WidthCache | None, breaks: Breaks = "units",
                 last_line: tuple[int, int] = (MIN_LAST_CHARS, 0)) -> list[Line]:
    cache: WidthCache = {} if width_cache is None else width_cache
    fl = flatten(spans, measure, cache, units=breaks != "chars", words=breaks == "units")
    if not fl.chars and len(fl.paras) == 1:
        return []
    limit = width_pt + _EPS * max(1.0, abs(width_pt))
    if breaks == "phrases":
        mark_phrases(fl, limit)
    max_space = PHRASE_JUSTIFY_MAX_EM if breaks == "phrases" else None
    lines: list[Line] = []
    for n, (ps, pe) in enumerate(fl.paras):
        tail = pe if fl.tails is None else fl.tails[n]
        indent = hang_indent(fl, ps, pe, width_pt) if breaks != "chars" else 0.0
        for start, end, hang, hard, forced in break_paragraph(
            fl, ps, pe, limit, allow_hanging, tail, indent, last_line
        ):
            lines.append(
                build_line(fl, spans, start, end, hang, hard, forced, width_pt, justify, max_space,
                           indent if start > ps else 0.0)
            )
    return lines


def break_text(
    text: str,
    font: str,
    size_pt: float,
    width_pt: float,
    measure: Measure,
    **kw: Any,
) -> list[Line]:
    """:func:`break_spans` for a single unstyled run."""
    return break_spans([Span(text, font, size_pt)], width_pt, measure, **kw)


# --------------------------------------------------------------------------
# fitting


def block_height(n_lines: int, size_pt: float, leading: float) -> float:
    """Height of ``n_lines`` lines: ``size + (n - 1) * size * leading``."""
    if n_lines <= 0:
        return 0.0
    return size_pt + (n_lines - 1) * size_pt * leading


def _content_width(line: Line) -> float:
    """Natural width without the hanging char."""
    if line.hanging and line.fragments:
        return line.width_pt - line.fragments[-1].width_pt
    return line.width_pt


def _sizes(size_pt: float, min_size_pt: float | None, step_pt: float) -> list[float]:
    if min_size_pt is None or min_size_pt >= size_pt:
        if min_size_pt is not None and min_size_pt > size_pt + _EPS:
            raise ValueError(f"min_size_pt {min_size_pt} > size_pt {size_pt}")
        return [size_pt]
    if step_pt <= 0:
        raise ValueError("step_pt must be > 0")
    n = math.floor((size_pt - min_size_pt) / step_pt + 1e-9)
    sizes = [round(size_pt - k * step_pt, 6) for k in range(n + 1)]
    if sizes[-1] > min_size_pt + 1e-6:
        sizes.append(min_size_pt)
    return sizes


def fit_text(
    spans_or_text: str | Sequence[Span],
    width_pt: float,
    height_pt: float,
    measure: Measure,
    *,
    size_pt: float,
    min_size_pt: float | None = None,
    leading: float = 1.4,
    font: str | None = None,
    justify: bool = False,
    step_pt: float = 0.5,
    allow_hanging: bool = True,
    width_cache: WidthCache | None = None,
    breaks: Breaks = "units",
) -> FitResult:
    """Break text at ``size_pt``, shrinking by ``step_pt`` down to
    ``min_size_pt`` until it fits ``width_pt`` x ``height_pt``.

    * A plain string needs ``font``; it is set at the trial size.
    * For spans, ``size_pt`` is the nominal base size: at trial size ``s``
      every span's size is multiplied by ``s / size_pt`` (so relative sizes
      are kept), and the line advance is ``s * leading``.
    * Height is :func:`block_height` ``= s + (n - 1) * s * leading``.
    * A line whose content (without a hanging char) is wider than
      ``width_pt`` (an unbreakable ruby unit or a single glyph) counts as not
      fitting.
    * Raises :class:`TextDoesNotFit` (with the figures at the smallest size
      tried) instead of ever clipping.
    """
    if isinstance(spans_or_text, str):
        if font is None:
            raise ValueError("fit_text with a plain string needs font=")
        base: Sequence[Span] | None = None
        text = spans_or_text
    else:
        base = list(spans_or_text)
        text = ""
    cache: WidthCache = {} if width_cache is None else width_cache
    limit_w = width_pt + _EPS * max(1.0, abs(width_pt))
    limit_h = height_pt + _EPS * max(1.0, abs(height_pt))
    needed = widest = 0.0
    s = size_pt
    for s in _sizes(size_pt, min_size_pt, step_pt):
        if base is None:
            spans: Sequence[Span] = [Span(text, font, s)]  # type: ignore[arg-type]
        elif s == size_pt:
            spans = base
        else:
            r = s / size_pt
            spans = [replace(sp, size_pt=round(sp.size_pt * r, 6)) for sp in base]
        lines = break_spans(
            spans,
            width_pt,
            measure,
            justify=justify,
            allow_hanging=allow_hanging,
            width_cache=cache,
            breaks=breaks,
        )
        needed = block_height(len(lines), s, leading)
        widest = max((_content_width(ln) for ln in lines), default=0.0)
        if needed <= limit_h and widest <= limit_w:
            return FitResult(s, s * leading, lines, needed)
    raise TextDoesNotFit(
        needed, height_pt, s, widest_line_pt=widest, available_width_pt=width_pt
    )
