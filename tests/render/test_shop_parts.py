"""Every printed part goes to the shop as the cards do: a hand-made game with one part of each kind
(a score track, a board larger than the shop's sheet, a cut-apart card, tokens, a die, a tuck box,
and a bits list, which is not printed) is built with --marks jp --color cmyk --check-print; each part
gets shop/parts-<id>.pdf, a piece a page: trim + 3 mm bleed in the PDF boxes, ink on the bleed line
where the art reaches the cut (rendered by Ghostscript's pdftoppm, not read from pnp's plan), listed
in the manifest, opened without an error by MuPDF and passed by ``pnp preflight``."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli import main
from pnp.render.readback import read_pdf
from pnp.units import mm

PARTS = {
    "track.yaml": """kind: track
id: track
name: 得点トラック
shape: row
start: 0
end: 9
space: 12mm
copies:
  - {title: 得点（赤）, color: "#c0392b"}
""",
    "map.yaml": """kind: board
id: map
name: 町の地図
cell: 30mm
grid:
  - "AAAAABBBBBCCCCC"
  - "AAAAABBBBBCCCCC"
  - "DDDDDEEEEEFFFFF"
  - "DDDDDEEEEEFFFFF"
areas:
  - {id: a, label: 港, letter: A, color: "#2e86c1"}
  - {id: b, label: 市場, letter: B, color: "#d68910"}
  - {id: c, label: 城, letter: C, color: "#1e8449"}
  - {id: d, label: 神社, letter: D, color: "#6c3483"}
  - {id: e, label: 森, letter: E, color: "#935116"}
  - {id: f, label: 畑, letter: F, color: "#c0392b"}
""",
    "aid.yaml": """kind: cut_card
id: aid
name: 早見カード
size: poker
split: horizontal
color: "#22313f"
cards:
  - pieces:
      - {number: 1, title: 手番, text: カードを1枚引く。}
      - {number: 2, title: 終了, text: 山札が尽きたら終わる。}
""",
    "chips.yaml": """kind: tokens
id: chips
name: 得点チップ
size: 20mm
groups:
  - {label: "1", count: 2, color: "#c0392b", text_color: "#ffffff", shape: circle}
  - {label: "5", count: 1, color: "#1f5fa8", text_color: "#ffffff", shape: square}
""",
    "dice.yaml": """kind: dice
id: dice
name: ダイス
edge: 20mm
dice:
  - {id: white, name: 白, type: d6, faces: [1, 2, 3, 4, 5, 6], color: "#f4d03f", text_color: "#000000"}
""",
    "box.yaml": """kind: tuckbox
id: box
name: カード箱
deck: cards
""",
    "bits.yaml": """kind: bits
id: bits
name: 用意するもの
items:
  - {name: 木製キューブ, count: 4, source: buy}
""",
}
COUNTS = {"aid": 2, "chips": 3, "bits": 4}
KINDS = {"track": "track", "map": "board", "aid": "cut_card", "chips": "tokens", "dice": "dice", "box": "tuckbox",
         "bits": "bits"}
PRINTED = ["track", "map", "aid", "chips", "dice", "box"]
BLEED = mm(3)
MARK_ROOM = mm(12)


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    project = tmp_path_factory.mktemp("shopparts")
    assert run("new", "kit", "--project", project).exit_code == 0
    folder = project / "components/kit"
    entries = ""
    for name, text in PARTS.items():
        (folder / name).write_text(text, encoding="utf-8")
        part = name.removesuffix(".yaml")
        entries += (f"  - id: {part}\n    name: {part}\n    kind: {KINDS[part]}\n    count: {COUNTS.get(part, 1)}\n"
                    f"    description: {part}。\n")
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + entries, encoding="utf-8")
    out = project / "out"
    result = run("build", "kit", "--project", project, "--out", out, "--marks", "jp", "--color", "cmyk",
                 "--check-print")
    assert result.exit_code == 0, result.output
    return out / "kit"


def test_every_printed_part_has_a_shop_file_in_the_manifest(built):
    shop = sorted(p.name for p in (built / "shop").glob("parts-*.pdf"))
    assert shop == sorted(f"parts-{p}.pdf" for p in PRINTED)      # the bits list is not printed
    manifest = json.loads((built / "manifest.json").read_text(encoding="utf-8"))
    listed = {f["path"]: f for f in manifest["files"]}
    for part in PRINTED:
        entry = listed[f"shop/parts-{part}.pdf"]
        assert entry["kind"] == "shop-parts"
        assert entry["print_check"]["sha256"] == entry["sha256"]       # --check-print read it back


def _mm(v: float) -> float:
    return round(v / mm(1), 1)


def test_boxes_are_trim_plus_bleed_with_room_for_tombo(built):
    # trim sizes: the track card (10 spaces of 12 mm in a row), the board in two tiles (450 mm is
    # wider than A3 either way up), each half of the cut card, the tokens, the die's net, the box's net
    expect_pages = {"track": 1, "map": 2, "aid": 2, "chips": 3, "dice": 1, "box": 1}
    for part, n in expect_pages.items():
        pages = read_pdf(built / f"shop/parts-{part}.pdf")
        assert len(pages) == n, part
        for page in pages:
            tx0, ty0, tx1, ty1 = page.boxes["TrimBox"]
            bx0, by0, bx1, by1 = page.boxes["BleedBox"]
            assert [_mm(v) for v in (tx0 - bx0, ty0 - by0, bx1 - tx1, by1 - ty1)] == [3.0] * 4, part
            assert [_mm(v) for v in (bx0, by0, page.width - bx1, page.height - by1)] == [12.0] * 4, part
    trims = {part: [(_mm(p.boxes["TrimBox"][2] - p.boxes["TrimBox"][0]), _mm(p.boxes["TrimBox"][3] - p.boxes["TrimBox"][1]))
                    for p in read_pdf(built / f"shop/parts-{part}.pdf")] for part in ("map", "aid", "chips")}
    assert sum(w for w, _ in trims["map"]) == 450.0 and {h for _, h in trims["map"]} == {120.0}
    assert all(w <= 420 and h <= 297 or w <= 297 and h <= 420 for w, h in trims["map"])
    assert trims["aid"] == [(63.0, 44.0), (63.0, 44.0)]
    assert trims["chips"] == [(20.0, 20.0)] * 3


@pytest.fixture(scope="module")
def rendered(built, tmp_path_factory):
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler) is not installed")
    folder = tmp_path_factory.mktemp("png")
    out = {}
    for part in PRINTED:
        prefix = folder / part
        subprocess.run(["pdftoppm", "-r", "72", "-png", str(built / f"shop/parts-{part}.pdf"), str(prefix)], check=True)
        out[part] = sorted(folder.glob(f"{part}-*.png"))
    return out


def _ink_at(img: Image.Image, x: float, y: float) -> bool:
    r, g, b = img.convert("RGB").getpixel((round(x), round(y)))[:3]
    return min(r, g, b) < 235


def test_art_reaching_the_cut_is_inked_to_the_bleed_line(built, rendered):
    """Half a millimetre inside the bleed line, rendered: ink on the sides where the art meets the cut."""
    d = BLEED - mm(0.5)
    sides_of = {"track": "ltr", "map": "ltrb", "chips": "ltrb", "dice": "ltrb"}
    for part, sides in sides_of.items():
        pages = read_pdf(built / f"shop/parts-{part}.pdf")
        for png, page in zip(rendered[part], pages):
            img = Image.open(png)
            x0, y0, x1, y1 = page.boxes["TrimBox"]
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            if part == "track":         # the title band along the top runs off three sides
                my = y0 + mm(3)
            points = {"l": (x0 - d, my), "t": (mx, y0 - d), "r": (x1 + d, my), "b": (mx, y1 + d)}
            for side in sides:
                assert _ink_at(img, *points[side]), (part, png.name, side)
            # and nothing past the bleed line but the トンボ's room stays paper white
            assert not _ink_at(img, x0 - BLEED - mm(2), y0 + mm(5)), (part, png.name)


def test_the_cut_card_piece_leaves_white_in_the_bleed_and_the_tile_shows_its_neighbour(built, rendered):
    pages = read_pdf(built / "shop/parts-map.pdf")
    img = Image.open(rendered["map"][0])
    x0, y0, x1, y1 = pages[0].boxes["TrimBox"]
    # the first tile's right edge is a seam: the next tile's cells are printed in its bleed
    assert _ink_at(img, x1 + mm(2), (y0 + y1) / 2)


def test_mupdf_opens_every_shop_file_without_an_error(built):
    if shutil.which("mutool") is None:
        pytest.skip("mutool (MuPDF) is not installed")
    for part in PRINTED:
        done = subprocess.run(["mutool", "draw", "-o", "/dev/null", "-r", "20", str(built / f"shop/parts-{part}.pdf")],
                              capture_output=True, text=True)
        assert done.returncode == 0, (part, done.stderr)
        assert "error:" not in done.stderr.lower(), (part, done.stderr)


def test_preflight_passes_every_shop_file(built):
    files = [built / f"shop/parts-{part}.pdf" for part in PRINTED]
    result = run("preflight", *files)
    assert result.exit_code == 0, result.output
    assert result.output.count("PDF/X-1a:2001") >= len(files)


def test_die_cut_pieces_carry_their_die_line_in_a_spot_colour(built):
    for part in ("chips", "dice", "box"):
        data = (built / f"shop/parts-{part}.pdf").read_bytes()
        assert b"/CutContour" in data, part
    assert b"/Crease" in (built / "shop/parts-dice.pdf").read_bytes()
    # a square token and a track card are cut at the trim: no die
    assert b"/CutContour" not in (built / "shop/parts-track.pdf").read_bytes()


def test_without_shop_pages_no_part_goes_to_the_shop(tmp_path):
    from pnp.commands.parts import build_parts
    from pnp.data.project import Project
    from pnp.outputs import BuildOptions
    assert run("new", "kit", "--project", tmp_path).exit_code == 0
    folder = tmp_path / "components/kit"
    (folder / "track.yaml").write_text(PARTS["track.yaml"], encoding="utf-8")
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "  - id: track\n    name: track\n    kind: track\n"
                         "    count: 1\n    description: track。\n", encoding="utf-8")
    game = Project(tmp_path).load_game("kit")
    written = build_parts(game, tmp_path / "out", BuildOptions(shop=False))
    assert [w.path.relative_to(tmp_path / "out").as_posix() for w in written] == ["parts-track.pdf"]
    assert not Path(tmp_path / "out/shop").exists()


@pytest.mark.parametrize("game_id", ["ebe", "terror24"])
def test_the_bundled_parts_go_to_the_shop_and_pass_preflight(repo, tmp_path, game_id):
    """The kit's own parts (ebe: the station board, the life track, the token sheet, the dice;
    terror24: the score cards, the cut-apart play-order card, the d8 nets): read back by --check-print
    and passed by preflight, PDF/X-1a, no error from MuPDF."""
    out = tmp_path / "out"
    result = run("build", game_id, "--project", repo, "--out", out, "--marks", "jp", "--color", "cmyk",
                 "--check-print", "--jobs", "1")
    assert result.exit_code == 0, result.output
    files = sorted((out / game_id / "shop").glob("parts-*.pdf"))
    from pnp.data.project import Project
    game = Project(repo).load_game(game_id)
    printed = {getattr(p, "sheet", "") or p.id for p in game.parts if p.kind != "bits"}
    assert [f.name for f in files] == sorted(f"parts-{p}.pdf" for p in printed)
    checked = run("preflight", *files)
    assert checked.exit_code == 0, checked.output
    assert checked.output.count("PDF/X-1a:2001") >= len(files)
    if shutil.which("mutool"):
        for f in files:
            done = subprocess.run(["mutool", "draw", "-o", "/dev/null", "-r", "10", str(f)], capture_output=True, text=True)
            assert done.returncode == 0 and "error:" not in done.stderr.lower(), (f.name, done.stderr)


def test_a_label_that_fits_the_home_sheet_but_not_the_shops_safe_area_is_an_error(tmp_path):
    """An 8 mm token's label fits its home sheet (it may come within 1 mm of the cut) but not 3 mm
    inside the cut: the build stops with the token's line and says it is the shop file's safe area."""
    assert run("new", "kit", "--project", tmp_path).exit_code == 0
    folder = tmp_path / "components/kit"
    (folder / "chips.yaml").write_text("""kind: tokens
id: chips
name: 得点チップ
size: 8mm
groups:
  - {label: エーテル, count: 1, color: "#c0392b", text_color: "#ffffff", shape: circle}
""", encoding="utf-8")
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "  - id: chips\n    name: chips\n    kind: tokens\n"
                         "    count: 1\n    description: chips。\n", encoding="utf-8")
    result = run("build", "kit", "--project", tmp_path, "--out", tmp_path / "out")
    assert result.exit_code == 1, result.output
    assert "components/kit/chips.yaml:6:" in result.output
    assert "shop/parts-chips.pdf: text 3 mm inside the cut" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out/kit").exists() or not list((tmp_path / "out/kit").rglob("*.pdf"))
