"""Japan's printing conditions (issue 38 item 4): a shop profile carries its printing condition,
total-ink limit and safe area; the build converts the shop files to them.  The ink limit is
measured as a RIP measures it — on Ghostscript's separations (tiffsep: one plate per file, with
overprint), not estimated per object — and the file's OutputIntent names the condition its colours
were converted for, never another."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli import main
from pnp.commands.build import BuildOptions, build_game
from pnp.data.project import Project
from pnp.errors import DataError
from pnp.notices import route
from pnp.render.color import DEFAULT_PROFILE, ColorProfile, ProfileError, limit_ink
from pnp.render.shops import JAPAN_COLOR_2011, SHOPS, shop_profile

SHOP_ONLY = BuildOptions(sheets=False, rulebook=False)
PLATES = ("Cyan", "Magenta", "Yellow", "Black")

HEAVY = """\
extends: card-base
background: "#c0392b"
face:
  regions:
    mark: null
    art: {kind: image, x: 10mm, y: 18.5mm, w: 43mm, h: 26mm}
"""


def _heavy_game(root: Path, shop: str = "") -> Project:
    """The scaffolded game made heavy: a red face (C+M+Y 184 % under its black text, which
    overprints), a dark navy back (266 % through the profile) and a picture of a dark purple and a
    near-black green (about 300 %)."""
    (root / "layouts").mkdir(exist_ok=True)
    (root / "layouts/heavy.yaml").write_text(HEAVY, encoding="utf-8")
    folder = root / "components/mini"
    art = Image.new("RGB", (600, 360), (40, 0, 50))
    art.paste((10, 30, 20), (0, 0, 300, 360))
    art.save(folder / "dark.png")
    cards = folder / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("layout: card-base", "layout: heavy")
                     .replace('color: "#2c3e50"', 'color: "#112233"')
                     .replace("title: 朝焼け,", "title: 朝焼け, image: dark.png,"), encoding="utf-8")
    if shop:
        game = folder / "game.yaml"
        game.write_text(game.read_text(encoding="utf-8") + f"print:\n  shop: {shop}\n", encoding="utf-8")
    return Project(root)


def separations_max_ink(pdf: Path, work: Path, page: int = 1) -> float:
    """The most total ink (%) of any pixel of a page, read from Ghostscript's separations (tiffsep,
    100 dpi: one 8-bit file per plate, 0 = full ink), overprint as the RIP applies it."""
    out = work / f"sep-{pdf.stem}-{page}"
    out.mkdir()
    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiffsep", "-r100",
                    f"-dFirstPage={page}", f"-dLastPage={page}", f"-sOutputFile={out}/p.tif", str(pdf)], check=True)
    plates = []
    for name in PLATES:
        with Image.open(out / f"p({name}).tif") as img:
            plates.append(img.tobytes())
    return max(sum(255 - p[i] for p in plates) for i in range(len(plates[0]))) * 100 / 255


@pytest.mark.needs("gs")
@pytest.mark.parametrize("shop,limit", [("jp-card-250", 250.0), ("jp-card", 300.0)])
def test_total_ink_on_the_separations_stays_under_the_shops_limit(mini_project, tmp_path, shop, limit):
    game = _heavy_game(mini_project).load_game("mini")
    build_game(game, tmp_path / "out", BuildOptions(sheets=False, rulebook=False, shop_profile=shop))
    shop_dir = tmp_path / "out/mini/shop"
    faces = separations_max_ink(shop_dir / "cards-faces.pdf", tmp_path)
    back = separations_max_ink(shop_dir / "cards-back.pdf", tmp_path)
    assert faces <= limit + 0.5 and back <= limit + 0.5, (faces, back)
    assert max(faces, back) > limit - 20          # the heavy design comes near the limit: limited, not light


@pytest.mark.needs("gs")
def test_the_same_design_passes_250_percent_without_the_limit(mini_project, tmp_path):
    """At the 300 % shop the red face under overprinted black text measures over 250 %: the limit of
    the 250 % shop is what keeps it under (the knocked-out black and the limited navy back)."""
    game = _heavy_game(mini_project).load_game("mini")
    build_game(game, tmp_path / "out", BuildOptions(sheets=False, rulebook=False, shop_profile="jp-card"))
    shop_dir = tmp_path / "out/mini/shop"
    assert separations_max_ink(shop_dir / "cards-faces.pdf", tmp_path) > 270
    assert separations_max_ink(shop_dir / "cards-back.pdf", tmp_path) > 260


def test_game_yaml_shop_sets_the_limit_and_the_command_line_overrides_it(mini_project, tmp_path):
    game = _heavy_game(mini_project, "{base: jp-card, ink_limit: 250}").load_game("mini")
    build_game(game, tmp_path / "a", SHOP_ONLY)
    build_game(game, tmp_path / "b", BuildOptions(sheets=False, rulebook=False, shop_profile="jp-card-250"))
    build_game(game, tmp_path / "c", BuildOptions(sheets=False, rulebook=False, shop_profile="jp-card"))
    a, b, c = (tmp_path / d / "mini/shop/cards-back.pdf" for d in "abc")
    assert a.read_bytes() == b.read_bytes()            # the game's 250 % is jp-card-250's
    assert a.read_bytes() != c.read_bytes()


def test_limit_ink_gives_grey_to_black_then_scales_and_never_passes():
    img = Image.new("CMYK", (5, 1))
    img.putdata([(200, 200, 200, 200), (255, 255, 255, 255), (10, 20, 30, 40), (255, 255, 0, 255), (240, 230, 5, 200)])
    out = [limit_ink(img, 637).getpixel((x, 0)) for x in range(5)]          # 250 %
    assert all(sum(px) <= 637 for px in out)
    assert out[0] == (127, 127, 127, 255)              # grey component to black first: K full
    assert out[2] == (10, 20, 30, 40)                  # under the limit: its own bytes
    assert out[3][3] == 255 and out[3][0] == out[3][1] < 255   # no grey component: C and M scaled together
    assert out[4][2] == 0 and out[4][3] > 200                   # the yellow went to black


def test_vector_colours_and_pictures_are_limited_alike():
    profile = ColorProfile(ink_limit=250.0)
    for value in ("#112233", "#3b1f0f", "#2c3e50", "#c0392b"):
        ink = profile.ink(value, large=True)
        assert ink.total <= 250.05, (value, ink)
    unlimited = ColorProfile().ink("#112233", large=True)
    assert unlimited.total > 260


def test_the_bundled_profile_with_japan_colors_name_is_refused_at_its_line(mini_project, tmp_path):
    folder = mini_project / "components/mini"
    shutil.copy(DEFAULT_PROFILE, folder / "shop.icc")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text + "print:\n  icc: shop.icc\n  condition: JC200103\n", encoding="utf-8")
    game = Project(mini_project).load_game("mini")
    with pytest.raises(DataError) as e:
        build_game(game, tmp_path, SHOP_ONLY)
    message = str(e.value)
    line = (folder / "game.yaml").read_text(encoding="utf-8").splitlines().index("  condition: JC200103") + 1
    assert f"game.yaml:{line}:" in message and "print.condition" in message
    assert "FOGRA39" in message and "JC200103" in message
    assert not (tmp_path / "mini/shop").exists()


def test_a_japan_color_shop_without_its_profile_says_so_and_names_fogra39(mini_project, tmp_path):
    said: list[str] = []
    previous = route(said.append)
    try:
        build_game(Project(mini_project).load_game("mini"), tmp_path, BuildOptions(sheets=False, rulebook=False,
                                                                                   shop_profile="jp-card-350"))
    finally:
        route(previous)
    told = [s for s in said if "Japan Color 2011 Coated" in s]
    assert len(told) == 1 and "FOGRA39" in told[0] and "--icc" in told[0], said
    with pikepdf.open(tmp_path / "mini/shop/cards-faces.pdf") as pdf:
        intent = pdf.Root.OutputIntents[0]
        assert str(intent.OutputConditionIdentifier) == "FOGRA39"
        assert "Japan" not in repr(intent)


def test_a_fogra39_shop_is_told_nothing(mini_project, tmp_path):
    said: list[str] = []
    previous = route(said.append)
    try:
        build_game(Project(mini_project).load_game("mini"), tmp_path,
                   BuildOptions(sheets=False, rulebook=False, shop_profile="fogra39"))
    finally:
        route(previous)
    assert not [s for s in said if "印刷条件" in s]


def _relabelled(tmp_path: Path, description: bytes) -> Path:
    """The bundled profile with another description (its desc tag rewritten in place): a profile that
    says it characterises another condition, to check which name the OutputIntent takes."""
    data = bytearray(DEFAULT_PROFILE.read_bytes())
    count = int.from_bytes(data[128:132], "big")
    for i in range(count):
        entry = 132 + 12 * i
        if data[entry:entry + 4] == b"desc":
            offset = int.from_bytes(data[entry + 4:entry + 8], "big")
            length = int.from_bytes(data[offset + 8:offset + 12], "big")
            assert len(description) < length
            data[offset + 12:offset + 12 + length] = description.ljust(length, b"\0")
    path = tmp_path / "relabelled.icc"
    path.write_bytes(bytes(data))
    return path


def test_a_japan_color_profile_is_named_as_its_condition_and_the_notice_is_quiet(mini_project, tmp_path):
    icc = _relabelled(tmp_path, b"Japan Color 2011 Coated")
    profile = ColorProfile(icc)
    assert profile.printing == JAPAN_COLOR_2011
    said: list[str] = []
    previous = route(said.append)
    try:
        build_game(Project(mini_project).load_game("mini"), tmp_path / "out",
                   BuildOptions(sheets=False, rulebook=False, icc=icc))
    finally:
        route(previous)
    assert not [s for s in said if "印刷条件" in s]
    with pikepdf.open(tmp_path / "out/mini/shop/cards-faces.pdf") as pdf:
        assert str(pdf.Root.OutputIntents[0].OutputConditionIdentifier) == "Japan Color 2011 Coated"


def test_an_icc_v4_profile_is_refused_for_pdfx_1a(mini_project, tmp_path):
    data = bytearray(DEFAULT_PROFILE.read_bytes())
    data[8:12] = bytes([4, 0x30, 0, 0])        # version 4.3: what LittleCMS reads
    v4 = tmp_path / "v4.icc"
    v4.write_bytes(bytes(data))
    with pytest.raises(ProfileError, match="ICC v4.3 profile.*PDF/X-1a:2001.*v2"):
        ColorProfile(v4)
    res = CliRunner().invoke(main, ["build", "mini", "--project", str(mini_project), "--out", str(tmp_path / "out"),
                                    "--icc", str(v4)])
    assert res.exit_code == 1 and "v4.icc" in res.output and "ICC v2" in res.output and "Traceback" not in res.output
    folder = mini_project / "components/mini"          # named in game.yaml: an error at its line
    shutil.copy(v4, folder / "v4.icc")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text + "print:\n  icc: v4.icc\n", encoding="utf-8")
    line = len(text.splitlines()) + 2
    with pytest.raises(DataError, match=rf"game.yaml:{line}:\d+: print.icc: profile 'v4.icc' is an ICC v4.3 profile"):
        Project(mini_project).load_game("mini")


def test_build_shop_option(mini_project, tmp_path):
    base = ["build", "mini", "--project", str(mini_project), "--out", str(tmp_path / "out")]
    res = CliRunner().invoke(main, [*base, "--shop", "nosuch"])
    assert res.exit_code == 2 and "unknown shop profile 'nosuch'" in res.output and "jp-card-250" in res.output
    res = CliRunner().invoke(main, [*base, "--shop", "jp-card-350"])
    assert res.exit_code == 0, res.output


def test_shop_profiles_carry_condition_limit_and_safe_area():
    assert {s.ink_limit for s in SHOPS.values()} >= {250.0, 300.0, 350.0}
    assert {s.safe_mm for s in SHOPS.values()} >= {3.0, 5.0}
    assert SHOPS["jp-card"].printing is JAPAN_COLOR_2011
    assert SHOPS["fogra39"].printing.identifier == "FOGRA39"
    own = shop_profile({"base": "jp-card-strict", "ink_limit": 250, "printing_condition": "fogra39"}, "○○印刷")
    assert (own.safe_mm, own.ink_limit, own.printing.identifier, own.pdfx) == (5.0, 250.0, "FOGRA39", "required")
    assert "FOGRA39" in own.describe() and "250%" in own.describe()


def test_the_schema_offers_every_built_in_shop():
    from pnp.data.schemas import SHOP
    from pnp.render.shops import CONDITIONS
    assert set(SHOP["properties"]["base"]["enum"]) == set(SHOPS)
    assert set(SHOP["properties"]["printing_condition"]["enum"]) == set(CONDITIONS)


def test_a_shop_that_asks_five_mm_refuses_text_closer_to_the_trim(mini_project, tmp_path):
    """Layouts keep text 3 mm inside; jp-card-strict asks 5 mm: the card-base corner index (4 mm)
    is an error at the card's line, before a file is written, and the 3 mm shop builds."""
    game = Project(mini_project).load_game("mini")
    with pytest.raises(DataError) as e:
        build_game(game, tmp_path / "strict", BuildOptions(sheets=False, rulebook=False, shop_profile="jp-card-strict"))
    message = str(e.value)
    lines = (mini_project / "components/mini/cards.yaml").read_text(encoding="utf-8").splitlines()
    first = next(n for n, line in enumerate(lines, 1) if "id: sun-1" in line)
    assert f"cards.yaml:{first}:" in message and "sun-1 (face)" in message
    assert "inside the 5 mm margin of the trim" in message and "jp-card-strict asks for a 5 mm safe area" in message
    assert not (tmp_path / "strict").exists()
    build_game(game, tmp_path / "std", BuildOptions(sheets=False, rulebook=False, shop_profile="jp-card"))
    assert (tmp_path / "std/mini/shop/cards-faces.pdf").exists()
