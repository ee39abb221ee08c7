"""A project's own fonts: fonts/ + fonts: in game.yaml or a layout; TrueType embeds, CFF is refused
with the documented message; glyph coverage is checked against the font actually chosen."""
from __future__ import annotations

import shutil
import struct
import subprocess
from pathlib import Path

import pdfplumber
import pytest
import reportlab
from click.testing import CliRunner
from programs import program
from pypdf import PdfReader

from pnp.cli import main
from pnp.commands.build import BuildOptions, build_game, plan_game_cards
from pnp.data.project import Project
from pnp.errors import DataError
from pnp.resources import fonts_dir
from pnp.text.fonts import CFF_MESSAGE

VERA = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"    # Latin only: no Japanese glyphs
CARDS = """\
  - {id: a, suit: sun, value: 1, title: 旅人, body: "**強く**山札から1枚引く。"}
"""
OWN_LAYOUT = """\
extends: card-base
face:
  regions:
    body: {font: kaku}
"""


def _fonts(root: Path, **files: Path) -> None:
    (root / "fonts").mkdir(exist_ok=True)
    for name, src in files.items():
        shutil.copy(src, root / "fonts" / name)


def _cff(path: Path) -> None:
    """The first bytes of an OpenType font with CFF outlines: 'OTTO' and a table directory with CFF."""
    header = b"OTTO" + struct.pack(">HHHH", 1, 16, 0, 0)
    entry = b"CFF " + struct.pack(">III", 0, 28, 4)
    path.write_bytes(header + entry + b"\x01\x00\x04\x02")


def test_own_font_from_game_yaml_embeds_and_extracts(project, tmp_path):
    root = project(CARDS, layout="own", layouts={"own": OWN_LAYOUT},
                   game_extra="fonts:\n  - {family: kaku, file: Kaku-Regular.ttf}\n"
                              "  - {family: kaku, weight: bold, file: Kaku-Bold.ttf}\n")
    # stand-ins from the bundled faces, so the result is easy to tell: body text normally set in mincho
    _fonts(root, **{"Kaku-Regular.ttf": fonts_dir() / "BIZUDPGothic-Regular.ttf",
                    "Kaku-Bold.ttf": fonts_dir() / "BIZUDPGothic-Bold.ttf"})
    game = Project(root).load_game("demo")
    build_game(game, tmp_path / "out", BuildOptions(sheets=False))
    faces = tmp_path / "out/demo/shop/cards-faces.pdf"
    with pdfplumber.open(faces) as pdf:
        chars = pdf.pages[0].chars
    body = [c for c in chars if c["text"] in "山札引"]
    bold = [c for c in chars if c["text"] in "強"]
    assert body and all(c["fontname"].endswith("BIZUDPGothic-Regular") for c in body)
    assert bold and all(c["fontname"].endswith("BIZUDPGothic-Bold") for c in bold)     # kaku-bold for **…**
    assert "強く山札から1枚引く。" in "".join(c["text"] for c in chars)
    out = subprocess.run([program("pdffonts"), str(faces)], capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in out.splitlines()[2:]]
    assert rows and all(r[-5] == "yes" for r in rows), out          # every font embedded (emb column)
    fonts = {str(f["/BaseFont"]) for page in PdfReader(faces).pages
             for f in _font_objects(page)}
    assert any(name.endswith("BIZUDPGothic-Regular") for name in fonts)


def _font_objects(page):
    out, todo = [], [page["/Resources"]]
    while todo:
        res = todo.pop().get_object()
        out.extend(f.get_object() for f in (res.get("/Font") or {}).values())
        for x in (res.get("/XObject") or {}).values():
            x = x.get_object()
            if "/Resources" in x:
                todo.append(x["/Resources"])
    return out


def test_layout_fonts_and_glyph_coverage_uses_the_chosen_font(project):
    root = project(CARDS, layout="own", layouts={"own": OWN_LAYOUT + "fonts:\n  - {family: kaku, file: Vera.ttf}\n"})
    _fonts(root, **{"Vera.ttf": VERA})
    game = Project(root).load_game("demo")
    with pytest.raises(DataError) as e:
        plan_game_cards(game)
    msgs = [str(p) for p in e.value.problems]
    # Japanese text in a Latin-only font: named with the font the designer chose
    assert any("body: character '山' (U+5C71)" in m and "is not in font kaku" in m for m in msgs), msgs


def test_cff_font_is_refused_with_the_documented_message(project):
    root = project(CARDS, layout="own", layouts={"own": OWN_LAYOUT},
                   game_extra="fonts:\n  - {family: kaku, file: NotoSansCJKjp-Regular.otf}\n")
    (root / "fonts").mkdir()
    _cff(root / "fonts/NotoSansCJKjp-Regular.otf")
    r = CliRunner().invoke(main, ["validate", "demo", "--project", str(root)])
    assert r.exit_code == 1
    expected = ("components/demo/game.yaml:8:20: fonts[0].file: fonts/NotoSansCJKjp-Regular.otf: "
                "NotoSansCJKjp-Regular.otf is an OpenType font with PostScript (CFF) outlines; pnp embeds "
                "TrueType outlines only")
    assert expected in r.output, r.output
    assert "fontforge -lang=ff -c 'Open($1); Generate($2)' NotoSansCJKjp-Regular.otf NotoSansCJKjp-Regular.ttf" \
        in r.output
    assert "Traceback" not in r.output and "unknown font" not in r.output     # no cascade
    assert "TrueType outlines only" in CFF_MESSAGE       # the README quotes this message


@pytest.mark.skipif(not list(Path("/usr/share/fonts/opentype").rglob("*.otf")) if Path("/usr/share/fonts/opentype").is_dir()
                    else True, reason="no real CFF font on this machine")
def test_a_real_cff_font_is_refused_too(project):
    real = sorted(Path("/usr/share/fonts/opentype").rglob("*.otf"))[0]
    root = project(CARDS, layout="own", layouts={"own": OWN_LAYOUT + "fonts:\n  - {family: kaku, file: real.otf}\n"})
    _fonts(root, **{"real.otf": real})
    with pytest.raises(DataError) as e:
        Project(root).load_game("demo")
    assert "layouts/own.yaml" in str(e.value) and "PostScript (CFF) outlines" in str(e.value)


def test_unknown_font_and_missing_file(project):
    root = project(CARDS, layout="own", layouts={"own": OWN_LAYOUT},
                   game_extra="fonts:\n  - {family: maru, file: Maru.ttf}\n")
    with pytest.raises(DataError) as e:
        Project(root).load_game("demo")
    msgs = [str(p) for p in e.value.problems]
    assert any("fonts[0].file: font file 'Maru.ttf' not found in the project's fonts/ folder" in m for m in msgs), msgs
    assert any("layouts/own.yaml" in m and "face.regions.body.font: unknown font 'kaku' (fonts: gothic, gothic-bold, "
               "mincho)" in m for m in msgs), msgs
