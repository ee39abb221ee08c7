"""Parts: YAML → model → page plans → PDFs (tracks, boards, cut cards, tokens, dice, bits)."""
from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest

from pnp.commands.build import BuildOptions
from pnp.commands.parts import build_parts
from pnp.data.project import Project
from pnp.errors import DataError
from pnp.layout.parts import plan_part
from pnp.layout.parts.common import BOTTOM_MARGIN, TOP_MARGIN
from pnp.layout.sheet import paper_size
from pnp.layout.tiling import plan_tiling
from pnp.units import mm, to_mm

REPO = Path(__file__).resolve().parents[2]

# game.yaml entries for 24's parts (added here when the checkout's game.yaml does not list them yet)
TERROR24_COMPONENTS = """
  - {id: score_cards, name: 得点カード, kind: track, count: 5}
  - {id: play_order, name: プレイ順カード, kind: cut_card, count: 4}
  - {id: challenge_dice, name: チャレンジダイス, kind: dice, count: 2}
  - {id: cubes, name: 木製キューブ, kind: bits, count: 5}
"""

SAMPLE_GAME = """\
id: sample
title: 見本
players: [2, 4]
components:
  - {id: life, name: 耐久トラック, kind: track, count: 1}
  - {id: ring, name: 周回トラック, kind: track, count: 1}
  - {id: station, name: ステーション, kind: board, count: 1}
  - {id: markers, name: マーカー, kind: tokens, count: 7}
  - {id: cubes6, name: ダイス, kind: dice, count: 2}
"""

SAMPLE_PARTS = {
    "life.yaml": """\
kind: track
id: life
name: 耐久トラック
shape: snake
start: 60
end: 0
step: 1
space: 12mm
columns: 10
title: ステーションの耐久
""",
    "ring.yaml": """\
kind: track
id: ring
name: 周回トラック
shape: border
end: 30
space: 11mm
columns: 9
note: 0から時計回りに進む
""",
    "station.yaml": """\
kind: board
id: station
name: ステーション
cell: 45mm
overlap: 12mm
grid:
  - "  BBCC"
  - "AABBCC"
  - "AADDDD"
areas:
  - {id: dock, letter: A, label: ドック, color: "#c9daf0"}
  - {id: lab, letter: B, label: 研究区画, color: "#cfe3c1"}
  - {id: quarters, letter: C, label: 居住区, color: "#f4d9a6"}
  - {id: reactor, letter: D, label: 動力炉, color: "#f2c6c2"}
labels:
  - {text: 非常口, x: 0.5, y: 0.5, size: 14pt}
connections:
  - [dock, quarters]
""",
    "markers.yaml": """\
kind: tokens
id: markers
name: マーカー
size: 15mm
groups:
  - {label: 損傷, color: "#c0392b", shape: circle, count: 4}
  - {label: 酸素, color: "#1f5fa8", shape: hexagon, count: 2, size: 20mm}
  - {label: 鍵, color: "#d4ac0d", text_color: "#000000", shape: square, count: 1}
""",
    "cubes6.yaml": """\
kind: dice
id: cubes6
name: ダイス
dice:
  - {id: plain, type: d6, faces: [1, 2, 3, 4, 5, 6], color: "#ffffff"}
  - {id: odd, type: d6, faces: [A, B, C, D, E, F], opposite: [[A, B], [C, D], [E, F]], color: "#dddddd"}
""",
}


def terror24_project(dest: Path) -> Path:
    """A copy of 24 with its parts.  Until the lead integrates them, the part files wait in
    components/terror24/pending-parts/ (so the live game keeps loading) and game.yaml lacks their
    entries: the copy moves them up and adds the entries."""
    folder = dest / "components" / "terror24"
    shutil.copytree(REPO / "components" / "terror24", folder)
    pending = folder / "pending-parts"
    if pending.is_dir():
        for f in sorted(pending.glob("*.yaml")):
            shutil.move(str(f), folder / f.name)
        shutil.rmtree(pending)
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")
    if "score_cards" not in text:
        game.write_text(text.rstrip("\n") + TERROR24_COMPONENTS, encoding="utf-8")
    assert (folder / "score-cards.yaml").is_file()
    return dest


def sample_project(dest: Path, **override: str) -> Path:
    folder = dest / "components" / "sample"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(SAMPLE_GAME, encoding="utf-8")
    for name, text in {**SAMPLE_PARTS, **override}.items():
        (folder / name).write_text(text, encoding="utf-8")
    return dest


@pytest.fixture(scope="module")
def terror24(tmp_path_factory):
    root = terror24_project(tmp_path_factory.mktemp("t24"))
    return Project(root).load_game("terror24")


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    root = sample_project(tmp_path_factory.mktemp("sample"))
    return Project(root).load_game("sample")


def errors_of(root: Path, game: str) -> list[str]:
    with pytest.raises(DataError) as e:
        Project(root).load_game(game)
    return [str(p) for p in e.value.problems]


def card_numbers(pdf_path: Path) -> Counter:
    """Whole-number words printed between the sheet label and the ruler band, over all pages."""
    out: Counter = Counter()
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            limit = float(page.height) - BOTTOM_MARGIN
            for w in page.extract_words():
                if re.fullmatch(r"\d+", w["text"]) and TOP_MARGIN < w["top"] and w["bottom"] < limit:
                    out[int(w["text"])] += 1
    return out


# -- 24's parts ------------------------------------------------------------------------------------
def test_terror24_parts_and_piece_counts(terror24):
    counts = {p.id: (p.kind, p.piece_count) for p in terror24.parts}
    assert counts == {"score_cards": ("track", 5), "play_order": ("cut_card", 4),
                      "challenge_dice": ("dice", 2), "cubes": ("bits", 5)}
    track = terror24.part("score_cards")
    assert track.values() == list(range(0, 72))
    assert [p.number for card in terror24.part("play_order").cards for p in card] == [1, 2, 3, 4]


def test_terror24_score_cards_print_every_space_once_per_card(terror24, tmp_path):
    written = {w.path.relative_to(tmp_path).as_posix(): w for w in build_parts(terror24, tmp_path, BuildOptions())}
    home = {"parts-score_cards.pdf", "parts-play_order.pdf", "parts-challenge_dice.pdf", "parts-cubes.pdf"}
    # every printed part has a shop file too; the bits list (cubes to buy) is not printed
    assert set(written) == home | {f"shop/{n}" for n in home - {"parts-cubes.pdf"}}
    assert all(w.kind == ("parts" if name in home else "shop-parts") for name, w in written.items())
    n = terror24.part("score_cards").end
    numbers = card_numbers(tmp_path / "parts-score_cards.pdf")
    assert {k: v for k, v in numbers.items()} == {v: 5 for v in range(0, n + 1)}


def test_build_is_deterministic_labelled_and_has_a_ruler(terror24, tmp_path):
    a = build_parts(terror24, tmp_path / "a", BuildOptions())
    b = build_parts(terror24, tmp_path / "b", BuildOptions())
    for wa, wb in zip(a, b):
        assert wa.path.read_bytes() == wb.path.read_bytes(), wa.path.name
    for w in a:
        if w.kind != "parts":       # the shop files: a piece a page, no sheet furniture
            continue
        with pdfplumber.open(w.path) as pdf:
            assert len(pdf.pages) == w.pages
            for i, page in enumerate(pdf.pages):
                text = page.extract_text()
                assert f"シート {i + 1}/{w.pages}" in text, (w.path.name, text[:80])
                assert terror24.title.split()[0] in text
                assert ("100 mm" in text) == (i == 0), w.path.name
                assert (round(float(page.width)), round(float(page.height))) == (595, 842)


def test_paper_option_is_honoured(terror24, tmp_path):
    out = build_parts(terror24, tmp_path, BuildOptions(paper="letter"))
    w, h = paper_size("letter")
    with pdfplumber.open(out[0].path) as pdf:
        assert (float(pdf.pages[0].width), float(pdf.pages[0].height)) == pytest.approx((w, h), abs=0.01)


def test_no_file_written_when_a_part_fails(tmp_path):
    root = sample_project(tmp_path / "p", **{"life.yaml": SAMPLE_PARTS["life.yaml"].replace(
        "ステーションの耐久", "ステーションの耐久🎲")})
    game = Project(root).load_game("sample")
    with pytest.raises(DataError) as e:
        build_parts(game, tmp_path / "out", BuildOptions())
    assert any("life.yaml:1:1" in str(p) and "U+1F3B2" in str(p) for p in e.value.problems), e.value.problems
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


# -- tracks ----------------------------------------------------------------------------------------
def test_descending_track_and_border_track(sample, tmp_path):
    life = sample.part("life")
    assert life.values()[0] == 60 and life.values()[-1] == 0 and len(life.values()) == 61
    build_parts(sample, tmp_path, BuildOptions())
    assert card_numbers(tmp_path / "parts-life.pdf") == Counter(range(0, 61))
    assert card_numbers(tmp_path / "parts-ring.pdf") == Counter(range(0, 31))


def test_track_spaces_hold_a_cube(sample):
    plan = plan_part(sample, sample.part("life"))
    from pnp.layout.parts import Group
    from pnp.layout.plan import Box
    boxes = [i for i in plan.pages[0].items if isinstance(i, Group) for i in i.items
             if isinstance(i, Box) and i.stroke and i.radius]
    assert len(boxes) == 61
    assert all(to_mm(b.w) >= 10 and to_mm(b.h) >= 10 for b in boxes)


# -- boards ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("board_mm,room_mm,overlap_mm", [((270, 135), (190, 254), 12), ((600, 420), (190, 254), 10),
                                                         ((150, 100), (190, 254), 10), ((500, 180), (190, 254), 15)])
def test_tiles_overlap_by_the_stated_amount_and_cover_the_board(board_mm, room_mm, overlap_mm):
    t = plan_tiling(mm(board_mm[0]), mm(board_mm[1]), mm(room_mm[0]), mm(room_mm[1]), mm(overlap_mm))
    rw, rh = (room_mm[1], room_mm[0]) if t.landscape else room_mm
    for tile in t.tiles:
        assert to_mm(tile.w) <= rw + 1e-6 and to_mm(tile.h) <= rh + 1e-6
    # along each axis: starts at 0, ends at the board's edge, neighbours share exactly the overlap
    for axis, n, size in (("x", t.cols, board_mm[0]), ("y", t.rows, board_mm[1])):
        line = [t.tile(i, 0) if axis == "x" else t.tile(0, i) for i in range(n)]
        start = [to_mm(getattr(tile, axis)) for tile in line]
        length = [to_mm(tile.w if axis == "x" else tile.h) for tile in line]
        assert start[0] == pytest.approx(0)
        assert start[-1] + length[-1] == pytest.approx(size)
        for k in range(n - 1):
            assert start[k] + length[k] - start[k + 1] == pytest.approx(overlap_mm if n > 1 else 0)
    # cover: sample points over the board all fall in some tile
    for i in range(41):
        for j in range(41):
            x, y = mm(board_mm[0]) * i / 40, mm(board_mm[1]) * j / 40
            assert any(tl.x - 1e-6 <= x <= tl.x + tl.w + 1e-6 and tl.y - 1e-6 <= y <= tl.y + tl.h + 1e-6
                       for tl in t.tiles)


def test_board_from_grid_adjacency_and_tiling(sample, tmp_path):
    board = sample.part("station")
    assert (board.cols, board.rows) == (6, 3)
    assert board.adjacency(connections=False) == [("dock", "lab"), ("dock", "reactor"), ("lab", "quarters"),
                                                  ("lab", "reactor"), ("quarters", "reactor")]
    assert ("dock", "quarters") in board.adjacency()
    plan = plan_part(sample, board)
    assert plan.tiling is not None and len(plan.tiling.tiles) > 1
    assert len(plan.pages) == len(plan.tiling.tiles) + 1          # assembly key first
    assert to_mm(plan.tiling.overlap) == pytest.approx(12)
    out = build_parts(sample, tmp_path, BuildOptions())
    board_pdf = next(w for w in out if w.path.name == "parts-station.pdf")
    with pdfplumber.open(board_pdf.path) as pdf:
        first = pdf.pages[0].extract_text()
        assert "組み立て図" in first and "100 mm" in first
        assert "のりしろ" in pdf.pages[2].extract_text()


# -- dice ------------------------------------------------------------------------------------------
def test_terror24_d8_fold_to_pairs_summing_to_nine(terror24):
    plan = plan_part(terror24, terror24.part("challenge_dice"))
    assert [dn.die.id for dn in plan.dice] == ["green", "red"]
    for dn in plan.dice:
        pairs = dn.opposite_pairs()
        assert len(pairs) == 4
        assert sorted(int(a) + int(b) for a, b in pairs) == [9, 9, 9, 9]
        assert sorted(f for p in pairs for f in p) == [str(i) for i in range(1, 9)]


def test_d6_defaults_to_seven_and_data_can_say_otherwise(sample):
    plan = plan_part(sample, sample.part("cubes6"))
    plain, odd = plan.dice
    assert [int(a) + int(b) for a, b in plain.opposite_pairs()] == [7, 7, 7]
    assert odd.opposite_pairs() == [("A", "B"), ("C", "D"), ("E", "F")]


# -- tokens and cut cards ----------------------------------------------------------------------------
def test_tokens_and_cut_card_texts(sample, terror24):
    plan = plan_part(sample, sample.part("markers"))
    texts = [t for p in plan.pages for t in p.texts]
    assert texts.count("損傷") == 4 and texts.count("酸素") == 2 and texts.count("鍵") == 1
    cut = plan_part(terror24, terror24.part("play_order"))
    assert [t for t in cut.pages[0].texts if t in "1234"] == ["1", "2", "3", "4"]


# -- bad data ----------------------------------------------------------------------------------------
def test_unknown_key_and_bad_unit_are_file_line_errors(tmp_path):
    bad = SAMPLE_PARTS["life.yaml"].replace("space: 12mm", "space: 12cm\ncolour: red")
    errs = errors_of(sample_project(tmp_path, **{"life.yaml": bad}), "sample")
    assert any(e.startswith("components/sample/life.yaml:8:1: space:") and "unit" in e for e in errs), errs
    assert any(e.startswith("components/sample/life.yaml:9:1: colour: unknown key 'colour'") for e in errs), errs


def test_semantic_errors_point_at_the_line(tmp_path):
    board = SAMPLE_PARTS["station.yaml"].replace('"AADDDD"', '"AADDXD"').replace("[dock, quarters]", "[dock, attic]")
    track = SAMPLE_PARTS["life.yaml"].replace("step: 1", "step: 7").replace("space: 12mm", "space: 8mm")
    errs = errors_of(sample_project(tmp_path, **{"station.yaml": board, "life.yaml": track}), "sample")
    assert any(e.startswith("components/sample/station.yaml:9:5: grid[2]:") and "'X'" in e for e in errs), errs
    assert any(e.startswith("components/sample/station.yaml:18:12: connections[0][1]:") and "unknown area 'attic'" in e for e in errs), errs
    assert any(e.startswith("components/sample/life.yaml:7:1: step:") for e in errs), errs
    assert any(e.startswith("components/sample/life.yaml:8:1: space:") and "10 mm" in e for e in errs), errs


def test_piece_count_must_match_game_yaml(tmp_path):
    root = sample_project(tmp_path)
    game = root / "components/sample/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("kind: tokens, count: 7", "kind: tokens, count: 8"),
                    encoding="utf-8")
    errs = errors_of(root, "sample")
    assert any("game.yaml:8:" in e and "says 8" in e and "makes 7" in e for e in errs), errs
