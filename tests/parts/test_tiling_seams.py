"""Tiles cut only where a board allows (seams:): the fewest allowed cuts that fit the paper."""
from __future__ import annotations

from pnp.layout.tiling import choose_cuts, plan_tiling_at


def test_the_farthest_allowed_cut_that_fits_is_taken_each_time():
    assert choose_cuts(360, [72, 144, 216, 288], 190, 10) == [144, 288]
    assert choose_cuts(150, [72], 190, 10) == []                 # fits whole: no cut
    assert choose_cuts(360, [288], 190, 10) is None              # the first tile would be 288 long


def test_tiles_at_cuts_overlap_by_the_glue_strip():
    t = plan_tiling_at(360, 252, [144, 288], [], 10)
    assert [(x.x, x.w) for x in t.tiles] == [(0, 144), (134, 154), (278, 82)]
    assert all(x.h == 252 for x in t.tiles) and t.overlap == 10
    assert [x.glue_left for x in t.tiles] == [False, True, True]
