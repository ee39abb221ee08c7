"""A tiled board's glue strip shows, greyed, a copy of the edge of the tile that is laid over it; the
strip's own words (「のりしろ：タイル1を重ねる」) go where that copy is bare, never over the map's
panels and rules (on EBE's station they ran across 制御室's panel and its border)."""
from __future__ import annotations

import pdfplumber
import pytest

from pnp.data.project import Project
from pnp.layout.parts import plan_part
from pnp.layout.parts.board import board_items
from pnp.layout.parts.board_tiles import art_bounds, glue_strips
from pnp.layout.parts.common import Writer
from pnp.layout.plan import Box
from pnp.units import mm


@pytest.fixture(scope="module")
def game(repo):
    return Project(repo).load_game("ebe")


def _origin(page, tile) -> tuple[float, float]:
    """Where the tile's board rectangle starts on its page: its cut outline."""
    outline = [i for i in page.items if isinstance(i, Box) and i.stroke == "#000000" and i.fill is None
               and abs(i.w - tile.w) < 0.01 and abs(i.h - tile.h) < 0.01]
    assert len(outline) == 1
    return outline[0].x, outline[0].y


@pytest.mark.parametrize("paper", ["a4", "b5"])
def test_glue_strip_words_stay_off_the_copy_of_the_neighbouring_tile(tmp_path, game, paper):
    from pnp.commands.parts import build_parts
    from pnp.outputs import BuildOptions
    board = game.part("station")
    plan = plan_part(game, board, paper)
    tiling = plan.tiling
    strips = glue_strips(tiling)
    assert strips
    art = [b for b in (art_bounds(i) for i in board_items(board, Writer(board.where)))
           if b is not None and not (b[0] <= 0 and b[1] <= 0 and b[2] >= board.width_pt and b[3] >= board.height_pt)]
    written = build_parts(game, tmp_path, BuildOptions(paper=paper), [plan])
    path = next(w.path for w in written if w.path.name == "parts-station.pdf")
    noted = 0
    with pdfplumber.open(path) as pdf:
        pages = pdf.pages[1:]                      # the first page is the assembly key
        assert len(pages) == len(tiling.tiles)
        for tile, page_plan, page in zip(tiling.tiles, plan.pages[1:], pages):
            ox, oy = _origin(page_plan, tile)
            for x0, y0, x1, y1, under, over in strips:
                if under != tile.number:
                    continue
                # the strip on this page
                px0, py0, px1, py1 = ox + x0 - tile.x, oy + y0 - tile.y, ox + x1 - tile.x, oy + y1 - tile.y
                words = [c for c in page.chars if px0 <= c["x0"] and c["x1"] <= px1 and py0 <= c["top"]
                         and c["bottom"] <= py1 and tuple(c["non_stroking_color"]) == (1.0, 1.0, 1.0)]
                side = "左" if x1 - x0 < y1 - y0 else "上"
                above = "".join(c["text"] for c in page.chars if c["bottom"] < oy)
                assert f"{side}ののりしろにタイル{over}" in above, (paper, tile.number, above)
                if words:                          # in the strip only where the map's copy leaves room
                    assert f"タイル{over}を重ね" in "".join(c["text"] for c in words), (paper, tile.number)
                    noted += 1
                for c in words:                     # each glyph box, in board coordinates
                    bx0, by0 = c["x0"] - ox + tile.x, c["top"] - oy + tile.y
                    bx1, by1 = c["x1"] - ox + tile.x, c["bottom"] - oy + tile.y
                    hit = [a for a in art if a[0] < bx1 and bx0 < a[2] and a[1] < by1 and by0 < a[3]]
                    assert not hit, (paper, tile.number, c["text"], [tuple(round(v / mm(1), 1) for v in a)
                                                                     for a in hit[:3]])
    assert noted >= 2                              # EBE's station has bare stretches on both A4 seams
