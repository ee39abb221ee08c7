"""Whatever lands in shop/ is a shop file, without --color cmyk (issue 38 item 1): the default build
writes shop pages as CMYK PDF/X-1a:2001 (PDF 1.3, one OutputIntent with the embedded profile,
Trapped, subset names of their own, Title and Author from game.yaml, never "anonymous"), while the
home sheets stay RGB.  Read with pikepdf (qpdf) and pdffonts, not with pnp's own reader."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.commands.build import BuildOptions, build_game
from pnp.data.project import Project
from pnp.render.color import DEFAULT_PROFILE

from .paintread import read_paint

RGB_OPERATORS = {"rg", "RG"}


def _rgb_objects(pdf: pikepdf.Pdf) -> list[str]:
    """Every object of the file that names DeviceRGB or an RGB ICC space (images, colour spaces,
    groups, shadings), wherever it sits."""
    found = []
    for obj in pdf.objects:
        if not isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
            continue
        for key in ("/ColorSpace", "/CS"):
            value = obj.get(key)
            if value is None:
                continue
            text = repr(value)
            if "DeviceRGB" in text or "CalRGB" in text:
                found.append(f"{obj.objgen} {key} {text[:60]}")
        group = obj.get("/Group")
        if isinstance(group, pikepdf.Dictionary) and "RGB" in repr(group.get("/CS", "")):
            found.append(f"{obj.objgen} /Group")
    return found


def check_shop_file(path: Path, title: str, author: str | None) -> set[str]:
    """Assert path is a PDF/X-1a:2001 shop file with no RGB anywhere; returns its subset names."""
    assert path.read_bytes()[:8] == b"%PDF-1.3", path
    with pikepdf.open(path) as pdf:
        assert len(pdf.Root.OutputIntents) == 1, path
        intent = pdf.Root.OutputIntents[0]
        assert intent.S == pikepdf.Name.GTS_PDFX
        assert str(intent.OutputConditionIdentifier)
        profile = intent.DestOutputProfile
        assert int(profile.N) == 4 and bytes(profile.read_bytes())[36:40] == b"acsp"
        info = pdf.docinfo
        assert str(info.GTS_PDFXVersion) == "PDF/X-1:2001"
        assert str(info.GTS_PDFXConformance) == "PDF/X-1a:2001"
        assert info.Trapped == pikepdf.Name("/False")
        assert str(info.Title).startswith(title), str(info.Title)
        if author is None:
            assert "/Author" not in info, path
        else:
            assert str(info.Author) == author
        assert "anonymous" not in repr(dict(info)).lower()
        assert _rgb_objects(pdf) == [], path
        names = {str(o.BaseFont) for o in pdf.objects
                 if isinstance(o, pikepdf.Dictionary) and o.get("/Type") == pikepdf.Name.Font}
    paint = read_paint(path)
    assert not paint.operators & RGB_OPERATORS, path
    assert not {s for s in paint.spaces if "RGB" in s or s == "ICCBased3"}, (path, paint.spaces)
    assert all(space == "DeviceCMYK" for _page, space in paint.images), path
    for name in names:
        assert re.fullmatch(r"/[A-Z]{6}\+.+", name) and not name.startswith("/AAAAAA+"), name
    return names


def _with_designer(mini_project: Path, designer: str | None) -> Project:
    folder = mini_project / "components/mini"
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    if designer is not None:
        text = text.replace("version: \"0.1\"\n", f"version: \"0.1\"\ndesigner: {designer}\n")
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    return Project(mini_project)


def test_a_default_build_writes_pdfx_shop_files_and_rgb_home_sheets(mini_project, tmp_path):
    game = _with_designer(mini_project, "山田花子").load_game("mini")
    build_game(game, tmp_path, BuildOptions())          # no --color: the home default
    shop = sorted((tmp_path / "mini/shop").glob("*.pdf"))
    assert [p.name for p in shop] == ["cards-back.pdf", "cards-faces.pdf"]
    for path in shop:
        check_shop_file(path, game.title, "山田花子")
    sheets = read_paint(tmp_path / "mini/cards-sheets.pdf")
    assert sheets.operators & RGB_OPERATORS            # home sheets: RGB, as a home printer takes them
    assert (tmp_path / "mini/cards-sheets.pdf").read_bytes()[:8] != b"%PDF-1.3"


def test_no_designer_means_no_author_not_a_placeholder(mini_project, tmp_path):
    game = _with_designer(mini_project, None).load_game("mini")
    build_game(game, tmp_path, BuildOptions(sheets=False, rulebook=False))
    for path in sorted((tmp_path / "mini/shop").glob("*.pdf")):
        check_shop_file(path, game.title, None)


def test_color_cmyk_leaves_the_shop_files_as_the_default_build_writes_them(mini_project, tmp_path):
    """--color governs the home sheets only: the shop files are the same bytes either way."""
    game = Project(mini_project).load_game("mini")
    build_game(game, tmp_path / "rgb", BuildOptions(rulebook=False))
    build_game(game, tmp_path / "cmyk", BuildOptions(cmyk=True, rulebook=False))
    for name in ("cards-faces.pdf", "cards-back.pdf"):
        assert (tmp_path / "rgb/mini/shop" / name).read_bytes() == (tmp_path / "cmyk/mini/shop" / name).read_bytes()
    assert not read_paint(tmp_path / "cmyk/mini/cards-sheets.pdf").operators & RGB_OPERATORS


def test_the_icc_option_needs_no_color_option(mini_project, tmp_path):
    own = tmp_path / "own.icc"
    shutil.copy(DEFAULT_PROFILE, own)
    res = CliRunner().invoke(main, ["build", "mini", "--project", str(mini_project), "--out", str(tmp_path / "out"),
                                    "--icc", str(own)])
    assert res.exit_code == 0, res.output
    with pikepdf.open(tmp_path / "out/mini/shop/cards-faces.pdf") as pdf:
        assert bytes(pdf.Root.OutputIntents[0].DestOutputProfile.read_bytes()) == own.read_bytes()


def test_every_shop_file_of_the_bundled_kit_is_pdfx(built_kit):
    """The shared kit is built with the default options: each game's shop/ holds only PDF/X files,
    and one subset name never stands for two glyph sets across the whole kit."""
    files = sorted(built_kit.glob("*/shop/*.pdf"))
    assert {p.parts[-3] for p in files} == {"ebe", "euphoria", "tantei2", "terror24"}
    titles = {g.id: g.title for g in Project(Path(__file__).resolve().parents[2]).load_games()}
    programs: dict[str, bytes] = {}
    for path in files:
        for name in check_shop_file(path, titles[path.parts[-3]], None):
            with pikepdf.open(path) as pdf:
                for o in pdf.objects:
                    if isinstance(o, pikepdf.Dictionary) and str(o.get("/BaseFont", "")) == name:
                        program = bytes(o.FontDescriptor.FontFile2.read_bytes())
                        assert programs.setdefault(name, program) == program, f"{name} in {path}"


@pytest.mark.needs("pdffonts")
def test_pdffonts_sees_every_font_of_a_default_shop_file_embedded(built_kit):
    path = built_kit / "tantei2/shop/events-faces.pdf"
    rows = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    fonts = rows.splitlines()[2:]
    assert fonts and all(" yes yes yes " in row for row in fonts), rows
    names = [row.split()[0] for row in fonts]
    assert len(set(names)) == len(names) and not any(n.startswith("AAAAAA+") for n in names)
