"""CMYK through the ICC output profile: the printed colour (the profile's own prediction, through
LittleCMS) stays close to the designer's sRGB; greys and blacks go to the black plate only.

The issue measured the naive formula (K = 1 − max RGB): the cream card stock #f5efe0 became
C0 M2 Y8 K4 (greyish), the red #c0392b a dull K25 mix."""
from __future__ import annotations

import subprocess

import pytest
from PIL import Image, ImageCms

from pnp.render.color import DEFAULT_PROFILE, ColorProfile, ProfileError, default_profile, delta_e2000, srgb_lab

# the colours of the bundled designs (card stocks, suits, icons, text)
BUNDLED = ["#f5efe0", "#f5ecd7", "#d9c9a3", "#c0392b", "#1f5fa8", "#e1b400", "#1e8449", "#6c3483", "#d35400",
           "#2c3e50", "#6b5a43", "#2e4a9e"]


def _hex(px) -> str:
    return "#" + "".join(f"{v:02x}" for v in px[:3])


def naive(value: str) -> tuple[float, float, float, float]:
    r, g, b = (int(value[i:i + 2], 16) / 255 for i in (1, 3, 5))
    k = 1 - max(r, g, b)
    return ((1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k)


def test_bundled_colours_print_close_to_the_design_and_closer_than_the_naive_formula():
    p = default_profile()
    icc = {c: delta_e2000(srgb_lab(c), p.printed_lab(p.ink(c).cmyk)) for c in BUNDLED}
    old = {c: delta_e2000(srgb_lab(c), p.printed_lab(naive(c))) for c in BUNDLED}
    assert max(icc.values()) < 5, icc          # in gamut: within a just-visible difference or two
    assert sum(icc.values()) < sum(old.values()) / 2, (icc, old)
    assert icc["#c0392b"] < old["#c0392b"]


def test_the_cream_stock_prints_without_black_and_the_red_without_a_dull_k():
    p = default_profile()
    cream, red = p.ink("#f5efe0"), p.ink("#c0392b")
    assert cream.k == 0 and cream.y > cream.m > 0
    assert red.k < 0.15 and red.m > 0.8 and red.y > 0.75
    assert naive("#f5efe0")[3] > 0.03 and naive("#c0392b")[3] > 0.24      # what main printed


@pytest.mark.parametrize("grey", ["#000000", "#1a1a1a", "#1a1410", "#2a2118", "#444444", "#7a7a7a", "#cccccc"])
def test_greys_and_near_blacks_are_k_only(grey):
    ink = default_profile().ink(grey)
    assert ink.k_only and ink.k > 0


def test_blacks_are_k100_overprinted_and_rich_only_when_large():
    p = default_profile()
    assert p.ink("#000000").cmyk == (0, 0, 0, 1) and p.ink("#000000").overprint
    assert p.ink("#000000", large=True).cmyk == (0.4, 0.4, 0.4, 1.0)
    assert not p.ink("#000000", large=True).overprint
    assert p.ink("#444444", large=True).k_only          # a large grey stays K only
    navy = p.ink("#17202a", large=True)        # EBE's dark navy ground keeps its hue (through the profile)
    assert navy.c > navy.m > navy.y and navy.k < 1 and p.ink("#17202a").cmyk == (0, 0, 0, 1)
    plain = ColorProfile(rich_black=None)
    assert plain.ink("#000000", large=True).cmyk == (0, 0, 0, 1)


def test_greys_darken_as_the_design_does():
    p = default_profile()
    ks = [p.ink(f"#{v:02x}{v:02x}{v:02x}").k for v in [*range(40, 256, 8), 255]]
    assert ks == sorted(ks, reverse=True) and ks[-1] == 0


def test_a_profile_that_is_not_cmyk_output_is_refused(tmp_path):
    rgb = tmp_path / "srgb.icc"
    rgb.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    with pytest.raises(ProfileError, match="CMYK output profile"):
        ColorProfile(rgb)
    junk = tmp_path / "junk.icc"
    junk.write_bytes(b"not a profile")
    with pytest.raises(ProfileError, match="not an ICC profile"):
        ColorProfile(junk)


@pytest.mark.needs("gs")
def test_a_cmyk_shop_page_proofs_like_the_rgb_design(repo, tmp_path):
    """The CMYK page rendered by Ghostscript, soft-proofed through the profile back to sRGB, against
    the RGB page rendered by PDFium: the same card to the eye (mean ΔE2000 over the card)."""
    import pypdfium2

    from pnp.commands.build import BuildOptions, build_game
    from pnp.data.project import Project
    game = Project(repo).load_game("tantei2")
    build_game(game, tmp_path / "rgb", BuildOptions(sheets=False, rulebook=False, cards=True))
    build_game(game, tmp_path / "cmyk", BuildOptions(cmyk=True, sheets=False, rulebook=False))
    rgb_pdf = tmp_path / "rgb/tantei2/shop/events-faces.pdf"
    cmyk_pdf = tmp_path / "cmyk/tantei2/shop/events-faces.pdf"
    dpi = 50
    page = pypdfium2.PdfDocument(str(rgb_pdf))[0]
    design = page.render(scale=dpi / 72).to_pil().convert("RGB")
    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiff32nc", f"-r{dpi}",
                    "-dFirstPage=1", "-dLastPage=1", "-dTextAlphaBits=4", "-dGraphicsAlphaBits=4",
                    f"-sOutputFile={tmp_path}/c.tif", str(cmyk_pdf)], check=True)
    with Image.open(tmp_path / "c.tif") as cmyk:
        cmyk.load()
        proof = ImageCms.profileToProfile(cmyk, ImageCms.getOpenProfile(str(DEFAULT_PROFILE)),
                                          ImageCms.createProfile("sRGB"), renderingIntent=1, outputMode="RGB",
                                          flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    w, h = min(design.width, proof.width), min(design.height, proof.height)
    diffs = []
    for y in range(4, h - 4, 3):
        for x in range(4, w - 4, 3):
            a, b = design.getpixel((x, y)), proof.getpixel((x, y))
            # colour is judged where both rasters are flat: at an edge the two rasterisers' half-pixel
            # differences would be measured instead of the colour
            if any(design.getpixel((x + dx, y + dy)) != a for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2))):
                continue
            diffs.append(delta_e2000(srgb_lab(_hex(a)), srgb_lab(_hex(b))))
    diffs.sort()
    assert len(diffs) > 1000
    assert sum(diffs) / len(diffs) < 4, sum(diffs) / len(diffs)
    assert diffs[len(diffs) // 2] < 2.5          # the stock, most of the card, is the same colour
