"""Files a print shop accepts: --color cmyk shop pages read with readers independent of pnp's own
(pikepdf/qpdf, Ghostscript, pdffonts, LittleCMS through Pillow with the file's embedded profile).

PRINT.md: shops print CMYK; fonts embedded.  The issue's measurements on main were: no OutputIntent,
no GTS_PDFXVersion, Author "anonymous"; small black text on three or four plates, no overprint;
crop marks K only; every file's subsets named AAAAAA+ with different glyph sets."""
from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from PIL import Image, ImageCms

from pnp.commands.build import BuildOptions, build_game
from pnp.data.project import Project
from pnp.render.color import DEFAULT_PROFILE

from .paintread import read_paint

SHOP = BuildOptions(cmyk=True, marks="jp", sheets=False, rulebook=False)
PER_PAGE_MARKS = 4 * 4 + 4 * 2     # 4 corners × (2 inner + 2 outer), 4 centre marks × 2 lines


@pytest.fixture(scope="module")
def cmyk_kit(tmp_path_factory, repo) -> Path:
    """探偵無宿２ (the game with the most small dark text) and EBE as shop pages in CMYK with トンボ."""
    out = tmp_path_factory.mktemp("cmyk")
    project = Project(repo)
    for game_id in ("tantei2", "ebe"):
        build_game(project.load_game(game_id), out, SHOP)
    return out


def shop_files(kit: Path) -> list[Path]:
    files = sorted(kit.glob("*/shop/*.pdf"))
    assert len(files) >= 10
    return files


def embedded_profile(path: Path) -> bytes:
    with pikepdf.open(path) as pdf:
        return bytes(pdf.Root.OutputIntents[0].DestOutputProfile.read_bytes())


def test_every_shop_file_is_pdfx1a_with_the_profile_embedded_as_output_intent(cmyk_kit, repo):
    for path in shop_files(cmyk_kit):
        assert path.read_bytes()[:8] == b"%PDF-1.3"
        with pikepdf.open(path) as pdf:
            intents = pdf.Root.OutputIntents
            assert len(intents) == 1
            intent = intents[0]
            assert intent.S == pikepdf.Name.GTS_PDFX
            assert str(intent.OutputConditionIdentifier) == "FOGRA39"
            profile = intent.DestOutputProfile
            assert isinstance(profile, pikepdf.Stream) and int(profile.N) == 4
            data = bytes(profile.read_bytes())
            info = pdf.docinfo
            assert str(info.GTS_PDFXVersion) == "PDF/X-1:2001"
            assert str(info.GTS_PDFXConformance) == "PDF/X-1a:2001"
            assert info.Trapped == pikepdf.Name("/False")
            assert str(info.Title).startswith(("探偵無宿２", "EBE"))
            assert "/Author" not in info            # no "anonymous": the bundled games name no designer
            for page in pdf.pages:
                assert "/TrimBox" in page.obj and "/BleedBox" in page.obj
        assert data == DEFAULT_PROFILE.read_bytes()
        cms = ImageCms.ImageCmsProfile(io.BytesIO(data)).profile
        assert cms.xcolor_space.strip() == "CMYK" and cms.device_class.strip() == "prtr"


def test_no_rgb_in_any_page_form_or_image(cmyk_kit):
    for path in shop_files(cmyk_kit):
        paint = read_paint(path)
        assert not paint.operators & {"rg", "RG"}, path
        assert not {s for s in paint.spaces if "RGB" in s or s == "ICCBased3"}, (path, paint.spaces)
        with pikepdf.open(path) as pdf:
            for obj in pdf.objects:
                if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == pikepdf.Name.Image:
                    assert obj.ColorSpace != pikepdf.Name.DeviceRGB
                    assert "/SMask" not in obj           # X-1a: no transparency


def _printed_lightness(profile: bytes):
    """CMYK → L* through the file's own embedded profile (LittleCMS), cached per colour."""
    cmyk = ImageCms.ImageCmsProfile(io.BytesIO(profile))
    lab = ImageCms.createProfile("LAB", 5000)
    transform = ImageCms.buildTransform(cmyk, lab, "CMYK", "LAB", ImageCms.Intent.RELATIVE_COLORIMETRIC)
    seen: dict[tuple[float, ...], float] = {}

    def lightness(color: tuple[float, ...]) -> float:
        if color not in seen:
            px = ImageCms.applyTransform(Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in color)), transform)
            seen[color] = px.getpixel((0, 0))[0] * 100 / 255
        return seen[color]
    return lightness


def test_small_dark_text_prints_on_the_black_plate_only_and_overprints(cmyk_kit):
    """Small dark glyphs (under 18 pt, printing darker than L* 25): K only, K100, overprint on
    with overprint mode 1 — a shifted plate cannot blur them or leave a white seam."""
    checked = 0
    for path in shop_files(cmyk_kit):
        lightness = _printed_lightness(embedded_profile(path))
        for page, glyphs, state in read_paint(path).texts:
            if state.font_size * state.scale >= 18 or state.fill_space != "DeviceCMYK":
                continue
            if lightness(state.fill) > 25:
                continue
            checked += glyphs
            c, m, y, k = state.fill
            assert (c, m, y) == (0, 0, 0), f"{path.name} p{page}: {glyphs} glyphs in C{c} M{m} Y{y} K{k}"
            assert k == 1 and state.fill_overprint and state.overprint_mode == 1, (path.name, page, state)
    assert checked > 5000        # 探偵無宿２ and EBE have thousands of them


def test_crop_marks_are_in_registration_colour(cmyk_kit):
    for path in shop_files(cmyk_kit):
        paint = read_paint(path)
        with pikepdf.open(path) as pdf:
            pages = len(pdf.pages)
        marks = [s for s in paint.strokes if s[1].stroke_space == "Separation:All"]
        assert len(marks) == PER_PAGE_MARKS * pages, path
        assert all(s.stroke == (1.0,) for _, s in marks)
        # nothing else is drawn in registration colour, and no stroke is 400 % process ink
        assert not [f for f in paint.fills if f[1].fill_space == "Separation:All"]
        assert not [s for s in paint.strokes if s[1].stroke_space == "DeviceCMYK" and s[1].stroke == (1, 1, 1, 1)]


def _subsets(path: Path) -> dict[str, bytes]:
    out = {}
    with pikepdf.open(path) as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == pikepdf.Name.Font:
                program = bytes(obj.FontDescriptor.FontFile2.read_bytes())
                out[str(obj.BaseFont)] = program + repr(list(obj.Widths)).encode()
    return out


def test_font_subset_names_are_unique_to_their_glyphs(cmyk_kit):
    """One name, one glyph set, across every file (a shop that merges files substitutes by name)."""
    seen: dict[str, tuple[bytes, Path]] = {}
    names = 0
    for path in shop_files(cmyk_kit):
        for name, program in _subsets(path).items():
            names += 1
            assert not name.startswith("/AAAAAA+") and name[7] == "+", name
            if name in seen:
                assert seen[name][0] == program, f"{name} names different glyphs in {seen[name][1].name} and {path.name}"
            seen[name] = (program, path)
    assert len(seen) > 20 and names > len(seen)     # many subsets; some (the same glyphs) shared by name


@pytest.mark.needs("pdffonts")
def test_pdffonts_sees_every_font_embedded(cmyk_kit):
    for path in shop_files(cmyk_kit)[:6]:
        rows = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
        fonts = rows.splitlines()[2:]
        assert fonts and all(" yes yes yes " in row for row in fonts), rows


@pytest.mark.needs("gs")
def test_ghostscript_separations_stay_within_the_profiles_ink_limit(cmyk_kit, tmp_path):
    """Rendered to CMYK by Ghostscript: inside the bleed (the marks outside it are on all four
    plates), no pixel carries more than the profile's 300 %; the cards have ink on all plates."""
    path = cmyk_kit / "tantei2" / "shop" / "events-faces.pdf"
    with pikepdf.open(path) as pdf:
        media = [float(v) for v in pdf.pages[0].MediaBox]
        bleed = [float(v) for v in pdf.pages[0].BleedBox]
    tif = tmp_path / "p.tif"
    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiff32nc", "-r72", "-dFirstPage=1",
                    "-dLastPage=3", f"-sOutputFile={tmp_path}/p%d.tif", str(path)], check=True)
    for n in (1, 2, 3):
        with Image.open(tmp_path / f"p{n}.tif") as img:
            img.load()
            h = img.height
            crop = img.crop((round(bleed[0] - media[0]) + 1, round(h - bleed[3]) + 1, round(bleed[2]) - 1,
                             round(h - bleed[1]) - 1))
            data = crop.tobytes()
        totals = [sum(data[i:i + 4]) for i in range(0, len(data), 4)]
        assert max(totals) * 100 / 255 <= 301
        assert all(max(data[i::4]) > 0 for i in range(4))
    inkcov = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=inkcov", "-o", "-",
                             "-dFirstPage=1", "-dLastPage=1", str(path)], capture_output=True, text=True, check=True)
    c, m, y, k = (float(v) for v in inkcov.stdout.split()[:4])
    assert 0 < k and 0 < y          # the cream stock and the black text both print
    assert tif.parent.is_dir()


def _image_project(tmp_path: Path, mini_project: Path, size: tuple[int, int], alpha: bool = False) -> Project:
    mode = "RGBA" if alpha else "RGB"
    img = Image.new(mode, size, (200, 30, 30, 128) if alpha else (200, 30, 30))
    img.save(mini_project / "components/mini/sun.png")
    lay = mini_project / "layouts"
    lay.mkdir(exist_ok=True)
    (lay / "picture.yaml").write_text(
        "extends: card-base\nface:\n  regions:\n    mark: null\n    art:\n      kind: image\n"   # in the mark's place
        "      x: 10mm\n      y: 18.5mm\n      w: 43mm\n      h: 26mm\n", encoding="utf-8")
    cards = mini_project / "components/mini/cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("layout: card-base", "layout: picture")
                     .replace("title: 朝焼け,", "title: 朝焼け, image: sun.png,"), encoding="utf-8")
    return Project(mini_project)


def test_placed_images_are_converted_to_cmyk_and_flattened(mini_project, tmp_path):
    game = _image_project(tmp_path, mini_project, (700, 420), alpha=True).load_game("mini")
    build_game(game, tmp_path / "out", SHOP)
    path = tmp_path / "out/mini/shop/cards-faces.pdf"
    images = [i for i in read_paint(path).images]
    assert images and all(space == "DeviceCMYK" for _, space in images)
    with pikepdf.open(path) as pdf:
        streams = [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == pikepdf.Name.Image]
        assert streams and all("/SMask" not in s for s in streams)
        pim = pikepdf.PdfImage(streams[0]).as_pil_image()
    assert pim.mode == "CMYK"
    c, m, y, k = pim.getpixel((pim.width // 2, pim.height // 2))
    assert m > c and m > k           # red at half opacity over the card: magenta and yellow, not grey


def test_shop_pages_are_byte_reproducible(mini_project, tmp_path):
    game = _image_project(tmp_path, mini_project, (700, 420)).load_game("mini")
    build_game(game, tmp_path / "a", SHOP)
    build_game(game, tmp_path / "b", SHOP)
    for path in sorted((tmp_path / "a/mini/shop").glob("*.pdf")):
        assert path.read_bytes() == (tmp_path / "b/mini/shop" / path.name).read_bytes(), path.name


def test_designer_is_the_author_and_a_game_profile_is_embedded(mini_project, tmp_path):
    """game.yaml designer: → Author; print.icc: the shop's own profile (here the bundled one, copied
    under another name) is the one embedded, named by the condition it characterises (a Japan Color
    name for it is refused: tests/render/test_shop_profiles.py)."""
    folder = mini_project / "components/mini"
    shutil.copy(DEFAULT_PROFILE, folder / "shop.icc")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text.replace("version: \"0.1\"\n", "version: \"0.1\"\ndesigner: 山田花子\n"
                                                   "print: {icc: shop.icc, condition: FOGRA39, rich_black: false}\n"),
                                      encoding="utf-8")
    game = Project(mini_project).load_game("mini")
    build_game(game, tmp_path, SHOP)
    with pikepdf.open(tmp_path / "mini/shop/cards-faces.pdf") as pdf:
        assert str(pdf.docinfo.Author) == "山田花子"
        assert str(pdf.Root.OutputIntents[0].OutputConditionIdentifier) == "FOGRA39"


def test_a_game_profile_that_is_not_cmyk_is_a_data_error(mini_project):
    from pnp.errors import DataError
    folder = mini_project / "components/mini"
    ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    (folder / "rgb.icc").write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text + "print:\n  icc: rgb.icc\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        Project(mini_project).load_game("mini")
    message = str(e.value)
    assert "game.yaml:" in message and "print.icc" in message and "CMYK output" in message


def test_build_icc_option_checks_the_profile(mini_project, tmp_path):
    from click.testing import CliRunner

    from pnp.cli import main
    rgb = tmp_path / "rgb.icc"
    rgb.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    base = ["build", "mini", "--project", str(mini_project), "--out", str(tmp_path / "out")]
    res = CliRunner().invoke(main, [*base, "--color", "cmyk", "--icc", str(rgb)])
    assert res.exit_code == 1 and "rgb.icc" in res.output and "CMYK output profile" in res.output
    own = tmp_path / "own.icc"
    shutil.copy(DEFAULT_PROFILE, own)
    res = CliRunner().invoke(main, [*base, "--color", "cmyk", "--icc", str(own)])
    assert res.exit_code == 0, res.output
    with pikepdf.open(tmp_path / "out/mini/shop/cards-faces.pdf") as pdf:
        intent = pdf.Root.OutputIntents[0]
        assert bytes(intent.DestOutputProfile.read_bytes()) == own.read_bytes()
        assert str(intent.OutputConditionIdentifier) == "FOGRA39"      # the bundled profile, by its content
