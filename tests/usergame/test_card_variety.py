"""What other card tools offer, as a designer meets it in pnp: a layout chosen per card (a `layout`
column in the spreadsheet, `layout:` on a YAML card), several picture or icon columns per card
(image regions reading fields.NAME), and text turned in its region (`rotate: 90|270`), fitted and
line-broken along the turned box.  The project is the one in roles/: a role layout with a portrait,
a crest and an epithet running down a side band, and a leader layout extending it in red."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.render.color import ColorProfile
from pnp.render.readback import read_pdf
from pnp.units import mm

HERE = Path(__file__).parent / "roles"
RED = (0xa4 / 255, 0x45 / 255, 0x1f / 255)
NAVY = (0x2c / 255, 0x3e / 255, 0x50 / 255)
GOLD = (0xd4 / 255, 0xac / 255, 0x0d / 255)

ROWS = [
    "id,title,layout,fields.epithet,fields.portrait,fields.crest,body",
    "funanushi,船主,leader,港を束ねる者,portrait-a.png,crest.png,船を1隻持つ。",
    "shonin,商人,,値切り上手の「目利き」,portrait-b.png,:coin:,商品を2つ持つ。",
    "shokunin,職人,,腕一本でのし上がった職人,portrait-a.png,,道具を作る。",
]


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def write_rows(project: Path, rows: list[str]) -> None:
    (project / "components/kit/cards.csv").write_text("\r\n".join(rows) + "\r\n", encoding="utf-8-sig")


@pytest.fixture
def project(tmp_path):
    assert run("new", "kit", "--project", tmp_path, "--csv").exit_code == 0
    (tmp_path / "layouts").mkdir()
    for name in ("role.yaml", "leader.yaml"):
        shutil.copy(HERE / name, tmp_path / "layouts" / name)
    for name in ("portrait-a.png", "portrait-b.png", "crest.png"):
        shutil.copy(HERE / name, tmp_path / "components/kit" / name)
    deck = tmp_path / "components/kit/cards.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("layout: card-base", "layout: role"), encoding="utf-8")
    game = tmp_path / "components/kit/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("count: 6", "count: 3"), encoding="utf-8")
    write_rows(tmp_path, ROWS)
    return tmp_path


def build(project: Path, *extra) -> Path:
    out = project / "out"
    result = run("build", "kit", "--project", project, "--out", out, "--check-print", *extra)
    assert result.exit_code == 0, result.output
    return out / "kit"


def fills(page) -> list[tuple[tuple[float, float, float, float], tuple[float, ...]]]:
    return [(p.box, tuple(round(v, 3) for v in p.fill)) for p in page.paths if p.fill is not None]


def near(colour, want) -> bool:
    """colour is the sRGB want: as itself (RGB), or in a shop file (CMYK PDF/X whatever --color says)
    as its CMYK through the game's profile (the bundled one, the default shop's 300 %), a solid or not."""
    if len(colour) == 3:
        return all(abs(a - b) < 0.01 for a, b in zip(colour, want))
    value = "#" + "".join(f"{round(v * 255):02x}" for v in want)
    return len(colour) == 4 and any(all(abs(a - b) < 0.002 for a, b in zip(colour, _SHOP.ink(value, large).cmyk))
                                    for large in (False, True))


_SHOP = ColorProfile(ink_limit=300.0)


def in_mm(box, left=0.0, top=0.0):
    return tuple(round((v - o) / mm(1), 1) for v, o in zip(box, (left, top, left, top)))


def test_a_layout_column_picks_each_rows_layout_face_and_back(project):
    kit = build(project)
    faces = read_pdf(kit / "shop/cards-faces.pdf", paint=True)
    backs = read_pdf(kit / "shop/cards-backs.pdf", paint=True)
    assert len(faces) == len(backs) == 3
    # the side band: red on the leader (funanushi, the row that names it), navy on the others
    for page, want in zip(faces, (RED, NAVY, NAVY)):
        left, top, _, _ = page.boxes["TrimBox"]
        band = [box for box, colour in fills(page) if near(colour, want)
                and in_mm(box, left, top)[:2] == (4.0, 4.0)]
        assert band, page.number
    # the leader's own back is red; the others print the role layout's back (the deck's colour)
    assert any(near(c, RED) for _, c in fills(backs[0])) and not any(near(c, RED) for _, c in fills(backs[1]))


def test_a_layout_of_another_size_or_unknown_is_named_at_its_cell(project):
    (project / "layouts/big.yaml").write_text("id: big\nextends: role\nsize: tarot\n", encoding="utf-8")
    write_rows(project, [ROWS[0], ROWS[1].replace(",leader,", ",big,"), ROWS[2], ROWS[3].replace(",,腕", ",nosuch,腕")])
    result = run("validate", "kit", "--project", project)
    assert result.exit_code == 1
    out = result.output
    assert "cards.csv" in out and "C2" in out and "70×120 mm" in out and "63×88 mm" in out
    assert "C4" in out and "unknown layout 'nosuch'" in out
    assert "Traceback" not in out


def test_a_yaml_card_names_its_layout(project):
    deck = project / "components/kit/cards.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        "cards: {from: cards.csv}",
        "cards:\n"
        "  - {id: a, title: 船主, layout: leader, body: 船を持つ。, fields: {epithet: 港の主, portrait: portrait-a.png}}\n"
        "  - {id: b, title: 商人, body: 商品を持つ。, fields: {epithet: 目利き, portrait: portrait-b.png}}\n"
        "  - {id: c, title: 職人, body: 道具を作る。, fields: {epithet: 腕一本, portrait: portrait-a.png}}\n"),
        encoding="utf-8")
    kit = build(project)
    faces = read_pdf(kit / "shop/cards-faces.pdf", paint=True)
    assert any(near(c, RED) for _, c in fills(faces[0])) and not any(near(c, RED) for _, c in fills(faces[1]))


def test_several_picture_and_icon_columns_print_in_their_regions(project):
    kit = build(project)
    faces = read_pdf(kit / "shop/cards-faces.pdf", paint=True)
    boxes = []
    for page in faces:
        left, top, _, _ = page.boxes["TrimBox"]
        boxes.append(sorted(in_mm(i.box, left, top) for i in page.images))
    # portrait: 15 mm in, 14 mm down, 44 × 34 mm (the 300 px squares are fitted, centred: 34 × 34);
    # crest: a 10 mm square at 49 mm, right-aligned 4 mm inside the trim
    portrait = (20.0, 14.0, 54.0, 48.0)
    crest = (49.0, 49.0, 59.0, 59.0)
    assert boxes[0] == sorted([portrait, crest])
    assert boxes[1] == [portrait]              # its crest column names the :coin: icon, drawn as a mark
    assert boxes[2] == [portrait]              # an empty optional crest prints nothing
    left, top, _, _ = faces[1].boxes["TrimBox"]
    coin = [in_mm(box, left, top) for box, colour in fills(faces[1]) if near(colour, GOLD)]
    assert coin and all(48.9 <= x0 and x1 <= 59.1 and 48.9 <= y0 and y1 <= 59.1 for x0, y0, x1, y1 in coin)


def test_a_missing_picture_is_an_error_at_its_cell(project):
    write_rows(project, [ROWS[0], ROWS[1].replace("portrait-a.png", "nosuch.png"), *ROWS[2:]])
    result = run("build", "kit", "--project", project, "--out", project / "out")
    assert result.exit_code == 1
    assert "cards.csv!E2: fields.portrait: image 'nosuch.png' not found" in result.output


def test_an_unknown_icon_or_an_empty_picture_is_an_error_at_its_card(project):
    write_rows(project, [ROWS[0], ROWS[1], ROWS[2].replace(":coin:", ":gem:"), ROWS[3].replace("portrait-a.png", "")])
    result = run("build", "kit", "--project", project, "--out", project / "out")
    assert result.exit_code == 1
    out = result.output
    assert "no icon :gem: for image region 'crest' (icons: coin)" in out
    assert "field 'fields.portrait' is empty but image region 'portrait' needs it" in out
    assert "Traceback" not in out


def test_turned_text_reads_down_its_band_inside_the_box(project):
    kit = build(project)
    faces = read_pdf(kit / "shop/cards-faces.pdf")
    for page, epithet in zip(faces, ("港を束ねる者", "値切り上手の「目利き」", "腕一本でのし上がった職人")):
        left, top, _, _ = page.boxes["TrimBox"]
        glyphs = [g for g in page.glyphs if g.size <= 11.01 and g.char in epithet and g.dy > 0.99]
        assert "".join(g.char for g in glyphs) == epithet     # one line, every glyph running down the page
        for g in glyphs:
            x0, y0, x1, y1 = g.box()
            # inside the 8 × 78 mm box at 4.5 mm, 5 mm (the em boxes, turned: x across, y along)
            assert mm(4.5) - 0.5 <= x0 - left and x1 - left <= mm(12.5) + 0.5
            assert mm(5) - 0.5 <= y0 - top and y1 - top <= mm(83) + 0.5
        # centred along the band: as much room above the first glyph as below the last
        first, last = glyphs[0].box(), glyphs[-1].box()
        assert abs((first[1] - top - mm(5)) - (mm(83) - (last[3] - top))) < mm(0.5)


def test_turned_text_breaks_by_kinsoku_along_the_turned_box(project):
    role = project / "layouts/role.yaml"
    # a shorter band: the epithet takes two lines, broken where Japanese allows
    text = role.read_text(encoding="utf-8")
    text = text.replace("h: 100% - 10mm\n      field: fields.epithet", "h: 30mm\n      field: fields.epithet")
    text = text.replace("size: 11pt\n      min_size: 7pt\n      max_lines: 1\n",
                        "size: 11pt\n      min_size: 5pt\n      max_lines: 2\n")
    role.write_text(text, encoding="utf-8")
    write_rows(project, [ROWS[0], "funanushi,船主,leader,港を束ねる者たちの長「大船主」,portrait-a.png,crest.png,船。",
                         *ROWS[2:]])
    kit = build(project)
    page = read_pdf(kit / "shop/cards-faces.pdf")[0]
    glyphs = [g for g in page.glyphs if g.dy > 0.99]
    columns: dict[float, list] = {}
    for g in glyphs:
        columns.setdefault(round(g.x, 1), []).append(g)
    lines = ["".join(g.char for g in col) for _, col in sorted(columns.items(), reverse=True)]
    assert len(lines) == 2 and "".join(lines) == "港を束ねる者たちの長「大船主」"    # right column first (turned clockwise)
    assert not lines[1].startswith(("」", "ー", "の")) and not lines[0].endswith("「")


def test_turned_text_that_cannot_fit_is_an_error(project):
    write_rows(project, [*ROWS[:2], "shonin,商人,," + "値切り上手" * 12 + ",portrait-b.png,,商品。", ROWS[3]])
    result = run("build", "kit", "--project", project, "--out", project / "out")
    assert result.exit_code == 1
    assert "cards.csv!" in result.output and "fields.epithet: text does not fit region 'epithet'" in result.output


def test_rotate_on_a_region_that_is_not_text_is_refused(project):
    role = project / "layouts/role.yaml"
    role.write_text(role.read_text(encoding="utf-8").replace("      field: fields.portrait\n",
                                                             "      field: fields.portrait\n      rotate: 90\n"),
                    encoding="utf-8")
    result = run("validate", "kit", "--project", project)
    assert result.exit_code == 1
    assert "role.yaml" in result.output and "rotate: turns a text region" in result.output


def test_the_png_card_agrees_with_the_print_for_turned_text(project):
    from PIL import ImageChops, ImageStat

    from pnp.commands.build import plan_game_cards
    from pnp.data.project import Project
    from pnp.render.rastercheck import render_pdf_page, render_plan

    kit = build(project)
    game = Project(project).load_game("kit")
    faces, _ = plan_game_cards(game)["cards"]
    plan = faces["shonin"]
    page = read_pdf(kit / "shop/cards-faces.pdf", pages=[2])[0]
    left, top, _, _ = page.boxes["TrimBox"]
    pdf = render_pdf_page(kit / "shop/cards-faces.pdf", 2, 150)
    png = render_plan(plan, pdf.size, left, top, page.width, page.height)
    s = pdf.size[0] / page.width
    box = tuple(round(v * s) for v in (left + mm(4.5), top + mm(5), left + mm(12.5), top + mm(83)))
    a, b = pdf.crop(box), png.crop(box)
    assert ImageStat.Stat(a).stddev[0] > 30            # there is text to compare
    same = ImageStat.Stat(ImageChops.difference(a, b)).mean[0]
    flipped = ImageStat.Stat(ImageChops.difference(a, b.rotate(180))).mean[0]
    assert same < 12 and flipped > 2 * same, (same, flipped)


def test_an_edited_picture_or_row_layout_redraws_the_deck(project):
    from PIL import Image
    kit = build(project)
    before = (kit / "shop/cards-faces.pdf").read_bytes()
    # the crest file changes (its name does not): the faces are drawn again with the new picture
    Image.new("RGB", (300, 300), (10, 10, 10)).save(project / "components/kit/crest.png")
    kit = build(project)
    after = (kit / "shop/cards-faces.pdf").read_bytes()
    assert after != before
    # the leader layout's band colour changes: the leader's face changes with it
    leader = project / "layouts/leader.yaml"
    leader.write_text(leader.read_text(encoding="utf-8").replace('side: {fill: "#a4451f"}', 'side: {fill: "#1e8449"}'),
                      encoding="utf-8")
    kit = build(project)
    faces = read_pdf(kit / "shop/cards-faces.pdf", paint=True)
    assert any(near(c, (0x1e / 255, 0x84 / 255, 0x49 / 255)) for _, c in fills(faces[0]))
