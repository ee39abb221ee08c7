"""Phrases (BudouX's Japanese model): where breaks "phrases" may break a line, where a heading may
wrap, where a quoted ruling may be cut."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from .flatten import Flat
from .kinsoku import CLOSING, CONT, DIG, HIRA, KANJI, KATA, NS, OP, OPENING, POST, RANGE, SP, WORD, char_flags

if TYPE_CHECKING:
    import budoux

__all__ = ["phrase_cut", "phrase_starts", "mark_phrases"]


def phrase_cut(text: str, n: int) -> int:
    """Where to cut text to quote at most n of its characters (followed by 「…」): the last phrase
    boundary (BudouX) at or before n that splits no katakana word and no number, with no opening
    bracket left unclosed and no punctuation at the cut; len(text) when it is n characters or fewer.
    A boundary the model puts between two kanji (「同じ枚｜数ずつ」) or a kanji and the hiragana after
    it is not taken: it reads as a word cut.
    A text with no such boundary is cut at n.  Used to quote the start of a ruling in a heading."""
    if len(text) <= n:
        return len(text)
    cuts = sorted((k for k in _phrase_starts(text) if 0 < k <= n), reverse=True)
    for k in cuts:
        if _splits_a_word(text, k) or _unclosed(text[:k]):
            continue
        while k > 0 and not char_flags(text[k - 1]) & CONT:
            k -= 1
        if k > 0:
            return k
    return n


def _splits_a_word(text: str, k: int) -> bool:
    """A cut before text[k] parts a katakana word, a number, a number from its unit or range, two
    kanji, or a kanji from the kana after it."""
    a, b = char_flags(text[k - 1]), char_flags(text[k])
    return bool(a & b & (KATA | DIG) or (a & DIG and b & (WORD | RANGE | POST)) or (a & KANJI and b & (KANJI | HIRA)))


def _unclosed(head: str) -> bool:
    """An opening bracket in head is not closed in it."""
    depth = 0
    for c in head:
        if c in OPENING:
            depth += 1
        elif c in CLOSING and depth:
            depth -= 1
    return depth > 0


@lru_cache(maxsize=16384)
def _phrase_starts(text: str) -> frozenset[int]:
    """Offsets in text where a BudouX phrase starts (0 left out).  Cached: fit_text breaks the same
    paragraph at every size it tries, and a rulebook's or a deck's texts repeat."""
    starts: set[int] = set()
    at = 0
    for chunk in _budoux().parse(text):
        if at:
            starts.add(at)
        at += len(chunk)
    return frozenset(starts)


def phrase_starts(text: str) -> frozenset[int]:
    """Offsets in text where a phrase (BudouX) starts, 0 left out: where a heading may wrap."""
    return _phrase_starts(text)


@lru_cache(maxsize=1)
def _budoux() -> budoux.Parser:
    import budoux  # loaded on first use: the rulebook and the reports never need its model

    return budoux.load_default_japanese_parser()


def mark_phrases(fl: Flat, limit: float) -> None:
    """phrase_ok: a kinsoku-legal break where a phrase starts, or after a space (ASCII or 　: the
    model does not always see a full-width space as the end of a phrase).  A phrase
    start that kinsoku forbids moves past the closing marks that follow it (BudouX may start a
    phrase with 「：」 or 「）」) or before the opening marks that precede it (「（｜人物」).  A phrase
    start between a kanji and the hiragana after it (「以上｜ある」) is not taken: the line breaks at
    the phrase before.  A paragraph whose first line holds it whole (limit) never breaks, and
    the paragraph breaker looks at phrase_ok only where a line must break: the model is not asked
    about it (a card's title or flavour line)."""
    chars, flags, ok, widths = fl.chars, fl.flags, fl.ok, fl.widths
    pok = [False] * len(ok)
    for ps, pe in fl.paras:
        if pe - ps < 2 or sum(widths[ps:pe]) <= limit:     # the sum the breaker's x reaches at pe
            continue
        for i in range(ps + 1, pe):
            if ok[i] and (flags[i - 1] & SP or chars[i - 1] == "\u3000"):
                pok[i] = True
        for off in _phrase_starts("".join(chars[ps:pe])):
            i = ps + off
            if flags[i - 1] & KANJI and flags[i] & HIRA:
                continue        # 「以上｜ある」: the model may part a kanji from the kana after it; a reader stumbles
            if not ok[i]:
                i = _legal_phrase_start(fl, ps, pe, i)
            if ok[i]:
                pok[i] = True
    fl.phrase_ok = pok


def _legal_phrase_start(fl: Flat, ps: int, pe: int, i: int) -> int:
    """A phrase start at i that kinsoku forbids, moved past the closing marks after it or before the
    opening marks before it to where a line may start; i when neither is such a place."""
    flags, ok = fl.flags, fl.ok
    j = i
    while j < pe and flags[j] & NS and not flags[j] & CONT:
        j += 1
    if j > i and j < pe and ok[j]:
        return j
    j = i
    while j - 1 > ps and flags[j - 1] & OP:
        j -= 1
    if j < i and ok[j]:
        return j
    return i
