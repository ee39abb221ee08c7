"""What prints is what a reader can use: the rulebook names a ruling by its number in the printed
list (「補足・裁定の3」) and a section by its heading — never by a source file (``09-rulings.md``) or
an id (``裁定（no_card）``) — no raw markup (``{生糸|きいと}``) reaches a caption, label or title, and
no heading (a question's heading included) is the last line of a page.  Read back from the written
PDF."""
from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence
from pathlib import Path

import pdfplumber
from click.testing import CliRunner

from pnp.cli import main
from pnp.data.ledger import open_questions
from pnp.data.project import Project
from pnp.rulebook.markup import parse_rulebook
from pnp.rulebook.page import page_spec
from pnp.text.inline import plain_text

# an id in brackets: 「（no_card）」「（skill-list）」「（round-cap、…」 — lower-case ASCII, closed at once
ID_IN_BRACKETS = re.compile(r"[（(][a-z][a-z0-9]*(?:[_-][a-z0-9]+)*[）)、,]")
FILE_NAME = re.compile(r"[\w-]+\.(?:md|ya?ml|csv|txt)\b")
MARKUP = re.compile(r"[|{}]|\*\*")
HEADING_MARKS = "■◇○"


def flat(text: str) -> str:
    return unicodedata.normalize("NFKC", text).replace("\n", "").replace(" ", "")


@functools.cache
def page_texts(pdf: Path) -> tuple[str, ...]:
    """The text of each page of a written PDF, read once per PDF."""
    with pdfplumber.open(pdf) as doc:
        return tuple(p.extract_text() or "" for p in doc.pages)


def leaks(texts: Sequence[str]) -> list[tuple[int, str]]:
    """(page, line) of every file name, bracketed id or piece of raw markup printed."""
    return [(n, line) for n, text in enumerate(texts, 1) for line in text.splitlines()
            if FILE_NAME.search(line) or ID_IN_BRACKETS.search(line) or MARKUP.search(line)]


# ------------------------------------------------------------------------------ bundled rulebooks
def test_no_file_name_id_or_markup_prints(bundled_pdf):
    game, _, _, texts, _ = bundled_pdf
    assert leaks(texts) == [], game.id
    whole = "\n".join(texts)
    doc, _ = parse_rulebook(game)
    ids = [r.id for r in game.rulings] + [Path(s.file).stem for s in doc.sections]
    assert [i for i in ids if re.search(r"[_-]", i) and i in whole] == [], game.id


def test_questions_name_rulings_by_their_printed_number(bundled_pdf):
    game, _, _, texts, _ = bundled_pdf
    text = flat("\n".join(texts))
    printed = [r for r in game.rulings if r.printed]
    doc, _ = parse_rulebook(game)
    asked = [e for _, e in open_questions(game.ledger, [s.entry for s in doc.sections])]
    checked = 0
    for entry in asked:
        if entry.kind == "ruling":
            ruling = next(r for r in game.rulings if r.id == entry.ref)
            if ruling.printed:
                n = printed.index(ruling) + 1
                # the printed list says 「n （仮）text」, the question 「補足・裁定のn「text…」」 (its text cut
                # between phrases, so at least its first words)
                assert flat(f"{n}（仮）{ruling.text[:12]}") in text, (game.id, ruling.id)
                assert flat(f"補足・裁定の{n}「{ruling.text[:8]}") in text, (game.id, ruling.id)
                checked += 1
        elif entry.kind == "section":
            section = next(s for s in doc.sections if s.entry is entry)
            heading = next((b for b in section.blocks if type(b).__name__ == "Heading"), None)
            if heading is not None:       # by its heading
                assert flat(f"ルールブック「{plain_text(heading.text)}」の節") in text, (game.id, entry.ref)
            else:                         # an example of its own: by the heading it prints under and its title
                box = section.blocks[0]
                assert re.search(re.escape(flat("ルールブック「")) + r"[^」]+" + re.escape(flat(
                    f"」の例「{plain_text(box.title)}」")), text), (game.id, entry.ref)
    assert checked, game.id


def _body_last_lines(pages: list[dict], game, first_body: int) -> list[tuple[int, list[dict]]]:
    """(page, chars of the page's last line of text) for the body pages of the read-back rulebook
    (each page {"height", "chars"}); ruby and the small print of card faces left out, and the running
    head and the folio outside the text frame."""
    spec = page_spec(game, "a5")
    out = []
    for n, page in enumerate(pages, 1):
        if n < first_body:
            continue
        top, bottom = spec.margin_top - 2, page["height"] - spec.margin_bottom + 2
        chars = [c for c in page["chars"] if c["size"] >= 6.5 and c["text"].strip()
                 and c["top"] >= top and c["bottom"] <= bottom]
        if chars:
            low = max(c["bottom"] for c in chars)
            out.append((n, sorted((c for c in chars if abs(c["bottom"] - low) < 2.5), key=lambda c: c["x0"])))
    return out


def is_heading_line(chars: list[dict], body_size: float) -> bool:
    """A heading as the page shows it: the whole line in the bold gothic, at the body size or larger
    (the marks ■ ◇ ○ before it aside)."""
    text = [c for c in chars if c["text"] not in HEADING_MARKS]
    return bool(text) and all("Bold" in c["fontname"] and c["size"] >= body_size - 0.05 for c in text)


def test_no_page_ends_with_a_heading_read_back(bundled_pdf):
    game, lay, _, _, pages = bundled_pdf
    body = page_spec(game, "a5").theme.size
    ends = _body_last_lines(pages, game, min(lay.heading_pages.values()))
    assert len(ends) >= lay.pages - 3
    bad = [(n, "".join(c["text"] for c in chars)) for n, chars in ends if is_heading_line(chars, body)]
    assert bad == [], game.id


# ------------------------------------------------------------------------------ a designer's game
RULINGS = """kind: rulings
rulings:
  - id: draw
    text: 手番では山札から1枚引きます。
  - id: silk_tie
    text: 同じ枚数なら、{生糸|きいと}を持つ人が勝ちます。
    provisional: true
    by: pnp
    question:
      topic: rules
      ask: 一番多く持っている人が複数いるとき、誰が勝ちますか？
      options:
        - {id: silk, text: "{生糸|きいと}を持つ人が勝つ"}
        - {id: share, text: 勝ちを分け合う}
      chosen: silk
      why: 引き分けのないほうが遊びやすいからです。
"""

SETUP = """---
provisional: true
by: pnp
question:
  topic: rules
  ask: 準備の手順はこれでよいですか？
  options:
    - {id: keep, text: このまま}
    - {id: change, text: 書き直す}
  chosen: keep
  why: 下書きに準備の手順がないためです。
---
# 準備

山札をよく切ります。同点のときは{{ref:silk_tie}}を、手番の流れは{{ref:02-play}}を見てください。

{{card cards/sun-1 cards/moon-1: {生糸|きいと}の札と三日月}}

{{card cards/silk}}

:::note {絹糸|けんし}について
同点のときは{{ruling:silk_tie}}
:::

# 補足・裁定

{{rulings}}
"""

PLAY = "# {手番|てばん}の流れ\n\n{{ref:silk_tie}}のとおり、同点は**{{ref:01-setup.md}}**で決めます。\n"

QUESTIONS = "---\ndraft_only: true\nnew_page: true\n---\n# 設計者への質問\n\n{{questions}}\n"


def _designer_game(root: Path) -> Path:
    """The scaffolded game with a card whose title has ruby, a ruling and a section of pnp's that
    the questions refer to, and a rulebook with captioned figures of those cards."""
    from pnp.commands.scaffold import new_game
    new_game(root, "mini")
    folder = root / "components" / "mini"
    cards = (folder / "cards.yaml").read_text(encoding="utf-8")
    cards = cards.replace("title: 朝焼け", 'title: "{生糸|きいと}"').replace(
        "  - {id: star-2,", '  - {id: silk, title: "{絹糸|けんし}", body: 手札を1枚捨てる。}\n  - {id: star-2,')
    (folder / "cards.yaml").write_text(cards, encoding="utf-8")
    game = (folder / "game.yaml").read_text(encoding="utf-8").replace("count: 6", "count: 7")
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    (folder / "rulings.yaml").write_text(RULINGS, encoding="utf-8")
    (folder / "rulebook").mkdir()
    (folder / "rulebook" / "01-setup.md").write_text(SETUP, encoding="utf-8")
    (folder / "rulebook" / "02-play.md").write_text(PLAY, encoding="utf-8")
    (folder / "rulebook" / "03-questions.md").write_text(QUESTIONS, encoding="utf-8")
    return root


def _lines(page) -> list[list[dict]]:
    """The page's characters in lines (one baseline each), top to bottom, left to right."""
    rows: dict[float, list[dict]] = {}
    for c in page.chars:
        key = next((k for k in rows if abs(k - c["bottom"]) < 0.8), c["bottom"])
        rows.setdefault(key, []).append(c)
    return [sorted(rows[k], key=lambda c: c["x0"]) for k in sorted(rows)]


def ruby_over(page, base: str, ruby: str) -> list[tuple[float, float]]:
    """(size of the base, size of the ruby) wherever base is printed with ruby set above it: half its
    size, centred over it, its bottom no lower than the base's top."""
    found = []
    lines = _lines(page)
    for line in lines:
        text = "".join(c["text"] for c in line)
        at = text.find(base)
        if at < 0:
            continue
        chars = line[at:at + len(base)]
        x0, x1, top = chars[0]["x0"], chars[-1]["x1"], min(c["top"] for c in chars)
        for other in lines:
            rt = "".join(c["text"] for c in other)
            k = rt.find(ruby)
            if k < 0:
                continue
            rc = other[k:k + len(ruby)]
            mid = (rc[0]["x0"] + rc[-1]["x1"]) / 2
            size = chars[0]["size"]
            if (abs(rc[0]["size"] - size / 2) < 0.2 and x0 <= mid <= x1 and rc[-1]["bottom"] <= top + 0.6 * size
                    and top - rc[0]["bottom"] < size):
                found.append((size, rc[0]["size"]))
    return found


def test_a_designer_rulebook_names_rulings_and_sections_and_sets_ruby_in_captions(tmp_path):
    root = _designer_game(tmp_path)
    out = tmp_path / "out"
    r = CliRunner().invoke(main, ["build", "mini", "--project", str(root), "--out", str(out)])
    assert r.exit_code == 0, r.output
    pdf = out / "mini" / "rulebook.pdf"
    texts = page_texts(pdf)
    assert leaks(texts) == []
    whole = "\n".join(texts)
    assert "silk_tie" not in whole and "01-setup" not in whole and "02-play" not in whole
    text = flat(whole)
    # cross references in the text: a ruling by its printed number, a section by its heading
    assert flat("同点のときは補足・裁定の2を、手番の流れは「手番の流れ」を見てください。") in text
    assert flat("補足・裁定の2のとおり、同点は「準備」で決めます。") in text
    # the questions name the ruling by its number under 「補足・裁定」, the section by its heading
    assert flat("2（仮）同じ枚数なら、生糸を持つ人が勝ちます。") in text
    assert flat("Q1［ルール］補足・裁定の2「同じ枚数なら、生糸を持つ人が勝ちます。」") in text
    assert flat("Q2［ルール］ルールブック「準備」の節") in text
    body = page_spec(Project(root).load_game("mini"), "a5").theme.size
    with pdfplumber.open(pdf) as doc:
        pages = doc.pages[2:]          # after the cover and the 目次

        def over(base: str, ruby: str) -> list[tuple[float, float]]:
            return [f for p in pages for f in ruby_over(p, base, ruby)]
        # the caption given in the source, the label under the card (its title), the default caption
        # of a card named by its title, a box's title, the ruling quoted in the box, a heading and a
        # question's heading: ruby above each
        caption = over("生糸の札", "きいと")
        assert caption and all(size < body for size, _ in caption), caption
        assert [f for f in over("生糸", "きいと") if f[0] < caption[0][0]], "the card's label under the figure"
        assert over("山札カード（絹糸）", "けんし"), "the default caption names the card by its title"
        assert over("絹糸について", "けんし"), "the note's title"
        assert [f for f in over("生糸を持つ人", "きいと") if f[0] >= body], "the quoted ruling"
        assert over("手番の流れ", "てばん"), "a heading"
        assert len(over("生糸を持つ人が勝ちます", "きいと")) >= 3, "the ruling, its quotation, the question"


def test_a_reference_to_nothing_is_an_error_with_file_and_line(tmp_path):
    root = _designer_game(tmp_path)
    play = root / "components" / "mini" / "rulebook" / "02-play.md"
    play.write_text(PLAY + "\n{{ref:no-such}}と{{ref:draw}}。\n", encoding="utf-8")
    setup = root / "components" / "mini" / "rulebook" / "01-setup.md"
    setup.write_text(setup.read_text(encoding="utf-8").replace("{{rulings}}", "なし"), encoding="utf-8")
    r = CliRunner().invoke(main, ["validate", "mini", "--project", str(root), "--games", "1"])
    assert r.exit_code == 1
    assert "components/mini/rulebook/02-play.md:5:1: {{ref:no-such}}: no ruling or rulebook file 'no-such'" in r.output
    assert ("components/mini/rulebook/02-play.md:5:17: {{ref:draw}}: the ruling is not in a printed {{rulings}} "
            "list") in r.output
