"""Tests for pnp.text.linebreak (JLREQ kinsoku line breaking)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.text.linebreak import (
    HANGING_CHARS,
    NO_END_CHARS,
    NO_START_CHARS,
    FitResult,
    Line,
    Span,
    TextDoesNotFit,
    block_height,
    break_spans,
    break_text,
    fit_text,
)

SIZE = 10.0


def mono(text: str, font: str, size: float) -> float:
    """Fake monospace: ASCII / Latin-1 = size/2, everything else = size."""
    return sum(size / 2 if ord(c) < 0x0530 else size for c in text)


def texts(lines: list[Line]) -> list[str]:
    return [ln.text for ln in lines]


def brk(text: str, n_full: float, **kw) -> list[str]:
    """Break at a width of ``n_full`` full-width chars; return line texts."""
    return texts(break_text(text, "F", SIZE, n_full * SIZE, mono, **kw))


# ---------------------------------------------------------------- kinsoku

NO_START_SAMPLE = list(
    "）〕］｝〉》」』】〙〗〟’”)]}‐〜゠–？！‼⁇⁈⁉?!・：；:;。．、，.,"
    "ヽヾゝゞ々〻ーぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇷㇿ"
)


def test_sample_chars_are_classified() -> None:
    assert set(NO_START_SAMPLE) <= NO_START_CHARS
    assert set("（〔［｛〈《「『【〘〖〝‘“([{") <= NO_END_CHARS
    assert HANGING_CHARS == frozenset("、。，．,.")


@pytest.mark.parametrize("ch", NO_START_SAMPLE)
@pytest.mark.parametrize("hanging", [True, False])
def test_forbidden_start_never_starts_line(ch: str, hanging: bool) -> None:
    # the 6th char lands exactly at the start of line 2 if breaking naively
    text = "あいうえお" + ch + "かきくけこ"
    lines = brk(text, 5, allow_hanging=hanging)
    assert "".join(lines) == text
    for ln in lines:
        assert ln[0] not in NO_START_CHARS
    if ch in HANGING_CHARS and hanging:
        assert lines[0] == "あいうえお" + ch  # hangs
    elif mono(ch, "F", SIZE) == SIZE:  # full-width: pushed out with お
        assert lines[0] == "あいうえ"
        assert lines[1].startswith("お" + ch)


@pytest.mark.parametrize("ch", list("（〔［｛〈《「『【〘〖〝‘“([{"))
def test_opening_bracket_never_ends_line(ch: str) -> None:
    text = "あいうえ" + ch + "かきくけこ"
    lines = brk(text, 5)
    assert "".join(lines) == text
    assert lines[0] == "あいうえ"
    assert lines[1].startswith(ch)
    for ln in lines:
        assert ln[-1] not in NO_END_CHARS


def test_double_opening_brackets_and_closing_cluster() -> None:
    lines = brk("あいう「『かき』」。さしす", 5, allow_hanging=False)
    assert lines == ["あいう", "「『か", "き』」。", "さしす"]   # the last line holds 3 (追い出し)
    for ln in lines:
        assert ln[0] not in NO_START_CHARS and ln[-1] not in NO_END_CHARS


@pytest.mark.parametrize("pair", ["——", "……", "‥‥", "――"])
def test_inseparable_pairs(pair: str) -> None:
    text = "あいうえ" + pair + "かきくけ"
    lines = brk(text, 5)
    assert "".join(lines) == text
    assert lines[0] == "あいうえ"
    assert lines[1].startswith(pair)


@pytest.mark.parametrize("num", ["12345", "1,000", "3.5", "１２３", "１，０００"])
def test_number_runs_not_split(num: str) -> None:
    for prefix in ("あ", "あい", "あいう", "あいうえ"):
        text = prefix + num + "かきくけこさしす"
        lines = brk(text, 5)
        assert "".join(lines) == text
        assert any(num in ln for ln in lines), (prefix, lines)


def test_latin_words_break_only_at_spaces() -> None:
    text = "Attack the dragon with sword"
    lines = brk(text, 6)  # 12 half-width chars per line
    assert lines == ["Attack the", "dragon with", "sword"]
    for ln in lines:
        assert not ln.startswith(" ") and not ln.endswith(" ")


def test_latin_word_pushed_out_from_japanese_line() -> None:
    lines = brk("カードをDiscardする", 5)
    assert lines == ["カードを", "Discardす", "る"]


def test_opening_bracket_before_space_not_left_at_line_end() -> None:
    lines = brk("あいう「 かきく", 4.5)
    assert lines == ["あいう", "「 かきく"]


def test_space_at_break_dropped_and_hard_line_indent_kept() -> None:
    lines = brk("  ab cd ef gh", 3)  # 6 half-width per line
    assert lines == ["  ab", "cd ef", "gh"]


def test_overlong_latin_word_force_breaks() -> None:
    lines = break_text("Supercalifragilistic", "F", SIZE, 30, mono)
    assert [ln.text for ln in lines] == ["Superc", "alifra", "gilist", "ic"]
    assert all(ln.forced for ln in lines[:-1])
    assert all(ln.width_pt <= 30 for ln in lines)


def test_forced_break_avoids_forbidden_start() -> None:
    # one unbreakable Latin run followed by punctuation; force break must not
    # start a line with ')' if another position exists
    lines = brk("abcdefghij)k", 2.5)  # 5 half-width chars per line
    for ln in lines[1:]:
        assert ln[0] != ")"
    assert "".join(lines) == "abcdefghij)k"


# ---------------------------------------------------------------- hanging


@pytest.mark.parametrize("punct", ["。", "、", "，", "．", ",", "."])
def test_hanging_punctuation(punct: str) -> None:
    lines = break_text("あいうえお" + punct + "かきく", "F", SIZE, 50, mono)
    first = lines[0]
    assert first.text == "あいうえお" + punct
    assert first.hanging
    assert first.width_pt == 50 + mono(punct, "F", SIZE)
    assert first.fragments[-1].text == punct
    assert first.fragments[-1].x_pt == 50
    assert lines[1].text == "かきく"


def test_push_out_when_hanging_disabled() -> None:
    lines = break_text("あいうえお。かきく", "F", SIZE, 50, mono, allow_hanging=False)
    assert texts(lines) == ["あいうえ", "お。かきく"]
    assert not lines[0].hanging


def test_only_one_char_hangs() -> None:
    # 。」 after the margin: cannot hang two chars -> push out
    lines = brk("あいうえお。」かき", 5)
    assert lines == ["あいうえ", "お。」かき"]


def test_no_hang_when_char_fits() -> None:
    lines = break_text("あいうえ。かきくけ", "F", SIZE, 50, mono)
    assert lines[0].text == "あいうえ。"
    assert not lines[0].hanging


# ---------------------------------------------------------------- hard breaks


def test_hard_breaks() -> None:
    lines = break_text("あい\nう\n\nえおかきくけ", "F", SIZE, 50, mono, justify=True)
    assert texts(lines) == ["あい", "う", "", "えおか", "きくけ"]   # no one-character last line
    assert [ln.hard_end for ln in lines] == [True, True, True, False, True]
    assert lines[0].char_space_pt == 0.0


def test_empty_and_trailing_newline() -> None:
    assert break_text("", "F", SIZE, 50, mono) == []
    assert texts(break_text("あ\n", "F", SIZE, 50, mono)) == ["あ", ""]
    assert texts(break_text("あ\r\nい", "F", SIZE, 50, mono)) == ["あ", "い"]


# ---------------------------------------------------------------- spans / ruby


def test_ruby_span_unbreakable() -> None:
    spans = [
        Span("あいう", "F", SIZE),
        Span("竜騎士", "F", SIZE, style="term", ruby="りゅうきし"),
        Span("かきく", "F", SIZE),
    ]
    lines = break_spans(spans, 50, mono)
    assert texts(lines) == ["あいう", "竜騎士", "かきく"]   # no one-character last line
    frag = lines[1].fragments[0]
    assert (frag.text, frag.ruby, frag.style) == ("竜騎士", "りゅうきし", "term")


def test_ruby_wider_than_line_overflows_not_split() -> None:
    spans = [Span("あ", "F", SIZE), Span("超長い単語", "F", SIZE, ruby="ちょう")]
    lines = break_spans(spans, 30, mono)
    assert texts(lines) == ["あ", "超長い単語"]
    assert lines[1].width_pt == 50
    with pytest.raises(ValueError):
        break_spans([Span("a\nb", "F", SIZE, ruby="x")], 30, mono)


def test_multi_span_fragments_carry_style() -> None:
    spans = [
        Span("敵に", "Mincho", SIZE),
        Span("3ダメージ", "Gothic", 12.0, style="em"),
        Span("を与える。", "Mincho", SIZE),
    ]
    lines = break_spans(spans, 60, mono, breaks="chars")    # kinsoku alone: the em span may split
    assert "".join(texts(lines)) == "敵に3ダメージを与える。"
    for ln in lines:
        x = 0.0
        for fr in ln.fragments:
            assert fr.x_pt == pytest.approx(x)
            assert fr.width_pt == pytest.approx(mono(fr.text, fr.font, fr.size_pt))
            x += fr.width_pt
            if fr.style == "em":
                assert (fr.font, fr.size_pt) == ("Gothic", 12.0)
                assert set(fr.text) <= set("3ダメージ")
            else:
                assert (fr.font, fr.size_pt, fr.style) == ("Mincho", SIZE, "")
    # the em span is split across two lines; each piece keeps its style
    assert [[(f.text, f.style) for f in ln.fragments] for ln in lines] == [
        [("敵に", ""), ("3ダ", "em")],
        [("メージ", "em"), ("を与", "")],
        [("える。", "")],
    ]


def test_latin_word_across_spans_not_split() -> None:
    spans = [Span("あいうHel", "F", SIZE), Span("lo", "F", SIZE, style="em")]
    lines = break_spans(spans, 40, mono)
    assert texts(lines) == ["あいう", "Hello"]
    assert [f.style for f in lines[1].fragments] == ["", "em"]


# ---------------------------------------------------------------- justification


def test_justification_fills_width_exactly() -> None:
    spans = [
        Span("これは", "F", SIZE),
        Span("強調", "F", SIZE, style="em"),
        Span("された文章で、行末を揃えるためにHP 10を使う。", "F", SIZE),
    ]
    width = 73.0
    lines = break_spans(spans, width, mono, justify=True)
    assert len(lines) > 2
    for ln in lines:
        if ln.hard_end:
            assert ln.char_space_pt == 0.0
            continue
        x = 0.0
        for fr in ln.fragments:
            assert fr.x_pt == pytest.approx(x)
            x += fr.width_pt
        if ln.hanging:
            body = ln.fragments[:-1]
            assert sum(f.width_pt for f in body) == pytest.approx(width)
            assert ln.fragments[-1].x_pt == pytest.approx(width)
            n = len(ln.text) - 1
        else:
            assert sum(f.width_pt for f in ln.fragments) == pytest.approx(width)
            n = len(ln.text)
        expected = (width - (ln.width_pt - (ln.fragments[-1].width_pt if ln.hanging else 0))) / (n - 1)
        assert ln.char_space_pt == pytest.approx(expected)


def test_justification_ignores_ruby_reading() -> None:
    spans = [Span("竜騎士", "F", SIZE, ruby="りゅうきしさま"), Span("がいく。かきくけ", "F", SIZE)]
    lines = break_spans(spans, 55, mono, justify=True)
    first = lines[0]
    assert first.text == "竜騎士がい"
    assert first.char_space_pt == pytest.approx(5 / 4)
    assert first.fragments[0].width_pt == pytest.approx(30 + 3 * 5 / 4)


# ---------------------------------------------------------------- fit_text


def test_block_height() -> None:
    assert block_height(0, 10, 1.4) == 0
    assert block_height(1, 10, 1.4) == 10
    assert block_height(3, 10, 1.5) == 40


def test_fit_text_keeps_size_when_it_fits() -> None:
    r = fit_text("あいうえおかきくけこ", 50, 30, mono, size_pt=10, font="F", leading=1.5)
    assert isinstance(r, FitResult)
    assert r.size_pt == 10 and r.leading_pt == 15
    assert len(r.lines) == 2 and r.height_pt == 25


def test_fit_text_shrinks() -> None:
    text = "あ" * 40
    r = fit_text(text, 50, 40, mono, size_pt=10, min_size_pt=5, font="F", leading=1.5)
    # 10pt: 8 lines -> 115pt; ... 6.5pt: 7 chars/line, 6 lines -> 55.25;
    # 5pt: 10 chars/line, 4 lines -> 27.5
    assert r.size_pt < 10
    assert r.height_pt <= 40
    assert r.height_pt == block_height(len(r.lines), r.size_pt, 1.5)
    # the next larger step must not have fit
    bigger = break_text(text, "F", r.size_pt + 0.5, 50, mono)
    assert block_height(len(bigger), r.size_pt + 0.5, 1.5) > 40
    assert all(f.size_pt == r.size_pt for ln in r.lines for f in ln.fragments)


def test_fit_text_scales_spans_proportionally() -> None:
    spans = [Span("あいうえお", "F", 10), Span("かきくけこ", "G", 12, style="em")]
    r = fit_text(spans, 60, 12, mono, size_pt=10, min_size_pt=4, step_pt=1)
    sizes = {f.font: f.size_pt for ln in r.lines for f in ln.fragments}
    assert sizes["G"] == pytest.approx(sizes["F"] * 1.2)
    assert sizes["F"] == r.size_pt
    assert len(r.lines) == 1


def test_fit_text_raises_with_figures() -> None:
    with pytest.raises(TextDoesNotFit) as ei:
        fit_text("あ" * 100, 50, 20, mono, size_pt=10, min_size_pt=8, font="F", leading=1.4)
    e = ei.value
    assert e.size_pt == 8
    assert e.available_height_pt == 20
    # 8pt: 6 chars/line -> 17 lines
    assert e.needed_height_pt == pytest.approx(block_height(17, 8, 1.4))
    assert "needs" in str(e)


def test_fit_text_raises_on_unbreakable_overflow() -> None:
    spans = [Span("超長い単語", "F", 10, ruby="ちょう")]
    with pytest.raises(TextDoesNotFit) as ei:
        fit_text(spans, 30, 100, mono, size_pt=10, min_size_pt=8)
    assert ei.value.widest_line_pt == pytest.approx(40)
    assert ei.value.available_width_pt == 30
    r = fit_text(spans, 30, 100, mono, size_pt=10, min_size_pt=6)
    assert r.size_pt == 6


def test_fit_text_requires_font_for_str() -> None:
    with pytest.raises(ValueError):
        fit_text("あ", 50, 20, mono, size_pt=10)


# ---------------------------------------------------------------- performance


def test_deck_performance() -> None:
    """A deck's text is measured once: the first break of a card asks the font for at most one width per
    character, a deck of 250 like cards asks for nothing more, and a text twice as long asks for at most
    twice as much (work counted in measure calls, not seconds: the suite runs on busy machines too)."""
    calls = 0

    def slow_measure(t: str, f: str, s: float) -> float:
        nonlocal calls
        calls += 1
        return mono(t, f, s)

    card = (
        "【起動】このカードを捨て札にする：敵1体に3ダメージを与える。"
        "その後、「竜」を持つカードを1枚引き、HP 1,000以上なら……"
        "さらに１２点回復する（ターン終了時まで）。"
    )

    def spans_of(text: str) -> list[Span]:
        return [Span(text[:20], "F", 9), Span(text[20:30], "G", 9, style="em"), Span(text[30:], "F", 9)]

    first = break_spans(spans_of(card), 160, slow_measure, justify=True)
    once = calls
    assert 0 < once <= len(card), once
    for _ in range(249):
        assert break_spans(spans_of(card), 160, slow_measure, justify=True) == first
    assert calls == once, calls - once

    def measure_fresh(t: str, f: str, s: float) -> float:       # another measure: nothing remembered
        return slow_measure(t, f, s)

    calls = 0
    break_spans(spans_of(card * 2), 160, measure_fresh, justify=True)
    assert calls <= 2 * once, (calls, once)


# ---------------------------------------------------------------- property test

_KANJI = "漢字竜騎士攻撃防御回復魔法"
_KANA = "あいうえおかきくけこアイウエオ"
_CLOSE = "）」』】〕。、．，？！・ー々っャ〜"
_OPEN = "（「『【〔"
_LATIN_WORDS = ["HP", "Attack", "x", "dragon", "MP"]
_NUMS = ["3", "12", "1,000", "3.5", "１２", "１，０００"]
_INSEP = ["——", "……", "‥‥"]

_LAT_LIKE = set("".join(_LATIN_WORDS) + "0123456789.,")
_FW_DIGIT = set("０１２３４５６７８９")


@st.composite
def _japanese_text(draw) -> str:
    parts: list[str] = []
    for _ in range(draw(st.integers(1, 25))):
        kind = draw(st.sampled_from(["kanji", "kana", "latin", "num", "insep", "space", "nl"]))
        tok = ""
        if draw(st.booleans()) and kind not in ("space", "nl"):
            tok += draw(st.sampled_from(_OPEN))
        if kind == "kanji":
            tok += draw(st.text(_KANJI, min_size=1, max_size=3))
        elif kind == "kana":
            tok += draw(st.text(_KANA, min_size=1, max_size=3))
        elif kind == "latin":
            tok += draw(st.sampled_from(_LATIN_WORDS))
        elif kind == "num":
            tok += draw(st.sampled_from(_NUMS))
        elif kind == "insep":
            tok += draw(st.sampled_from(_INSEP))
        elif kind == "space":
            tok += " "
        else:
            tok += "\n"
        if kind not in ("space", "nl"):
            tok += draw(st.text(_CLOSE, max_size=2))
        # keep Latin-like runs from merging into over-long units
        if parts and parts[-1] and tok and parts[-1][-1] in _LAT_LIKE | _FW_DIGIT and tok[0] in _LAT_LIKE | _FW_DIGIT:
            parts.append("の")
        parts.append(tok)
    return "".join(parts)


def _legal_boundary(before: str, b: str) -> bool:
    """Independent oracle: may a line ending with ``before`` be followed by a
    line starting with ``b``?"""
    a = before[-1]
    if b in NO_START_CHARS or a in NO_END_CHARS:
        return False
    if a in _LAT_LIKE and b in _LAT_LIKE:
        return False
    if a in _FW_DIGIT and b in _FW_DIGIT:
        return False
    if before[-2:-1] and before[-2] in _FW_DIGIT and a in "，．" and b in _FW_DIGIT:
        return False
    if a == b and a in "—…‥":
        return False
    return True


@settings(
    max_examples=300, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    text=_japanese_text(),
    n_full=st.integers(14, 24),
    hanging=st.booleans(),
    justify=st.booleans(),
    breaks=st.sampled_from(["chars", "units", "phrases"]),
)
def test_property_kinsoku(text: str, n_full: int, hanging: bool, justify: bool, breaks: str) -> None:
    width = n_full * SIZE
    lines = break_text(text, "F", SIZE, width, mono, allow_hanging=hanging, justify=justify, breaks=breaks)

    # --- nothing lost or reordered: paragraph by paragraph
    paras = text.split("\n")
    groups: list[list[Line]] = [[]]
    for ln in lines:
        groups[-1].append(ln)
        if ln.hard_end:
            groups.append([])
    assert groups[-1] == []
    groups.pop()
    assert len(groups) == len(paras)
    for para, group in zip(paras, groups):
        assert "".join(ln.text for ln in group).replace(" ", "") == para.replace(" ", "")
        pos = 0
        spans = []
        for ln in group:
            idx = para.find(ln.text, pos) if ln.text else pos
            assert idx >= 0 and para[pos:idx].strip(" ") == "", (para, ln.text)
            spans.append((idx, idx + len(ln.text)))
            pos = idx + len(ln.text)
        assert para[pos:].strip(" ") == ""

        # --- kinsoku at every soft break (units are short, so always legal)
        for i, (prev, nxt) in enumerate(zip(group, group[1:])):
            assert not prev.forced
            a, b = prev.text[-1], nxt.text[0]
            at_space = " " in para[spans[i][1]:spans[i + 1][0]]   # a break at a space is always legal
            assert at_space or _legal_boundary(prev.text, b), (prev.text, nxt.text)
            assert b != " " and a != " "
            body = prev.text[:-1] if prev.hanging else prev.text
            assert body[-1] not in NO_END_CHARS

    # --- width: only one hanging char may pass the margin
    for ln in lines:
        assert ln.width_pt == pytest.approx(mono(ln.text, "F", SIZE))
        if ln.hanging:
            assert ln.text[-1] in HANGING_CHARS and hanging
            assert ln.width_pt - mono(ln.text[-1], "F", SIZE) <= width + 1e-9
        else:
            assert ln.width_pt <= width + 1e-9
        if justify and not ln.hard_end and ln.fragments and not (breaks == "phrases" and ln.char_space_pt == 0):
            end = ln.fragments[-2] if ln.hanging else ln.fragments[-1]
            if len(ln.text) - ln.hanging >= 2:
                assert end.x_pt + end.width_pt == pytest.approx(width)
