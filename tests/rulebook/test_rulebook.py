"""The rulebook: markup errors, counts from data, 目次, kinsoku in the printed text, booklet order."""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from pnp.data.project import Project
from pnp.errors import DataError
from pnp.rulebook import build_rulebook, check_rulebook, has_rulebook, stated_counts
from pnp.rulebook.booklet import saddle_order
from pnp.rulebook.markup import parse_rulebook
from pnp.rulebook.tree import Cards, Rulings
from pnp.text.inline import plain_text
from pnp.text.linebreak import NO_END_CHARS, NO_START_CHARS

MM = 72 / 25.4


@pytest.fixture(scope="module")
def game(repo):
    return Project(repo).load_game("euphoria")


@pytest.fixture(scope="module")
def built(game, tmp_path_factory):
    out = tmp_path_factory.mktemp("rulebook")
    written = build_rulebook(game, out)
    return out, written


@pytest.fixture(scope="module")
def pages_text(built):
    out, _ = built
    with pdfplumber.open(out / "rulebook.pdf") as pdf:
        return [p.extract_text() or "" for p in pdf.pages]


def _game_with(game, tmp_path: Path, files: dict[str, str], **changes):
    folder = tmp_path / "components" / game.id
    (folder / "rulebook").mkdir(parents=True)
    for name, text in files.items():
        (folder / "rulebook" / name).write_text(text, encoding="utf-8")
    return replace(game, folder=folder, **changes)


# ------------------------------------------------------------------------------- the bundled book
def test_bundled_rulebook_is_clean(game):
    assert has_rulebook(game)
    assert check_rulebook(game) == []


def test_written_files(built):
    out, written = built
    assert [(w.kind, w.path.name) for w in written] == [("rulebook", "rulebook.pdf"),
                                                         ("rulebook-booklet", "rulebook-booklet.pdf")]
    reading = PdfReader(out / "rulebook.pdf")
    assert written[0].pages == len(reading.pages) >= 8
    w, h = (float(x) / MM for x in reading.pages[0].mediabox[2:])
    assert (round(w), round(h)) == (148, 210)


def test_no_line_breaks_kinsoku(pages_text):
    bad = []
    for n, text in enumerate(pages_text, 1):
        for line in text.splitlines():
            line = line.strip()
            if not line:
                continue
            if line[0] in NO_START_CHARS or line[-1] in NO_END_CHARS:
                bad.append((n, line))
    assert bad == []


def test_toc_page_numbers_match_headings(pages_text):
    toc = [ln for ln in pages_text[1].splitlines()
           if re.search(r"\D\s*\d+$", ln.strip()) and "目次" not in ln]
    entries = []
    for ln in toc:
        m = re.match(r"^(?:■\s*)?(.+?)\s*(\d+)$", ln.strip())
        entries.append((m.group(1).replace(" ", ""), int(m.group(2))))
    assert len(entries) >= 8
    names = [e[0] for e in entries]
    for want in ("概要", "コンポーネント", "ゲームの準備", "ゲームの進行", "ゲームの終了と勝敗", "補足・裁定"):
        assert want in names
    for name, page in entries:
        landed = [n for n, text in enumerate(pages_text, 1) if n > 2 and any(
            ln.replace(" ", "").lstrip("■◇○") == name for ln in text.splitlines())]
        assert landed and landed[0] == page, (name, page, landed)


def test_every_count_printed_equals_the_data(game, pages_text):
    text = "\n".join(pages_text).replace(" ", "")
    names = {c.name: c.count for c in game.components}
    found = re.findall(r"(煩悩カード)（?(\d+)枚", text)
    assert found
    for name, number in found:
        assert int(number) == names[name]
    assert all(n == names[name] for _, _, name, n in stated_counts(game))


def test_stated_counts_have_file_and_line(game):
    counts = stated_counts(game)
    assert ("components/euphoria/rulebook/02-components.md", 6, "煩悩カード", 40) in counts
    assert any(f.endswith("03-setup.md") for f, _, _, _ in counts)


def test_component_page_has_figures(built, pages_text):
    out, _ = built
    n = next(i for i, t in enumerate(pages_text) if i > 1 and "■ コンポーネント" in t.splitlines())
    page = PdfReader(out / "rulebook.pdf").pages[n]
    xobjects = page["/Resources"].get("/XObject", {})
    assert len(xobjects) >= 1
    text = pages_text[n]
    assert "煩悩カード（40枚）" in text.replace(" ", "")


def test_fonts_are_embedded_subsets(built):
    out, _ = built
    reader = PdfReader(out / "rulebook.pdf")
    names = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            names.add(str(font["/BaseFont"]))
            desc = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in font \
                else font.get("/FontDescriptor")
            if desc is not None:
                desc = desc.get_object()
                assert any(k in desc for k in ("/FontFile2", "/FontFile", "/FontFile3"))
    assert names and all(re.match(r"^/?[A-Z]{6}\+", n) for n in names), names


def test_rulings_printed(game, pages_text):
    text = "".join(pages_text).replace("\n", "").replace(" ", "")
    for ruling in game.rulings:
        assert ruling.text.replace(" ", "")[:18] in text


# ------------------------------------------------------------------------------- booklet
def test_saddle_order():
    assert saddle_order(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]
    assert saddle_order(5) == [(8, 1), (2, 7), (6, 3), (4, 5)]
    assert saddle_order(1) == [(4, 1), (2, 3)]


def test_booklet_order_and_size(built):
    out, written = built
    reader = PdfReader(out / "rulebook-booklet.pdf")
    n = written[0].pages
    sides = saddle_order(n)
    assert len(reader.pages) == written[1].pages == len(sides)
    for page in reader.pages:
        w, h = (float(x) / MM for x in page.mediabox[2:])
        assert (round(w), round(h)) == (297, 210)
    with pdfplumber.open(out / "rulebook-booklet.pdf") as pdf:
        for side, pair in zip(pdf.pages, sides):
            for slot, number in enumerate(pair):
                half = side.crop((slot * side.width / 2, side.height - 16 * MM,
                                  (slot + 1) * side.width / 2, side.height))
                folio = re.findall(r"\d+", half.extract_text() or "")
                if number == 1 or number > n:
                    assert folio == []
                else:
                    assert folio == [str(number)], (pair, slot, folio)
        cover = pdf.pages[0].crop((pdf.pages[0].width / 2, 0, pdf.pages[0].width, pdf.pages[0].height))
        assert "ユーフォリア" in (cover.extract_text() or "")


def test_booklet_reuses_each_page_once(built):
    out, _ = built
    size_reading = (out / "rulebook.pdf").stat().st_size
    size_booklet = (out / "rulebook-booklet.pdf").stat().st_size
    assert size_booklet < size_reading * 1.2


@pytest.mark.parametrize("paper,cmyk", [("a5", False), ("a4", True)])
def test_booklet_from_the_reading_pages_is_the_booklet_drawn_again(game, tmp_path, paper, cmyk):
    """The booklet takes over the pages the reading copy drew (nothing laid out or drawn twice); its
    bytes are those of the booklet a pass drawing every page again as a form writes."""
    from pnp.rulebook import book
    from pnp.rulebook.booklet import BookletCanvas
    from pnp.rulebook.page import page_spec
    doc, _ = parse_rulebook(game)
    lay = book.typeset(doc, paper, tmp_path / "rulebook.pdf", tmp_path / "rulebook-booklet.pdf", cmyk)
    spec = page_spec(game, paper)
    maker = type("_Booklet", (BookletCanvas,), {"sheet_size": spec.sheet, "cmyk": cmyk,
                                                "pnp_icons": dict(game.icons)})
    book._run(doc, spec, str(tmp_path / "drawn-again.pdf"), lay.heading_pages, maker)
    assert (tmp_path / "rulebook-booklet.pdf").read_bytes() == (tmp_path / "drawn-again.pdf").read_bytes()


def test_same_input_same_bytes(game, built, tmp_path):
    out, _ = built
    build_rulebook(game, tmp_path)
    for name in ("rulebook.pdf", "rulebook-booklet.pdf"):
        assert (tmp_path / name).read_bytes() == (out / name).read_bytes()


def test_a4_paper(game, tmp_path):
    written = build_rulebook(game, tmp_path, paper="a4")
    reader = PdfReader(written[1].path)
    w, h = (float(x) / MM for x in reader.pages[0].mediabox[2:])
    assert (round(w), round(h)) == (420, 297)


# ------------------------------------------------------------------------------- errors
def test_unknown_markup_and_card_are_errors_with_file_line(game, tmp_path):
    g = _game_with(game, tmp_path, {
        "01-a.md": "# 見出し\n\n本文です。\n#### 四段目\n{{card kleshas/nope}}\n{{frobnicate}}\n",
        "02-b.md": "---\nnew_page: true\ncolour: red\n---\n:::warning\n中身\n:::\n**閉じない強調\n{{count:dice}}\n",
    })
    problems = check_rulebook(g)
    where = [(p.file, p.line) for p in problems]
    assert ("components/euphoria/rulebook/01-a.md", 4) in where
    assert ("components/euphoria/rulebook/01-a.md", 5) in where
    assert ("components/euphoria/rulebook/01-a.md", 6) in where
    assert ("components/euphoria/rulebook/02-b.md", 3) in where      # unknown front matter key
    assert ("components/euphoria/rulebook/02-b.md", 5) in where      # :::warning
    assert ("components/euphoria/rulebook/02-b.md", 8) in where      # unclosed **
    assert ("components/euphoria/rulebook/02-b.md", 9) in where      # unknown component
    assert any("unknown card 'nope'" in p.message for p in problems)
    with pytest.raises(DataError) as exc:
        build_rulebook(g, tmp_path / "out")
    assert "components/euphoria/rulebook/01-a.md:5:" in str(exc.value)
    assert not (tmp_path / "out" / "rulebook.pdf").exists()


def test_unknown_deck_and_diagram_cell(game, tmp_path):
    g = _game_with(game, tmp_path, {"01.md": "{{card tiles/a}}\n\n:::diagram 図\nrows:\n  - label: 場\n"
                                             "    cells: [up, flipped]\n:::\n"})
    messages = [str(p) for p in check_rulebook(g)]
    assert any(":1:" in m and "unknown deck 'tiles'" in m for m in messages)
    assert any("flipped" in m for m in messages)


def test_missing_glyph_is_reported(game, tmp_path):
    g = _game_with(game, tmp_path, {"01.md": "本文\n\n絵文字\U0001F600です\n"})
    problems = check_rulebook(g)
    # (a game made from a draft also reports the section's missing source: on line 1)
    assert any(p.line == 3 and "U+1F600" in p.message for p in problems)


def test_rulings_come_from_the_games_rulings_file(game, tmp_path):
    from pnp.data.ledger import Entry, Ruling
    from pnp.data.model import Where
    here = Where("rulings.yaml", 1, 1)
    mine = Entry("ruling", "a", "a", (), False, None, here)
    rulings = (Ruling("a", "一つ目の裁定。", True, mine), Ruling("b", "二つ目の裁定。", True, mine),
               Ruling("cap", "安全装置。", False, mine))
    g = _game_with(game, tmp_path, {"01.md": "# 補足\n\n{{rulings}}\n\n裁定bは{{ruling:b}}\n"})
    g = replace(g, rulings=rulings)
    doc, problems = parse_rulebook(g)
    assert problems == []
    blocks = doc.sections[0].blocks
    printed = next(b for b in blocks if isinstance(b, Rulings))
    assert [r.id for r in printed.items] == ["a", "b"]          # print: false stays out of the book
    assert "二つ目の裁定。" in "".join(r.text for r in blocks[-1].text)
    g2 = replace(g, rulings=())
    assert any("rulings" in p.message for p in check_rulebook(g2))


def test_values_come_from_data(game, tmp_path):
    g = _game_with(game, tmp_path, {"01.md": "{{title}}は{{players}}、{{play_time}}。カードは{{count:kleshas}}枚。\n"
                                             "{{card kleshas/gi-3 kleshas/back: 疑の3と裏}}\n"})
    doc, problems = parse_rulebook(g)
    assert problems == []
    para, cards = doc.sections[0].blocks
    assert "".join(r.text for r in para.text) == "ユーフォリアは3〜5人、約20分。カードは40枚。"
    assert isinstance(cards, Cards) and plain_text(cards.caption) == "疑の3と裏"
    g3 = replace(g, players=(2, 4))
    doc3, _ = parse_rulebook(g3)
    assert "2〜4人" in "".join(r.text for r in doc3.sections[0].blocks[0].text)
