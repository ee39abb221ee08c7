"""What a designer sees in the PDFs: page sizes in mm, boxes, cards per sheet, text, fonts."""
import json

import pdfplumber
import pytest
from pypdf import PdfReader

from pnp.commands.build import BuildOptions, build_game
from pnp.data.project import Project
from pnp.errors import DataError
from pnp.layout.sheet import impose, plan_grid
from pnp.text.linebreak import NO_END_CHARS, NO_START_CHARS

MM = 72 / 25.4


def size_mm(box) -> tuple[float, float]:
    return round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)


def test_home_sheets_are_a4_with_nine_poker_cards(built_kit):
    reader = PdfReader(built_kit / "euphoria/kleshas-sheets.pdf")
    assert len(reader.pages) == 10                       # 40 cards → 5 sheets, face + back each
    for page in reader.pages:
        assert size_mm(page.mediabox) == (210.0, 297.0)
    with pdfplumber.open(built_kit / "euphoria/kleshas-sheets.pdf") as pdf:
        first = pdf.pages[0].extract_text()
    assert "煩悩カード" in first and "表 シート 1/5" in first


@pytest.mark.parametrize("paper,size", [("letter", (215.9, 279.4)), ("a3", (297.0, 420.0)), ("b5", (182.0, 257.0))])
def test_other_papers(tmp_path, repo, paper, size):
    game = Project(repo).load_game("euphoria")
    build_game(game, tmp_path, BuildOptions(paper=paper, shop=False))
    reader = PdfReader(tmp_path / "euphoria/kleshas-sheets.pdf")
    assert size_mm(reader.pages[0].mediabox) == size


def test_shop_pages_have_trim_and_bleed_boxes(built_kit):
    reader = PdfReader(built_kit / "terror24/shop/detectives-faces.pdf")
    assert len(reader.pages) == 50                       # one page per printed card
    page = reader.pages[0]
    assert size_mm(page.mediabox) == (69.0, 94.0)        # 63×88 trim + 3 mm bleed each side
    assert size_mm(page.trimbox) == (63.0, 88.0)
    assert size_mm(page.bleedbox) == (69.0, 94.0)
    assert round(float(page.trimbox.left) / MM, 1) == 3.0


def test_japanese_tombo_enlarge_the_shop_page(tmp_path, repo):
    game = Project(repo).load_game("euphoria")
    build_game(game, tmp_path, BuildOptions(marks="jp", sheets=False))
    page = PdfReader(tmp_path / "euphoria/shop/kleshas-faces.pdf").pages[0]
    assert size_mm(page.mediabox) == (93.0, 118.0)       # trim + 2 × (3 mm bleed + 12 mm for marks)
    assert size_mm(page.trimbox) == (63.0, 88.0)
    assert size_mm(page.bleedbox) == (69.0, 94.0)


def test_every_card_text_is_in_the_pdf(built_kit, kit_pages, repo):
    game = Project(repo).load_game("terror24")
    deck = game.deck("incidents")
    texts = [t.replace("\n", "") for t in kit_pages(built_kit / "terror24/shop/incidents-faces.pdf")]
    for card, text in zip(deck.physical_cards(), texts):
        assert card.title in text and card.body in text and str(card.value) in text


def test_fonts_are_embedded_as_subsets(built_kit):
    reader = PdfReader(built_kit / "euphoria/kleshas-sheets.pdf")
    fonts = set()
    for page in reader.pages[:2]:
        for f in page["/Resources"]["/Font"].values():
            f = f.get_object()
            fonts.add(str(f["/BaseFont"]))
            desc = f["/DescendantFonts"][0].get_object() if "/DescendantFonts" in f else f
            assert "/FontFile2" in desc["/FontDescriptor"].get_object()
    assert fonts and all(len(n) > 8 and n[7] == "+" for n in fonts), fonts


def test_long_edge_backs_mirror_columns_short_edge_rows():
    grid = plan_grid("a4", 63 * MM, 88 * MM)
    assert (grid.cols, grid.rows) == (3, 3)
    pages = impose(4, grid, "long")
    face, back = pages[0], pages[1]
    for f, b in zip(face.slots, back.slots):
        assert f.index == b.index and b.col == 2 - f.col and b.row == f.row
        assert b.x == pytest.approx(grid.paper_w - f.x - grid.card_w)     # mirrored about the centre
    pages = impose(4, grid, "short")
    for f, b in zip(pages[0].slots, pages[1].slots):
        assert b.col == f.col and b.row == 2 - f.row
        assert b.y == pytest.approx(grid.paper_h - f.y - grid.card_h)


def test_back_page_positions_in_the_pdf(tmp_path, mini_project):
    """Six cards: on the long-edge back page the first card's back sits in the mirrored column."""
    game = Project(mini_project).load_game("mini")
    build_game(game, tmp_path, BuildOptions(shop=False))
    with pdfplumber.open(tmp_path / "mini/cards-sheets.pdf") as pdf:
        face = [w for w in pdf.pages[0].extract_words() if w["text"] == "朝焼け"]
        backs = [w for w in pdf.pages[1].extract_words() if w["text"] == "山札カード" and w["top"] < 280 * MM]
        width = float(pdf.pages[0].width)
    assert len(face) == 1 and len(backs) == 6
    grid = plan_grid("a4", 63 * MM, 88 * MM)
    right_col_x0 = grid.x0 + 2 * grid.card_w
    # card 1 sits in column 0 on the face and column 2 on the back
    assert face[0]["x0"] < grid.x0 + grid.card_w
    assert any(b["x0"] > right_col_x0 and b["top"] < grid.y0 + grid.card_h for b in backs)
    assert width == pytest.approx(210 * MM, abs=0.1)


def test_card_lines_obey_kinsoku(built_kit, kit_pages):
    """Every line on every card face of every bundled game."""
    faces = sorted(built_kit.glob("*/shop/*-faces.pdf"))
    assert {p.parent.parent.name for p in faces} == {"euphoria", "terror24", "tantei2", "ebe"}
    for path in faces:
        for page in kit_pages(path):
            for line in page.splitlines():
                line = line.strip()
                if line:
                    assert line[0] not in NO_START_CHARS, (path.name, line)
                    assert line[-1] not in NO_END_CHARS, (path.name, line)


def test_text_that_does_not_fit_is_an_error_naming_card_and_field(mini_project):
    cards = mini_project / "components/mini/cards.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("body: 手札を1枚引く。", "body: " + "手札を1枚引く。" * 40), encoding="utf-8")
    game = Project(mini_project).load_game("mini")
    with pytest.raises(DataError) as e:
        build_game(game, mini_project / "out", BuildOptions())
    msg = str(e.value)
    assert "components/mini/cards.yaml:14:" in msg and "body: text does not fit region 'body'" in msg
    assert not (mini_project / "out/mini/cards-sheets.pdf").exists()


def test_missing_glyph_is_an_error_naming_the_card(mini_project):
    cards = mini_project / "components/mini/cards.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("title: 北極星", "title: 北極星😀"), encoding="utf-8")
    game = Project(mini_project).load_game("mini")
    with pytest.raises(DataError) as e:
        build_game(game, mini_project / "out", BuildOptions())
    assert "cards.yaml:19:" in str(e.value) and "'😀' (U+1F600) is not in font gothic-bold" in str(e.value)


def test_same_input_same_bytes(tmp_path, repo, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    game = Project(repo).load_game("terror24")
    a = build_game(game, tmp_path / "a", BuildOptions())
    b = build_game(game, tmp_path / "b", BuildOptions())
    for wa, wb in zip(a.files, b.files):
        assert wa.path.read_bytes() == wb.path.read_bytes()


def test_failed_build_keeps_the_last_good_pdf(tmp_path, repo, monkeypatch):
    game = Project(repo).load_game("euphoria")
    build_game(game, tmp_path, BuildOptions(shop=False))
    target = tmp_path / "euphoria/kleshas-sheets.pdf"
    good = target.read_bytes()
    from pnp.render import pdf as pdfmod

    def boom(self, *a, **k):
        raise RuntimeError("printer on fire")
    monkeypatch.setattr(pdfmod.PdfPainter, "mark", boom)
    with pytest.raises(RuntimeError):
        build_game(game, tmp_path, BuildOptions(shop=False))
    assert target.read_bytes() == good
    assert [p.name for p in target.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_manifest_lists_every_file_with_hash(built_kit):
    import hashlib
    manifest = json.loads((built_kit / "terror24/manifest.json").read_text(encoding="utf-8"))
    assert manifest["game"] == "terror24"
    paths = {f["path"] for f in manifest["files"]}
    on_disk = {p.relative_to(built_kit / "terror24").as_posix() for p in (built_kit / "terror24").rglob("*.pdf")}
    assert paths == on_disk
    for f in manifest["files"]:
        data = (built_kit / "terror24" / f["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == f["sha256"]
        assert len(PdfReader(built_kit / "terror24" / f["path"]).pages) == f["pages"]


def test_pdfs_are_small(built_kit):
    for pdf in built_kit.rglob("*.pdf"):
        assert pdf.stat().st_size < 10 * 1024 * 1024


def test_cost_pips_draw_one_disc_per_character(repo):
    from pnp.commands.build import plan_game_cards
    from pnp.layout.plan import Box, TextBlock
    game = Project(repo).load_game("tantei2")
    faces, _ = plan_game_cards(game)["events"]
    card = game.deck("events").card("e01")
    cost = card.fields["cost"]
    discs = [i for i in faces["e01"].items if isinstance(i, Box) and i.radius and i.w == i.h and i.radius == i.w / 2]
    assert len(discs) == len(cost) == 4
    letters = [i.lines[0].line.text for i in faces["e01"].items if isinstance(i, TextBlock) and len(i.lines) == 1
               and i.lines[0].line.text in cost]
    assert "".join(letters) == cost


def test_pip_without_a_colour_is_an_error(repo, tmp_path):
    import shutil
    shutil.copytree(repo / "components/tantei2", tmp_path / "components/tantei2")
    events = tmp_path / "components/tantei2/events.yaml"
    events.write_text(events.read_text(encoding="utf-8").replace('cost: "黒橙黄"', 'cost: "黒灰黄"'),
                      encoding="utf-8")
    from pnp.commands.build import plan_game_cards
    with pytest.raises(DataError) as e:
        plan_game_cards(Project(tmp_path).load_game("tantei2"))
    assert "events.yaml:" in str(e.value) and "no pip colour for '灰'" in str(e.value)


@pytest.mark.parametrize("size,trim,per_sheet", [("bridge", (58, 89), 9), ("mini", (44, 63), 18),
                                                 ("tarot", (70, 120), 4), ("poker", (63, 88), 9)])
def test_card_sizes_and_cards_per_a4_sheet(mini_project, tmp_path, size, trim, per_sheet):
    # card-base is drawn for poker cards (its regions leave a smaller card's safe area, an error):
    # a layout whose regions fit the smallest size serves every size here
    (mini_project / "layouts").mkdir()
    (mini_project / "layouts/small.yaml").write_text(
        "size: mini\nface:\n  regions:\n    title: {kind: text, field: title, x: 4mm, y: 4mm, w: 36mm, h: 12mm, "
        "size: 10pt}\nback:\n  regions:\n    name: {kind: text, field: deck_name, x: 4mm, y: 20mm, w: 36mm, "
        "h: 12mm, size: 10pt}\n", encoding="utf-8")
    cards = mini_project / "components/mini/cards.yaml"
    text = cards.read_text(encoding="utf-8").replace("layout: card-base", f"layout: small\nsize: {size}")
    cards.write_text(text.replace("title: 朝焼け,", "title: 朝焼け, count: 20,"), encoding="utf-8")
    game_yaml = mini_project / "components/mini/game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace("count: 6", "count: 25"), encoding="utf-8")
    game = Project(mini_project).load_game("mini")
    assert game.deck("cards").layout.width_pt == pytest.approx(trim[0] * MM)
    res = build_game(game, tmp_path, BuildOptions(rulebook=False))
    shop = PdfReader(tmp_path / "mini/shop/cards-faces.pdf").pages[0]
    assert size_mm(shop.trimbox) == (float(trim[0]), float(trim[1]))
    with pdfplumber.open(tmp_path / "mini/cards-sheets.pdf") as pdf:
        # by character: a turned card's title runs up the page (mini cards fit A4 best turned)
        on_first = [c for c in pdf.pages[0].chars if c["text"] == "朝"]
    assert len(on_first) == per_sheet
    assert res.files[0].pages == 2 * -(-25 // per_sheet)


def test_card_images_are_drawn(mini_project, tmp_path):
    from PIL import Image
    Image.new("RGB", (120, 80), (200, 30, 30)).save(mini_project / "components/mini/sun.png")
    lay = mini_project / "layouts"
    lay.mkdir()
    (lay / "picture.yaml").write_text(
        "extends: card-base\nface:\n  regions:\n    mark: null\n    art:\n      kind: image\n"   # the picture in the mark's place
        "      x: 10mm\n      y: 18.5mm\n      w: 43mm\n      h: 26mm\n", encoding="utf-8")
    cards = mini_project / "components/mini/cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("layout: card-base", "layout: picture")
                     .replace("title: 朝焼け,", "title: 朝焼け, image: sun.png,"), encoding="utf-8")
    game = Project(mini_project).load_game("mini")
    build_game(game, tmp_path, BuildOptions(sheets=False, rulebook=False))
    first = PdfReader(tmp_path / "mini/shop/cards-faces.pdf").pages[0]
    xobjects = first["/Resources"]["/XObject"]
    assert any(x.get_object()["/Subtype"] == "/Image" for x in xobjects.values())
