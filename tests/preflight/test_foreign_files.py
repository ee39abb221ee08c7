"""pnp preflight on files no part of pnp wrote: each case of issue 38 item 7, made by hand with
pikepdf (tests/preflight/foreign_pdfs.py), judged as a print shop's RIP judges it — ink measured on
Ghostscript's separations, every colour space, image, shading, group, annotation and form walked,
the PDF/X OutputIntent read to its profile's header — and the good files that must not fail."""
from __future__ import annotations

import json
import re
import shutil

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.render import preflight as pf
from pnp.render import separations
from pnp.render.preflight import SHOPS, Finding, preflight

from . import foreign_pdfs as make

needs_gs = pytest.mark.skipif(shutil.which("gs") is None, reason="Ghostscript is not installed")


def findings(path, check: str, shop: str = "jp-card") -> list[Finding]:
    return [f for f in preflight(path, SHOPS[shop]).findings if f.check == check]


def one(path, check: str, level: str) -> Finding:
    found = findings(path, check)
    assert [f.level for f in found] == [level], found
    return found[0]


@needs_gs
def test_a_good_hand_made_card_passes_and_each_verdict_names_what_it_looked_at(tmp_path):
    path = make.good_card(tmp_path / "good.pdf")
    report = preflight(path, SHOPS["jp-card"])
    assert [f for f in report.findings if f.level != "ok"] == []
    by = {f.check: f.message for f in report.findings}
    assert re.search(r"分版を 150 dpi で描いて測った：最大 (\d+)%", by["ink"])
    assert "1 ページ" in by["ink"]
    assert "インライン画像 0" in by["color"] and "シェーディング 0" in by["color"] and "注釈 0" in by["color"]
    assert "Type3" in by["fonts"]


@needs_gs
def test_a_registration_solid_inside_the_card_is_400_percent_where_it_lies(tmp_path):
    f = one(make.registration_solid(tmp_path / "reg.pdf"), "ink", "error")
    assert "最大 400%" in f.message and f.pages == (1,)
    # the square is 20 mm at 19 mm from the trim's left and 36 mm from its top
    m = re.search(r"仕上がりの左上から横 ([\d.]+)–([\d.]+) mm・縦 ([\d.]+)–([\d.]+) mm", f.message)
    assert m, f.message
    left, right, top, bottom = map(float, m.groups())
    assert abs(left - 19) < 0.5 and abs(right - 39) < 0.5 and abs(top - 36) < 0.5 and abs(bottom - 56) < 0.5
    assert "150 dpi" in f.message and "レジストレーション色" in f.message


@needs_gs
def test_k100_overprinting_a_280_percent_ground_is_380_percent_where_they_meet(tmp_path):
    f = one(make.k_overprint_on_rich_ground(tmp_path / "op.pdf"), "ink", "error")
    assert "最大 380%" in f.message, f.message
    assert "オーバープリント" in f.message and "最大 280%" in f.message      # no single object is over the limit


def test_without_ghostscript_ink_is_not_said_to_be_ok(tmp_path, monkeypatch):
    monkeypatch.setattr(separations, "ghostscript", lambda: None)
    f = one(make.k_overprint_on_rich_ground(tmp_path / "op.pdf"), "ink", "warning")
    assert "Ghostscript" in f.message and "測っていない" in f.message


@needs_gs
def test_an_rgb_axial_shading_in_an_x1a_file_is_an_error(tmp_path):
    f = one(make.rgb_axial_shading(tmp_path / "sh.pdf"), "color", "error")
    assert "シェーディング" in f.message and "DeviceRGB" in f.message and f.pages == (1,)


@needs_gs
def test_an_rgb_radial_shading_pattern_inside_a_form_inside_a_form_is_found(tmp_path):
    f = one(make.rgb_pattern_in_nested_form(tmp_path / "pf.pdf"), "color", "error")
    assert "RGB の色：シェーディング（DeviceRGB、p.1）" in f.message
    assert "フォーム 2" in f.message and "パターン 1" in f.message      # what was walked, counted


@needs_gs
def test_an_rgb_inline_image_is_an_error(tmp_path):
    f = one(make.rgb_inline_image(tmp_path / "bi.pdf"), "color", "error")
    assert "インライン画像" in f.message and "DeviceRGB" in f.message


@needs_gs
def test_an_rgb_page_group_and_an_rgb_annotation_inside_the_trim(tmp_path):
    path = make.rgb_group_and_annotation(tmp_path / "ga.pdf")
    f = one(path, "color", "error")
    assert "透明グループ" in f.message and "注釈" in f.message
    x = one(path, "pdfx", "error")
    assert "注釈" in x.message and "Square" in x.message and "仕上がり" in x.message
    assert "透明" in x.message


@needs_gs
def test_a_form_using_an_extgstate_its_resources_lack_is_an_error(tmp_path):
    f = one(make.form_missing_extgstate(tmp_path / "gs.pdf"), "resources", "error")
    assert "フォーム Fm0 が使う ExtGState GS0" in f.message and f.pages == (1,)
    assert one(make.good_card(tmp_path / "good.pdf"), "resources", "ok")


@needs_gs
def test_an_output_intent_without_a_profile_is_reported_with_the_missing_trapped(tmp_path):
    f = one(make.intent_without_profile(tmp_path / "np.pdf"), "pdfx", "error")
    assert "DestOutputProfile" in f.message and "Trapped" in f.message


@needs_gs
def test_a_swop_condition_over_an_iso_coated_profile_is_an_error(tmp_path):
    f = one(make.x3_condition_mismatch(tmp_path / "x3.pdf"), "pdfx", "error")
    assert "CGATS TR 001" in f.message and "ISO Coated" in f.message


@needs_gs
def test_an_icc_v4_profile_in_an_x1a_file_is_an_error(tmp_path):
    f = one(make.x1a_icc_v4(tmp_path / "v4.pdf"), "pdfx", "error")
    assert "ICC v4.2" in f.message and "v2" in f.message


@needs_gs
def test_small_text_on_several_plates_in_a_foreign_file(tmp_path):
    f = one(make.small_text_four_plates(tmp_path / "st.pdf"), "smalltext", "warning")
    # 4 glyphs in C50 M50 Y50 K50 and 3 in DeviceN Cyan/Magenta/Yellow, of 11 small glyphs
    assert "7 字（11 字中）" in f.message, f.message


@needs_gs
def test_small_rgb_text_is_not_said_to_be_on_two_plates(tmp_path):
    path = make.small_text_rgb(tmp_path / "rgb-text.pdf")
    f = one(path, "smalltext", "warning")
    assert "RGB の 4 字は版数を確かめていない" in f.message and "8 字" in f.message, f.message
    assert "文字（DeviceRGB、p.1）" in one(path, "color", "error").message


@pytest.mark.parametrize("text,condition", [
    ("ISO Coated v2 300% (basICColor)", "FOGRA39 (ISO Coated v2)"),
    ("Coated FOGRA39 (ISO 12647-2:2004)", "FOGRA39 (ISO Coated v2)"),
    ("FOGRA39", "FOGRA39 (ISO Coated v2)"),
    ("Japan Color 2011 Coated", "Japan Color 2011 Coated"),
    ("JC200103", "Japan Color 2001 Coated"),
    ("Japan Color 2001 Uncoated", "Japan Color 2001 Uncoated"),
    ("U.S. Web Coated (SWOP) v2", "SWOP (CGATS TR 001)"),
    ("CGATS TR 001", "SWOP (CGATS TR 001)"),
    ("PSO Coated v3", "FOGRA51 (PSO Coated v3)"),
    ("Coated GRACoL 2006 (ISO 12647-2:2004)", "GRACoL (CGATS 21 CRPC6)"),
    ("My own press, 2024", ""),
])
def test_printing_conditions_are_known_by_their_names_and_profile_descriptions(text, condition):
    assert pf.condition_of(text) == condition


@needs_gs
def test_a_devicen_fill_of_process_colourants_is_cmyk_not_rgb(tmp_path):
    path = make.devicen_process_fill(tmp_path / "dn.pdf")
    report = preflight(path, SHOPS["jp-card"])
    assert not report.failed, report.findings
    assert one(path, "color", "ok")


@needs_gs
def test_a_type3_font_is_embedded(tmp_path):
    f = one(make.good_card(tmp_path / "t3.pdf"), "fonts", "ok")
    assert "None" not in f.message


@needs_gs
def test_the_command_exits_1_on_every_bad_case_and_0_on_the_good_ones(tmp_path):
    bad = [fn(tmp_path / f"{name}.pdf") for name, fn in make.CASES.items() if name not in make.PASSING]
    good = [fn(tmp_path / f"{name}.pdf") for name, fn in make.CASES.items() if name in make.PASSING]
    res = CliRunner().invoke(main, ["preflight", "--json", *map(str, bad + good)])
    assert res.exit_code == 1, res.output
    verdicts = {item["file"]: item["ok"] for item in json.loads(res.output)["files"]}
    assert [verdicts[str(p)] for p in bad] == [False] * len(bad)
    assert [verdicts[str(p)] for p in good] == [True] * len(good)
    res = CliRunner().invoke(main, ["preflight", *map(str, good)])
    assert res.exit_code == 0, res.output


@needs_gs
def test_a_card_ghostscript_wrote_from_postscript_is_read_like_any_other(tmp_path):
    good = preflight(make.ghostscript_good(tmp_path / "gs-good.pdf"), SHOPS["jp-card"])
    assert not good.failed, good.findings
    assert [f.check for f in good.findings if f.level != "ok"] == ["pdfx"]      # not PDF/X: a warning at jp-card
    path = make.ghostscript_overprint(tmp_path / "gs-op.pdf")
    ink = one(path, "ink", "error")
    assert "最大 380%" in ink.message and "オーバープリント" in ink.message
    small = one(path, "smalltext", "warning")
    assert "C50 M50 Y50 K50" in small.message


@needs_gs
@pytest.mark.parametrize("rotate,where", [(0, (19, 39, 36, 56)), (90, (32, 52, 19, 39)), (180, (24, 44, 32, 52)),
                                          (270, (36, 56, 24, 44))])
def test_the_position_of_the_peak_is_on_the_page_as_it_is_seen(tmp_path, rotate, where):
    """/Rotate turns the page in a viewer and on the RIP: the registration square's position is given
    from the top-left of the trim as the page is seen."""
    import pikepdf
    path = make.registration_solid(tmp_path / "reg.pdf")
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pdf.pages[0].obj.Rotate = rotate
        pdf.save(path)
    f = one(path, "ink", "error")
    m = re.search(r"横 ([\d.]+)–([\d.]+) mm・縦 ([\d.]+)–([\d.]+) mm", f.message)
    assert m, f.message
    assert all(abs(float(got) - want) < 0.5 for got, want in zip(m.groups(), where)), (m.groups(), where)
