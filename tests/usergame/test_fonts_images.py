"""A designer's own fonts and art: a CFF-flavoured collection (Noto Sans CJK .ttc, the usual Linux CJK
font) gets the conversion advice, a face is picked inside a TrueType collection (index: or face:),
image regions may reach the bleed, and the fit modes are documented (issue point 7)."""
from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from fontfiles import cff_face, collection
from owngame import GAME, edit, new_game, run, write

from pnp.resources import fonts_dir

REGULAR = fonts_dir() / "BIZUDPGothic-Regular.ttf"
BOLD = fonts_dir() / "BIZUDPGothic-Bold.ttf"
LAYOUT = "id: shoubai-card\nextends: card-base\nface:\n  regions:\n    body: {font: hon}\n"


def own_font(tmp_path, entry: str, faces: list[bytes]) -> Path:
    game = new_game(tmp_path)
    (tmp_path / "fonts").mkdir()
    collection(tmp_path / "fonts/Hon.ttc", faces)
    write(tmp_path, "layouts/shoubai-card.yaml", LAYOUT)
    edit(game / "cards.yaml", "layout: card-base", "layout: shoubai-card")
    edit(game / "game.yaml", "engine: engine.py\n", f"engine: engine.py\nfonts:\n  - {entry}\n")
    return game


def test_a_cff_collection_gets_the_conversion_advice_not_a_raw_error(tmp_path):
    own_font(tmp_path, "{family: hon, file: Hon.ttc}", [cff_face("Noto Sans CJK JP"), cff_face("Noto Sans CJK KR")])
    result = run("validate", GAME, "--project", tmp_path)
    assert result.exit_code == 1
    assert ("components/shoubai/game.yaml:11:19: fonts[0].file: fonts/Hon.ttc: Hon.ttc is a font collection "
            "(.ttc/.otc) whose face 0 (Noto Sans CJK JP Regular) has PostScript (CFF) outlines") in result.output
    assert "fontforge -lang=ff -c 'Open($1); Generate($2)' 'Hon.ttc(Noto Sans CJK JP Regular)' Hon.ttf" in result.output
    assert str(tmp_path) not in result.output and "Traceback" not in result.output


def test_a_face_of_a_collection_is_picked_by_index_or_by_name(tmp_path):
    faces = [cff_face("Noto Sans CJK JP"), REGULAR.read_bytes(), BOLD.read_bytes()]
    for entry, font in (("{family: hon, file: Hon.ttc, index: 2}", "BIZUDPGothic-Bold"),
                        ("{family: hon, file: Hon.ttc, face: BIZ UDPGothic}", "BIZUDPGothic-Regular")):
        root = tmp_path / font
        own_font(root, entry, faces)
        built = run("build", GAME, "--project", root, "--out", root / "out")
        assert built.exit_code == 0, built.output
        with pdfplumber.open(root / "out/shoubai/shop/cards-faces.pdf") as pdf:
            body = [c for c in pdf.pages[0].chars if c["text"] in "切札得点"]
        assert body and all(font in c["fontname"] for c in body), {c["fontname"] for c in body}


def test_a_face_that_is_not_there_lists_the_faces(tmp_path):
    own_font(tmp_path, "{family: hon, file: Hon.ttc, face: Kaisei}", [cff_face("Noto Sans CJK JP"), REGULAR.read_bytes()])
    result = run("validate", GAME, "--project", tmp_path)
    assert result.exit_code == 1
    assert "Hon.ttc has no face named 'Kaisei' (faces — 0: Noto Sans CJK JP, Noto Sans CJK JP Regular" in result.output
    assert "1: BIZ UDPGothic" in result.output


ART_LAYOUT = """id: shoubai-card
extends: card-base
face:
  regions:
    art: {kind: image, x: 0mm, y: 0mm, w: 100%, h: 100%, bleed: true, fit: FIT, overlap: true, z: -1}
"""


def full_bleed(tmp_path, fit: str) -> Path:
    from PIL import Image
    game = new_game(tmp_path)
    art = Image.new("RGB", (400, 200), "#c0392b")       # wider than the card: cover crops its sides
    art.save(game / "art.png")
    write(tmp_path, "layouts/shoubai-card.yaml", ART_LAYOUT.replace("FIT", fit))
    edit(game / "cards.yaml", "layout: card-base", "layout: shoubai-card")
    edit(game / "cards.yaml", '{id: "sun-1", suit: "sun",', '{id: "sun-1", image: art.png, suit: "sun",')
    built = run("build", GAME, "--project", tmp_path, "--out", tmp_path / "out")
    assert built.exit_code == 0, built.output
    return tmp_path / "out/shoubai/shop/cards-faces.pdf"


def drawn_image_mm(pdf_path) -> tuple[float, float, float, float, float, float]:
    """(x0, top, width, height) of the card's art in mm from the page's corner, and the page's size."""
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[0]
        (img,) = page.images
        k = 25.4 / 72
        return (img["x0"] * k, img["top"] * k, img["width"] * k, img["height"] * k, page.width * k, page.height * k)


def test_full_bleed_art_covers_the_card_and_its_bleed(tmp_path):
    x, top, w, h, page_w, page_h = drawn_image_mm(full_bleed(tmp_path, "cover"))
    assert (round(page_w), round(page_h)) == (69, 94)                  # 63×88 mm and 3 mm of bleed each side
    assert top == pytest.approx(0, abs=0.05) and h == pytest.approx(94, abs=0.05)    # top to bottom of the bleed
    assert w == pytest.approx(188, abs=0.1) and x == pytest.approx((69 - 188) / 2, abs=0.1)   # 2:1, centred, cropped


def test_contain_shows_the_whole_picture_inside_the_region(tmp_path, monkeypatch):
    # a 2:1 picture in a full-bleed box leaves the bleed bare, which layout refuses (test_bleed_images); drawn
    # all the same, contain places the whole picture, centred
    monkeypatch.setattr("pnp.layout.card._contain_leaves_bare", lambda placed, art: "")
    x, top, w, h, page_w, page_h = drawn_image_mm(full_bleed(tmp_path, "contain"))
    assert x == pytest.approx(0, abs=0.05) and w == pytest.approx(69, abs=0.05)
    assert h == pytest.approx(34.5, abs=0.05) and top == pytest.approx((94 - 34.5) / 2, abs=0.05)


def test_art_that_leaves_the_safe_area_without_bleed_is_refused(tmp_path):
    game = new_game(tmp_path)
    write(tmp_path, "layouts/shoubai-card.yaml", ART_LAYOUT.replace("bleed: true, ", "").replace("FIT", "cover"))
    edit(game / "cards.yaml", "layout: card-base", "layout: shoubai-card")
    result = run("validate", GAME, "--project", tmp_path)
    assert result.exit_code == 1 and "leaves the safe area" in result.output
