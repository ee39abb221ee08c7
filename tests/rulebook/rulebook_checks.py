"""What every game's rulebook test asserts, written once: the 目次 entries land on their pages, the
counts printed equal the data, every ruling is printed, and no line starts with a forbidden character."""
from __future__ import annotations

import re
import unicodedata

from pnp.rulebook import stated_counts
from pnp.text.linebreak import NO_START_CHARS

MARKS = "■◇○"


def flat(text: str) -> str:
    return unicodedata.normalize("NFKC", text).replace("\n", "").replace(" ", "")


def toc_entries(pages_text: list[str]) -> list[tuple[str, int]]:
    """(heading, page) from the 目次 on page 2."""
    entries = []
    for ln in pages_text[1].splitlines():
        m = re.match(r"^(?:■\s*)?(.*\D)\s*(\d+)$", ln.strip())
        if m and "目次" not in ln:
            entries.append((m.group(1).replace(" ", ""), int(m.group(2))))
    return entries


def assert_toc_lands(pages_text: list[str], required: tuple[str, ...]) -> None:
    entries = toc_entries(pages_text)
    names = [name for name, _ in entries]
    for want in required:
        assert want in names, (want, names)
    for name, page in entries:
        landed = [n for n, text in enumerate(pages_text, 1) if n > 2 and any(
            ln.replace(" ", "").lstrip(MARKS) == name for ln in text.splitlines())]
        assert landed and landed[0] == page, (name, page, landed)


def assert_counts_equal_data(game, pages_text: list[str]) -> str:
    """Every 「名前（N枚／個）」 printed and every stated count equals the data; returns the flat text."""
    counts = {c.name: c.count for c in game.components}
    text = flat("\n".join(pages_text))
    names = "|".join(sorted(map(re.escape, counts), key=len, reverse=True))
    found = re.findall(rf"({names})[（(](\d+)(?:枚|個)?[）)]", text)
    assert {name for name, _ in found} == set(counts)     # the component list names every component
    for name, number in found:
        assert int(number) == counts[name], (name, number)
    decks = {d.name: d.piece_count for d in game.decks}
    stated = stated_counts(game)
    assert stated
    for file, line, name, number in stated:
        assert number == counts.get(name, decks.get(name)), (file, line, name, number)
    return text


def assert_every_ruling_printed(pages_text: list[str], rulings) -> None:
    start = next(n for n, text in enumerate(pages_text)
                 if n > 1 and "■補足・裁定" in [ln.replace(" ", "") for ln in text.splitlines()])
    # a ruling may run over a page break: read the pages without their running head and page number
    bodies = []
    for text in pages_text[start:]:
        lines = text.splitlines()
        if lines and lines[-1].strip().isdigit():
            lines = lines[:-1]
        bodies.append("\n".join(lines[1:]))
    section = flat("\n".join(bodies))
    for ruling in rulings:
        if ruling.printed:
            assert flat(ruling.text) in section, ruling.id


def assert_no_forbidden_line_start(pages_text: list[str], skip_cover: bool = True) -> None:
    bad = [(n, line.strip()) for n, text in enumerate(pages_text, 1) if not (skip_cover and n == 1)
           for line in text.splitlines() if line.strip() and line.strip()[0] in NO_START_CHARS]
    assert bad == []


# ---------------------------------------------------------------------------------------- style
# The rulebooks speak 敬体 (です・ます). A sentence of the page's own text ends in a polite form; a
# plain-form ending (〜する。〜である。〜だ。〜した。〜ない。) is 常体. Quotations 「…」『…』 — card
# text, the draft's words, titles — keep the wording they quote and are not judged.
POLITE_ENDINGS = ("ます", "です", "ません", "ました", "でした", "ましょう", "でしょう", "ください", "ませんか",
                  "ますか", "ですか")
PLAIN_ENDING = re.compile(r"(?:だ|である|た|ない|[うくぐすつぬぶむる])$")
QUOTED = re.compile(r"「[^「」]*」|『[^『』]*』")
LINE_ITEM = re.compile(r"\n(?=[●○•・■◇]|\d+[.．]|理由：|Q\d)")   # a list item, option, heading, reason starts afresh


def sentence_endings(page_text: str) -> list[str]:
    """The sentences of a page's running text that end with 「。」, quotations replaced by 〈引用〉."""
    text = LINE_ITEM.sub("‖", page_text).replace("\n", "")
    previous = None
    while previous != text:                      # nested quotations, innermost first
        previous = text
        text = QUOTED.sub("〈引用〉", text)
    pieces = text.split("。")[:-1]               # the text after the last 「。」 is no sentence
    return [re.split(r"[‖？！]", piece)[-1].strip() for piece in pieces]


def is_plain_form(sentence: str) -> bool:
    """Whether a sentence (without its 「。」) ends in 常体; a closing parenthetical is looked through
    (「…使いません（箱に戻します）」 ends in 使いません)."""
    end = sentence.rstrip("　 ")
    while (m := re.search(r"[（(][^（）()]*[）)]$", end)):
        end = end[:m.start()].rstrip("　 ")
    if not end or end.endswith(POLITE_ENDINGS) or end.endswith("〈引用〉"):
        return False
    return bool(PLAIN_ENDING.search(end))


def plain_form_sentences(pages_text: list[str]) -> list[tuple[int, str]]:
    return [(n, s) for n, text in enumerate(pages_text, 1) for s in sentence_endings(text) if is_plain_form(s)]
