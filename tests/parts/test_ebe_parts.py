"""EBE's printable parts: the station-life track, token sheets, dice nets and bits list."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pdfplumber
import pytest

from pnp.commands.parts import build_parts
from pnp.data.project import Project
from pnp.layout.parts import plan_part
from pnp.layout.parts.common import BOTTOM_MARGIN

REPO = Path(__file__).resolve().parents[2]
PART_KINDS = {"station": "board", "life": "track", "damage": "tokens", "cubes": "tokens",
              "weapons": "tokens", "dice": "dice", "bits": "bits"}


@pytest.fixture(scope="module")
def game():
    return Project(REPO).load_game("ebe")


@pytest.fixture(scope="module")
def pdfs(game, tmp_path_factory):
    out = tmp_path_factory.mktemp("ebe-parts")
    written = build_parts(game, out)
    return {w.path.name: w.path for w in written if w.kind == "parts"}


def _count(game, cid: str) -> int:
    return next(c.count for c in game.components if c.id == cid)


def _kind(game, cid: str) -> str:
    return next(c.kind for c in game.components if c.id == cid)


def test_every_part_is_listed_with_its_kind_and_count(game):
    assert {p.id: p.kind for p in game.parts} == PART_KINDS
    for p in game.parts:
        assert _kind(game, p.id) == p.kind
        assert _count(game, p.id) == p.piece_count, p.id


def test_engine_reads_the_supply_from_these_components(game):
    # pnp/games/ebe.py reads the component ids damage / cubes / weapons / dice (cubes ÷ 4 per colour)
    from pnp.games.ebe import make_engine
    eng = make_engine(game)
    assert (eng.total_dmg, eng.total_cubes, eng.total_weap, eng.n_dice) == (24, 15, 10, 6)


# -- station-life track -------------------------------------------------------------------------
def _track_words(pdf_path: Path) -> tuple[list[dict], object]:
    pdf = pdfplumber.open(pdf_path)
    page = pdf.pages[0]
    limit = float(page.height) - BOTTOM_MARGIN          # the 100 mm ruler sits below this
    words = [w for w in page.extract_words() if w["text"].isdigit() and w["bottom"] < limit]
    return words, pdf


def test_life_track_prints_60_to_0_once_each(game, pdfs):
    track = game.part("life")
    assert track.values() == list(range(60, -1, -1))
    words, pdf = _track_words(pdfs["parts-life.pdf"])
    try:
        assert len(pdf.pages) == 1
        printed = Counter(int(w["text"]) for w in words)
        assert printed == Counter(range(61))
    finally:
        pdf.close()


def test_life_track_marks_the_start_values(game, pdfs):
    """60 (standard start), 30 (variant life30) and 0 are tinted; no other space is."""
    words, pdf = _track_words(pdfs["parts-life.pdf"])
    try:
        page = pdf.pages[0]
        shapes = page.rects + page.curves
        fills = {}
        for w in words:
            cx, cy = (w["x0"] + w["x1"]) / 2, (w["top"] + w["bottom"]) / 2
            inside = [r for r in shapes if r["x0"] < cx < r["x1"] and r["top"] < cy < r["bottom"]
                      and r["x1"] - r["x0"] < 60]
            assert inside, w["text"]
            fills[int(w["text"])] = tuple(inside[-1].get("non_stroking_color") or ())
        white = fills[59]
        assert {v for v, f in fills.items() if f != white} == {60, 30, 0}
    finally:
        pdf.close()
    assert "30" in game.part("life").copies[0].note


# -- tokens -------------------------------------------------------------------------------------
@pytest.mark.parametrize("pid, groups", [
    ("damage", {"傷": 24}),
    ("cubes", {"エーテル": 15, "宇宙塵": 15, "鉄屑": 15, "炭素繊維": 15}),
    ("weapons", {"武器": 10}),
])
def test_token_counts_equal_game_yaml(game, pid, groups):
    part = game.part(pid)
    assert {g.label: g.count for g in part.groups} == groups
    assert part.piece_count == _count(game, pid)
    plan = plan_part(game, part)
    texts = [t for page in plan.pages for t in page.texts]
    for label, n in groups.items():
        assert texts.count(label) == n               # one label per token
        assert f"{label} × {n}" in texts             # and the caption above the group


def test_resource_tokens_differ_in_shape_and_greyscale(game):
    groups = game.part("cubes").groups
    assert len({g.shape for g in groups}) == 4

    def grey(c: str) -> float:
        r, g, b = (int(c[i:i + 2], 16) for i in (1, 3, 5))
        return 0.299 * r + 0.587 * g + 0.114 * b

    levels = sorted(grey(g.color) for g in groups)
    assert all(b - a >= 30 for a, b in zip(levels, levels[1:])), levels


# -- dice ---------------------------------------------------------------------------------------
def test_six_d6_nets_with_opposite_faces_summing_to_7(game, pdfs):
    part = game.part("dice")
    assert part.piece_count == _count(game, "dice") == 6
    plan = plan_part(game, part)
    assert len(plan.dice) == 1 and plan.dice[0].die.count == 6
    dn = plan.dice[0]
    assert sorted(dn.slot_faces) == ["1", "2", "3", "4", "5", "6"]
    pairs = dn.opposite_pairs()                       # from folding the printed net
    assert len(pairs) == 3 and all(int(a) + int(b) == 7 for a, b in pairs)
    with pdfplumber.open(pdfs["parts-dice.pdf"]) as pdf:
        text = "".join((p.extract_text() or "") for p in pdf.pages).replace(" ", "")
    assert text.count("向かい合う面:1と6・2と5・3と4") == 6


# -- bits ---------------------------------------------------------------------------------------
def test_bits_list_has_marker_cubes_and_dice(game):
    bits = game.part("bits")
    names = " ".join(b.name for b in bits.items)
    for word in ("マーカー", "サイコロ", "エーテル", "宇宙塵", "鉄屑", "炭素繊維", "武器", "ダメージ"):
        assert word in names
    assert bits.piece_count == _count(game, "bits")


# -- one dense token sheet ------------------------------------------------------------------------
def test_token_parts_share_one_sheet_that_is_mostly_tokens(game, pdfs):
    """The three token parts (damage, resource and weapon tokens) print on one sheet, and the
    tokens cover at least 60% of the printable area of every page of it."""
    from pnp.commands.parts import plan_parts
    from pnp.layout.parts.tokens import token_area_share
    plans = {p.part_id: p for p in plan_parts(game)}
    sheet = plans["tokens"]
    assert set(sheet.part_ids) == {"damage", "cubes", "weapons"}
    assert not {"damage", "cubes", "weapons"} & set(plans)
    assert len(sheet.pages) == 1
    assert all(share >= 0.60 for share in token_area_share(sheet)), token_area_share(sheet)
    with pdfplumber.open(pdfs["parts-tokens.pdf"]) as pdf:
        assert len(pdf.pages) == 1
        text = pdf.pages[0].extract_text().replace(" ", "")
    assert "parts-cubes.pdf" not in pdfs and "parts-damage.pdf" not in pdfs
    for label, n in (("エーテル", 15), ("宇宙塵", 15), ("鉄屑", 15), ("炭素繊維", 15), ("傷", 24), ("武器", 10)):
        assert f"{label}×{n}" in text
    # every token inside the printable area, none overlapping another
    boxes = []
    for page in sheet.pages:
        for item in page.items:
            if getattr(item, "items", None) and getattr(item.items[0], "stroke", None) == "#000000":
                first = item.items[0]
                if hasattr(first, "points"):
                    xs = [x for x, _ in first.points]
                    ys = [y for _, y in first.points]
                    boxes.append((item.dx + min(xs), item.dy + min(ys), item.dx + max(xs), item.dy + max(ys)))
                else:
                    boxes.append((item.dx + first.x, item.dy + first.y, item.dx + first.x + first.w,
                                  item.dy + first.y + first.h))
    assert len(boxes) == 24 + 60 + 10
    page_h = sheet.pages[0].height
    for i, a in enumerate(boxes):
        assert a[3] <= page_h - BOTTOM_MARGIN + 0.01
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] + 0.01 or b[2] <= a[0] + 0.01 or a[3] <= b[1] + 0.01 or b[3] <= a[1] + 0.01


def test_a_sheet_named_like_another_part_is_an_error(game):
    from dataclasses import replace

    from pnp.commands.parts import plan_parts
    from pnp.errors import DataError
    parts = tuple(replace(p, sheet="life") if p.id in ("damage", "cubes") else p for p in game.parts)
    with pytest.raises(DataError) as err:
        plan_parts(replace(game, parts=parts))
    assert "sheet 'life' has the id of another part" in str(err.value)


def test_bits_list_counts_per_way_of_getting_them_without_a_grand_total(game, pdfs):
    """Only the marker must be got (the rest stands in for printed parts): the component counts 1,
    and the sheet gives a count per source instead of one total over unrelated things."""
    bits = game.part("bits")
    assert bits.piece_count == _count(game, "bits") == 1
    with pdfplumber.open(pdfs["parts-bits.pdf"]) as pdf:
        text = pdf.pages[0].extract_text().replace(" ", "")
    assert "合計" not in text
    assert "購入：1種1個" in text and "印刷パーツで代用可：7種100個" in text


# -- the station map, sized for play --------------------------------------------------------------
def _station(game):
    from pnp.layout.parts.board import board_items
    from pnp.layout.parts.common import Writer
    board = game.part("station")
    return board, board_items(board, Writer(board.where))


def test_station_tiles_overlap_by_the_glue_margin_and_each_fits_a4(game):
    from pnp.layout.parts.common import BOTTOM_MARGIN, LEGEND_H, SIDE_MARGIN, TOP_MARGIN
    from pnp.layout.plan import Box
    from pnp.units import mm
    board = game.part("station")
    plan = plan_part(game, board)
    tiling = plan.tiling
    assert len(tiling.tiles) >= 2 and len(plan.pages) == len(tiling.tiles) + 1     # tiles and the assembly key
    ov = board.overlap_pt
    assert abs(ov - mm(10)) < 0.01
    for t in tiling.tiles:
        if t.col > 0:
            left = tiling.tile(t.col - 1, t.row)
            assert abs((left.x + left.w) - t.x - ov) < 0.01      # the neighbours share exactly the glue strip
    assert tiling.tiles[-1].x + tiling.tiles[-1].w == pytest.approx(board.width_pt)
    for t, page in zip(tiling.tiles, plan.pages[1:]):
        pw, ph = (page.width, page.height)
        assert (round(pw), round(ph)) in ((595, 842), (842, 595))           # A4
        assert t.w <= pw - 2 * SIDE_MARGIN + 0.01
        assert t.h <= ph - TOP_MARGIN - BOTTOM_MARGIN - LEGEND_H + 0.01
        outline = [i for i in page.items if isinstance(i, Box) and i.stroke == "#000000" and i.fill is None]
        assert any(abs(b.w - t.w) < 0.01 and abs(b.h - t.h) < 0.01 for b in outline)


def test_station_text_stays_clear_of_the_glue_strips(game):
    from pnp.layout.parts.board_tiles import glue_strips
    from pnp.layout.parts.common import text_bounds
    from pnp.layout.plan import TextBlock
    board, items = _station(game)
    strips = glue_strips(plan_part(game, board).tiling)
    assert strips
    texts = [i for i in items if isinstance(i, TextBlock)]
    assert len(texts) >= 2 * len(board.areas)           # every area: its label and its actions
    for block in texts:
        x0, y0, x1, y1 = text_bounds(block)
        for gx0, gy0, gx1, gy1, _, _ in strips:
            assert x1 <= gx0 or gx1 <= x0 or y1 <= gy0 or gy1 <= y0, block.lines[0].line.text


def test_a_seam_through_a_label_is_an_error(game):
    from dataclasses import replace

    from pnp.errors import DataError
    board = game.part("station")
    with pytest.raises(DataError) as err:
        plan_part(game, replace(board, seams=((5,), ())))    # through the middle of 製作所 and 廃棄場
    assert "lies in the glue strip" in str(err.value)
    with pytest.raises(DataError) as err:
        plan_part(game, replace(board, seams=((8,), ())))    # 288 mm before the only seam: wider than A4
    assert "no choice of the seams cuts the 360 × 252 mm board" in str(err.value)


@pytest.mark.parametrize("paper", ["a4", "b5", "letter", "a3"])
def test_station_seams_fit_every_paper_and_keep_text_clear(game, paper):
    """The allowed seams give tiles that fit each paper; the glue strips stay clear of text."""
    from pnp.layout.parts.board import board_items
    from pnp.layout.parts.board_tiles import glue_strips
    from pnp.layout.parts.common import Writer, text_bounds
    from pnp.layout.plan import TextBlock
    board = game.part("station")
    plan = plan_part(game, board, paper)
    items = board_items(board, Writer(board.where))
    for block in (i for i in items if isinstance(i, TextBlock) and i.lines[0].line.text != board.slot[2]):
        x0, y0, x1, y1 = text_bounds(block)
        for gx0, gy0, gx1, gy1, _, _ in glue_strips(plan.tiling):
            assert x1 <= gx0 or gx1 <= x0 or y1 <= gy0 or gy1 <= y0, block.lines[0].line.text


def test_station_areas_hold_a_poker_card_clear_of_their_label_and_actions(game):
    """A poker card (63 × 88 mm: the drone and イーバ cards) fits the slot of every area, the slot lies
    inside its area, and no text of the area lies under it; the board has its title."""
    from pnp.layout.parts.common import text_bounds
    from pnp.layout.plan import Box, TextBlock
    from pnp.units import mm
    board, items = _station(game)
    c = board.cell_pt
    slots = [i for i in items if isinstance(i, Box) and i.fill == "#ffffff" and i.stroke is not None]
    assert len(slots) == len(board.areas) == 7
    # the slot's own caption lies under the card on purpose; everything else must stay readable
    texts = [text_bounds(i) for i in items if isinstance(i, TextBlock) and i.lines[0].line.text != board.slot[2]]
    for a in board.areas:
        xs, ys = [col for col, _ in a.cells], [row for _, row in a.cells]
        ax0, ay0, ax1, ay1 = min(xs) * c, min(ys) * c, (max(xs) + 1) * c, (max(ys) + 1) * c
        mine = [s for s in slots if ax0 <= s.x and s.x + s.w <= ax1 and ay0 <= s.y and s.y + s.h <= ay1]
        assert len(mine) == 1, a.label
        s = mine[0]
        assert min(s.w, s.h) >= mm(63) - 0.01 and max(s.w, s.h) >= mm(88) - 0.01
        for x0, y0, x1, y1 in texts:
            assert x1 <= s.x or s.x + s.w <= x0 or y1 <= s.y or s.y + s.h <= y0, a.label
        assert a.actions
    words = [i.lines[0].line.text for i in items if isinstance(i, TextBlock)]
    assert board.title in words
