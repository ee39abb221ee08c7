"""Generated designer projects (genproject.py), each run through validate, build --check-print and
preview and judged by gengame_oracle.py: a located error, or output that reads back as planned.
A small derandomized sample runs here; benchmarks/generated_games.py runs the long one.  The
examples below are faults the generator found (fixed), and the known faults it steers around
(each now an example that must print as planned)."""
from __future__ import annotations

import tempfile
from pathlib import Path

import genproject as gp
import pytest
from gengame_oracle import judge
from hypothesis import HealthCheck, Phase, given, settings


@settings(max_examples=4, derandomize=True, database=None, deadline=None, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(gp.plans())
def test_a_generated_project_ends_in_a_located_error_or_a_print_that_reads_back_as_planned(plan):
    with tempfile.TemporaryDirectory() as tmp:
        outcome = judge(plan, Path(tmp))
    assert not outcome.fault, str(outcome)
    assert outcome.looked      # the verdict names what it looked at


def expect_fault_or_ok(outcome: str, known: str) -> None:
    """The example is valid input that once met the fault the issue names: now it prints as planned."""
    assert outcome.startswith("ok:"), gp.KNOWN_FAULTS[known] + " — " + outcome


def judged(plan: gp.Plan) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        return str(judge(plan, Path(tmp)))


@pytest.mark.parametrize("fit", ["contain", "cover", "stretch"])
def test_a_picture_from_a_column_is_drawn_with_its_regions_fit(fit):
    # found by the generator: image regions reading fields.NAME drew every picture as fit: contain
    assert judged(gp.small_plan(portrait={"fit": fit})).startswith("ok:")


def test_a_hanging_stop_at_the_edge_of_the_safe_area_does_not_hang_into_the_margin():
    # found by the generator: a body region reaching to 0.5 mm of the safe area hung its 。 past the
    # region's edge into the 3 mm margin; validate said OK and build --check-print then refused the
    # print with no file:line.  The line now breaks without hanging where there is no room for it.
    from pnp.data.model import Region, Where
    from pnp.layout.card import _Problems, place_text
    from pnp.units import mm

    body = "札" * 15 + "を引く。次の手番"
    region = Region("body", "text", mm(gp.SAFE), mm(13.5), mm(63 - 2 * gp.SAFE), mm(71),
                    {"field": "body", "size": 9.0, "min_size": 6.0, "font": "mincho"}, Where("x", 1, 1))
    free = place_text(body, region, color="#000000", problems=_Problems(), where=Where("x", 1, 1), label="body")
    assert free is not None and any(p.line.hanging for p in free.lines)       # with room, it would hang
    assert judged(gp.small_plan(body=body)).startswith("ok:")


def test_the_png_draws_a_small_picture_as_large_as_the_pdf_under_fit_contain():
    # found by the generator: the PNG renderer (preview, watch --serve) only ever shrank a picture to
    # its box, so a picture of fewer pixels than its box printed larger than the preview showed it
    plan = gp.small_plan(portrait={"fit": "contain"}, pixels=(40, 20))     # 56 × 30 mm: 220 × 118 px at 100 dpi
    assert judged(plan).startswith("ok:")


def test_an_enlarged_picture_shows_its_pixels_in_the_png_as_the_pdf_prints_them(tmp_path):
    # found by the generator (once the PNG scaled pictures up): smoothed by LANCZOS, a small picture's
    # edges in the PNG lay millimetres from the PDF's sharp ones, and text over them matched elsewhere
    from click.testing import CliRunner

    from pnp.cli import main
    from pnp.commands.build import plan_game_cards
    from pnp.data.project import Project
    from pnp.render.rastercheck import render_pdf_page, render_plan
    from pnp.render.readback import read_pdf

    plan = gp.small_plan(portrait={"fit": "contain"}, pixels=(9, 5))
    gp.write_project(plan, tmp_path)
    assert CliRunner().invoke(main, ["build", "gen", "--project", str(tmp_path), "--out", str(tmp_path / "out")]).exit_code == 0
    path = tmp_path / "out/gen/shop/cards-faces.pdf"
    page = read_pdf(path, pages=[1])[0]
    left, top, _, _ = page.boxes["TrimBox"]
    pdf = render_pdf_page(path, 1, 100)
    faces, _ = plan_game_cards(Project(tmp_path).load_game("gen"))["cards"]
    png = render_plan(faces["c0"], pdf.size, left, top, page.width, page.height)
    s, k = pdf.size[0] / page.width, 72 / 25.4
    x, y, w, h = plan.region("portrait").box      # the 9 × 5 px picture fills 54 × 30 mm of it, centred
    crop = tuple(round(v) for v in ((left + (x + 2) * k) * s + 3, (top + y * k) * s + 3,
                                    (left + (x + w - 2) * k) * s - 3, (top + (y + h) * k) * s - 3))
    # two colours (the picture's two), in both: its pixels enlarged, not smoothed into 29 shades
    assert len(pdf.crop(crop).getcolors(65536)) == len(png.crop(crop).getcolors(65536)) == 2


def test_the_png_draws_text_turned_down_a_side_band_whole():
    # found by the generator: a line turned a quarter along the card's height was drawn on a layer of
    # the card's size before it turned, so the part of it standing past the card's side was lost
    outcome = judged(gp.small_plan(epithet="港を束ねる者たちの長、大船主の館"))
    assert outcome.startswith("ok:") and "face c0" in outcome, outcome


def test_a_known_fault_full_bleed_picture_from_a_column(monkeypatch):
    monkeypatch.setitem(gp.ALLOW, "field_image_bleed", True)
    plan = gp.small_plan(portrait={"fit": "cover", "bleed": True, "overlap": True, "z": -1,
                                   "box": (0.0, 0.0, 63.0, 40.0)})
    outcome = judged(plan)
    expect_fault_or_ok(outcome, "field_image_bleed")


def test_a_known_fault_score_track_in_the_rulebook(monkeypatch):
    monkeypatch.setitem(gp.ALLOW, "track_part_directive", True)
    outcome = judged(gp.small_plan(parts=("track",)))
    expect_fault_or_ok(outcome, "track_part_directive")


def test_a_known_fault_ruby_wider_than_its_base_at_the_line_end(monkeypatch):
    monkeypatch.setitem(gp.ALLOW, "ruby_overhang", True)
    outcome = judged(gp.small_plan(title="手札の{商人|しょうにん}", title_align="right"))
    expect_fault_or_ok(outcome, "ruby_overhang")
