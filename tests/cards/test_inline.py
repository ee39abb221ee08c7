"""The one inline markup parser (pnp.text.inline) and the line breaker's inline icons."""
from pnp.text import fonts
from pnp.text.inline import ICON_CHAR, Run, parse_inline
from pnp.text.linebreak import Span, break_spans


def test_ruby_bold_colour_icon_and_escapes():
    runs, errors = parse_inline(r"**強**と{亭主|ていしゅ}、[赤]{:coin:3枚}\{x\}\:a:", icons={"coin"})
    assert errors == []
    assert runs == (Run("強", "strong"), Run("と"), Run("亭主", "", "ていしゅ"), Run("、"),
                    Run("", "", None, "#c0392b", "coin"), Run("3枚", "", None, "#c0392b"), Run("{x}:a:"))


def test_named_and_hex_colours_and_line_breaks():
    runs, errors = parse_inline(r"[cost]{A}[#00FF00]{B}\nC", colors={"cost": "#123456"})
    assert errors == []
    assert runs == (Run("A", color="#123456"), Run("B", color="#00ff00"), Run("\nC"))


def test_every_unfinished_markup_is_an_error_with_its_column():
    cases = {
        "a**b": (2, "** is not closed"),
        "ab{亭主": (3, "{ starts ruby"),
        "x}y": (2, "} closes nothing"),
        "[赤]{abc": (1, "[colour]{ is not closed"),
        "[朱]{abc}": (1, "unknown colour [朱]"),
        "do :sword: now": (4, "unknown icon :sword:"),
        "{{title}}": (1, "values from data belong in the rulebook"),
        "【用語": (1, "【 is not closed"),
    }
    for text, (col, message) in cases.items():
        _, errors = parse_inline(text, col0=1, icons={"coin"})
        assert errors, text
        assert errors[0].col == col, (text, errors)
        assert message in errors[0].message, (text, errors)


def test_colons_that_are_not_icons_stay_text():
    runs, errors = parse_inline("10:30 開始。例: A:B", icons=set())
    assert errors == [] and runs == (Run("10:30 開始。例: A:B"),)


def test_icon_is_one_em_and_glued_to_its_number():
    """An icon is one unbreakable unit one em wide, never split from the digit after it."""
    size = 10.0
    spans = [Span("あ" * 4, "gothic", size), Span(ICON_CHAR, "gothic", size, icon="coin"), Span("3", "gothic", size)]
    # four ems and the icon fit in 5.2 em, its digit does not: the icon goes down with its digit
    lines = break_spans(spans, 5.2 * size, fonts.measure, breaks="chars")
    assert [ln.text for ln in lines] == ["ああああ", ICON_CHAR + "3"]
    # by default a last line of two characters takes one more from the line before (追い出し)
    lines = break_spans(spans, 5.2 * size, fonts.measure)
    assert [ln.text for ln in lines] == ["あああ", "あ" + ICON_CHAR + "3"]
    icon_frag = [f for ln in lines for f in ln.fragments if f.icon][0]
    assert icon_frag.width_pt == size and icon_frag.icon == "coin"
    # a closing bracket after an icon does not start a line
    spans = [Span("ああああ", "gothic", size), Span(ICON_CHAR, "gothic", size, icon="coin"), Span("」", "gothic", size)]
    lines = break_spans(spans, 5.2 * size, fonts.measure)
    assert not lines[-1].text.startswith("」")


def test_every_character_that_may_start_markup_reads_as_markup_or_text():
    """The parser copies stretches without markup whole and hands each other character to its reader:
    a character that stops a stretch but has no reader would crash the parse; alone, each reads as text
    or as an error with its column, never as an exception."""
    from pnp.text import inline

    stops = {c for c in map(chr, range(0x10000)) if not 0xD800 <= ord(c) <= 0xDFFF and not inline._PLAIN.match(c)}
    assert stops == set(inline._READERS)
    for c in sorted(stops):
        runs, errors = parse_inline(c, icons={"coin"})
        assert runs or errors, repr(c)
    assert parse_inline("a*b:c\\", icons={"coin"}) == ((Run("a*b:c\\"),), [])
