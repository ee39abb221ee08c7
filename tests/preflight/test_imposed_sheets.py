"""Imposition on a print shop's own sheet (issue 38 item 6b, 面付け): a shop profile with an impose:
block places the cards on the shop's sheet, each with its full bleed and its own トンボ, backs mirrored
behind their faces; preflight reads each card's boxes from the page and judges every card like a card
page, counting the registration-coloured marks between the cards as the marks they are — and a
registration-coloured solid inside a card as the 400 % it is."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.commands.build import BuildOptions, build_game
from pnp.data.project import Project
from pnp.errors import DataError
from pnp.render.preflight import preflight
from pnp.render.readback import read_pdf
from pnp.render.shops import SHOPS

from . import foreign_pdfs as make

MM = 72 / 25.4
SHOP_ONLY = BuildOptions(sheets=False, rulebook=False)
# A4, two cards across and two down, 14 mm apart: cards of 63 × 88 mm at 35 mm and 53.5 mm from the
# sheet's left and top edges, each card's marks (14 − 2 × 3) / 2 − 0.5 = 3.5 mm long
IMPOSE = "{base: jp-card, impose: {sheet_mm: [210, 297], columns: 2, rows: 2, gutter_mm: 14}}"
X0, Y0, W, H, GUTTER, BLEED, MARK = 35.0, 53.5, 63.0, 88.0, 14.0, 3.0, 3.5


def _game(root: Path, shop: str = IMPOSE, backs: bool = True) -> Project:
    """The scaffolded game (six cards) with the shop's sheet in game.yaml and, with backs, a back of its
    own for each card: 「裏1」…「裏6」, so a back can be found on its sheet."""
    folder = root / "components/mini"
    cards = folder / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    if backs:
        for n, title in enumerate(("朝焼け", "真昼", "三日月", "満月", "流れ星", "北極星"), 1):
            text = text.replace(f"title: {title},", f"title: {title}, back: {{title: 裏{n}}},")
    cards.write_text(text, encoding="utf-8")
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + f"print:\n  shop: {shop}\n", encoding="utf-8")
    return Project(root)


def _cards(path: Path) -> list[list[tuple[float, ...]]]:
    """Each page's cards' TrimBox as written in the page's PieceInfo, in mm (x0, y0, x1, y1, y up)."""
    with pikepdf.open(path) as pdf:
        return [[tuple(float(v) / MM for v in card.TrimBox) for card in page.obj.PieceInfo.PnpImposition.Private.Cards]
                for page in pdf.pages]


@pytest.fixture
def imposed(mini_project, tmp_path) -> Path:
    build_game(_game(mini_project).load_game("mini"), tmp_path / "out", SHOP_ONLY)
    return tmp_path / "out/mini/shop"


def test_the_sheet_is_the_shops_and_every_card_sits_on_its_grid_with_its_bleed(imposed):
    faces = imposed / "cards-faces.pdf"
    with pikepdf.open(faces) as pdf:
        assert len(pdf.pages) == 2                       # six cards, four a sheet
        for page in pdf.pages:
            for box in ("/MediaBox", "/TrimBox", "/BleedBox"):   # PDF/X: the TrimBox is the finished sheet
                assert [round(float(v) / MM, 2) for v in page.obj[box]] == [0, 0, 210, 297]
            for card in page.obj.PieceInfo.PnpImposition.Private.Cards:
                trim, bleed = [float(v) for v in card.TrimBox], [float(v) for v in card.BleedBox]
                assert [round((t - b) / MM, 2) for t, b in zip(trim[:2], bleed[:2])] == [BLEED, BLEED]
                assert [round((b - t) / MM, 2) for t, b in zip(trim[2:], bleed[2:])] == [BLEED, BLEED]
        assert pdf.Root.OutputIntents[0].S == "/GTS_PDFX" and str(pdf.docinfo.GTS_PDFXConformance) == "PDF/X-1a:2001"
    expected = [(X0 + c * (W + GUTTER), 297 - Y0 - r * (H + GUTTER) - H) for r in range(2) for c in range(2)]
    pages = _cards(faces)
    assert [len(p) for p in pages] == [4, 2]
    for page in pages:
        for (x0, y0, x1, y1), (ex, ey) in zip(page, expected):
            assert (round(x0, 2), round(y0, 2), round(x1 - x0, 2), round(y1 - y0, 2)) == (ex, ey, W, H)
    # the faces' text is on its card: card 5 (流れ星) is the first card of the second sheet
    page2 = read_pdf(faces, [2])[0]
    left, top = X0 * MM, Y0 * MM
    on_first = "".join(g.char for g in page2.glyphs if left < g.x < left + W * MM and top < g.y < top + H * MM)
    assert "流れ星" in on_first and "北極星" not in on_first


def test_each_card_has_its_own_tombo_outside_its_bleed_and_the_sheet_its_centre_marks(imposed):
    page = read_pdf(imposed / "cards-faces.pdf", [1], paint=True)[0]
    marks = [p for p in page.paths if p.stroke == (1.0,) and p.fill is None]      # the registration colour
    cards = [(X0 + c * (W + GUTTER), Y0 + r * (H + GUTTER)) for r in range(2) for c in range(2)]     # mm, y down
    assert len(marks) == 4 * 16 + 4 * 2                # 16 lines a card, a line and a bar at each side's middle
    bleeds = [((x - BLEED) * MM, (y - BLEED) * MM, (x + W + BLEED) * MM, (y + H + BLEED) * MM) for x, y in cards]
    for m in marks:                                    # none enters a card's bleed
        for b in bleeds:
            assert not (m.box[0] < b[2] - 0.01 and b[0] + 0.01 < m.box[2] and m.box[1] < b[3] - 0.01
                        and b[1] + 0.01 < m.box[3]), (m.box, b)
    found = {tuple(round(v / MM, 1) for v in m.box) for m in marks}
    for x, y in cards:                 # at the top-left corner: the trim and bleed lines, MARK long, outward
        assert (x, y - BLEED - MARK, x, y - BLEED) in found                      # 内トンボ, vertical
        assert (x - BLEED - MARK, y, x - BLEED, y) in found                      # 内トンボ, horizontal
        assert (x - BLEED, y - BLEED - MARK, x - BLEED, y - BLEED) in found      # 外トンボ on the bleed line
        assert (x + W, y + H + BLEED, x + W, y + H + BLEED + MARK) in found      # bottom-right, vertical
    centre = [m for m in marks if round(m.box[0] / MM, 1) == 105.0 == round(m.box[2] / MM, 1)]
    assert len(centre) == 2 and all(m.box[3] / MM < Y0 - BLEED - MARK or m.box[1] / MM > 297 - Y0 + BLEED + MARK
                                    for m in centre)   # top and bottom, beyond the cards' marks


def test_each_back_lies_behind_its_face_with_the_columns_mirrored(imposed):
    faces, backs = _cards(imposed / "cards-faces.pdf"), _cards(imposed / "cards-backs.pdf")
    assert [len(p) for p in backs] == [4, 2]
    read = read_pdf(imposed / "cards-backs.pdf")
    for sheet, (face_page, back_page) in enumerate(zip(faces, backs)):
        for k, face in enumerate(face_page):
            n = sheet * 4 + k + 1                        # the card's number in the deck
            # its back: the slot whose text says 裏n
            glyphs = read[sheet].glyphs
            holder = [b for b in back_page
                      if f"裏{n}" in "".join(g.char for g in glyphs if b[0] * MM < g.x < b[2] * MM
                                               and (297 - b[3]) * MM < g.y < (297 - b[1]) * MM)]
            assert len(holder) == 1, n
            back = holder[0]
            # long-edge flip: the back sheet turned about its vertical centre line covers the face exactly
            assert (round(210 - back[2], 2), round(back[1], 2), round(210 - back[0], 2), round(back[3], 2)) == \
                tuple(round(v, 2) for v in face), (n, face, back)
        if sheet == 1:                                   # card 5, left on its face sheet, right behind it
            assert round(face_page[0][0], 2) == X0


def test_one_back_for_the_deck_fills_one_sheet(mini_project, tmp_path):
    build_game(_game(mini_project, backs=False).load_game("mini"), tmp_path / "out", SHOP_ONLY)
    shop = tmp_path / "out/mini/shop"
    assert not (shop / "cards-backs.pdf").exists()
    assert [len(p) for p in _cards(shop / "cards-back.pdf")] == [4]


def test_the_imposed_files_pass_preflight_and_the_print_check_and_mupdf_reads_them(mini_project, tmp_path):
    project = _game(mini_project)
    out = tmp_path / "out"
    build_game(project.load_game("mini"), out, BuildOptions(sheets=False, rulebook=False, check_print=True))
    files = [str(out / "mini/shop/cards-faces.pdf"), str(out / "mini/shop/cards-backs.pdf")]
    result = CliRunner().invoke(main, ["preflight", *files, "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert [f["imposed"] for f in report["files"]] == [{"sheets": 2, "cards": 6}, {"sheets": 2, "cards": 6}]
    for f in report["files"]:
        said = {x["check"]: x for x in f["findings"]}
        assert said["impose"]["level"] == "ok" and "2 シートの 6 枚のカード" in said["impose"]["message"]
        assert [round(v, 2) for v in f["trim_mm"]] == [63.0, 88.0]
        if shutil.which("gs"):
            assert said["ink"]["level"] == "ok" and "2 シートの 6 枚のカードの塗り足しの内側" in said["ink"]["message"]
    if shutil.which("mutool"):
        for f in files:
            done = subprocess.run(["mutool", "draw", "-o", "/dev/null", "-r", "20", f], capture_output=True, text=True)
            errors = [line for line in done.stderr.splitlines() if "error" in line.lower() and not line.startswith("page ")]
            assert done.returncode == 0 and not errors, errors


def test_the_same_input_gives_the_same_bytes(mini_project, tmp_path):
    game = _game(mini_project).load_game("mini")
    build_game(game, tmp_path / "a", SHOP_ONLY)
    build_game(game, tmp_path / "b", SHOP_ONLY)
    for name in ("cards-faces.pdf", "cards-backs.pdf"):
        assert (tmp_path / "a/mini/shop" / name).read_bytes() == (tmp_path / "b/mini/shop" / name).read_bytes()


def test_the_bundled_template_profile_places_poker_cards_three_by_four_on_a3(mini_project, tmp_path):
    project = _game(mini_project, shop="{base: jp-card}", backs=False)
    build_game(project.load_game("mini"), tmp_path / "out",
               BuildOptions(sheets=False, rulebook=False, shop_profile="jp-card-imposed"))
    (page,) = _cards(tmp_path / "out/mini/shop/cards-back.pdf")
    assert len(page) == 12 and SHOPS["jp-card-imposed"].impose is not None
    assert sorted({round(c[0], 2) for c in page}) == [(297 - 3 * 63 - 2 * 12) / 2 + i * 75 for i in range(3)]


# -- the profile's numbers ---------------------------------------------------------------------------
@pytest.mark.parametrize("impose,field,words", [
    ("{sheet_mm: [210, 297], columns: 3, rows: 3, gutter_mm: 14}", "sheet_mm", "do not fit"),
    ("{sheet_mm: [210, 297], gutter_mm: 8}", "gutter_mm", "no room for each card"),
    ("{sheet_mm: [210, 297], gutter_mm: .nan}", "gutter_mm", "finite"),
    ("{sheet_mm: [210, .inf]}", "sheet_mm", ""),
    ("{sheet_mm: [210, 297], columns: 0}", "columns", ""),
])
def test_a_profile_whose_numbers_cannot_hold_the_cards_is_an_error_at_its_line(mini_project, impose, field, words):
    _game(mini_project, shop=f"{{base: jp-card, impose: {impose}}}")
    result = CliRunner().invoke(main, ["--lang", "en", "build", "mini", "--project", str(mini_project)])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = (mini_project / "components/mini/game.yaml").read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "impose:" in text)
    assert re.search(rf"game\.yaml:{line}:\d+: print\.shop\.impose(\.{field}|\[?'?{field})", result.output) or \
        (f"game.yaml:{line}:" in result.output and field in result.output), result.output
    assert words in result.output
    assert not (mini_project / "out/mini/shop").exists()


# -- preflight on sheets made by hand (pikepdf), not by pnp's renderer -------------------------------------
def _said(report, check: str):
    return [f for f in report.findings if f.check == check]


@pytest.mark.needs("gs")
def test_marks_between_the_cards_pass_a_solid_in_the_registration_colour_inside_a_card_fails(tmp_path):
    good = preflight(make.imposed_sheet(tmp_path / "good.pdf"), SHOPS["jp-card"])
    assert [f.level for f in _said(good, "ink")] == ["ok"], good.findings
    assert "1 シートの 2 枚のカード" in _said(good, "ink")[0].message and re.search("最大 (89|90)%", _said(good, "ink")[0].message)
    assert [f.level for f in _said(good, "impose")] == ["ok"] and (good.sheets, good.cards) == (1, 2)
    assert not [f for f in good.findings if f.level == "error"], good.findings

    bad = preflight(make.imposed_sheet(tmp_path / "solid.pdf", solid_in_card=True), SHOPS["jp-card"])
    (ink,) = _said(bad, "ink")
    assert ink.level == "error" and "最大 400%" in ink.message and "1 枚目のカード" in ink.message
    assert "レジストレーション" in ink.message and bad.failed
    # 15–35 mm across and 25–45 mm up from the card's bottom-left: 25–45 mm down from its top (70 mm)
    assert re.search(r"横 1[45]\.\d–3[45]\.\d mm・縦 2[45]\.\d–4[45]\.\d mm", ink.message), ink.message


@pytest.mark.needs("gs")
def test_the_same_sheet_without_its_record_is_judged_as_one_page_and_fails(tmp_path):
    report = preflight(make.imposed_sheet(tmp_path / "plain.pdf", record=False), SHOPS["jp-card"])
    assert not _said(report, "impose") and report.failed
    assert _said(report, "boxes")[0].level == "error"            # the sheet has no bleed beyond its trim
    assert _said(report, "ink")[0].level == "error"              # its marks are on the "card"


def test_cards_whose_bleeds_overlap_or_fall_short_fail(tmp_path):
    close = preflight(make.imposed_sheet(tmp_path / "close.pdf", gap_mm=4.0), SHOPS["jp-card"])
    assert any("重なる" in f.message for f in _said(close, "impose") if f.level == "error")
    short = preflight(make.imposed_sheet(tmp_path / "short.pdf", bleed_mm=1.0), SHOPS["jp-card"])
    assert any("塗り足しが 1.0 mm" in f.message for f in _said(short, "impose") if f.level == "error")


def test_a_record_that_cannot_be_read_is_an_error_not_a_pass(tmp_path):
    path = make.imposed_sheet(tmp_path / "broken.pdf")
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pdf.pages[0].obj.PieceInfo.PnpImposition.Private.Cards[0].TrimBox = pikepdf.Array([1, 2])
        pdf.save(path)
    report = preflight(path, SHOPS["jp-card"])
    assert report.failed and any("読めない" in f.message for f in _said(report, "impose"))


def test_a_game_without_a_sheet_keeps_one_card_a_page(mini_project, tmp_path):
    game = _game(mini_project, shop="{base: jp-card}", backs=False).load_game("mini")
    build_game(game, tmp_path / "out", SHOP_ONLY)
    with pikepdf.open(tmp_path / "out/mini/shop/cards-faces.pdf") as pdf:
        assert len(pdf.pages) == 6 and "/PieceInfo" not in pdf.pages[0].obj


def test_a_sheet_too_small_for_one_card_is_a_data_error(mini_project, tmp_path):
    game = _game(mini_project, shop="{base: jp-card, impose: {sheet_mm: [60, 60]}}").load_game("mini")
    with pytest.raises(DataError) as e:
        build_game(game, tmp_path / "out", SHOP_ONLY)
    assert "print.shop.impose.sheet_mm" in str(e.value) and "60 × 60" in str(e.value)


def test_a_sheet_of_another_size_than_the_shops_template_fails(tmp_path):
    """The hand-made sheet is 180 × 120 mm: the bundled template is A3."""
    report = preflight(make.imposed_sheet(tmp_path / "a.pdf"), SHOPS["jp-card-imposed"])
    (wrong,) = [f for f in _said(report, "impose") if f.level == "error"]
    assert "180.0 × 120.0 mm" in wrong.message and "297 × 420 mm" in wrong.message
