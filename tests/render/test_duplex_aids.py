"""Issue: duplex aids, CMYK, PNG and Tabletop Simulator outputs."""
import re

import pdfplumber
import pytest
from PIL import Image
from pypdf import PdfReader

from pnp.commands.build import BuildOptions, build_game
from pnp.data.project import Project
from pnp.layout.sheet import impose, plan_fold_grid, plan_grid
from pnp.render.calibration import write_calibration
from pnp.render.raster import TTS_MAX_PX

MM = 72 / 25.4


def test_back_offset_moves_every_back_by_exactly_dx_dy():
    grid = plan_grid("a4", 63 * MM, 88 * MM)
    plain = impose(20, grid, "long")
    moved = impose(20, grid, "long", back_offset=(1.5 * MM, -0.8 * MM))
    for a, b in zip(plain, moved):
        assert a.side == b.side
        for sa, sb in zip(a.slots, b.slots):
            if a.side == "back":
                assert (sb.x - sa.x, sb.y - sa.y) == pytest.approx((1.5 * MM, -0.8 * MM))
            else:
                assert (sb.x, sb.y) == (sa.x, sa.y)


def test_back_offset_in_the_pdf(tmp_path, repo):
    game = Project(repo).load_game("euphoria")
    build_game(game, tmp_path / "a", BuildOptions(shop=False))
    build_game(game, tmp_path / "b", BuildOptions(shop=False, back_offset_mm=(2.0, 1.0)))

    def back_words(root):
        with pdfplumber.open(root / "euphoria/kleshas-sheets.pdf") as pdf:
            return [(w["x0"], w["top"]) for w in pdf.pages[1].extract_words()
                    if w["text"] == "ユーフォリア" and w["top"] < 280 * MM]
    a, b = back_words(tmp_path / "a"), back_words(tmp_path / "b")
    assert len(a) == len(b) == 9
    for (xa, ya), (xb, yb) in zip(sorted(a), sorted(b)):
        assert xb - xa == pytest.approx(2.0 * MM, abs=0.05) and yb - ya == pytest.approx(1.0 * MM, abs=0.05)


def test_fold_layout_mirrors_backs_about_the_fold(tmp_path, repo):
    grid = plan_fold_grid("a4", 63 * MM, 88 * MM)
    assert grid.paper_w == pytest.approx(297 * MM) and grid.x0 + grid.grid_w <= grid.paper_w / 2
    game = Project(repo).load_game("euphoria")
    build_game(game, tmp_path, BuildOptions(shop=False, duplex="fold"))
    reader = PdfReader(tmp_path / "euphoria/kleshas-sheets.pdf")
    assert len(reader.pages) == 10 and float(reader.pages[0].mediabox.width) == pytest.approx(297 * MM, abs=0.1)
    with pdfplumber.open(tmp_path / "euphoria/kleshas-sheets.pdf") as pdf:
        words = pdf.pages[0].extract_words()
    faces = [w for w in words if w["text"] == "貪欲"]
    backs = [w for w in words if w["text"] == "ユーフォリア" and w["top"] < 200 * MM]
    assert len(faces) == len(backs) == 4
    assert all(w["x1"] < 148.5 * MM for w in faces) and all(w["x0"] > 148.5 * MM for w in backs)


def test_first_sheet_has_a_100mm_ruler(built_kit):
    with pdfplumber.open(built_kit / "euphoria/kleshas-sheets.pdf") as pdf:
        first, second = pdf.pages[0], pdf.pages[2]
        assert "100 mm" in first.extract_text() and "100 mm" not in second.extract_text()
        ticks = [ln for ln in first.lines if abs(ln["x0"] - ln["x1"]) < 0.01 and ln["top"] > 287.5 * MM]
        xs = sorted({round(ln["x0"], 2) for ln in ticks})
        assert len(xs) == 101 and xs[-1] - xs[0] == pytest.approx(100 * MM, abs=0.01)


def _content_streams(path):
    reader = PdfReader(path)
    out = []
    for page in reader.pages:
        out.append(page.get_contents().get_data())
        xobjs = page["/Resources"].get("/XObject", {})
        for x in xobjs.values():
            out.append(x.get_object().get_data())
    return b"\n".join(out)


def test_cmyk_output_has_no_rgb_colour_operator(tmp_path, repo):
    game = Project(repo).load_game("terror24")
    res = build_game(game, tmp_path, BuildOptions(cmyk=True))
    for w in res.files:
        data = _content_streams(w.path)
        assert not re.search(rb"(^|\s)[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+(rg|RG)(\s|$)", data), w.path
        assert re.search(rb"\sk(\s|$)|\sK(\s|$)", data)


def test_png_per_card_is_trim_times_dpi(tmp_path, repo):
    game = Project(repo).load_game("euphoria")
    res = build_game(game, tmp_path, BuildOptions(shop=False, sheets=False, png=True, dpi=150))
    pngs = [w.path for w in res.files if w.kind == "png"]
    kleshas = [p for p in pngs if p.parent.name == "kleshas"]
    assert len(kleshas) == 41 and (tmp_path / "euphoria/png/kleshas/tonyoku-1.png") in pngs
    assert len(pngs) == 41 + 2          # and the 早見カード: its face and its back
    with Image.open(tmp_path / "euphoria/png/kleshas/tonyoku-1.png") as img:
        assert img.size == (round(63 / 25.4 * 150), round(88 / 25.4 * 150))


def test_tts_sheets_stay_within_4096_and_split_decks_over_69(tmp_path, mini_project):
    # grow the scaffold deck to 75 cards by copies
    cards = mini_project / "components/mini/cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("title: 朝焼け,", "title: 朝焼け, count: 70,"),
                     encoding="utf-8")
    game_yaml = mini_project / "components/mini/game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace("count: 6", "count: 75"), encoding="utf-8")
    game = Project(mini_project).load_game("mini")
    res = build_game(game, tmp_path, BuildOptions(shop=False, sheets=False, tts=True))
    sheets = sorted(w.path for w in res.files if w.kind == "tts" and "back" not in w.path.name)
    assert [p.name for p in sheets] == ["cards-1.png", "cards-2.png"]
    with Image.open(sheets[0]) as a, Image.open(sheets[1]) as b:
        assert max(a.size) <= TTS_MAX_PX and max(b.size) <= TTS_MAX_PX
        cw = a.width // 10
        assert a.height // 7 == pytest.approx(cw * 88 / 63, abs=2)     # 10 × 7 grid for 69 + hidden
        assert b.width == 7 * cw                                      # 6 cards + hidden on the second


def test_calibration_page_is_two_pages_with_scales(tmp_path):
    path = tmp_path / "cal.pdf"
    write_calibration(path, "a4", "long")
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 2
        text = pdf.pages[0].extract_text()
        assert "--back-offset" in text and "+5" in text and "-5" in text
