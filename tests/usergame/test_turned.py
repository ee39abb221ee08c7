"""Parts and cards turned to fit the sheet, as a designer meets it: a 169 × 113 mm score track that
only fits B5 turned, 70 × 120 role cards that pack two to a half in fold mode, mini cards that fit
18 to an A4 sheet turned (16 upright).  Everything is judged on the written PDF: glyph origins and
directions in mm, page sizes, and that each turned card's back lies behind its face after the flip."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.layout.sheet import PAPERS_MM, plan_fold_grid, plan_grid
from pnp.render.readback import read_pdf
from pnp.units import mm

LAYOUT = """\
id: role
size: {size}
bleed: 3mm
safe: 3mm
corner_radius: 3mm
background: "#ffffff"
face:
  regions:
    title:
      kind: text
      x: 5mm
      y: 5mm
      w: 100% - 10mm
      h: 100% - 10mm
      field: title
      font: gothic-bold
      size: 14pt
      min_size: 8pt
      max_lines: 1
      align: center
      valign: middle
back:
  regions:
    fill: {{kind: band, x: 0mm, y: 0mm, w: 100%, h: 100%, fill: back, bleed: true}}
    title:
      kind: text
      x: 5mm
      y: 5mm
      w: 100% - 10mm
      h: 100% - 10mm
      field: game_title
      font: gothic-bold
      size: 12pt
      min_size: 7pt
      max_lines: 1
      align: center
      valign: middle
      color: "#ffffff"
"""

TRACK = """\
kind: track
id: score
name: 得点トラック
shape: snake
start: 0
end: 83
space: 12.3mm
columns: 12
note: 0から始める
copies:
  - {title: 得点, color: "#1f5fa8"}
"""


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def component(project, cid: str, name: str, kind: str, count: int) -> None:
    game = project / "components/kit/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + f"  - id: {cid}\n    name: {name}\n    kind: {kind}\n"
                    f"    count: {count}\n    description: {name}。\n", encoding="utf-8")


def role_deck(project, size: str, titles: list[str]) -> None:
    (project / "layouts").mkdir(exist_ok=True)
    (project / "layouts/role.yaml").write_text(LAYOUT.format(size=size), encoding="utf-8")
    cards = "".join(f"  - {{id: r{i}, title: {t}, back: {{title: {t}の裏}}}}\n" for i, t in enumerate(titles, 1))
    (project / "components/kit/roles.yaml").write_text(
        "kind: deck\nid: roles\nname: 役割カード\nlayout: role\nback: {title: 役割, color: \"#2c3e50\"}\n"
        f"cards:\n{cards}", encoding="utf-8")
    component(project, "roles", "役割カード", "deck", len(titles))


@pytest.fixture
def project(tmp_path):
    assert run("new", "kit", "--project", tmp_path).exit_code == 0
    return tmp_path


def runs(page, text: str, size: float | None = None):
    """The glyphs of each printed occurrence of text (consecutive glyphs spelling it), at size."""
    chars = [g for g in page.glyphs if size is None or g.size == pytest.approx(size)]
    out = []
    for i in range(len(chars) - len(text) + 1):
        if "".join(g.char for g in chars[i:i + len(text)]) == text:
            out.append(chars[i:i + len(text)])
    return out


def centre(glyphs) -> tuple[float, float]:
    boxes = [g.box() for g in glyphs]
    return ((min(b[0] for b in boxes) + max(b[2] for b in boxes)) / 2,
            (min(b[1] for b in boxes) + max(b[3] for b in boxes)) / 2)


def test_a_track_wider_than_b5_is_printed_turned(project):
    (project / "components/kit/score.yaml").write_text(TRACK, encoding="utf-8")
    component(project, "score", "得点トラック", "track", 1)
    out = project / "out"
    result = run("build", "kit", "--project", project, "--out", out, "--paper", "b5", "--check-print")
    assert result.exit_code == 0, result.output          # refused before: "169 × 110 mm does not fit …"
    [page] = read_pdf(out / "kit/parts-score.pdf")
    assert (round(page.width / mm(1), 1), round(page.height / mm(1), 1)) == (182.0, 257.0)   # JIS B5
    [title] = runs(page, "得点")[:1]
    assert all(abs(g.dx) < 1e-6 and g.dy == pytest.approx(-1.0) for g in title)   # reads upwards: turned
    # the spaces' numbers (not the sheet label above the cut area nor the ruler below it)
    numbers = [g for g in page.glyphs if g.char.isdigit() and g.size > 9 and mm(23) < g.y < page.height - mm(20)]
    assert len(numbers) == 10 + 2 * 74      # 0 … 83
    xs = [g.box()[0] for g in numbers] + [g.box()[2] for g in numbers]
    ys = [g.box()[1] for g in numbers] + [g.box()[3] for g in numbers]
    # every space number lies on the paper inside its 10 mm side margins, the track spanning ~150 mm down
    assert min(xs) > mm(10) and max(xs) < mm(172)
    assert max(ys) - min(ys) > mm(140)
    # nothing on the sheet runs past the side margins (the ruler's note wraps on B5's narrow sheet)
    assert max(g.box()[2] for g in page.glyphs) <= page.width - mm(10) + 0.5
    # the same track on A4 (194 mm of room) stays upright
    result = run("build", "kit", "--project", project, "--out", out, "--paper", "a4")
    assert result.exit_code == 0, result.output
    [page] = read_pdf(out / "kit/parts-score.pdf")
    assert all(g.dx == pytest.approx(1.0) for g in runs(page, "得点")[0])
    assert run("validate", "kit", "--project", project).exit_code == 0


def test_a_track_too_big_either_way_names_both(project):
    (project / "components/kit/score.yaml").write_text(TRACK.replace("space: 12.3mm", "space: 20mm"),
                                                       encoding="utf-8")
    component(project, "score", "得点トラック", "track", 1)
    result = run("build", "kit", "--project", project, "--out", project / "out", "--paper", "b5")
    assert result.exit_code == 1
    assert "score.yaml" in result.output and "upright or turned" in result.output


@pytest.mark.parametrize("paper", ["a4", "letter", "b5", "a3"])
def test_tarot_cards_in_fold_mode_turn_when_that_fits_more(paper):
    w, h = mm(70), mm(120)
    upright = plan_grid(paper, w, h, landscape=True, width_share=0.5, turn=False)
    grid = plan_fold_grid(paper, w, h)
    assert grid.per_sheet >= upright.per_sheet
    assert grid.turned == (grid.per_sheet > upright.per_sheet)
    if paper in ("a4", "letter"):
        assert (upright.per_sheet, grid.per_sheet) == (1, 2)


@pytest.mark.parametrize("paper", sorted(PAPERS_MM))
def test_every_paper_takes_the_orientation_that_holds_more(paper):
    for w_mm, h_mm in ((44, 63), (63, 88), (70, 120), (91, 55), (58, 89)):
        up = plan_grid(paper, mm(w_mm), mm(h_mm), turn=False)
        best = plan_grid(paper, mm(w_mm), mm(h_mm))
        turned = plan_grid(paper, mm(h_mm), mm(w_mm), turn=False)
        assert best.per_sheet == max(up.per_sheet, turned.per_sheet)
        assert best.turned == (turned.per_sheet > up.per_sheet)


def test_role_cards_fold_two_to_a_half_and_each_back_lies_behind_its_face(project):
    titles = ["船主", "商人", "職人", "漁師"]
    role_deck(project, "tarot", titles)
    out = project / "out"
    result = run("build", "kit", "--project", project, "--out", out, "--duplex", "fold", "--check-print")
    assert result.exit_code == 0, result.output
    pages = read_pdf(out / "kit/roles-sheets.pdf")
    assert len(pages) == 2                     # 4 cards, 2 a sheet (1 upright)
    page = pages[0]
    assert (round(page.width / mm(1)), round(page.height / mm(1))) == (297, 210)   # A4 landscape
    fold = page.width / 2
    for t in titles[:2]:
        [face] = runs(page, t, 14)
        [back] = runs(page, t + "の裏", 12)
        assert all(g.dy == pytest.approx(-1.0) for g in face)     # face turned: its top to the left
        assert all(g.dy == pytest.approx(1.0) for g in back)      # back turned the other way
        fx, fy = centre(face)
        bx, by = centre(back)
        assert fx < fold < bx
        # folded along the centre line the back's text centre lies on the face's (the card's centre)
        assert abs((2 * fold - bx) - fx) < mm(0.2) and abs(by - fy) < mm(0.2)
        # the card's top: the face's "up" (left on the page), mirrored by the fold, is the back's "up"
        face_up = (face[0].dy, -face[0].dx)
        back_up = (back[0].dy, -back[0].dx)
        assert face_up == pytest.approx((-1.0, 0.0)) and (-back_up[0], back_up[1]) == pytest.approx(face_up)
    # the face of the first card, turned, sits in the left half's top cell: 120 mm wide, 70 mm high
    fx, fy = centre(runs(page, "船主", 14)[0])
    assert mm(10) < fx < fold - mm(10) and fy < page.height / 2


@pytest.mark.parametrize(("paper", "per_sheet"), [("a4", 18), ("b5", 10)])   # upright: 16 and 9
def test_mini_cards_long_edge_duplex_turned_backs_register(project, paper, per_sheet):
    titles = [f"札{i:02d}" for i in range(1, per_sheet + 1)]
    role_deck(project, "mini", titles)
    out = project / "out"
    result = run("build", "kit", "--project", project, "--out", out, "--paper", paper, "--duplex", "long",
                 "--check-print")
    assert result.exit_code == 0, result.output
    face, back = read_pdf(out / "kit/roles-sheets.pdf")
    assert f"（{per_sheet}枚" in "".join(g.char for g in face.glyphs)     # the sheet's label: all on one sheet
    pw, ph = (mm(v) for v in PAPERS_MM[paper])
    assert face.width == pytest.approx(pw, abs=0.01) and face.height == pytest.approx(ph, abs=0.01)
    for t in titles:
        [f] = runs(face, t, 14)
        [b] = runs(back, t + "の裏", 12)
        fx, fy = centre(f)
        bx, by = centre(b)
        # long-edge flip: a point (x, y) of the back page lies behind (width − x, y) of the face page
        assert abs((pw - bx) - fx) < mm(0.2) and abs(by - fy) < mm(0.2), t
        assert f[0].dy == pytest.approx(-1.0) and b[0].dy == pytest.approx(1.0)


def test_short_edge_duplex_turned_backs_register(project):
    titles = [f"札{i:02d}" for i in range(1, 19)]
    role_deck(project, "mini", titles)
    out = project / "out"
    result = run("build", "kit", "--project", project, "--out", out, "--duplex", "short", "--check-print")
    assert result.exit_code == 0, result.output
    face, back = read_pdf(out / "kit/roles-sheets.pdf")
    for t in titles:
        fx, fy = centre(runs(face, t, 14)[0])
        bx, by = centre(runs(back, t + "の裏", 12)[0])
        # short-edge flip: a point (x, y) of the back page lies behind (x, height − y) of the face page
        assert abs(bx - fx) < mm(0.2) and abs((face.height - by) - fy) < mm(0.2), t


def test_cut_guides_follow_turned_cells(project):
    role_deck(project, "mini", [f"札{i:02d}" for i in range(1, 4)])
    grid = plan_grid("a4", mm(44), mm(63))
    assert grid.turned and (grid.cols, grid.rows) == (3, 6)
    assert grid.card_w == pytest.approx(mm(63)) and grid.card_h == pytest.approx(mm(44))
    out = project / "out"
    assert run("build", "kit", "--project", project, "--out", out).exit_code == 0
    [page] = read_pdf(out / "kit/roles-sheets.pdf", pages=[1], paint=True)
    # the marks outside the grid: one per cut, at the turned cells' edges (63 mm apart across)
    tops = sorted({round(p.box[0] / mm(1), 1) for p in page.paths
                   if p.box[3] < grid.y0 and abs(p.box[2] - p.box[0]) < 0.5})
    want = sorted({round((grid.x0 + c * grid.card_w) / mm(1), 1) for c in range(grid.cols + 1)})
    assert [x for x in tops if x in want] == want
