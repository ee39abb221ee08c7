"""Japanese setting to a publisher's standard (JLREQ), read back from the written rulebooks and checked
on the shared line breaker: no paragraph, list item, table cell, box or heading ends on a line of fewer
than four characters or fewer than two that are not punctuation, a heading wraps only between phrases
and a Q&A question fits one line, numbers stay with
their units and ranges, katakana words are not split, a table split over two pages keeps two rows
on each side at the same widths, and a paragraph that points down at a figure shares its page.

The counts come from benchmarks/typeset_audit.py, which reads the PDFs with pdfplumber."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.rulebook import flow, parse_rulebook
from pnp.rulebook.book import typeset
from pnp.rulebook.flow import MIN_SPLIT_ROWS, TableFlow, Theme
from pnp.text import fonts
from pnp.text.breakfaults import break_faults
from pnp.text.linebreak import BOOK_LAST_LINE, MIN_LAST_CHARS, Span, break_spans, break_text

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("typeset_audit", ROOT / "benchmarks" / "typeset_audit.py")
assert _spec is not None and _spec.loader is not None
audit = importlib.util.module_from_spec(_spec)
sys.modules["typeset_audit"] = audit        # its dataclasses look their module up
_spec.loader.exec_module(audit)

SIZE = 10.0
MM = 72 / 25.4


def mono(text: str, font: str, size: float) -> float:
    """Fake monospace: ASCII = size/2, everything else = size."""
    return sum(size / 2 if ord(c) < 0x0530 else size for c in text)


def texts(text: str, n_full: float, **kw) -> list[str]:
    return [ln.text for ln in break_text(text, "F", SIZE, n_full * SIZE, mono, **kw)]


# ------------------------------------------------------------------ the bundled rulebooks, as printed
def test_bundled_rulebooks_read_as_jlreq_sets_them(bundled_pdf):
    game, _, pdf, _, _ = bundled_pdf
    counts, found = audit.audit_pdf(pdf)
    assert sum(counts[k] for k in audit.KINDS) == 0, (game.id, [f for f in found if f[0] in audit.KINDS])
    assert set(counts) == set(audit.KINDS + audit.INFO)


def test_the_audit_sees_what_kinsoku_alone_leaves(repo, tmp_path, monkeypatch):
    """The audit is not blind: the same rulebook broken by kinsoku alone (as before) shows katakana
    splits and one-character last lines, and its table is split with a header and one row."""
    def kinsoku_only(spans, width, justify=True, breaks="units"):
        return break_spans(spans, width, fonts.measure, justify=justify, breaks="chars")

    monkeypatch.setattr(flow, "break_lines", kinsoku_only)
    monkeypatch.setattr(flow, "MIN_SPLIT_ROWS", 1)
    doc, _ = parse_rulebook(Project(repo).load_game("tantei2"))
    typeset(doc, "a5", tmp_path / "rulebook.pdf", None)
    counts, found = audit.audit_pdf(tmp_path / "rulebook.pdf")
    assert counts["katakana splits"] >= 5, found
    assert counts["short last lines"] >= 1, found
    assert counts["thin table splits"] >= 1, found


def test_the_audit_sees_short_last_lines_and_headings_cut_inside_words(repo, tmp_path, monkeypatch):
    """Before the book's rule (a last line of 3 characters was enough, a Q&A question quoted 24
    characters whatever its width and wrapped anywhere) euphoria's rulebook showed 「同｜じ…」」 and
    「枚数ず｜つ…」」 in its questions and 「ます。」 last lines: the audit counts them."""
    def old(spans, width, justify=True, breaks="units"):
        return break_spans(spans, width, fonts.measure, justify=justify)

    from pnp.rulebook import story
    monkeypatch.setattr(flow, "break_lines", old)
    monkeypatch.setattr(story, "QUOTE_CLIPS", (24,))
    doc, _ = parse_rulebook(Project(repo).load_game("euphoria"))
    typeset(doc, "a5", tmp_path / "rulebook.pdf", None)
    counts, found = audit.audit_pdf(tmp_path / "rulebook.pdf")
    assert counts["heading word breaks"] >= 3, found
    assert counts["one-char"] >= 3, found
    assert counts["short last lines"] >= 10, found
    assert ("heading word breaks", "p16 勝者の決め方と同｜じ…」") in found


def test_q_and_a_questions_fit_one_line(bundled_pdf):
    """Every question's heading (「Q7［ルール］補足・裁定の22「…」」) is set on one line."""
    game, _, pdf, pages, _ = bundled_pdf
    import re
    heads = [ln for page in pages for ln in page.splitlines() if re.match(r"Q\d+\s*［", ln)]
    assert heads, game.id
    for h in heads:
        if "「" in h and "…" in h:
            assert h.rstrip().endswith("…」"), (game.id, h)      # the quote closes on the same line


# ------------------------------------------------------------------ the breaker
@pytest.mark.parametrize("text", ["あいうえおかきくけこさしすせそたちつてとなにぬねのま（箱に戻します）。",
                                  "あいうえおかきくけこさしすせそたちつてとなにぬねのまします。",
                                  "あいうえおかきくけこさしすせそたちつてとなにぬねのま残せる。」"])
@pytest.mark.parametrize("width", range(8, 30))
def test_the_books_last_line_holds_four_characters_two_of_them_letters(text, width):
    """BOOK_LAST_LINE: never 「す）。」「ます。」「る。」」 alone on a block's last line."""
    least, letters = BOOK_LAST_LINE
    lines = texts(text, width, justify=True, last_line=BOOK_LAST_LINE)
    assert "".join(lines) == text
    if len(lines) > 1:
        last = lines[-1]
        assert len(last) >= least and sum(1 for c in last if audit.is_content(c)) >= letters, (width, lines)
        assert all(len(ln) <= width or (len(ln) == width + 1 and ln[-1] in "。、") for ln in lines)  # ぶら下げ


def test_the_default_last_line_rule_is_unchanged_for_cards():
    """Cards keep the three-character rule (their layouts do not move): 「ます。」 may end a card text."""
    assert texts("あいうえおかきくけこします。", 12, justify=True) == ["あいうえおかきくけこし", "ます。"]
    assert texts("あいうえおかきくけこします。", 12, justify=True, last_line=BOOK_LAST_LINE) == [
        "あいうえおかきくけこ", "します。"]


def test_katakana_word_moves_whole_to_the_next_line():
    lines = break_text("あいうえおかきプレイヤーです。", "F", SIZE, 9 * SIZE, mono, justify=True)
    assert [ln.text for ln in lines] == ["あいうえおかき", "プレイヤーです。"]
    assert break_faults(lines) == []
    assert lines[0].char_space_pt > 0           # the short line is spread to the measure
    assert not lines[0].forced


def test_katakana_word_wider_than_the_line_breaks_inside_rather_than_forced():
    lines = break_text("ステーションライフ", "F", SIZE, 5 * SIZE, mono)
    assert [ln.text for ln in lines] == ["ステーショ", "ンライフ"]
    assert not any(ln.forced for ln in lines)


def test_cards_phrase_mode_is_unchanged_by_the_katakana_rule():
    """Cards (breaks="phrases") choose their breaks by phrase; the rule belongs to justified text."""
    assert texts("あいうえおかきプレイヤーです。", 9, breaks="chars") == ["あいうえおかきプレ", "イヤーです。"]


@pytest.mark.parametrize("text", ["あいうえおかき2〜5点です。", "あいうえおかき1～10の札です。"])
@pytest.mark.parametrize("width", [8, 9, 10])
def test_number_ranges_stay_whole(text, width):
    lines = texts(text, width)
    rng = text[7:text.index("〜" if "〜" in text else "～") + 2]
    assert any(rng in ln for ln in lines), lines


def test_one_unit_stays_with_its_number():
    assert texts("あいうえおかきく1マス進む。", 9) == ["あいうえおかきく", "1マス進む。"]


@pytest.mark.parametrize("width", [6, 7, 8, 9, 11, 12, 13, 14])
def test_no_last_line_of_one_or_two_characters(width):
    text = "あいうえおかきくけこさしすせそす。"
    lines = break_text(text, "F", SIZE, width * SIZE, mono, justify=True)
    assert "".join(ln.text for ln in lines) == text
    if len(lines) > 1:
        assert len(lines[-1].text) >= MIN_LAST_CHARS, [ln.text for ln in lines]
    assert all(ln.width_pt <= width * SIZE + 1e-6 for ln in lines[:-1])


def test_push_down_takes_the_latest_legal_break():
    """追い出し: 「す。」 alone would end the paragraph; the line before gives up one character, the
    smallest move that leaves three (kinsoku alone leaves 「す。」)."""
    assert texts("あいうえおかきくけこす。", 10, allow_hanging=False, breaks="units") == ["あいうえおかきくけ", "こす。"]
    assert texts("あいうえおかきくけこす。", 10, breaks="chars", allow_hanging=False) == ["あいうえおかきくけこ", "す。"]


def test_push_down_respects_kinsoku_and_units():
    """The earlier break is a legal one: never before 」 nor between a number and its unit."""
    lines = texts("あいうえおか「3枚」くけす。", 10, allow_hanging=False)
    assert len(lines[-1]) >= MIN_LAST_CHARS
    assert not lines[-1].startswith("」") and not lines[-1].startswith("枚")


def test_push_down_in_cards_phrase_mode():
    """EBE's explore card 「AP：出目1〜2は1、3〜4は2、5〜6は｜3」: the 3 never stands alone."""
    text = "AP：出目1〜2は1、3〜4は2、5〜6は3"
    for n in range(8, 20):
        lines = texts(text, n, breaks="phrases", justify=True)
        if len(lines) > 1:
            assert len(lines[-1]) >= MIN_LAST_CHARS, (n, lines)
            assert lines[-1] != "3" and not lines[-2].endswith("は3")


def test_a_single_line_or_hard_lines_are_left_alone():
    assert texts("あいう\nす。", 10) == ["あいう", "す。"]
    assert texts("す。", 10) == ["す。"]


# ------------------------------------------------------------------ tables
def _table(n_body: int) -> TableFlow:
    theme = Theme(size=9.0, leading=1.7, accent="#34495e")
    rows = [[[Span("人物", "gothic", 8.55)], [Span("アクション", "gothic", 8.55)]]]
    rows += [[[Span(f"人物{k}", "mincho", 8.55)], [Span("あなたは" + "手札を" * k + "捨てる。", "mincho", 8.55)]]
             for k in range(1, n_body + 1)]
    return TableFlow(rows, True, theme)


def test_a_table_never_leaves_a_header_and_one_row_at_a_page_foot():
    t = _table(5)
    _, whole = t.wrap(100 * MM, 1e6)
    head_and_one, head_and_four = sum(t.row_h[:2]), sum(t.row_h[:5])
    assert t.split(100 * MM, head_and_one + 1) == []            # all of it to the next page
    parts = t.split(100 * MM, head_and_four + 1)               # room for the header and four rows
    assert len(parts) == 2
    sizes = []
    for p in parts:
        p.wrap(100 * MM, 1e6)
        sizes.append(len(p.row_h) - 1)
    assert sizes == [3, 2]                                      # two rows kept for the next page
    assert min(sizes) >= MIN_SPLIT_ROWS


def test_a_continued_table_keeps_its_column_widths():
    """The row with the longest text falls in the second part: the first part is drawn at the same
    column widths all the same."""
    t = _table(6)
    t.wrap(100 * MM, 1e6)
    first, rest = t.split(100 * MM, sum(t.row_h[:4]) + 1)
    first.wrap(100 * MM, 1e6)
    rest.wrap(100 * MM, 1e6)
    assert first.col_w == pytest.approx(rest.col_w)
    assert first.width == pytest.approx(rest.width)


# ------------------------------------------------------------------ Q&A headings quoting a ruling
@pytest.mark.parametrize("text, n, quoted", [
    ("（標準）スコッチのヒーロータイムがバッティングした場合、スコッチの勝ち", 14, "（標準）スコッチの"),
    ("イーバの隣接による−1APは、以前にイーバが出現したエリアにも", 9, "イーバの隣接による"),
    ("準備で各自が伏せる1枚（伏せ札）は、手札には数えません", 14, "準備で各自が伏せる1枚"),
])
def test_a_quote_is_cut_between_phrases(text, n, quoted):
    from pnp.text.linebreak import phrase_cut
    assert text[:phrase_cut(text, n)] == quoted
    assert phrase_cut("短い文", 10) == 3


def test_q_and_a_headings_quote_whole_words_with_brackets_closed(repo):
    from pnp.data.ledger import open_questions
    from pnp.text.inline import parse_inline, plain_text
    for gid in ("euphoria", "terror24", "tantei2", "ebe"):
        game = Project(repo).load_game(gid)
        doc, _ = parse_rulebook(game)
        quotes = 0
        for _, entry in open_questions(game.ledger, [s.entry for s in doc.sections]):
            name = plain_text(doc.reference(entry))
            if entry.kind != "ruling" or "…" not in name:
                continue
            quotes += 1
            quote = name[name.index("「") + 1:name.rindex("」")]
            assert quote.count("（") == quote.count("）") and quote.count("「") == quote.count("」"), name
            ruling = next(r for r in game.rulings if r.id == entry.ref)
            cut = quote[:-1]
            whole = plain_text(parse_inline(ruling.text, icons=None, newlines=False)[0])
            assert whole.startswith(cut), (whole, cut)
            rest = whole[len(cut):]
            assert not (cut and rest and audit.is_katakana(cut[-1]) and audit.is_katakana(rest[0])), name
            assert cut and audit.is_content(cut[-1]), name       # no 「、…」
        assert quotes, gid


# ------------------------------------------------------------------ katakana compounds
def test_compound_boundaries_are_between_known_words_only():
    from pnp.text.linebreak import compound_boundary
    cuts = {w: [i for i in range(len(w)) if compound_boundary(w, i)]
            for w in ("スタートプレイヤー", "ステーションライフ", "イーバカード", "プレイヤー", "ベースカラー")}
    assert cuts == {"スタートプレイヤー": [4], "ステーションライフ": [6], "イーバカード": [3], "プレイヤー": [],
                    "ベースカラー": []}


def test_a_compound_breaks_between_its_words_only_where_the_line_would_be_loose():
    """The whole compound moves down when the line before stays tight; when moving it would spread
    the line by more than COMPOUND_LOOSE_EM, the compound breaks between its words, never inside one."""
    from pnp.text.linebreak import COMPOUND_LOOSE_EM
    loose = break_text("手番の左隣にいるスタートプレイヤーから", "F", SIZE, 12 * SIZE, mono, justify=True)
    assert [ln.text for ln in loose] == ["手番の左隣にいるスタート", "プレイヤーから"]
    tight = break_text("あ" * 40 + "スタートプレイヤーから", "F", SIZE, 42 * SIZE, mono, justify=True)
    assert [ln.text for ln in tight] == ["あ" * 40, "スタートプレイヤーから"]
    assert tight[0].char_space_pt <= COMPOUND_LOOSE_EM * SIZE


def test_a_table_of_rows_too_tall_for_thin_splits_still_splits_at_the_top_of_a_page():
    """At the top of a page there is no better page to move to: the table splits where it must."""
    class Top:
        _atTop = 1

    t = _table(3)
    t.wrap(100 * MM, 1e6)
    room = sum(t.row_h[:2]) + 1                 # the header and one row
    assert t.split(100 * MM, room) == []
    t._frame = Top()
    parts = t.split(100 * MM, room)
    assert len(parts) == 2
