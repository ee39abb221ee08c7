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
No space is added inside a number or a Latin word (``10`` ``1,000`` ``VP``): those gaps do not count
below, and their fragments carry ``char_space_pt = 0`` (draw each fragment with
:func:`char_space`).

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

fit_text height
---------------
``block_height(n, size, leading) = size + (n - 1) * size * leading`` (0 for
no lines): one em for the first line plus one line advance per further line.
With the first baseline at ``top + 0.88 * size`` the last line's descent
(``0.12 * size``) ends exactly at ``top + height``.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    import budoux

__all__ = [
    "Measure",
    "Breaks",
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
    "NO_START_CHARS",
    "NO_END_CHARS",
    "HANGING_CHARS",
    "INSEPARABLE_CHARS",
    "ICON_EM",
    "PHRASE_JUSTIFY_MAX_EM",
]

Measure = Callable[[str, str, float], float]
Breaks = Literal["chars", "units", "phrases"]
WidthCache = dict[tuple[str, float], dict[str, float]]  # {(font, size_pt): {char: width_pt}}


# --------------------------------------------------------------------------
# data types


@dataclass(frozen=True)
class Span:
    """Input run of one style."""

    text: str
    font: str
    size_pt: float
    style: str = ""
    ruby: str | None = None  # ruby reading; the whole span is unbreakable
    color: str | None = None  # #rrggbb, or None for the block's colour
    icon: str | None = None  # an inline icon: text is one ICON_CHAR, one em wide


@dataclass(frozen=True)
class Fragment:
    """Output piece of a line, one style (one input span, or part of one)."""

    text: str
    font: str
    size_pt: float
    x_pt: float  # from the line's left edge, incl. justification before it
    width_pt: float  # natural width + char spacing added inside it
    style: str = ""
    ruby: str | None = None
    color: str | None = None
    icon: str | None = None
    # the space added after each char when drawn, when it is not the line's (0 inside a justified
    # line's number: 「10」 is never spread); draw with :func:`char_space`
    char_space_pt: float | None = None


@dataclass(frozen=True)
class Line:
    fragments: tuple[Fragment, ...]
    width_pt: float  # natural width (no justification), hanging char included
    char_space_pt: float = 0.0  # justification: extra space after each char
    hanging: bool = False  # last char hangs past the right margin
    hard_end: bool = False  # ended by \n or end of text (never justified)
    forced: bool = False  # last-resort break between chars (no legal break)

    @property
    def text(self) -> str:
        return "".join(f.text for f in self.fragments)


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


# --------------------------------------------------------------------------
# character classes

_SMALL_KATAKANA_EXT = "".join(chr(c) for c in range(0x31F0, 0x3200))  # ㇰ-ㇿ

NO_START_CHARS = frozenset(
    # closing brackets
    "）〕］｝〉》」』】〙〗〟’”)]}｣"
    # hyphens / dashes
    "‐〜゠–～"
    # dividing punctuation
    "？！‼⁇⁈⁉?!"
    # middle dots, colons
    "・：；:;･"
    # full stops, commas
    "。．、，.,｡､"
    # iteration marks, prolonged sound mark
    "ヽヾゝゞ々〻ーｰ"
    # small kana
    "ぁぃぅぇぉっゃゅょゎゕゖ"
    "ァィゥェォッャュョヮヵヶ"
    "ｧｨｩｪｫｬｭｮｯ" + _SMALL_KATAKANA_EXT
)
NO_END_CHARS = frozenset("（〔［｛〈《「『【〘〖〝‘“([{｢")
HANGING_CHARS = frozenset("、。，．,.")
LIST_MARKERS = frozenset("◆◇●○■□・※◎☆★▶▷•")  # a paragraph starting with one is hang-indented
INSEPARABLE_CHARS = frozenset("—…‥―")  # never split when doubled
_POSTFIX = frozenset("%‰℃°′″¢％")
_PREFIX = frozenset("$£¥€＄￥№")
_NUMSEP = frozenset(".,，．")
_SIGNS = frozenset("＋－−±×✕﹢+-第")
_RANGES = frozenset("〜～")
_COUNTER_END = "目"  # 5列目, 2回目: the counter's own suffix stays with it

# flag bits
_NS = 1  # may not start a line
_OP = 2  # may not end a line
_SP = 4  # ASCII space / tab (break after, dropped at breaks)
_LAT = 8  # Latin-like: no break between two of these
_FWD = 16  # full-width digit
_DIG = 32  # any digit (ASCII or full-width)
_INS = 64  # inseparable when doubled
_HANG = 128  # may hang
_POST = 256
_PRE = 512
_NSEP = 1024  # separator inside numbers
_ICON = 2048  # an inline icon: glued to adjacent digits and icons
_WORD = 4096  # a letter a number binds to: kanji, kana, Latin, a squared unit (breaks "units")
_SIGN = 8192  # a sign or prefix bound to the digit after it: ＋２, －1, 第3 (breaks "units")
_CONT = 16384  # content, not punctuation or space: a line of none of these is not made
_KATA = 32768  # katakana (with ー): inside a phrase no line can hold, a break avoids splitting these
_KANJI = 65536  # a kanji, and
_HIRA = 131072  # a hiragana: the break between them (続｜ける, 手札｜を) is avoided there too
_RANGE = 262144  # a range mark between two numbers (2〜5): no break after it (breaks "units", "phrases")

# Katakana words a rulebook's compounds are made of (スタート＋プレイヤー, ステーション＋ライフ): a
# compound breaks between two of them, never inside one, and only where moving the whole compound
# to the next line would spread the line by more than COMPOUND_LOOSE_EM.
KATAKANA_WORDS = (
    "プレイヤー", "カード", "トークン", "ライフ", "ダメージ", "フェイズ", "ラウンド", "ターン", "マーカー",
    "ダイス", "キューブ", "ボード", "デッキ", "タイム", "ポイント", "コスト", "アクション", "エリア", "マップ",
    "ステーション", "ミッション", "アイテム", "イベント", "スキル", "チャレンジ", "ボーナス", "スタート",
    "ヒーロー", "キャラクター", "スコア", "ハンド", "プレイ", "セット", "アップ", "ルール", "メモ",
)
COMPOUND_LOOSE_EM = 0.12
MIN_LAST_CHARS = 3  # a paragraph's last line holds at least this many characters when it can (追い出し)
# The rulebook's stricter rule (``last_line=BOOK_LAST_LINE``): a last line holds at least 4 characters,
# at least 2 of them not punctuation (never 「ます。」「ん）。」「る。」」 alone).
BOOK_LAST_LINE = (4, 2)
ICON_EM = 1.0  # advance of an inline icon, in ems of its span's size
# breaks="phrases" with justify: a line is spread only while each gap grows by at most this many ems
# of its largest size.  Kinsoku-only breaking never needed more than 0.08 em on the bundled cards;
# a line that ends at a phrase can be several ems short, and spread that far it reads as loose
# letter-spacing, so it is set ragged instead.
PHRASE_JUSTIFY_MAX_EM = 0.1

_FLAGS: dict[str, int] = {}

_EPS = 1e-9


def _classify(c: str) -> int:
    f = 0
    if c in NO_START_CHARS:
        f |= _NS
    if c in NO_END_CHARS:
        f |= _OP
    if c in HANGING_CHARS:
        f |= _HANG
    if c in INSEPARABLE_CHARS:
        f |= _INS
    if c in _POSTFIX:
        f |= _POST
    if c in _PREFIX:
        f |= _PRE
    if c in _NUMSEP:
        f |= _NSEP
    if c in _SIGNS:
        f |= _SIGN
    if c in _RANGES:
        f |= _RANGE
    cat = unicodedata.category(c)
    if cat[0] not in "PZC":
        f |= _CONT
    o = ord(c)
    if cat[0] == "L" or 0x3300 <= o <= 0x33FF:
        f |= _WORD
    if 0x30A1 <= o <= 0x30FA or c == "ー" or 0x31F0 <= o <= 0x31FF or 0xFF66 <= o <= 0xFF9F:
        f |= _KATA
    elif 0x3041 <= o <= 0x309F:
        f |= _HIRA
    elif 0x3400 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0x20000 <= o <= 0x3FFFF or c in "々〆":
        f |= _KANJI
    if c == " " or c == "\t":
        return f | _SP
    if "0" <= c <= "9":
        f |= _DIG
    elif 0xFF10 <= o <= 0xFF19:
        f |= _DIG | _FWD
    if (
        (o < 0x0530 and (c.isprintable() or c == "\xa0"))
        or 0x1E00 <= o < 0x2000
        or c in "‘’“”"
    ):
        f |= _LAT
    return f


def _flags(c: str) -> int:
    f = _FLAGS.get(c)
    if f is None:
        f = _FLAGS[c] = _classify(c)
    return f


# --------------------------------------------------------------------------
# breaking


class _Flat:
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


def _flatten(spans: Sequence[Span], measure: Measure, cache: WidthCache, units: bool = False,
             words: bool = False) -> _Flat:
    """words: also keep katakana words whole (breaks "units": justified running text)."""
    fl = _Flat()
    kata = fl.kata
    chars, widths, flags, spn, ok, rc = (
        fl.chars, fl.widths, fl.flags, fl.span, fl.ok, fl.ruby_cont,
    )
    ps = 0
    n = 0
    pns = 0  # flags of the last non-space char of the paragraph
    for si, sp in enumerate(spans):
        text = sp.text
        if not text:
            continue
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        ruby = sp.ruby is not None
        if ruby and "\n" in text:
            raise ValueError(f"ruby span may not contain a line break: {sp.text!r}")
        font = sp.font
        size = sp.size_pt
        icon = sp.icon is not None
        if icon and len(text) != 1:
            raise ValueError(f"an icon span holds exactly one character: {sp.text!r}")
        key = (font, size)
        wmap = cache.get(key)
        if wmap is None:
            wmap = cache[key] = {}
        first = True
        for c in text:
            if c == "\n":
                fl.paras.append((ps, n))
                ps = n
                pns = 0
                continue
            if icon:
                w = size * ICON_EM
                f = _ICON | _CONT
            else:
                known_w = wmap.get(c)
                if known_w is None:
                    known_w = wmap[c] = float(measure(c, font, size))
                w = known_w
                known_f = _FLAGS.get(c)
                if known_f is None:
                    known_f = _FLAGS[c] = _classify(c)
                f = known_f
            if ruby:
                f &= ~_SP  # spaces inside ruby are content
            cont = ruby and not first
            first = False
            if n == ps or cont:
                brk = False
            elif f & (_NS | _SP):
                brk = False
            else:
                p = flags[n - 1]
                if p & _OP:
                    brk = False
                elif p & _SP:
                    brk = not pns & _OP  # "「 あ": keep 「 off the line end
                elif p & f & (_LAT | _FWD):
                    brk = False
                elif p & _INS and chars[n - 1] == c:
                    brk = False
                elif (
                    p & _NSEP
                    and f & _DIG
                    and n - 2 >= ps
                    and flags[n - 2] & _DIG
                ):
                    brk = False
                elif (p & _DIG and f & _POST) or (p & _PRE and f & _DIG):
                    brk = False
                elif (
                    units
                    and p & _RANGE
                    and f & _DIG
                    and n - 2 >= ps
                    and flags[n - 2] & _DIG
                ):
                    brk = False  # 2〜5: a range of numbers is one quantity
                elif (p & _ICON and f & (_DIG | _ICON)) or (p & _DIG and f & _ICON):
                    brk = False
                elif units and (
                    (p & _DIG and f & _WORD)
                    or (p & _SIGN and f & _DIG)
                    or (
                        c == _COUNTER_END
                        and p & _WORD
                        and n - 2 >= ps
                        and flags[n - 2] & _DIG
                    )
                ):
                    brk = False  # 5人, 1ダメージ, ＋2, 5列目: a number stays with its unit
                else:
                    brk = True
            soft = False
            if brk and words and p & f & _KATA:
                brk, soft = False, True     # プレ｜イヤー: a katakana word stays whole
            if not f & _SP:
                pns = f
            chars.append(c)
            widths.append(w)
            flags.append(f)
            spn.append(si)
            ok.append(brk)
            kata.append(soft)
            fl.sizes.append(size)
            rc.append(cont)
            n += 1
    fl.paras.append((ps, n))
    if units:
        fl.tails = [_tail(fl, ps, pe) for ps, pe in fl.paras]
    if words:
        fl.comp = _compound_breaks(chars, kata)
    return fl


def _compound_breaks(chars: list[str], kata: list[bool]) -> list[bool]:
    comp = [False] * len(chars)
    text = "".join(chars)
    for i, soft in enumerate(kata):
        if soft and compound_boundary(text, i):
            comp[i] = True
    return comp


def compound_boundary(text: str, i: int) -> bool:
    """True if a katakana compound may break before text[i]: the katakana from i to the end of the
    run is one or more of :data:`KATAKANA_WORDS` (nothing else), at least two katakana come before
    it, and text[i] may start a line (スタート｜プレイヤー, ステーション｜ライフ, イーバ｜カード; never
    プレイ｜ヤー)."""
    if not 0 < i < len(text) or not (_flags(text[i - 1]) & _flags(text[i]) & _KATA) or _flags(text[i]) & _NS:
        return False
    a = i
    while a > 0 and _flags(text[a - 1]) & _KATA:
        a -= 1
    b = i
    while b < len(text) and _flags(text[b]) & _KATA:
        b += 1
    return i - a >= 2 and _words_only(text[i:b])


@lru_cache(maxsize=4096)
def _words_only(run: str) -> bool:
    """True if run is a sequence of KATAKANA_WORDS."""
    if not run:
        return True
    return any(run.startswith(w) and _words_only(run[len(w):]) for w in KATAKANA_WORDS)


def _tail(fl: _Flat, ps: int, pe: int) -> int:
    """Where a paragraph's closing punctuation starts (「……」」「。」」 after its last content
    character); pe when it has none, or is punctuation only.  A break at or after it would leave a
    line of punctuation alone, which reads as a stray mark: it is the last resort before a forced
    break."""
    flags = fl.flags
    k = pe - 1
    while k >= ps and not flags[k] & _CONT:
        k -= 1
    return k + 1 if k >= ps else pe


_OPENING = "（〔［｛〈《「『【〘〖〝‘“([{｢"
_CLOSING = "）〕］｝〉》」』】〙〗〟’”)]}｣"


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
        a, b = _flags(text[k - 1]), _flags(text[k])
        if a & b & (_KATA | _DIG) or (a & _DIG and b & (_WORD | _RANGE | _POST)) or (a & _KANJI and b & (_KANJI | _HIRA)):
            continue
        head = text[:k]
        depth = 0
        for c in head:
            if c in _OPENING:
                depth += 1
            elif c in _CLOSING and depth:
                depth -= 1
        if depth:
            continue
        while k > 0 and not _flags(text[k - 1]) & _CONT:
            k -= 1
        if k > 0:
            return k
    return n


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


def _mark_phrases(fl: _Flat, limit: float) -> None:
    """phrase_ok: a kinsoku-legal break where a phrase starts, or after a space (ASCII or 　: the
    model does not always see a full-width space as the end of a phrase).  A phrase
    start that kinsoku forbids moves past the closing marks that follow it (BudouX may start a
    phrase with 「：」 or 「）」) or before the opening marks that precede it (「（｜人物」).  A phrase
    start between a kanji and the hiragana after it (「以上｜ある」) is not taken: the line breaks at
    the phrase before.  A paragraph whose first line holds it whole (limit) never breaks, and
    _break_paragraph looks at phrase_ok only where a line must break: the model is not asked about it
    (a card's title or flavour line)."""
    chars, flags, ok, widths = fl.chars, fl.flags, fl.ok, fl.widths
    pok = [False] * len(ok)
    for ps, pe in fl.paras:
        if pe - ps < 2 or sum(widths[ps:pe]) <= limit:     # the sum _break_paragraph's x reaches at pe
            continue
        for i in range(ps + 1, pe):
            if ok[i] and (flags[i - 1] & _SP or chars[i - 1] == "\u3000"):
                pok[i] = True
        for off in _phrase_starts("".join(chars[ps:pe])):
            i = ps + off
            if flags[i - 1] & _KANJI and flags[i] & _HIRA:
                continue        # 「以上｜ある」: the model may part a kanji from the kana after it; a reader stumbles
            if not ok[i]:
                j = i
                while j < pe and flags[j] & _NS and not flags[j] & _CONT:
                    j += 1
                if j > i and j < pe and ok[j]:
                    i = j
                else:
                    j = i
                    while j - 1 > ps and flags[j - 1] & _OP:
                        j -= 1
                    if j < i and ok[j]:
                        i = j
            if ok[i]:
                pok[i] = True
    fl.phrase_ok = pok


def _force_break(fl: _Flat, start: int, i: int, pe: int) -> int:
    """Last-resort break position in (start, i]; may exceed i for ruby."""
    flags, rc = fl.flags, fl.ruby_cont
    for j in range(i, start, -1):
        if rc[j]:
            continue
        if flags[j] & (_NS | _SP) or flags[j - 1] & _OP:
            continue
        return j
    for j in range(i, start, -1):
        if not rc[j] and not flags[j] & _SP:
            return j
    j = i  # everything since start is one ruby unit: let it overflow
    while j < pe and rc[j]:
        j += 1
    return j


def _break_paragraph(
    fl: _Flat, ps: int, pe: int, first_limit: float, allow_hanging: bool, tail: int, indent: float = 0.0,
    last_line: tuple[int, int] = (MIN_LAST_CHARS, 0),
) -> list[tuple[int, int, bool, bool, bool]]:
    """Return [(start, end, hanging, hard_end, forced)] for one paragraph; its lines after the first
    are indent shorter (a hanging indent under a list marker)."""
    widths, flags, ok, pok, kata = fl.widths, fl.flags, fl.ok, fl.phrase_ok, fl.kata
    out: list[tuple[int, int, bool, bool, bool]] = []
    start = ps
    if start >= pe:
        return [(ps, ps, False, True, False)]
    while True:
        limit = first_limit if start == ps else first_limit - indent
        x = 0.0
        has = False  # line has non-space content
        last = -1  # last legal break position (> start)
        lastp = -1  # last legal break between phrases (> start)
        late = -1  # last legal break in the closing punctuation (>= tail)
        kat = -1  # last break inside a katakana word (breaks "units": only before a forced one)
        comp = -1  # last break between the words of a katakana compound (see KATAKANA_WORDS)
        hang = False
        forced = False
        brk = pe
        i = start
        while i < pe:
            f = flags[i]
            w = widths[i]
            if f & _SP:
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
                    if pok is not None:
                        if lastp == i:
                            brk = i
                        elif allow_hanging and f & _HANG and _can_break_after(fl, i, pe, pok, tail):
                            brk = i + 1
                            hang = True
                        elif lastp > start and not _too_long(fl, lastp, i, pe, limit):
                            brk = lastp
                        elif last > start:  # a phrase no line can hold: break inside it
                            brk = _inside_phrase(fl, start, lastp, last)
                        elif late > start:
                            brk = late
                        else:
                            brk = _force_break(fl, start, i, pe)
                            forced = True
                    elif last == i:
                        brk = i
                    elif allow_hanging and f & _HANG and _can_break_after(fl, i, pe, ok, tail):
                        brk = i + 1
                        hang = True
                    elif comp > max(last, start) and (last <= start or _loose(fl, start, last, limit)):
                        brk = comp
                    elif last > start:
                        brk = last
                    elif kat > start:
                        brk = kat
                    elif late > start:
                        brk = late
                    else:
                        brk = _force_break(fl, start, i, pe)
                        forced = True
                    break
            has = True
            x += w
            i += 1
        end = brk
        if not hang:
            while end > start and flags[end - 1] & _SP:
                end -= 1
        line_start = start
        start = brk
        while start < pe and flags[start] & _SP:
            start += 1
        hard = start >= pe
        out.append((line_start, end, hang, hard, forced))
        if hard:
            if fl.tails is not None:
                _push_down(fl, out, pe, first_limit - indent, tail, last_line)
            return out


def _push_down(fl: _Flat, out: list[tuple[int, int, bool, bool, bool]], pe: int, limit: float,
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
        if w > limit + (widths[pe - 1] if flags[pe - 1] & _HANG else 0.0):
            return
        if not oks[b] or b >= tail or flags[b] & _SP:
            continue
        if _count(flags, b, le) < least or _letters(flags, b, le) < letters or _count(flags, ps_, b) < least:
            continue
        end = b
        while end > ps_ and flags[end - 1] & _SP:
            end -= 1
        out[-2] = (ps_, end, False, False, False)
        out[-1] = (b, le, False, True, False)
        return


def _count(flags: list[int], a: int, b: int) -> int:
    return sum(1 for k in range(a, b) if not flags[k] & _SP)


def _letters(flags: list[int], a: int, b: int) -> int:
    return sum(1 for k in range(a, b) if flags[k] & _CONT)


def _loose(fl: _Flat, start: int, end: int, limit: float) -> bool:
    """True if the line [start, end) justified to limit would add more than COMPOUND_LOOSE_EM after
    each character."""
    flags, widths = fl.flags, fl.widths
    while end > start and flags[end - 1] & _SP:
        end -= 1
    if end - start < 2:
        return True
    slack = limit - sum(widths[start:end])
    return slack / (end - start - 1) > COMPOUND_LOOSE_EM * max(fl.sizes[start:end])


def _can_break_after(fl: _Flat, i: int, pe: int, ok: list[bool], tail: int) -> bool:
    """True if a line may end right after char i (spaces after it skipped), leaving more than
    closing punctuation for the next line."""
    flags = fl.flags
    k = i + 1
    while k < pe and flags[k] & _SP:
        k += 1
    return k >= pe or (ok[k] and k < tail)


def _inside_phrase(fl: _Flat, start: int, lastp: int, last: int) -> int:
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
        if p & f & _KATA:
            continue
        if not (p & _KANJI and f & _HIRA):
            return j
        if second < 0:
            second = j
    return second if second > 0 else last


def _too_long(fl: _Flat, b: int, i: int, pe: int, limit: float) -> bool:
    """True if the phrase that starts at b (and holds i) is wider than a whole line: it will be
    broken inside wherever it starts, so the line before it is filled rather than left short."""
    pok, widths, flags = fl.phrase_ok, fl.widths, fl.flags
    assert pok is not None
    j = i + 1
    while j < pe and not pok[j]:
        j += 1
    while j > b and flags[j - 1] & _SP:
        j -= 1
    return sum(widths[b:j]) > limit


def _tight(fl: _Flat, k: int) -> bool:
    """No justification space between chars k-1 and k: inside a number (「10」「1,000」「3.5」「１０」)
    or a Latin word (「VP」): spread there, 「10」 reads 「1 0」."""
    if fl.ruby_cont[k]:
        return False
    p, f = fl.flags[k - 1], fl.flags[k]
    if p & f & (_LAT | _DIG) and not (p | f) & _SP:
        return True
    return bool(
        (p & _DIG and f & _NSEP and k + 1 < len(fl.flags) and fl.flags[k + 1] & _DIG)
        or (p & _NSEP and f & _DIG and k >= 2 and fl.flags[k - 2] & _DIG)
    )


def _build_line(
    fl: _Flat,
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
    width_pt -= indent
    body_end = end - 1 if hang else end  # chars [start, body_end) are justified
    cs = 0.0
    tight: list[bool] = []  # tight[k - start]: no space added between k-1 and k
    if justify and not hard:
        n = body_end - start
        if n >= 2:
            tight = [False] + [_tight(fl, k) for k in range(start + 1, body_end)]
            gaps = n - 1 - sum(tight)
            body_nat = natural - widths[end - 1] if hang else natural
            cs = (width_pt - body_nat) / gaps if gaps > 0 else 0.0
            if cs < 0.0:
                cs = 0.0
            elif max_space_em is not None and cs > max_space_em * max(
                spans[spn[k]].size_pt for k in range(start, body_end)
            ):
                cs = 0.0  # a loose line reads worse than a ragged one
    if not cs or not any(tight):
        tight = []
    frags: list[Fragment] = []
    x = indent
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
    if hang:
        sp = spans[spn[end - 1]]
        frags.append(
            Fragment(chars[end - 1], sp.font, sp.size_pt, x, widths[end - 1], sp.style, sp.ruby, sp.color,
                     sp.icon)
        )
    return Line(tuple(frags), natural + indent, cs, hang, hard, forced)


def char_space(line: Line, frag: Fragment) -> float:
    """The space to add after each character of frag when drawing it: the line's justification, or
    none inside a number or a Latin word (see :func:`_tight`)."""
    return line.char_space_pt if frag.char_space_pt is None else frag.char_space_pt


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
    fl = _flatten(spans, measure, cache, units=breaks != "chars", words=breaks == "units")
    if not fl.chars and len(fl.paras) == 1:
        return []
    limit = width_pt + _EPS * max(1.0, abs(width_pt))
    if breaks == "phrases":
        _mark_phrases(fl, limit)
    max_space = PHRASE_JUSTIFY_MAX_EM if breaks == "phrases" else None
    lines: list[Line] = []
    for n, (ps, pe) in enumerate(fl.paras):
        tail = pe if fl.tails is None else fl.tails[n]
        indent = _hang_indent(fl, ps, pe, width_pt) if breaks != "chars" else 0.0
        for start, end, hang, hard, forced in _break_paragraph(
            fl, ps, pe, limit, allow_hanging, tail, indent, last_line
        ):
            lines.append(
                _build_line(fl, spans, start, end, hang, hard, forced, width_pt, justify, max_space,
                            indent if start > ps else 0.0)
            )
    return lines


def _hang_indent(fl: _Flat, ps: int, pe: int, width_pt: float) -> float:
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
