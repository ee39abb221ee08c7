"""Breaks a reader trips over: katakana words, numbers and their units, lines of punctuation only.

Cards, aids and parts break between phrases (breaks="phrases"); rulebooks keep numbers with their
units and leave no line of closing punctuation (breaks="units", the default) but may still break a
katakana word in justified body text.  Each case below is a break the kinsoku-only breaker made
(breaks="chars" shows it), taken from the bundled cards."""
from __future__ import annotations

import pytest

from pnp.text.breakfaults import break_faults
from pnp.text.linebreak import (
    PHRASE_JUSTIFY_MAX_EM,
    Line,
    Span,
    TextDoesNotFit,
    break_spans,
    break_text,
    fit_text,
)

SIZE = 10.0


def mono(text: str, font: str, size: float) -> float:
    """Fake monospace: ASCII / Latin-1 = size/2, everything else = size."""
    return sum(size / 2 if ord(c) < 0x0530 else size for c in text)


def lines_of(text: str, n_full: float, breaks: str, **kw) -> list[Line]:
    return break_text(text, "F", SIZE, n_full * SIZE, mono, breaks=breaks, **kw)


def texts(lines: list[Line]) -> list[str]:
    return [ln.text for ln in lines]


def splits(lines: list[Line], bad: str) -> bool:
    """True if some soft break falls where bad's ｜ is."""
    a, b = bad.split("｜")
    return any(p.text.endswith(a) and n.text.startswith(b) for p, n in zip(lines, lines[1:]) if not p.hard_end)


# (the break the kinsoku-only breaker made, text, width in full-width characters, lines with phrases)
CASES = [
    ("1ダ｜メージ", "隣接するエリアでは、1ダメージを受ける。", 12, ["隣接するエリアでは、", "1ダメージを受ける。"]),
    ("プレイ｜ヤー", "最も小さい目のプレイヤーは武器1つを払う。", 10,
     ["最も小さい目の", "プレイヤーは", "武器1つを払う。"]),
    ("ステーションラ｜イフ", "未達成なら：ステーションライフ−6。", 13, ["未達成なら：", "ステーションライフ−6。"]),
    ("代用コ｜スト", "［閃き］は何枚でも。代用コストは1手番1回。", 13, ["［閃き］は何枚でも。", "代用コストは1手番1回。"]),
    ("5｜列目", "事件カードを2段×5列に。5列目だけ裏向き。", 6, ["事件カードを", "2段×5列に。", "5列目だけ", "裏向き。"]),
    ("1手番1｜回", "代用コストはない色を1手番1回。", 13, ["代用コストはない色を1手番", "1回。"]),
    ("死者5｜人", "終了判定（13VPか死者5人）→再セットアップ", 11, ["終了判定（13VPか", "死者5人）", "→再セットアップ"]),
    ("＋｜2", "緑は＋1、失敗で負傷。赤は＋2、失敗で殉職。", 7, ["緑は＋1、", "失敗で負傷。", "赤は＋2、", "失敗で殉職。"]),
]


@pytest.mark.parametrize("bad, text, width, expected", CASES, ids=[c[0] for c in CASES])
def test_phrases_keep_words_and_numbers_whole(bad: str, text: str, width: float, expected: list[str]) -> None:
    before = lines_of(text, width, "chars")
    assert splits(before, bad) and break_faults(before), texts(before)   # the case is real
    after = lines_of(text, width, "phrases")
    assert texts(after) == expected
    assert break_faults(after) == []


NUMBER_CASES = [c for c in CASES if c[0] in ("5｜列目", "1手番1｜回", "死者5｜人", "＋｜2")]


@pytest.mark.parametrize("bad, text, width, expected", NUMBER_CASES, ids=[c[0] for c in NUMBER_CASES])
def test_rulebook_default_keeps_numbers_with_units(bad: str, text: str, width: float, expected: list[str]) -> None:
    """The default (rulebooks, reports) keeps 5列目, 1回, 5人, ＋2 whole too."""
    assert splits(lines_of(text, width, "chars"), bad)
    lines = break_text(text, "F", SIZE, width * SIZE, mono)
    assert not splits(lines, bad), texts(lines)
    assert [f.kind for f in break_faults(lines) if f.kind == "number"] == []


def test_rulebook_default_keeps_katakana_words_whole() -> None:
    """Justified body text (breaks "units") never splits a katakana word at a line end (JLREQ): the
    word goes to the next line and the line before is spread."""
    text = "最も小さい目のプレイヤーは武器1つを払う。"
    lines = break_text(text, "F", SIZE, 10 * SIZE, mono, justify=True)
    assert texts(lines) == ["最も小さい目の", "プレイヤーは武器1つ", "を払う。"]
    assert break_faults(lines) == []


@pytest.mark.parametrize("breaks", ["units", "phrases"])
def test_no_line_of_closing_punctuation_only(breaks: str) -> None:
    text = "「坊ちゃまの秘密も、存じております……」"
    assert texts(lines_of(text, 17, "chars")) == ["「坊ちゃまの秘密も、存じております", "……」"]
    lines = lines_of(text, 17, breaks)
    assert [ln.text for ln in lines][-1] != "……」"
    assert break_faults(lines) == []
    assert lines[-1].text.endswith("……」") and len(lines[-1].text) > 3


def test_closing_punctuation_alone_only_when_nothing_else_fits() -> None:
    """Degrades, never forces: where 「す……」」 is wider than the line, 「……」」 goes alone (as
    before) rather than splitting the ……."""
    lines = lines_of("「はい」と言った……」", 3, "units")
    assert texts(lines)[-2:] == ["た", "……」"]
    assert not any(ln.forced for ln in lines)


def test_phrase_that_fits_a_line_is_kept_whole() -> None:
    assert texts(lines_of("あなたはステーションライフを回復する。", 10, "phrases")) == [
        "あなたは", "ステーションライフを", "回復する。"]


def test_phrase_wider_than_the_line_breaks_inside_it_where_no_word_splits() -> None:
    """「ステーションライフを」 (10) in a line of 9: broken inside, before を, not inside the word."""
    lines = lines_of("ステーションライフを回復する。", 9, "phrases")
    assert texts(lines) == ["ステーションライフ", "を回復する。"]
    assert not any(ln.forced for ln in lines)
    assert texts(lines_of("ステーションライフを回復する。", 9, "chars")) == ["ステーションライフ", "を回復する。"]


def test_phrase_wider_than_the_line_fills_the_line_before() -> None:
    """「国際宇宙研究開発機構本部に」 is wider than any line: it is broken where it must be, and 「そして」
    does not stand alone on a line of eight."""
    lines = lines_of("そして国際宇宙研究開発機構本部に向かう。", 8, "phrases")
    assert texts(lines) == ["そして国際宇宙研", "究開発機構本部に", "向かう。"]
    assert not any(ln.forced for ln in lines)


def test_word_longer_than_the_line_is_broken_not_refused() -> None:
    lines = lines_of("ステーションライフ", 4, "phrases")
    assert texts(lines) == ["ステー", "ションラ", "イフ"]      # ョ may not start a line
    assert not any(ln.forced for ln in lines)


def test_text_that_does_not_fit_the_box_is_still_an_error() -> None:
    with pytest.raises(TextDoesNotFit):
        fit_text("隣接するエリアでは、1ダメージを受ける。" * 3, 12 * SIZE, 2 * SIZE * 1.4, mono, size_pt=SIZE,
                 font="F", breaks="phrases")


def test_phrases_justify_spreads_only_tight_lines() -> None:
    """A line that ends far short at a phrase is set ragged, not letter-spaced; a line that is
    nearly full is justified as before."""
    loose = lines_of("【スキル】（2ハンド目から）バッティングしても、自分のヒーロータイムは効果を失わない。", 17, "phrases",
                     justify=True)
    assert texts(loose)[0] == "【スキル】（2ハンド目から）"
    assert loose[0].char_space_pt == 0.0
    tight = lines_of("隣接するエリアでは、1ダメージを受ける。", 10.5, "phrases", justify=True)
    assert texts(tight) == ["隣接するエリアでは、", "1ダメージを受ける。"]
    assert tight[0].char_space_pt == pytest.approx(0.5 * SIZE / 9)      # half an em over nine gaps
    assert tight[0].char_space_pt <= PHRASE_JUSTIFY_MAX_EM * SIZE
    end = tight[0].fragments[-1]
    assert end.x_pt + end.width_pt == pytest.approx(10.5 * SIZE)


def test_ruby_and_icons_stay_units_with_phrases() -> None:
    spans = [Span("燭台の", "F", SIZE), Span("告命灯", "F", SIZE, ruby="こくめいとう"), Span("を1個加える。", "F", SIZE)]
    lines = break_spans(spans, 6 * SIZE, mono, breaks="phrases")
    assert any(f.text == "告命灯" and f.ruby for ln in lines for f in ln.fragments)
    assert "".join(texts(lines)) == "燭台の告命灯を1個加える。"


def test_unknown_breaks_is_refused() -> None:
    with pytest.raises(ValueError, match="breaks must be"):
        break_text("あ", "F", SIZE, 10 * SIZE, mono, breaks="words")


# ---------------------------------------------------------------- the detector itself


@pytest.mark.parametrize("before, after, kind", [
    ("配置時：末尾のカー", "ドが人物カードなら", "katakana"),
    ("自分のダ", "メージを2回復する。", "katakana"),
    ("死者5", "人）", "number"),
    ("数字の１", "を出す", "number"),
    ("赤は＋", "2、失敗で殉職。", "number"),
    ("存じております", "……」", "punctuation"),
    ("求め続", "ける心。", "okurigana"),
    ("あなたは手札", "を1枚使う。", "okurigana"),
])
def test_detector_names_each_fault(before: str, after: str, kind: str) -> None:
    lines = [break_text(before, "F", SIZE, 1e6, mono)[0], break_text(after, "F", SIZE, 1e6, mono)[0]]
    lines[0] = Line(lines[0].fragments, lines[0].width_pt)          # a soft break
    assert [f.kind for f in break_faults(lines)] == [kind]


@pytest.mark.parametrize("before, after", [
    ("制御室・", "備品室"),                 # ・ separates katakana words
    ("プレイヤーは", "カードを引く"),
    ("合計2回", "成功する。"),
    ("最も", "小さい数字"),
    ("ステーションライフ", "−6。"),
])
def test_detector_passes_good_breaks(before: str, after: str) -> None:
    lines = [Line(break_text(before, "F", SIZE, 1e6, mono)[0].fragments, 0.0),
             break_text(after, "F", SIZE, 1e6, mono)[0]]
    assert break_faults(lines) == []


def test_detector_ignores_hard_breaks() -> None:
    lines = break_text("カー\nド", "F", SIZE, 1e6, mono)
    assert texts(lines) == ["カー", "ド"] and break_faults(lines) == []
