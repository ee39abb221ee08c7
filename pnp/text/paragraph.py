"""The paragraph breaker: one paragraph of a :class:`~pnp.text.flatten.Flat` → its lines, as
(start, end, hanging, hard_end, forced) index ranges.

Lines are filled greedily; where a character overflows the line, the break is chosen among the
opportunities the line has passed (:class:`Seen`), in the order "Model" in :mod:`pnp.text.linebreak`
gives; then a paragraph's last line takes characters from the line before when it would hold too few
(追い出し, :func:`_push_down`).
"""
from __future__ import annotations

from typing import NamedTuple

from .flatten import Flat
from .kinsoku import CONT, HANG, HIRA, KANJI, KATA, LIST_MARKERS, NS, OP, SP

__all__ = ["break_paragraph", "hang_indent", "MIN_LAST_CHARS", "BOOK_LAST_LINE", "COMPOUND_LOOSE_EM"]

COMPOUND_LOOSE_EM = 0.12
MIN_LAST_CHARS = 3  # a paragraph's last line holds at least this many characters when it can (追い出し)
# The rulebook's stricter rule (``last_line=BOOK_LAST_LINE``): a last line holds at least 4 characters,
# at least 2 of them not punctuation (never 「ます。」「ん）。」「る。」」 alone).
BOOK_LAST_LINE = (4, 2)

LineRange = tuple[int, int, bool, bool, bool]   # (start, end, hanging, hard_end, forced)


class Seen(NamedTuple):
    """The break opportunities a line has passed when a character overflows it (each the last one,
    -1 for none)."""

    last: int    # a legal break before the paragraph's closing punctuation
    lastp: int   # a legal break between phrases (breaks "phrases")
    late: int    # a legal break in the closing punctuation (>= tail)
    kat: int     # a break inside a katakana word (breaks "units": only before a forced one)
    comp: int    # a break between the words of a katakana compound (see KATAKANA_WORDS)


def break_paragraph(
    fl: Flat, ps: int, pe: int, first_limit: float, allow_hanging: bool, tail: int, indent: float = 0.0,
    last_line: tuple[int, int] = (MIN_LAST_CHARS, 0),
) -> list[LineRange]:
    """Return [(start, end, hanging, hard_end, forced)] for one paragraph; its lines after the first
    are indent shorter (a hanging indent under a list marker)."""
    flags = fl.flags
    out: list[LineRange] = []
    start = ps
    if start >= pe:
        return [(ps, ps, False, True, False)]
    while True:
        limit = first_limit if start == ps else first_limit - indent
        brk, hang, forced = _line_end(fl, start, pe, limit, allow_hanging, tail)
        end = brk
        if not hang:
            while end > start and flags[end - 1] & SP:
                end -= 1
        line_start = start
        start = brk
        while start < pe and flags[start] & SP:
            start += 1
        hard = start >= pe
        out.append((line_start, end, hang, hard, forced))
        if hard:
            if fl.tails is not None:
                _push_down(fl, out, pe, first_limit - indent, tail, last_line)
            return out


def _line_end(fl: Flat, start: int, pe: int, limit: float, allow_hanging: bool,
              tail: int) -> tuple[int, bool, bool]:
    """(break, hanging, forced) of the line that starts at start: characters fill it up to limit; the
    first that overflows it is broken before, hung, or the line breaks earlier (see :class:`Seen`).
    (pe, False, False) when the rest of the paragraph fits."""
    widths, flags, ok, pok, kata = fl.widths, fl.flags, fl.ok, fl.phrase_ok, fl.kata
    x = 0.0
    has = False  # line has non-space content
    last = lastp = late = kat = comp = -1
    i = start
    while i < pe:
        f = flags[i]
        w = widths[i]
        if f & SP:
            x += w
            i += 1
            continue
        if has:
            if kata and kata[i] and i < tail:
                kat = i
                if fl.comp[i]:
                    comp = i
            if ok[i]:
                if i >= tail:
                    late = i
                else:
                    last = i
                    if pok is not None and pok[i]:
                        lastp = i
            if x + w > limit:
                seen = Seen(last, lastp, late, kat, comp)
                if pok is not None:
                    return _phrase_line_end(fl, seen, start, i, pe, limit, allow_hanging, tail)
                return _unit_line_end(fl, seen, start, i, pe, limit, allow_hanging, tail)
        has = True
        x += w
        i += 1
    return pe, False, False


def _phrase_line_end(fl: Flat, seen: Seen, start: int, i: int, pe: int, limit: float, allow_hanging: bool,
                     tail: int) -> tuple[int, bool, bool]:
    """Breaks "phrases": char i overflows the line.  Break before it where a phrase starts there, hang
    it, break at the last phrase start (unless that phrase is wider than a line), inside a phrase no
    line can hold, in the closing punctuation, or, last, anywhere (forced)."""
    pok = fl.phrase_ok
    assert pok is not None
    if seen.lastp == i:
        return i, False, False
    if allow_hanging and fl.flags[i] & HANG and _can_break_after(fl, i, pe, pok, tail):
        return i + 1, True, False
    if seen.lastp > start and not _too_long(fl, seen.lastp, i, pe, limit):
        return seen.lastp, False, False
    if seen.last > start:  # a phrase no line can hold: break inside it
        return _inside_phrase(fl, start, seen.lastp, seen.last), False, False
    if seen.late > start:
        return seen.late, False, False
    return _force_break(fl, start, i, pe), False, True


def _unit_line_end(fl: Flat, seen: Seen, start: int, i: int, pe: int, limit: float, allow_hanging: bool,
                   tail: int) -> tuple[int, bool, bool]:
    """Breaks "chars" and "units": char i overflows the line.  Break before it, hang it, break between
    the words of a katakana compound (where the line would be loose otherwise), at the last legal
    break, inside a katakana word, in the closing punctuation, or, last, anywhere (forced)."""
    last = seen.last
    if last == i:
        return i, False, False
    if allow_hanging and fl.flags[i] & HANG and _can_break_after(fl, i, pe, fl.ok, tail):
        return i + 1, True, False
    if seen.comp > max(last, start) and (last <= start or _loose(fl, start, last, limit)):
        return seen.comp, False, False
    for brk in (last, seen.kat, seen.late):
        if brk > start:
            return brk, False, False
    return _force_break(fl, start, i, pe), False, True


def _force_break(fl: Flat, start: int, i: int, pe: int) -> int:
    """Last-resort break position in (start, i]; may exceed i for ruby."""
    flags, rc = fl.flags, fl.ruby_cont
    for j in range(i, start, -1):
        if rc[j]:
            continue
        if flags[j] & (NS | SP) or flags[j - 1] & OP:
            continue
        return j
    for j in range(i, start, -1):
        if not rc[j] and not flags[j] & SP:
            return j
    j = i  # everything since start is one ruby unit: let it overflow
    while j < pe and rc[j]:
        j += 1
    return j


def _push_down(fl: Flat, out: list[LineRange], pe: int, limit: float,
               tail: int, last_line: tuple[int, int] = (MIN_LAST_CHARS, 0)) -> None:
    """追い出し: a paragraph's last line that would hold fewer than last_line[0] characters (by default
    :data:`MIN_LAST_CHARS`: 「す。」「ん。」) or fewer than last_line[1] that are not punctuation takes
    more from the line before: that line breaks at its latest legal break (a phrase break with breaks
    "phrases") that leaves the last line both counts and still within the measure, and keeps at least
    last_line[0] characters itself.  The line before is then spread (justified) or left ragged."""
    if len(out) < 2:
        return
    flags, widths = fl.flags, fl.widths
    ls, le, _, _, _ = out[-1]
    ps_, _, _, _, pforced = out[-2]
    least, letters = last_line
    if pforced or (_count(flags, ls, le) >= least and _letters(flags, ls, le) >= letters):
        return
    oks = fl.phrase_ok if fl.phrase_ok is not None else fl.ok
    w = sum(widths[ls:le])
    for b in range(ls - 1, ps_, -1):
        w += widths[b]
        if w > limit + (widths[pe - 1] if flags[pe - 1] & HANG else 0.0):
            return
        if not oks[b] or b >= tail or flags[b] & SP:
            continue
        if _count(flags, b, le) < least or _letters(flags, b, le) < letters or _count(flags, ps_, b) < least:
            continue
        end = b
        while end > ps_ and flags[end - 1] & SP:
            end -= 1
        out[-2] = (ps_, end, False, False, False)
        out[-1] = (b, le, False, True, False)
        return


def _count(flags: list[int], a: int, b: int) -> int:
    return sum(1 for k in range(a, b) if not flags[k] & SP)


def _letters(flags: list[int], a: int, b: int) -> int:
    return sum(1 for k in range(a, b) if flags[k] & CONT)


def _loose(fl: Flat, start: int, end: int, limit: float) -> bool:
    """True if the line [start, end) justified to limit would add more than COMPOUND_LOOSE_EM after
    each character."""
    flags, widths = fl.flags, fl.widths
    while end > start and flags[end - 1] & SP:
        end -= 1
    if end - start < 2:
        return True
    slack = limit - sum(widths[start:end])
    return slack / (end - start - 1) > COMPOUND_LOOSE_EM * max(fl.sizes[start:end])


def _can_break_after(fl: Flat, i: int, pe: int, ok: list[bool], tail: int) -> bool:
    """True if a line may end right after char i (spaces after it skipped), leaving more than
    closing punctuation for the next line."""
    flags = fl.flags
    k = i + 1
    while k < pe and flags[k] & SP:
        k += 1
    return k >= pe or (ok[k] and k < tail)


def _inside_phrase(fl: Flat, start: int, lastp: int, last: int) -> int:
    """Where to break a line that ends inside a phrase no line can hold: among the legal breaks
    from the phrase's start on this line (lastp, when it is on the line) to last, the last one that
    splits neither a katakana word nor a kanji from its kana (「ステーションライフ｜を」 rather than
    「ステーションラ｜イフを」, 「目の｜プレイヤーは」 rather than 「目のプレイ｜ヤーは」), else the last
    that splits no katakana word, else last."""
    flags, ok = fl.flags, fl.ok
    lo = lastp - 1 if lastp > start else start
    second = -1
    for j in range(last, lo, -1):
        if not ok[j]:
            continue
        p, f = flags[j - 1], flags[j]
        if p & f & KATA:
            continue
        if not (p & KANJI and f & HIRA):
            return j
        if second < 0:
            second = j
    return second if second > 0 else last


def _too_long(fl: Flat, b: int, i: int, pe: int, limit: float) -> bool:
    """True if the phrase that starts at b (and holds i) is wider than a whole line: it will be
    broken inside wherever it starts, so the line before it is filled rather than left short."""
    pok, widths, flags = fl.phrase_ok, fl.widths, fl.flags
    assert pok is not None
    j = i + 1
    while j < pe and not pok[j]:
        j += 1
    while j > b and flags[j - 1] & SP:
        j -= 1
    return sum(widths[b:j]) > limit


def hang_indent(fl: Flat, ps: int, pe: int, width_pt: float) -> float:
    """A paragraph that starts with a list marker (◆ ・ ※ …, and the space after it) has its
    following lines set under its text, not under the marker (ぶら下げインデント)."""
    chars, widths = fl.chars, fl.widths
    if pe - ps < 2 or chars[ps] not in LIST_MARKERS or fl.ruby_cont[ps + 1]:
        return 0.0
    k = ps + 1
    while k < pe and chars[k] in " \u3000":
        k += 1
    indent = sum(widths[ps:k])
    return indent if indent < width_pt / 3 else 0.0
