"""Spans → one row per character: each character measured once per (char, font, size), its flags,
and whether a line may start at it (a *break opportunity*, see "Model" in :mod:`pnp.text.linebreak`).

The rows are parallel lists in a :class:`Flat`; the paragraph breaker (:mod:`pnp.text.paragraph`)
walks them, the justifier (:mod:`pnp.text.justify`) builds lines from them.
"""
from __future__ import annotations

from collections.abc import Sequence

from .kinsoku import (
    CONT,
    COUNTER_END,
    DIG,
    FLAGS,
    FWD,
    ICON,
    INS,
    KATA,
    LAT,
    NS,
    NSEP,
    OP,
    POST,
    PRE,
    RANGE,
    SIGN,
    SP,
    WORD,
    char_flags,
    compound_boundary,
)
from .spans import Measure, Span, WidthCache

__all__ = ["Flat", "flatten", "ICON_EM"]

ICON_EM = 1.0  # advance of an inline icon, in ems of its span's size


class Flat:
    """Flattened paragraph data: parallel per-char arrays."""

    __slots__ = ("chars", "widths", "flags", "span", "ok", "ruby_cont", "paras", "phrase_ok", "tails", "kata",
                 "comp", "sizes")

    def __init__(self) -> None:
        self.chars: list[str] = []
        self.widths: list[float] = []
        self.flags: list[int] = []
        self.span: list[int] = []
        self.ok: list[bool] = []  # ok[i]: a line may start at i (break before i)
        self.ruby_cont: list[bool] = []  # inside a ruby span, not its first char
        self.paras: list[tuple[int, int]] = []
        # phrase_ok[i]: ok[i] and a phrase starts at i (breaks "phrases"); None in the other modes
        self.phrase_ok: list[bool] | None = None
        self.tails: list[int] | None = None  # per paragraph: see _tail (breaks "units", "phrases")
        # kata[i]: a break before i that only the katakana-word rule forbids (breaks "units"): taken
        # only where a line holds no other break (a katakana word wider than a table's column)
        self.kata: list[bool] = []
        # comp[i]: kata[i] where one katakana word of a compound ends and the next starts (スタート｜
        # プレイヤー, see KATAKANA_WORDS): taken where pushing the whole compound would leave a loose line
        self.comp: list[bool] = []
        self.sizes: list[float] = []


def flatten(spans: Sequence[Span], measure: Measure, cache: WidthCache, units: bool = False,
            words: bool = False) -> Flat:
    """units: the "units" rules too (a number with its unit, a range whole, a paragraph's closing
    punctuation as its tail); words: also keep katakana words whole (breaks "units": justified running
    text)."""
    fl = Flat()
    for si, sp in enumerate(spans):
        text = _span_text(sp)
        if text:
            _add_span(fl, si, sp, text, measure, cache)
    fl.paras.append((fl.paras[-1][1] if fl.paras else 0, len(fl.chars)))
    for ps, pe in fl.paras:
        _mark_breaks(fl, ps, pe, units, words)
    if units:
        fl.tails = [_tail(fl, ps, pe) for ps, pe in fl.paras]
    if words:
        fl.comp = _compound_breaks(fl.chars, fl.kata)
    return fl


def _span_text(sp: Span) -> str:
    """The span's text with \\r\\n and \\r as \\n; a ruby span holds no line break, an icon one character."""
    text = sp.text
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if sp.ruby is not None and "\n" in text:
        raise ValueError(f"ruby span may not contain a line break: {sp.text!r}")
    if sp.icon is not None and text and len(text) != 1:
        raise ValueError(f"an icon span holds exactly one character: {sp.text!r}")
    return text


def _add_span(fl: Flat, si: int, sp: Span, text: str, measure: Measure, cache: WidthCache) -> None:
    """Append the characters of span si, measured and classified; a \\n in it ends a paragraph."""
    chars, widths, flags, spn, sizes, rc = fl.chars, fl.widths, fl.flags, fl.span, fl.sizes, fl.ruby_cont
    ruby = sp.ruby is not None
    icon = sp.icon is not None
    font, size = sp.font, sp.size_pt
    key = (font, size)
    wmap = cache.get(key)
    if wmap is None:
        wmap = cache[key] = {}
    first = True
    for c in text:
        if c == "\n":
            fl.paras.append((fl.paras[-1][1] if fl.paras else 0, len(chars)))
            continue
        if icon:
            w = size * ICON_EM
            f = ICON | CONT
        else:
            known_w = wmap.get(c)
            if known_w is None:
                known_w = wmap[c] = float(measure(c, font, size))
            w = known_w
            known_f = FLAGS.get(c)
            f = char_flags(c) if known_f is None else known_f
        if ruby:
            f &= ~SP  # spaces inside ruby are content
        chars.append(c)
        widths.append(w)
        flags.append(f)
        spn.append(si)
        sizes.append(size)
        rc.append(ruby and not first)
        first = False


def _mark_breaks(fl: Flat, ps: int, pe: int, units: bool, words: bool) -> None:
    """ok (and kata) for the paragraph [ps, pe): whether a line may start at each char.  Not at the
    paragraph's first char, inside a ruby, at a char that may not start a line (or a space: a break
    goes after the spaces), after one that may not end a line, nor between two chars that are glued."""
    ok, kata = fl.ok, fl.kata
    prev = ""       # the char before c in the paragraph ("" at its start)
    p = pp = 0      # the flags of the char before c, and of the one before that (0 before the start)
    pns = 0         # the flags of the last non-space char before c
    for c, f, cont in zip(fl.chars[ps:pe], fl.flags[ps:pe], fl.ruby_cont[ps:pe]):
        if not prev or cont or f & (NS | SP) or p & OP:
            brk = False
        elif p & SP:
            brk = not pns & OP  # "「 あ": keep 「 off the line end
        else:
            brk = not (
                # glued in every mode: a Latin word, full-width digits, ―― ……, a number's separator
                # between digits (1,000 ３．５), a digit and its unit (5％ ¥5), an icon and a digit or an icon
                p & f & (LAT | FWD)
                or (p & INS and prev == c)
                or (p & NSEP and f & DIG and pp & DIG)
                or (p & DIG and f & POST) or (p & PRE and f & DIG)
                or (p & ICON and f & (DIG | ICON)) or (p & DIG and f & ICON)
                # glued in "units" and "phrases": a range of numbers is one quantity (2〜5), a number stays
                # with its unit (5人, 1ダメージ), its sign (＋2, 第3) and its counter (5列目)
                or units and (
                    (p & RANGE and f & DIG and pp & DIG)
                    or (p & DIG and f & WORD)
                    or (p & SIGN and f & DIG)
                    or (c == COUNTER_END and p & WORD and pp & DIG)
                )
            )
        soft = False
        if brk and words and p & f & KATA:
            brk, soft = False, True     # プレ｜イヤー: a katakana word stays whole
        ok.append(brk)
        kata.append(soft)
        if not f & SP:
            pns = f
        prev, pp, p = c, p, f


def _compound_breaks(chars: list[str], kata: list[bool]) -> list[bool]:
    comp = [False] * len(chars)
    text = "".join(chars)
    for i, soft in enumerate(kata):
        if soft and compound_boundary(text, i):
            comp[i] = True
    return comp


def _tail(fl: Flat, ps: int, pe: int) -> int:
    """Where a paragraph's closing punctuation starts (「……」」「。」」 after its last content
    character); pe when it has none, or is punctuation only.  A break at or after it would leave a
    line of punctuation alone, which reads as a stray mark: it is the last resort before a forced
    break."""
    flags = fl.flags
    k = pe - 1
    while k >= ps and not flags[k] & CONT:
        k -= 1
    return k + 1 if k >= ps else pe
