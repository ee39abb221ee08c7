"""PNG backend: draws the same card plans as the PDF backend with Pillow.  Text positions come from
the plan (measured once, in layout), so a PNG never wraps differently from the print."""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFont, ImageOps

from ..data.model import Icon
from ..layout.plan import (
    ICON_DROP,
    ICON_SCALE,
    Box,
    CardPlan,
    Item,
    Mark,
    Picture,
    Rotated,
    Rule,
    TextBlock,
    ruby_baseline,
    ruby_position,
)
from ..text import fonts
from ..text.linebreak import Fragment, Line, char_space
from .shapes import shape

SUPERSAMPLE = 2   # shapes are drawn larger and scaled down: smooth edges without a vector library


def _rgb(hexcolor: str) -> tuple[int, int, int]:
    return int(hexcolor[1:3], 16), int(hexcolor[3:5], 16), int(hexcolor[5:7], 16)


@lru_cache(maxsize=64)
def _font(font: str, px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(fonts.font_path(font)), px)


class PngPainter:
    """Paints plan items onto an RGBA image; ``scale`` is pixels per point, ``ox, oy`` the pixel
    position of the trim's top-left corner."""

    def __init__(self, image: Image.Image, scale: float, ox: float, oy: float):
        self.img = image
        self.s = scale
        self.ox = ox
        self.oy = oy

    def px(self, x: float, y: float) -> tuple[float, float]:
        return self.ox + x * self.s, self.oy + y * self.s

    def _layer_paste(self, color: str, mask: Image.Image, opacity: float, at: tuple[int, int] = (0, 0)) -> None:
        """Paint color through mask (a small image whose top-left goes at pixel position at)."""
        if opacity < 1:
            mask = mask.point(lambda v: int(v * opacity))
        solid = Image.new("RGBA", mask.size, _rgb(color) + (255,))
        self.img.paste(solid, at, mask)

    def _box_mask(self, x0: float, y0: float, x1: float, y1: float, pad: int,
                  draw: Callable[[ImageDraw.ImageDraw, int, int], None]) -> tuple[Image.Image, tuple[int, int]]:
        """A mask just big enough for a shape drawn by draw(ImageDraw, dx, dy) in page pixels."""
        ox, oy = int(x0) - pad, int(y0) - pad
        mask = Image.new("L", (int(x1) - ox + pad + 1, int(y1) - oy + pad + 1), 0)
        draw(ImageDraw.Draw(mask), -ox, -oy)
        return mask, (ox, oy)

    def item(self, item: Item) -> None:
        if isinstance(item, Box):
            self.box(item)
        elif isinstance(item, TextBlock):
            self.text_block(item)
        elif isinstance(item, Mark):
            self.mark(item)
        elif isinstance(item, Rotated):
            self.rotated(item)
        elif isinstance(item, Picture):
            self.picture(item)
        elif isinstance(item, Rule):
            draw = ImageDraw.Draw(self.img)
            draw.line([self.px(item.x1, item.y1), self.px(item.x2, item.y2)], fill=_rgb(item.color),
                      width=max(1, round(item.width * self.s)))
        else:  # pragma: no cover
            raise TypeError(item)

    def box(self, item: Box) -> None:
        x0, y0 = self.px(item.x, item.y)
        x1, y1 = self.px(item.x + item.w, item.y + item.h)
        r = item.radius * self.s
        if item.fill:
            mask, at = self._box_mask(x0, y0, x1, y1, 2, lambda d, dx, dy: d.rounded_rectangle(
                (x0 + dx, y0 + dy, x1 + dx, y1 + dy), radius=r, fill=255))
            self._layer_paste(item.fill, mask, item.opacity, at)
        if item.stroke:
            w = max(1, round(item.stroke_width * self.s))
            mask, at = self._box_mask(x0, y0, x1, y1, 2 + w, lambda d, dx, dy: d.rounded_rectangle(
                (x0 + dx, y0 + dy, x1 + dx, y1 + dy), radius=r, outline=255, width=w))
            self._layer_paste(item.stroke, mask, item.opacity, at)

    def text_block(self, item: TextBlock) -> None:
        draw = ImageDraw.Draw(self.img)
        icons = dict(item.icons)
        for placed in item.lines:
            for frag in placed.line.fragments:
                x = placed.x + frag.x_pt
                if frag.icon:
                    self.icon(icons[frag.icon], x, placed.baseline, frag.size_pt)
                    draw = ImageDraw.Draw(self.img)
                else:
                    self.fragment(draw, placed.line, frag, x, placed.baseline, _rgb(frag.color or item.color) + (255,))

    def fragment(self, draw: ImageDraw.ImageDraw, line: Line, frag: Fragment, x: float, baseline: float,
                 color: tuple[int, ...]) -> None:
        """A run of text, one character at a time at the advance layout measured, and its ruby."""
        font = _font(frag.font, max(1, round(frag.size_pt * self.s)))
        start = x
        for ch in frag.text:
            draw.text(self.px(x, baseline), ch, font=font, fill=color, anchor="ls")
            x += fonts.measure(ch, frag.font, frag.size_pt) + char_space(line, frag)
        if frag.ruby:
            rx, rs, spacing = ruby_position(frag, char_space(line, frag))
            rfont = _font(frag.font, max(1, round(rs * self.s)))
            x = start + rx
            y = ruby_baseline(frag, baseline, rs)
            for ch in frag.ruby:
                draw.text(self.px(x, y), ch, font=rfont, fill=color, anchor="ls")
                x += fonts.measure(ch, frag.font, rs) + spacing

    def rotated(self, item: Rotated) -> None:
        # drawn on a layer with a margin: before it turns, a quarter-turned line runs along the
        # card's height and may stand past the card's side (text turned down a side band)
        w, h = self.img.size
        pad = max(w, h) // 2 + 2
        layer = Image.new("RGBA", (w + 2 * pad, h + 2 * pad), (0, 0, 0, 0))
        sub = PngPainter(layer, self.s, self.ox + pad, self.oy + pad)
        for it in item.items:
            sub.item(it)
        cx, cy = sub.px(item.cx, item.cy)
        if item.angle % 360 == 180 and abs(2 * cx - layer.width) <= 1 and abs(2 * cy - layer.height) <= 1:
            layer = layer.transpose(Image.Transpose.ROTATE_180)    # exact and fast: the usual case
        else:
            layer = layer.rotate(item.angle, center=(cx, cy), resample=Image.Resampling.BICUBIC)
        self.img.alpha_composite(layer.crop((pad, pad, pad + w, pad + h)))

    def picture(self, item: Picture) -> None:
        with Image.open(item.path) as opened:
            pic = opened.convert("RGBA")
            w, h = round(item.w * self.s), round(item.h * self.s)
            # enlarged, a picture shows its pixels as a PDF viewer and the press do (no smoothing)
            grow = w > pic.width or h > pic.height
            resample = Image.Resampling.NEAREST if grow else Image.Resampling.LANCZOS
            if item.fit == "cover":
                pic = ImageOps.fit(pic, (max(1, w), max(1, h)), resample)
            elif item.fit == "stretch":
                pic = pic.resize((max(1, w), max(1, h)), resample)
            else:   # contain: scaled to the box (up as well as down, as the PDF draws it), centred
                k = min(w / pic.width, h / pic.height)
                pic = pic.resize((max(1, round(pic.width * k)), max(1, round(pic.height * k))), resample)
            x, y = self.px(item.x, item.y)
            self.img.alpha_composite(pic, (round(x + (w - pic.width) / 2), round(y + (h - pic.height) / 2)))

    def icon(self, icon: Icon, x: float, baseline: float, size: float) -> None:
        """An inline icon, placed exactly as the PDF backend places it."""
        d = size * ICON_SCALE
        cx, bottom = x + size / 2, baseline + size * ICON_DROP
        if icon.image is not None:
            self.item(Picture(icon.image, cx - d / 2, bottom - d, d, d))
        elif icon.shape is not None:     # as the PDF backend: an icon is a picture or a shape
            self.mark(Mark(icon.shape, cx, bottom - d / 2, d, icon.color))

    def mark(self, m: Mark) -> None:
        """Even-odd fill: each sub-path is rasterised alone and XORed into the mask."""
        ss = SUPERSAMPLE
        half = m.size / 2
        box = round(m.size * self.s * ss) + 2
        mask = Image.new("L", (box, box), 0)
        c = box / 2

        def pt(x: float, y: float) -> tuple[float, float]:
            return c + x * half * self.s * ss, c - y * half * self.s * ss
        for kind, data in shape(m.shape):
            sub = Image.new("L", (box, box), 0)
            d = ImageDraw.Draw(sub)
            if kind == "circle":
                x, y, r = data
                (x0, y0), (x1, y1) = pt(x - r, y + r), pt(x + r, y - r)
                d.ellipse((x0, y0, x1, y1), fill=255)
            else:
                d.polygon([pt(*p) for p in _flatten(kind, data)], fill=255)
            mask = ImageChops.logical_xor(mask.convert("1"), sub.convert("1")).convert("L")
        size = round(m.size * self.s) + 1
        mask = mask.resize((size, size), Image.Resampling.LANCZOS)
        cx, cy = self.px(m.cx, m.cy)
        self._layer_paste(m.fill, mask, m.opacity, (round(cx - size / 2), round(cy - size / 2)))


def _flatten(kind: str, data: Any) -> list[tuple[float, float]]:
    if kind == "poly":
        return list(data)
    pts = [data[0]]
    for seg in data[1:]:
        if seg[0] == "c":
            p0 = pts[-1]
            (c1, c2, p3) = seg[1], seg[2], seg[3]
            for i in range(1, 13):
                t = i / 12
                u = 1 - t
                pts.append((u ** 3 * p0[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t ** 3 * p3[0],
                            u ** 3 * p0[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t ** 3 * p3[1]))
        else:
            pts.append(seg)
    return pts


def render_card(plan: CardPlan, dpi: float, with_bleed: bool = False) -> Image.Image:
    """One side of a card as an RGB image: trim × dpi pixels (or trim + bleed)."""
    s = dpi / 72.0
    bleed = plan.bleed if with_bleed else 0.0
    w = round((plan.width + 2 * bleed) * s)
    h = round((plan.height + 2 * bleed) * s)
    img = Image.new("RGBA", (w, h), _rgb(plan.background) + (255,))
    painter = PngPainter(img, s, bleed * s, bleed * s)
    for item in plan.items:
        painter.item(item)
    return img.convert("RGB")
