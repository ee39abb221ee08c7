"""Cut lines survive butted cards: with no gutter, two cards whose edge bands share a colour merge on
the sheet and the cut between them disappears (ユーフォリア's suit bands, 24's case tabs).  Every edge
two cards share carries a hairline across the sheet; with a gutter, each cut is drawn where it crosses
the gutters and never over a card.  The print-shop pages carry none: a shop cuts on the TrimBox."""
from __future__ import annotations

import pdfplumber
import pytest

from pnp.commands.build import BuildOptions, build_game, sheet_grid
from pnp.data.project import Project
from pnp.layout.sheet import cut_edges

MM = 72 / 25.4
SHEETS = BuildOptions(shop=False, rulebook=False)


def _vertical(lines, x, top, bottom):
    """The lines drawn at x that cover top..bottom together (a guide, maybe drawn in pieces)."""
    spans = sorted((ln["top"], ln["bottom"]) for ln in lines
                   if abs(ln["x0"] - x) < 0.05 and abs(ln["x1"] - x) < 0.05)
    reach = top
    for a, b in spans:
        if a <= reach + 0.05:
            reach = max(reach, b)
    return reach >= bottom - 0.05


def _horizontal(lines, y, left, right):
    spans = sorted((ln["x0"], ln["x1"]) for ln in lines
                   if abs(ln["top"] - y) < 0.05 and abs(ln["bottom"] - y) < 0.05)
    reach = left
    for a, b in spans:
        if a <= reach + 0.05:
            reach = max(reach, b)
    return reach >= right - 0.05


@pytest.fixture(scope="module")
def games(repo):
    project = Project(repo)
    return {g: project.load_game(g) for g in ("euphoria", "terror24")}


@pytest.mark.parametrize("game_id,deck_id", [("euphoria", "kleshas"), ("terror24", "incidents")])
def test_butted_cards_have_a_cut_line_across_the_sheet_at_every_shared_edge(tmp_path, games, game_id, deck_id):
    game = games[game_id]
    build_game(game, tmp_path, SHEETS)
    grid = sheet_grid(game.deck(deck_id), SHEETS)
    assert grid.gutter == 0 and grid.cols == 3 and grid.rows == 3
    xs, ys = cut_edges(grid)
    assert len(xs) == len(ys) == 4                  # butted: neighbours share an edge
    top, bottom, left, right = grid.y0, grid.y0 + grid.grid_h, grid.x0, grid.x0 + grid.grid_w
    with pdfplumber.open(tmp_path / game_id / f"{deck_id}-sheets.pdf") as pdf:
        for page in pdf.pages[:2]:                  # a face sheet and its back
            lines = page.lines
            for x in xs[1:-1]:
                assert _vertical(lines, x, top, bottom), f"p.{page.page_number}: no cut line at x {x / MM:.1f} mm"
            for y in ys[1:-1]:
                assert _horizontal(lines, y, left, right), f"p.{page.page_number}: no cut line at y {y / MM:.1f} mm"
            # the outer edges still have their marks in the margin, outside the cards
            for x in (xs[0], xs[-1]):
                assert _vertical(lines, x, top - 6.5 * MM, top - 1.5 * MM)


def test_with_a_gutter_every_cut_is_drawn_in_the_gutter_never_over_a_card(tmp_path, games):
    game = games["euphoria"]
    opts = BuildOptions(shop=False, rulebook=False, gutter_mm=2.0)
    build_game(game, tmp_path, opts)
    grid = sheet_grid(game.deck("kleshas"), opts)
    assert grid.gutter == pytest.approx(2 * MM) and grid.cols == 3 and grid.rows == 3
    xs, ys = cut_edges(grid)
    assert len(xs) == len(ys) == 6                  # two cuts per gutter
    lefts = {round(grid.position(c, 0)[0], 3) for c in range(grid.cols)}
    tops = {round(grid.position(0, r)[1], 3) for r in range(grid.rows)}
    top, bottom, left, right = grid.y0, grid.y0 + grid.grid_h, grid.x0, grid.x0 + grid.grid_w
    half = 0.125                                    # half the guide's width: it lies just outside the trim
    with pdfplumber.open(tmp_path / "euphoria/kleshas-sheets.pdf") as pdf:
        lines = pdf.pages[0].lines
    for x in xs:
        gx = x - half if x in lefts else x + half
        assert _vertical(lines, gx, top, bottom), f"no cut line along x {x / MM:.1f} mm"
    for y in ys:
        gy = y - half if y in tops else y + half
        assert _horizontal(lines, gy, left, right), f"no cut line along y {y / MM:.1f} mm"
    # no line of the sheet runs inside a card's trim (the cards' own rules are other colours and widths)
    guides = [ln for ln in lines if ln["linewidth"] == pytest.approx(0.25)
              and tuple(ln["stroking_color"]) in ((0.0, 0.0, 0.0), (1.0, 1.0, 1.0))]
    assert len(guides) >= 2 * (len(xs) + len(ys))
    for ln in guides:
        for c in range(grid.cols):
            for r in range(grid.rows):
                x, y = grid.position(c, r)
                in_x = x < ln["x1"] and ln["x0"] < x + grid.card_w
                in_y = y < ln["bottom"] and ln["top"] < y + grid.card_h
                assert not (in_x and in_y and (ln["x0"] > x and ln["x1"] < x + grid.card_w
                                               or ln["top"] > y and ln["bottom"] < y + grid.card_h)), \
                    ((c, r), ln["x0"] / MM, ln["top"] / MM)


def test_gutter_fold_sheets_have_cut_lines_on_both_halves(tmp_path, games):
    game = games["terror24"]
    opts = BuildOptions(shop=False, rulebook=False, duplex="fold")
    build_game(game, tmp_path, opts)
    grid = sheet_grid(game.deck("incidents"), opts)
    xs, ys = cut_edges(grid)
    top, bottom = grid.y0, grid.y0 + grid.grid_h
    with pdfplumber.open(tmp_path / "terror24/incidents-sheets.pdf") as pdf:
        lines = pdf.pages[0].lines
    for x in xs[1:-1]:
        assert _vertical(lines, x, top, bottom)                        # faces
        assert _vertical(lines, grid.paper_w - x, top, bottom)         # backs, mirrored about the fold
    for y in ys[1:-1]:
        assert _horizontal(lines, y, grid.x0, grid.x0 + grid.grid_w)


def test_shop_pages_carry_no_cut_lines_over_the_card(tmp_path, games):
    game = games["euphoria"]
    build_game(game, tmp_path, BuildOptions(sheets=False, rulebook=False))
    with pdfplumber.open(tmp_path / "euphoria/shop/kleshas-faces.pdf") as pdf:
        page = pdf.pages[0]
        dashed_black = [ln for ln in page.lines if ln["linewidth"] == pytest.approx(0.25)
                        and ln.get("dash") and ln["dash"][0]]
        assert not dashed_black
