"""Colour for print: the designer's sRGB colours and images turned into CMYK through an ICC output
profile with LittleCMS (Pillow's ImageCms), the way a shop's RIP or a DTP program would.

Rules beyond the profile, the ones shops ask for:

- **Greys and blacks are K only.**  A neutral colour (no hue: the hex greys of the layouts, the
  black of text) prints on the black plate alone, at the K that gives the same lightness on paper
  (sRGB black mapped to the paper's K100).
  Through the profile alone a grey takes four inks (GCR), and small text on four plates blurs at
  the first plate shift.  Pure black and the near blacks (L* ≤ 15 and chroma ≤ 10: #000000 to #262626, and
  the sepia blacks of text such as #2a2118) are K100.
- **Large black solids may be rich black** (C40 M40 Y40 K100 unless a game says otherwise): K100
  alone looks grey-brown over a large area.  Only solids at least ``RICH_BLACK_MIN_MM`` on both
  sides; text and rules stay K only.  A large near black with a hue of its own (a navy or sepia
  ground, chroma above ``RICH_BLACK_CHROMA``) goes through the profile and keeps its hue.
- **Small text prints on at most two plates.**  Text under ``SMALL_TEXT_PT`` whose colour would
  take three or four plates is printed with K and the one chromatic plate that comes closest to
  the four-plate colour (CIEDE2000 on the profile's own CMYK→Lab): a plate shifted on the press
  then cannot blur thin strokes into a coloured fringe (版ずれでにじまない).
- **K100 line art overprints** (スミノセ): the painter sets overprint on K100 text, rules, strokes and
  marks, so a shifted plate leaves no white seam around them.

- **Total ink stays under the shop's limit** (総インキ量, ``ink_limit``: 250, 300 or 350 %, from the
  shop profile, pnp.render.shops).  A colour or image pixel whose C+M+Y+K passes it gives its
  grey component to black (under-colour removal: equal parts of C, M and Y taken, as much K added)
  until it fits, and where black is already full its C, M and Y are scaled down together.  The
  same arithmetic on 8-bit plates for vector colours and pixels (``limit_ink``), so a flat colour in
  a picture still prints as the same colour drawn by the layout.

Rendering intent: relative colorimetric with black-point compensation, for vector colours and
images alike, so a flat colour in a picture prints as the same colour drawn by the layout.  The
bundled profile is ISO Coated v2 300% (basICColor, zlib licence, FOGRA39 characterisation): the
standard coated offset condition, with the total ink limited to 300%.  The printing condition a
file names (its OutputIntent) is always the one of the profile its colours went through
(``ColorProfile.condition``): a game that names Japan Color for a FOGRA39 profile is refused."""
from __future__ import annotations

import hashlib
import io
import math
import weakref
import zlib
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from PIL import Image, ImageCms, ImageMath

from ..errors import PnpError
from ..files import read_limited
from ..limits import MAX_ICC_BYTES
from ..messages import msg
from ..units import mm
from .shops import CONDITIONS, condition_notice, condition_of, game_shop

ICC_DIR = Path(__file__).resolve().parent / "icc"
DEFAULT_PROFILE = ICC_DIR / "ISOcoated_v2_300_bas.icc"
REGISTRY = "http://www.color.org"
BUNDLED_SHA256 = "b424c77f40c3423c925536f8ae08634985ccd0fe80eb253d5d229197ded7e886"

NEUTRAL_CHROMA = 3.0          # CIELAB chroma at or below which an sRGB colour counts as a grey (K only)
RICH_BLACK = (0.40, 0.40, 0.40, 1.0)
NEAR_BLACK_LIGHTNESS = 15.0   # a colour this dark (L*) and this dull (chroma) is black: K100, rich when large
NEAR_BLACK_CHROMA = 10.0      # (#000000 … #262626, and the sepia blacks #1a1410, #2a2118 of text)
RICH_BLACK_CHROMA = 5.0       # a large solid that dark and at most this chroma is black (rich); more: a tint
RICH_BLACK_MIN_MM = 10.0      # a solid this large on both sides is a "large" one
SMALL_TEXT_PT = 12.0          # text under this size prints on at most two plates
LIGHT_PLATE = 0.10            # text with no plate above this is white or nearly: reversed out of its ground
INTENT = ImageCms.Intent.RELATIVE_COLORIMETRIC
FLAGS = ImageCms.Flags.BLACKPOINTCOMPENSATION

Cmyk = tuple[float, float, float, float]


class ProfileError(PnpError):
    """An ICC profile that cannot be used as the CMYK output profile."""


@dataclass(frozen=True)
class Ink:
    """A CMYK colour as printed: fractions 0–1 of each plate; overprint for K100 line art."""

    c: float
    m: float
    y: float
    k: float
    overprint: bool = False

    @property
    def cmyk(self) -> Cmyk:
        return (self.c, self.m, self.y, self.k)

    @property
    def k_only(self) -> bool:
        return self.c == self.m == self.y == 0

    @property
    def total(self) -> float:
        """Total ink (TAC) in percent."""
        return 100 * (self.c + self.m + self.y + self.k)


def _hex(value: str) -> tuple[int, int, int]:
    return int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16)


def _q(v: int) -> float:
    """An 8-bit plate value as a fraction, to 0.1 %: short, and the same bytes on every machine."""
    return round(v / 255, 3)


class ColorProfile:
    """One CMYK output profile and the transforms a build needs from it.  Conversions are cached:
    a deck repeats the same few colours thousands of times."""

    def __init__(self, path: Path | None = None, rich_black: Cmyk | None = RICH_BLACK,
                 condition: tuple[str, str] | None = None, ink_limit: float | None = None):
        self.path = Path(path) if path is not None else DEFAULT_PROFILE
        try:
            self.data = read_limited(self.path, MAX_ICC_BYTES)
        except OSError as e:
            raise ProfileError(f"{self.path}: " + msg("render.icc_unreadable", why=(e.errno, e.strerror or str(e)))) from e
        except ValueError as e:
            raise ProfileError(f"{self.path}: " + msg("render.icc_too_big", why=e)) from e
        try:
            self.profile = ImageCms.ImageCmsProfile(io.BytesIO(self.data))
        except (OSError, ImageCms.PyCMSError) as e:
            raise ProfileError(f"{self.path}: " + msg("render.icc_not_icc", why=e)) from e
        core = self.profile.profile
        if core.xcolor_space.strip() != "CMYK":
            raise ProfileError(f"{self.path}: " + msg("render.icc_not_cmyk", space=core.xcolor_space.strip() or "?"))
        if core.device_class.strip() != "prtr":
            raise ProfileError(f"{self.path}: " + msg("render.icc_not_output", kind=core.device_class.strip()))
        self.version = core.version
        if self.version >= 4:      # PDF/X-1a:2001 embeds ICC v2 only (ISO 15930-1 predates v4)
            raise ProfileError(f"{self.path}: " + msg("render.icc_version", version=f"{self.version:g}"))
        self.description = (ImageCms.getProfileDescription(self.profile) or self.path.stem).strip()
        self.digest = hashlib.sha256(self.data).hexdigest()
        bundled = self.digest == BUNDLED_SHA256       # the bundled profile, wherever the file lies
        # the condition the profile characterises, when pnp knows it: the file names that one, never another
        self.printing = condition_of(self.description, bundled)
        if self.printing is not None:
            known = (self.printing.identifier, self.printing.condition)
            if condition is not None and condition[0] != known[0]:
                raise ProfileError(f"{self.path}: " + msg("render.icc_other_condition", profile=self.description,
                                                          known=known[0], wanted=condition[0]))
            self.condition = known
        else:
            self.condition = condition or (self.description, self.description)
        if ink_limit is not None and not 100.0 <= ink_limit <= 400.0:
            raise ProfileError(msg("render.ink_limit", limit=f"{ink_limit:g}"))
        self.ink_limit = ink_limit
        self._limit = None if ink_limit is None else math.floor(ink_limit * 255 / 100 + 1e-9)
        self.rich_black = rich_black
        srgb = ImageCms.createProfile("sRGB")
        lab = ImageCms.createProfile("LAB", 5000)
        try:        # a damaged profile may read as a profile and fail only here
            self._to_cmyk = ImageCms.buildTransform(srgb, self.profile, "RGB", "CMYK", INTENT, FLAGS)
            self._cmyk_lab = ImageCms.buildTransform(self.profile, lab, "CMYK", "LAB", INTENT)
        except (OSError, ImageCms.PyCMSError) as e:
            raise ProfileError(f"{self.path}: " + msg("render.icc_damaged", why=e)) from e
        self._cache: dict[tuple[str, bool], Ink] = {}
        self._small: dict[str, Ink] = {}
        ramp = Image.new("CMYK", (256, 1))
        ramp.putdata([(0, 0, 0, k) for k in range(256)])
        self._k_lightness = [_apply(ramp, self._cmyk_lab).getpixel((k, 0))[0] * 100 / 255  # type: ignore[index]
                             for k in range(256)]

    @cached_property
    def deflated(self) -> bytes:
        """The profile Flate-compressed, as every PDF/X file of a build embeds it."""
        return zlib.compress(self.data, 9)

    # -- single colours ------------------------------------------------------------------------
    def lab(self, value: str) -> tuple[float, float, float]:
        """CIELAB (D50) of an sRGB hex colour."""
        return srgb_lab(value)

    def printed_lab(self, cmyk: Cmyk) -> tuple[float, float, float]:
        """CIELAB (D50, relative to the paper) that the profile predicts for a CMYK colour."""
        px = _apply(Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in cmyk)), self._cmyk_lab).getpixel((0, 0))
        return _lab(px)

    def ink(self, value: str, large: bool = False) -> Ink:
        """The CMYK for an sRGB hex colour (#rrggbb).  large: a solid that is at least
        RICH_BLACK_MIN_MM on both sides (where black may be rich black)."""
        key = (value.lower(), large)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._ink(value, large)
        return found

    def _ink(self, value: str, large: bool) -> Ink:
        lightness, a, b = self.lab(value)
        chroma = math.hypot(a, b)
        if lightness <= NEAR_BLACK_LIGHTNESS and chroma <= NEAR_BLACK_CHROMA:
            if not large:
                return Ink(0.0, 0.0, 0.0, 1.0, overprint=True)
            if chroma <= RICH_BLACK_CHROMA:
                if self.rich_black is None:
                    return Ink(0.0, 0.0, 0.0, 1.0)
                return self._limited(tuple(round(v * 255) for v in self.rich_black))
            # a large tinted black (a navy or sepia ground) keeps its hue through the profile
        elif chroma <= NEUTRAL_CHROMA:
            k = self.k_for(lightness)
            return Ink(0.0, 0.0, 0.0, k, overprint=k >= 1.0)
        px = _apply(Image.new("RGB", (1, 1), _hex(value)), self._to_cmyk).getpixel((0, 0))
        assert isinstance(px, tuple)
        return self._limited(px)

    def _limited(self, px: tuple[int, ...]) -> Ink:
        """An 8-bit CMYK colour as an Ink, its total ink limited as an image's pixels are (limit_ink)."""
        if self._limit is not None and sum(px) > self._limit:
            one = limit_ink(Image.new("CMYK", (1, 1), tuple(px)), self._limit).getpixel((0, 0))
            assert isinstance(one, tuple)
            px = one
        c, m, y, k = (_q(v) for v in px)
        return Ink(c, m, y, k)

    def text_ink(self, value: str, size_pt: float) -> Ink:
        """The CMYK for text of an sRGB colour at size_pt: under SMALL_TEXT_PT at most two plates
        (small_text_ink), else as any other colour."""
        return self.small_text_ink(value) if size_pt < SMALL_TEXT_PT else self.ink(value)

    def small_text_ink(self, value: str) -> Ink:
        """The CMYK for small text of an sRGB colour: the colour as it is when it takes at most two
        plates; else K plus the one chromatic plate (C, M or Y) whose pair prints closest, by
        CIEDE2000 through the profile, to the four-plate colour — its lightness and hue kept as far
        as two plates can.  Cached per colour."""
        key = value.lower()
        found = self._small.get(key)
        if found is None:
            found = self._small[key] = self._two_plates(self.ink(value))
        return found

    def _two_plates(self, ink: Ink) -> Ink:
        if plates(ink.cmyk) <= 2:
            return ink
        target = self.printed_lab(ink.cmyk)
        # per chromatic plate a grid over (plate, K) in 8-bit steps of 17, then steps of 5 and of 1
        # around the three best so far (the distance is smooth, but the profile's 8-bit Lab makes
        # shallow steps of it): ~4,000 conversions, not the 196,608 of every pair
        seeds: list[tuple[int, int, int]] = [(p, v, k) for p in range(3) for v in range(0, 256, 17)
                                             for k in range(0, 256, 17)]
        scored = self._scored(seeds, target)
        for step, reach in ((5, 20), (1, 6)):
            around = range(-(reach // step) * step, reach + 1, step)     # 0 included
            kept = [c for p in range(3) for c in sorted(c for c in scored if c[3] == p)[:3]]
            candidates = {(p, v0 + dv, k0 + dk) for _s, v0, k0, p in kept for dv in around for dk in around
                          if 0 <= v0 + dv <= 255 and 0 <= k0 + dk <= 255}
            scored = self._scored(sorted(candidates), target)
        _score, v, k, p = min(scored)
        cmyk: list[float] = [0.0, 0.0, 0.0, _q(k)]
        cmyk[p] = _q(v)
        return Ink(cmyk[0], cmyk[1], cmyk[2], cmyk[3])

    def _scored(self, candidates: list[tuple[int, int, int]],
                target: tuple[float, float, float]) -> list[tuple[float, int, int, int]]:
        """(ΔE2000 from target, plate value, K, plate) of each (plate, value, K) candidate, all
        through the profile in one transform.  Ties go to less ink, then to C before M before Y."""
        raw = bytes(b for p, v, k in candidates for b in (*(v if i == p else 0 for i in range(3)), k))
        lab = _apply(Image.frombytes("CMYK", (len(candidates), 1), raw), self._cmyk_lab)
        # channel by channel: the image's own bytes hold a and b as signed values, getpixel does not
        channels = [lab.getchannel(i).tobytes() for i in range(3)]
        out = []
        for n, (p, v, k) in enumerate(candidates):
            px = (channels[0][n], channels[1][n], channels[2][n])
            out.append((round(delta_e2000(target, _lab(px)), 6) + (v + k) * 1e-9, v, k, p))
        return out

    def k_for(self, lightness: float) -> float:
        """The black-plate value that prints a grey of this lightness (L* of the sRGB grey, mapped
        with black-point compensation: sRGB black is the paper's K100, white the paper)."""
        lk100, white = self._k_lightness[255], self._k_lightness[0]
        target = lk100 + (white - lk100) * max(0.0, min(100.0, lightness)) / 100
        ramp = self._k_lightness
        if target <= lk100 + 0.5:
            return 1.0
        for k in range(255, 0, -1):        # ramp falls as k grows: find where it crosses target
            if ramp[k - 1] >= target >= ramp[k]:
                span = ramp[k - 1] - ramp[k]
                frac = (ramp[k - 1] - target) / span if span else 0.0
                return round((k - 1 + frac) / 255, 2)
        return 0.0

    # -- images --------------------------------------------------------------------------------
    def image(self, path: Path, matte: str = "#ffffff") -> Image.Image:
        """An image file as a CMYK Pillow image through the profile (the image's own embedded
        profile as its source, else sRGB); transparency flattened onto matte, the colour under it
        on the card.  A CMYK image is taken as already made for the press and kept."""
        with Image.open(path) as src:
            src.load()
            if src.mode == "CMYK":       # made for the press: only its total ink is brought under the limit
                return src.copy() if self._limit is None else limit_ink(src, self._limit)
            embedded = src.info.get("icc_profile")
            rgba = src.convert("RGBA")
        rgb = Image.new("RGB", rgba.size, _hex(matte))
        rgb.paste(rgba, mask=rgba.getchannel("A"))
        source: ImageCms.ImageCmsProfile | None = None
        if embedded:
            try:
                candidate = ImageCms.ImageCmsProfile(io.BytesIO(embedded))
                if candidate.profile.xcolor_space.strip() == "RGB":
                    source = candidate
            except (OSError, ImageCms.PyCMSError):
                pass      # a broken embedded profile: the image is taken as sRGB, as browsers do
        if source is None:
            out = _apply(rgb, self._to_cmyk)
        else:
            converted = ImageCms.profileToProfile(rgb, source, self.profile, renderingIntent=INTENT,
                                                  outputMode="CMYK", flags=FLAGS)
            assert converted is not None
            out = converted
        return out if self._limit is None else limit_ink(out, self._limit)


def limit_ink(image: Image.Image, limit: int) -> Image.Image:
    """A CMYK image with every pixel's C+M+Y+K (8-bit plates, so 255 is 100 %) at most limit:
    a pixel over it gives its grey component to black — u taken from each of C, M and Y and added to
    K, with u the least of half the excess, the smallest of C, M, Y and the room left on K — and,
    still over (black full, or no grey component left), its C, M and Y are scaled together to fit.
    Plates are truncated, never rounded up, so no pixel passes the limit.  Pixels under it are kept
    as they are.  One arithmetic for vector colours (a 1×1 image) and pictures."""
    c, m, y, k = (band.convert("F") for band in image.split())

    def fit(a: dict[str, Any]) -> tuple[Any, Any, Any, Any]:
        mn, mx = a["min"], a["max"]
        excess = mx(a["c"] + a["m"] + a["y"] + a["k"] - limit, 0.0)
        u = mn(mn(mn(excess / 2.0, a["c"]), mn(a["m"], a["y"])), 255.0 - a["k"])
        c1, m1, y1, k1 = a["c"] - u, a["m"] - u, a["y"] - u, a["k"] + u
        colour = mx(c1 + m1 + y1, 1e-6)
        scale = mn((limit - k1) / colour, 1.0)
        return c1 * scale, m1 * scale, y1 * scale, k1

    def plane(i: int) -> Image.Image:
        image: Image.Image = ImageMath.lambda_eval(lambda a: a["int"](fit(a)[i]), c=c, m=m, y=y, k=k)
        return image

    planes = [plane(i) for i in range(4)]
    out = Image.merge("CMYK", [p.convert("L") for p in planes])
    # pixels under the limit keep their own bytes (the float round trip could move one by a unit)
    over = ImageMath.lambda_eval(lambda a: a["min"](a["max"](a["c"] + a["m"] + a["y"] + a["k"] - limit, 0.0) * 255.0,
                                                    255.0), c=c, m=m, y=y, k=k).convert("L")
    return Image.composite(out, image, over)


def _apply(image: Image.Image, transform: ImageCms.ImageCmsTransform) -> Image.Image:
    """transform applied to image, into a new image.  The core transform is called directly:
    Pillow's apply() also writes the output profile into the new image's info, which for the
    1 MB CMYK profile costs 10 ms a call — more than the thousands of colours of a kit take."""
    image.load()
    out = Image.new(transform.output_mode, image.size)
    core = getattr(transform, "transform", None)
    getim = getattr(image, "getim", None)
    if core is None or getim is None:         # pragma: no cover - an older or newer Pillow
        converted = ImageCms.applyTransform(image, transform)
        assert converted is not None
        return converted
    core.apply(getim(), out.getim())
    return out


def _lab(px: tuple[int, ...] | float | None) -> tuple[float, float, float]:
    assert isinstance(px, tuple)
    lightness, a, b = px[:3]      # LittleCMS's 8-bit Lab: L 0–255 for 0–100, a and b offset by 128
    return lightness * 100 / 255, a - 128.0, b - 128.0


# sRGB (IEC 61966-2-1) to XYZ, adapted to D50 with the Bradford matrix, as ICC profiles see it
_SRGB_D50 = ((0.4360747, 0.3850649, 0.1430804), (0.2225045, 0.7168786, 0.0606169),
             (0.0139322, 0.0971045, 0.7141733))
_D50 = (0.9642, 1.0, 0.8249)


def srgb_lab(value: str) -> tuple[float, float, float]:
    """CIELAB (D50) of an sRGB hex colour, computed exactly (no 8-bit rounding)."""
    def linear(v: int) -> float:
        f = v / 255
        return f / 12.92 if f <= 0.04045 else ((f + 0.055) / 1.055) ** 2.4
    rgb = [linear(v) for v in _hex(value)]
    xyz = [sum(m * c for m, c in zip(row, rgb)) / w for row, w in zip(_SRGB_D50, _D50)]

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = (f(t) for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def plates(cmyk: Cmyk | tuple[float, ...]) -> int:
    """How many plates a CMYK colour prints on (any plate above zero)."""
    return sum(1 for v in cmyk if v > 0)


def is_large(w_pt: float, h_pt: float) -> bool:
    return min(abs(w_pt), abs(h_pt)) >= mm(RICH_BLACK_MIN_MM)


@cache
def default_profile() -> ColorProfile:
    return ColorProfile()


@cache
def _profile(path: Path | None, rich_black: Cmyk | None, condition: str, ink_limit: float | None = None) -> ColorProfile:
    if path is None and rich_black == RICH_BLACK and not condition and ink_limit is None:
        return default_profile()
    return ColorProfile(path, rich_black, (_condition_named(condition), condition) if condition else None, ink_limit)


def _condition_named(text: str) -> str:
    """A condition game.yaml names, as its identifier when it is one pnp knows by another spelling
    (JapanColor2011Coated, japan-color-2011-coated → "Japan Color 2011 Coated")."""
    squeezed = "".join(ch for ch in text.lower() if ch.isalnum())
    for known in CONDITIONS.values():
        spellings = (known.key, known.identifier, *known.names)
        if squeezed in {"".join(ch for ch in n.lower() if ch.isalnum()) for n in spellings}:
            return known.identifier
    return text


def check_profile(path: Path) -> Path:
    """path as an absolute path once it is known to be a usable CMYK output profile (ProfileError)."""
    ColorProfile(path)
    return Path(path).resolve()


def profile_for(game: Any, icc: Path | None = None, shop: str = "") -> ColorProfile:
    """The output profile of a game's build: --icc FILE, else game.yaml print.icc, else the bundled
    ISO Coated v2; with the game's rich black and output condition, and the total-ink limit of its
    print shop (shop: a built-in shop profile's name, over game.yaml print.shop; pnp.render.shops).
    Loaded once per process.  A game.yaml condition that the profile contradicts is a DataError at
    its line."""
    from ..errors import DataError
    settings = game.print_settings
    path = icc if icc is not None else settings.icc
    condition = settings.condition if icc is None or settings.icc is None else ""
    limit = game_shop(game, shop).ink_limit
    try:
        return _profile(Path(path).resolve() if path is not None else None, settings.rich_black, condition, limit)
    except ProfileError as e:
        where = settings.at.get("condition") if condition else None
        if where is None:
            raise
        raise DataError([where.problem("print.condition", str(e))]) from None


_TOLD: dict[tuple[int, str, str], weakref.ref[Any]] = {}      # told once per loaded game (a build, a watch reload)


def shop_colors(game: Any, icc: Path | None = None, shop: str = "") -> ColorProfile:
    """The ColorProfile of a game's shop files (profile_for with the game's shop, pnp.render.shops);
    the first time a loaded game's shop prints to a condition its colours are not converted for,
    a notice says so and where the shop's profile is found (condition_notice)."""
    from ..notices import notice
    profile = profile_for(game, icc, shop)
    chosen = game_shop(game, shop)
    key = (id(game), chosen.condition, profile.digest)
    told = _TOLD.get(key)
    if told is None or told() is not game:
        _TOLD[key] = weakref.ref(game)
        said = condition_notice(chosen, profile.printing, profile.description)
        if said:
            notice(f"{game.id}: shop/: {said}")
    return profile


def delta_e2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """CIEDE2000 colour difference (for the figures in the docs and the tests' tolerances)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cm = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(cm ** 7 / (cm ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0 if c1p * c2p == 0 else (h2p - h1p + 180) % 360 - 180
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lm, cmp_ = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hm = (h1p + h2p) / 2
    else:
        hm = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hm - 30)) + 0.24 * math.cos(math.radians(2 * hm))
         + 0.32 * math.cos(math.radians(3 * hm + 6)) - 0.20 * math.cos(math.radians(4 * hm - 63)))
    sl = 1 + 0.015 * (lm - 50) ** 2 / math.sqrt(20 + (lm - 50) ** 2)
    sc = 1 + 0.045 * cmp_
    sh = 1 + 0.015 * cmp_ * t
    rt = -2 * math.sqrt(cmp_ ** 7 / (cmp_ ** 7 + 25 ** 7)) * math.sin(math.radians(60 * math.exp(-((hm - 275) / 25) ** 2)))
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))
