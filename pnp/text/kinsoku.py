"""Character classes for Japanese line breaking: the kinsoku tables (JLREQ) and the flag bits the
line breaker reads for every character.

:func:`char_flags` gives a character's flags (an ``int`` of the bits below), kept per character in
:data:`FLAGS`.  The tables name what a reader sees (a closing bracket, a small kana, a digit's unit);
the bits are what the breaker tests on its hot path, two characters at a time.
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache

__all__ = [
    "NO_START_CHARS", "NO_END_CHARS", "HANGING_CHARS", "LIST_MARKERS", "INSEPARABLE_CHARS", "OPENING",
    "CLOSING", "COUNTER_END", "KATAKANA_WORDS", "FLAGS", "char_flags", "compound_boundary",
]

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
COUNTER_END = "目"  # 5列目, 2回目: the counter's own suffix stays with it
OPENING = "（〔［｛〈《「『【〘〖〝‘“([{｢"
CLOSING = "）〕］｝〉》」』】〙〗〟’”)]}｣"

# flag bits
NS = 1  # may not start a line
OP = 2  # may not end a line
SP = 4  # ASCII space / tab (break after, dropped at breaks)
LAT = 8  # Latin-like: no break between two of these
FWD = 16  # full-width digit
DIG = 32  # any digit (ASCII or full-width)
INS = 64  # inseparable when doubled
HANG = 128  # may hang
POST = 256
PRE = 512
NSEP = 1024  # separator inside numbers
ICON = 2048  # an inline icon: glued to adjacent digits and icons
WORD = 4096  # a letter a number binds to: kanji, kana, Latin, a squared unit (breaks "units")
SIGN = 8192  # a sign or prefix bound to the digit after it: ＋２, －1, 第3 (breaks "units")
CONT = 16384  # content, not punctuation or space: a line of none of these is not made
KATA = 32768  # katakana (with ー): inside a phrase no line can hold, a break avoids splitting these
KANJI = 65536  # a kanji, and
HIRA = 131072  # a hiragana: the break between them (続｜ける, 手札｜を) is avoided there too
RANGE = 262144  # a range mark between two numbers (2〜5): no break after it (breaks "units", "phrases")

# the tables whose members carry one bit each
_TABLES: tuple[tuple[frozenset[str], int], ...] = (
    (NO_START_CHARS, NS), (NO_END_CHARS, OP), (HANGING_CHARS, HANG), (INSEPARABLE_CHARS, INS),
    (_POSTFIX, POST), (_PREFIX, PRE), (_NUMSEP, NSEP), (_SIGNS, SIGN), (_RANGES, RANGE),
)

# Katakana words a rulebook's compounds are made of (スタート＋プレイヤー, ステーション＋ライフ): a
# compound breaks between two of them, never inside one, and only where moving the whole compound
# to the next line would spread the line by more than COMPOUND_LOOSE_EM.
KATAKANA_WORDS = (
    "プレイヤー", "カード", "トークン", "ライフ", "ダメージ", "フェイズ", "ラウンド", "ターン", "マーカー",
    "ダイス", "キューブ", "ボード", "デッキ", "タイム", "ポイント", "コスト", "アクション", "エリア", "マップ",
    "ステーション", "ミッション", "アイテム", "イベント", "スキル", "チャレンジ", "ボーナス", "スタート",
    "ヒーロー", "キャラクター", "スコア", "ハンド", "プレイ", "セット", "アップ", "ルール", "メモ",
)

FLAGS: dict[str, int] = {}  # char_flags' answers, per character: the breaker reads this first


def char_flags(c: str) -> int:
    """The flag bits of one character (kept in :data:`FLAGS`)."""
    f = FLAGS.get(c)
    if f is None:
        f = FLAGS[c] = _classify(c)
    return f


def _classify(c: str) -> int:
    f = _table_bits(c) | _category_bits(c)
    if c == " " or c == "\t":
        return f | SP
    return f | _digit_bits(c) | _latin_bit(c)


def _table_bits(c: str) -> int:
    f = 0
    for table, bit in _TABLES:
        if c in table:
            f |= bit
    return f


def _category_bits(c: str) -> int:
    """CONT and WORD from the Unicode category, and the script: katakana, hiragana or kanji."""
    f = 0
    cat = unicodedata.category(c)
    if cat[0] not in "PZC":
        f |= CONT
    o = ord(c)
    if cat[0] == "L" or 0x3300 <= o <= 0x33FF:
        f |= WORD
    if 0x30A1 <= o <= 0x30FA or c == "ー" or 0x31F0 <= o <= 0x31FF or 0xFF66 <= o <= 0xFF9F:
        f |= KATA
    elif 0x3041 <= o <= 0x309F:
        f |= HIRA
    elif 0x3400 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0x20000 <= o <= 0x3FFFF or c in "々〆":
        f |= KANJI
    return f


def _digit_bits(c: str) -> int:
    if "0" <= c <= "9":
        return DIG
    if 0xFF10 <= ord(c) <= 0xFF19:
        return DIG | FWD
    return 0


def _latin_bit(c: str) -> int:
    o = ord(c)
    latin = (o < 0x0530 and (c.isprintable() or c == "\xa0")) or 0x1E00 <= o < 0x2000 or c in "‘’“”"
    return LAT if latin else 0


def compound_boundary(text: str, i: int) -> bool:
    """True if a katakana compound may break before text[i]: the katakana from i to the end of the
    run is one or more of :data:`KATAKANA_WORDS` (nothing else), at least two katakana come before
    it, and text[i] may start a line (スタート｜プレイヤー, ステーション｜ライフ, イーバ｜カード; never
    プレイ｜ヤー)."""
    if not 0 < i < len(text) or not (char_flags(text[i - 1]) & char_flags(text[i]) & KATA) \
            or char_flags(text[i]) & NS:
        return False
    a = i
    while a > 0 and char_flags(text[a - 1]) & KATA:
        a -= 1
    b = i
    while b < len(text) and char_flags(text[b]) & KATA:
        b += 1
    return i - a >= 2 and _words_only(text[i:b])


@lru_cache(maxsize=4096)
def _words_only(run: str) -> bool:
    """True if run is a sequence of KATAKANA_WORDS."""
    if not run:
        return True
    return any(run.startswith(w) and _words_only(run[len(w):]) for w in KATAKANA_WORDS)
