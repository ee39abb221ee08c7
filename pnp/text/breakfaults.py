"""Line breaks a reader trips over, found in laid-out lines (not by the rules that made them).

Kinsoku (:mod:`pnp.text.linebreak`) keeps a line from starting with 」 or ending with 「; it does not
keep a word or a quantity whole.  This module names the three breaks that still read badly, judged
from the characters on either side of every *soft* break (a break the line breaker chose, not a
``\\n`` of the text), with character classes of its own so that it checks the breaker rather than
repeating it:

* ``katakana``: a katakana word split (「1ダ｜メージ」「プレイ｜ヤー」): a katakana letter (or ー)
  ends the line and another starts the next; ・ is a separator and does not count.
* ``number``: a number split from what it counts or from its sign: a digit ends the line and a
  letter (kanji, kana, Latin, a squared unit) starts the next (「5｜列目」「死者5｜人」「1手番1｜回」
  「3｜を」), or a sign (＋ － ± ×) or 第 ends the line and a digit starts the next (「＋｜2」).
* ``punctuation``: a line that holds only punctuation (「…」」「。」」) where the paragraph went on
  from the line before.
* ``okurigana``: a kanji ends the line and hiragana starts the next: a word split from the kana
  that end it or from the particle that follows it (「続｜ける」「手札｜を」「人｜は」).  Rulebooks
  (justified) keep these breaks; cards should not have them.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .linebreak import Line

__all__ = ["BreakFault", "KINDS", "break_faults", "is_katakana", "is_content"]

KINDS = ("katakana", "number", "punctuation", "okurigana")
_SIGNS = frozenset("＋－−±×✕﹢+-第")


@dataclass(frozen=True)
class BreakFault:
    kind: str           # one of KINDS
    before: str         # the line that ends at the break
    after: str          # the line that starts after it

    def __str__(self) -> str:
        return f"{self.kind}: {self.before}｜{self.after}"


def is_katakana(c: str) -> bool:
    o = ord(c)
    return 0x30A1 <= o <= 0x30FA or c == "ー" or 0x31F0 <= o <= 0x31FF or 0xFF66 <= o <= 0xFF9F


def _is_kanji(c: str) -> bool:
    o = ord(c)
    return 0x3400 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0x20000 <= o <= 0x3FFFF or c in "々〆"


def _is_hiragana(c: str) -> bool:
    return 0x3041 <= ord(c) <= 0x309F


def _is_digit(c: str) -> bool:
    return "0" <= c <= "9" or "０" <= c <= "９"


def _is_letter(c: str) -> bool:
    """A character a number binds to when it follows it: kanji, kana, Latin letters, squared units."""
    return unicodedata.category(c).startswith("L") or 0x3300 <= ord(c) <= 0x33FF


def is_content(c: str) -> bool:
    """Not punctuation and not space: letters, digits, symbols (★), an inline icon's character."""
    return unicodedata.category(c)[0] not in "PZC"


def _fault(before: str, after: str) -> str | None:
    a, b = before.rstrip(" "), after.lstrip(" ")
    if not a or not b:
        return None
    p, n = a[-1], b[0]
    if is_katakana(p) and is_katakana(n):
        return "katakana"
    if (_is_digit(p) and _is_letter(n)) or (p in _SIGNS and _is_digit(n)):
        return "number"
    if not any(is_content(c) for c in b):
        return "punctuation"
    if _is_kanji(p) and _is_hiragana(n):
        return "okurigana"
    return None


def break_faults(lines: Sequence[Line]) -> list[BreakFault]:
    """Every fault at a soft break of one text block's lines (in order, as the breaker returned them)."""
    out: list[BreakFault] = []
    for prev, line in zip(lines, lines[1:]):
        if prev.hard_end:
            continue
        kind = _fault(prev.text, line.text)
        if kind is not None:
            out.append(BreakFault(kind, prev.text, line.text))
    return out


def count_faults(blocks: Iterable[Sequence[Line]]) -> dict[str, int]:
    """Faults by kind over many blocks, and the soft breaks and lines looked at."""
    counts = dict.fromkeys(KINDS, 0) | {"lines": 0, "soft breaks": 0}
    for lines in blocks:
        counts["lines"] += len(lines)
        counts["soft breaks"] += sum(1 for ln in lines[:-1] if not ln.hard_end)
        for f in break_faults(lines):
            counts[f.kind] += 1
    return counts
