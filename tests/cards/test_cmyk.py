"""--color cmyk all the way: placed images (portraits, image icons) are CMYK too, in every PDF."""
from __future__ import annotations

from pathlib import Path

from PIL import Image
from pypdf import PdfReader

from pnp.commands.build import BuildOptions, build_game
from pnp.data.project import Project
from pnp.render.pdf import image_to_cmyk, rgb_to_cmyk

CARDS = """\
  - {id: a, suit: sun, value: 1, title: 肖像, body: ':seal: を置く。', image: portrait.png}
  - {id: b, suit: sun, value: 2, title: 風景, body: 何もしない。, image: scene.jpg}
"""
LAYOUT = """\
extends: card-base
icons:
  seal: {image: seal.png}
face:
  regions:
    mark: null    # the portrait takes the suit mark's place (the two would overlap)
    art: {kind: image, x: 10mm, y: 18.5mm, w: 43mm, h: 26mm}
"""


def _images(pdf: Path) -> list:
    """Every image XObject of every page, inside forms too."""
    found, seen = [], set()
    for page in PdfReader(pdf).pages:
        todo = [page.get("/Resources")]
        while todo:
            res = todo.pop()
            if not res:
                continue
            res = res.get_object()
            for ref in (res.get("/XObject") or {}).values():
                obj = ref.get_object()
                key = getattr(ref, "idnum", id(obj))
                if key in seen:
                    continue
                seen.add(key)
                if obj.get("/Subtype") == "/Image":
                    found.append(obj)
                elif "/Resources" in obj:
                    todo.append(obj["/Resources"])
    return found


def _project(make) -> Path:
    root = make(CARDS, layout="portrait", layouts={"portrait": LAYOUT})
    folder = root / "components/demo"
    art = Image.new("RGBA", (90, 60), (200, 30, 30, 255))
    for x in range(30):
        art.putpixel((x, 0), (0, 0, 0, 0))             # some transparency
    art.save(folder / "portrait.png")
    Image.new("RGB", (90, 60), (30, 120, 200)).save(folder / "scene.jpg", quality=90)
    Image.new("LA", (16, 16), (40, 255)).save(root / "layouts/seal.png")
    return root


def test_every_image_xobject_is_cmyk(project, tmp_path):
    root = _project(project)
    game = Project(root).load_game("demo")
    out = tmp_path / "out"
    build_game(game, out, BuildOptions(cmyk=True))
    pdfs = sorted(out.rglob("*.pdf"))
    assert {p.name for p in pdfs} >= {"cards-sheets.pdf", "cards-faces.pdf", "cards-back.pdf"}
    images = [(pdf.name, im) for pdf in pdfs for im in _images(pdf)]
    assert len([1 for name, _ in images if name == "cards-faces.pdf"]) == 3    # two portraits and the seal
    for name, im in images:
        assert im["/ColorSpace"] == "/DeviceCMYK", (name, im["/ColorSpace"])
        assert "/SMask" not in im and "/Mask" not in im, name


def test_rgb_builds_keep_rgb_images(project, tmp_path):
    root = _project(project)
    game = Project(root).load_game("demo")
    build_game(game, tmp_path / "out", BuildOptions())
    spaces = {im["/ColorSpace"] for im in _images(tmp_path / "out/demo/cards-sheets.pdf")}
    assert "/DeviceRGB" in spaces         # the home sheets (shop files are CMYK PDF/X whatever --color says)


def test_image_conversion_matches_the_colour_conversion(tmp_path):
    path = tmp_path / "a.png"
    img = Image.new("RGBA", (2, 1), (200, 30, 30, 255))
    img.putpixel((1, 0), (0, 0, 0, 0))
    img.save(path)
    cmyk = image_to_cmyk(path, "#2c3e50")
    c = rgb_to_cmyk("#c81e1e")
    assert all(abs(a - round(b * 255)) <= 1 for a, b in zip(cmyk.getpixel((0, 0)), (c.cyan, c.magenta, c.yellow, c.black)))
    m = rgb_to_cmyk("#2c3e50")                          # the transparent pixel shows the card under it
    assert all(abs(a - round(b * 255)) <= 1 for a, b in zip(cmyk.getpixel((1, 0)), (m.cyan, m.magenta, m.yellow, m.black)))
