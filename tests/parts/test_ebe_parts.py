"""EBE's printable parts: the station-life track, token sheets, dice nets and bits list."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pdfplumber
import pytest

from pnp.commands.parts import build_parts
from pnp.data.project import Project
from pnp.layout.parts import BOTTOM_MARGIN, plan_part

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
    return {w.path.name: w.path for w in written}


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
