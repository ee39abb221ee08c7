"""PDF backend: draws card plans, sheets and shop pages with reportlab.  Output is written to a
temporary file and renamed, so a failed build never leaves a truncated PDF behind; invariant mode
(and SOURCE_DATE_EPOCH) make the bytes repeatable."""
from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageMath
from reportlab import rl_config
from reportlab.lib.colors import CMYKColor, CMYKColorSep, Color, HexColor, toColor
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas

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
from .color import LIGHT_PLATE, SMALL_TEXT_PT, ColorProfile, Ink, default_profile, is_large, plates
from .shapes import shape

Point = tuple[float, float]
ToPoint = Callable[[float, float], Point]     # card-local coordinates → the coordinates a walk measures in
FILL_EVEN_ODD = 0
# registration colour: the crop marks print on every plate, so each plate can be aligned by them
REGISTRATION = CMYKColorSep(1, 1, 1, 1, spotName="All")
rl_config.useA85 = 0    # binary Flate streams: smaller files, less time spent encoding


def carry_resources(form: pdfdoc.PDFFormXObject) -> None:
    """Give a form XObject Resources that name everything its content uses.  reportlab writes a
    form's fonts, procedure sets and XObjects only, although the canvas records the graphics states
    (overprint, opacity) and colour spaces the form's content calls as it does a page's: a form
    painting K100 overprint called /gRLs0 that no reader could find (MuPDF and poppler report it,
    Ghostscript skips it).  The dictionary is the one reportlab writes for a page, in its order."""
    res = pdfdoc.PDFResourceDictionary()
    res.basicFonts()
    res.allProcs()          # what reportlab gives every form (hasImages)
    if form.XObjects:
        res.XObject = form.XObjects
    if getattr(form, "ExtGState", None):
        res.ExtGState = form.ExtGState
    res.setShading(getattr(form, "_shadingUsed", {}))
    res.setColorSpace(getattr(form, "_colorsUsed", {}))
    form.Resources = res


def end_form(c: Canvas) -> None:
    """c.endForm(), the form then carrying its own resources (carry_resources).  A canvas marked
    ``pnp_dry`` makes no forms."""
    if getattr(c, "pnp_dry", False):
        c.endForm()
        return
    name = c._formData[0]
    c.endForm()
    carry_resources(c._doc.idToObject[pdfdoc.xObjectName(name)])


def rgb_to_cmyk(hexcolor: str, profile: ColorProfile | None = None, large: bool = False) -> CMYKColor:
    """An sRGB hex colour as CMYK through the ICC output profile (pnp.render.color: greys and blacks
    on the black plate only; large: a solid where black may be rich black)."""
    return CMYKColor(*(profile or default_profile()).ink(hexcolor, large).cmyk)


def image_to_cmyk(path: Path, matte: str = "#ffffff", profile: ColorProfile | None = None) -> Image.Image:
    """An image file as a CMYK Pillow image through the output profile; transparency is flattened
    onto matte, the colour under it on the card."""
    return (profile or default_profile()).image(path, matte)


def text_run(c: Canvas, text: str, font: str, size: float, x: float, y: float, char_space: float,
             fill: Color) -> None:
    """One run of text, isolated: every text-state parameter it depends on (font and size,
    character and word spacing, rise, horizontal scale, render mode) and its colour are set inside
    a save/restore pair, so nothing leaks from one run into the next and nothing drawn before can
    change it.  PDF keeps text state across text objects; a run that set only what differs from
    zero once letter-spaced every later line of a card off its box.

    A TrueType font is embedded as subsets of 256 glyphs, and a run whose characters fall in two
    subsets is two strings in the PDF.  Each string is placed at its own measured origin, so where
    the second starts never depends on the character spacing after the first one's last glyph
    (which readers disagree on).  A canvas marked ``pnp_dry`` (a rulebook's pass that only finds
    where the headings fall, or a rulebook laid out only to be checked: pnp.rulebook.book) gets nothing."""
    if getattr(c, "pnp_dry", False):
        return
    c.saveState()
    c.setFillColor(fill)
    face = pdfmetrics.getFont(font)
    if getattr(face, "_dynamicFont", False) and c.bottomup:
        c._code.append(_text_object(c, face, text, size, x, y, char_space))
    else:
        t = c.beginText()
        t.setFont(font, size)
        t.setCharSpace(char_space)
        t.setWordSpace(0)
        t.setRise(0)
        t.setHorizScale(100)
        t.setTextRenderMode(0)
        t.setTextOrigin(x, y)
        t.textOut(text)
        c.drawText(t)
    c.restoreState()


_TEXT_START = ("BT", f"1 0 0 1 {fp_str(0, 0)} Tm")
_TEXT_STATE = f"{fp_str(0)} Tw {fp_str(0)} Ts {fp_str(100)} Tz"


def _text_object(c: Canvas, face: Any, text: str, size: float, x: float, y: float, char_space: float) -> str:
    """The text object reportlab's PDFTextObject writes for text_run's calls (beginText, setFont,
    setCharSpace(char_space), setWordSpace(0), setRise(0), setHorizScale(100), setTextRenderMode(0),
    then per subset: setTextOrigin, textOut), character for character, without building the object
    and splitting the text into subsets a second time: a TrueType font (subsets of 256 glyphs)."""
    doc = c._doc
    code = [*_TEXT_START, f"{fp_str(char_space)} Tc", _TEXT_STATE]
    font = f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"        # the leading setFont gives: 1.2 × size
    start = 0
    for subset, encoded in face.splitString(text, doc):
        piece = text[start:start + len(encoded)]
        start += len(piece)
        # consecutive pieces are of different subsets: each names its own (as textOut does on a change)
        code.append(f"1 0 0 1 {fp_str(x, y)} Tm {face.getSubsetInternalName(subset, doc)} {font} "
                    f"({c._escape(encoded)}) Tj")
        x += face.stringWidth(piece, size) + char_space * len(piece)
    code.append("ET")
    return " ".join(code)


@lru_cache(maxsize=1024)
def _hex(value: str) -> Color:
    """reportlab's colour for #rrggbb, made once per value (a deck draws the same few thousands of times;
    reportlab only reads it)."""
    return HexColor(value)


class PdfPainter:
    """Draws plan items on a reportlab canvas.  Card-local coordinates (top-left origin, y down) are
    mapped by translating to the card's top-left corner and negating y."""

    def __init__(self, canvas: Canvas, cmyk: bool = False, profile: ColorProfile | None = None):
        self.c = canvas
        self.cmyk = cmyk
        self.profile = (profile or default_profile()) if cmyk else None
        self._forms: dict[object, str] = {}
        self._images: dict[object, ImageReader] = {}
        self._image_cmy: dict[object, float] = {}
        self._grounds_of: dict[int, list[tuple[float, float, float, float, float]]] = {}
        # with an ink limit: the grounds of the card being drawn, card-local → card coordinates of the
        # items being drawn (turned groups), and whether the item being drawn knocks out its K100
        self._grounds: list[tuple[float, float, float, float, float]] = []
        self._to_card: ToPoint = _identity
        self._knockout = False

    def card_form(self, plan: CardPlan, clip: tuple[float, float, float, float] | None) -> str:
        """The plan drawn once as a form XObject (trim + bleed box, origin at the bleed's lower left);
        every further copy on any page costs one reference, which keeps big decks fast and small."""
        key = id(plan)
        if key not in self._forms:
            name = f"card{len(self._forms)}"
            b = plan.bleed
            self.c.beginForm(name, 0, 0, plan.width + 2 * b, plan.height + 2 * b)
            self.card(plan, b, plan.height + b, clip)
            end_form(self.c)
            self._forms[key] = name
        return self._forms[key]

    def place_card(self, plan: CardPlan, x: float, top: float, clip: tuple[float, float, float, float] | None) -> None:
        name = self.card_form(plan, clip)
        self.c.saveState()
        self.c.translate(x - plan.bleed, top - plan.height - plan.bleed)
        self.c.doForm(name)
        self.c.restoreState()

    def color(self, value: str, large: bool = False) -> Color:
        if self.profile is None:
            return _hex(value)
        return CMYKColor(*self.profile.ink(value, large).cmyk)

    def text_color(self, value: str, size_pt: float) -> Color:
        """The fill of text at size_pt: on CMYK pages, text under 12 pt takes at most two plates
        (pnp.render.color: K and one chromatic plate)."""
        if self.profile is None:
            return _hex(value)
        return CMYKColor(*self.profile.text_ink(value, size_pt).cmyk)

    def ink(self, value: str, large: bool = False) -> Ink | None:
        return self.profile.ink(value, large) if self.profile is not None else None

    def overprint(self, value: str, fill: bool = True, stroke: bool = True) -> None:
        """Overprint what is drawn next in the current graphics state when value prints as K100
        (スミノセ): a plate shifted on the press then leaves no white seam beside black line art.
        The caller has saved the state."""
        ink = self.ink(value)
        if ink is None or not ink.overprint or self._knockout:
            return
        if fill:
            self.c.setFillOverprint(True)
        if stroke:
            self.c.setStrokeOverprint(True)
        self.c.setOverprintMask(1)

    def overprinted(self, value: str) -> bool:
        ink = self.ink(value)
        return ink is not None and ink.overprint and not self._knockout

    def _plan_grounds(self, plan: CardPlan) -> list[tuple[float, float, float, float, float]]:
        """What K100 may overprint on a card, when the profile limits total ink: every filled box,
        mark and picture and the background, as (left, top, right, bottom) in card coordinates with
        its most C+M+Y (fractions; a picture: its heaviest pixel).  Cached per plan."""
        profile = self.profile
        if profile is None or profile.ink_limit is None:
            return []
        found = self._grounds_of.get(id(plan))
        if found is not None:
            return found
        found = [(-plan.bleed, -plan.bleed, plan.width + plan.bleed, plan.height + plan.bleed,
                  sum(profile.ink(plan.background, large=True).cmyk[:3]))]

        def walk(items: tuple[Item, ...], to_card: Any) -> None:
            for item in items:
                if isinstance(item, Rotated):
                    walk(item.items, _turned(item, to_card))
                    continue
                cmy = self._ground_cmy(item)
                if cmy > 0:
                    box = _item_box(item)
                    assert box is not None
                    found.append((*_card_box(box, to_card), cmy))
        walk(plan.items, _identity)
        self._grounds_of[id(plan)] = found
        return found

    def _ground_cmy(self, item: Item) -> float:
        profile = self.profile
        assert profile is not None
        if isinstance(item, Box) and item.fill:
            return sum(profile.ink(item.fill, is_large(item.w, item.h)).cmyk[:3])
        if isinstance(item, Mark):
            return sum(profile.ink(item.fill).cmyk[:3])
        if isinstance(item, Picture):
            key = (str(item.path), item.matte)
            if key not in self._image_cmy:
                self._image_cmy[key] = most_cmy(profile.image(item.path, item.matte))
            return self._image_cmy[key]
        return 0.0

    def _heavy_under(self, item: Item) -> bool:
        """Whether K100 overprinted by item would pass the ink limit on a ground it lies over
        (overprint adds the black plate to the ground's C, M and Y): such an item knocks out."""
        profile = self.profile
        if not self._grounds or profile is None or profile.ink_limit is None:
            return False
        box = _item_box(item)
        if box is None:
            return False
        left, top, right, bottom = _card_box(box, self._to_card)
        room = profile.ink_limit / 100 - 1.0 + 1e-6        # the C+M+Y a ground may have under K100
        return any(cmy > room and x0 < right and left < x1 and y0 < bottom and top < y1
                   for x0, y0, x1, y1, cmy in self._grounds)

    # -- whole cards -------------------------------------------------------------------------
    def card(self, plan: CardPlan, x: float, top: float, clip: tuple[float, float, float, float] | None) -> None:
        """Draw plan with its trim's top-left at (x, top) in PDF coordinates; clip is an extra margin
        (left, top, right, bottom) around the trim that may still be painted (bleed)."""
        c = self.c
        outer = self._grounds, self._to_card
        self._grounds, self._to_card = self._plan_grounds(plan), _identity
        c.saveState()
        c.translate(x, top)
        if clip is not None:
            left, t, r, b = clip
            p = c.beginPath()
            p.rect(-left, -(plan.height + b), plan.width + left + r, plan.height + t + b)
            c.clipPath(p, stroke=0, fill=0)
        bl = plan.bleed
        c.setFillColor(self.color(plan.background, large=True))
        c.rect(-bl, -(plan.height + bl), plan.width + 2 * bl, plan.height + 2 * bl, stroke=0, fill=1)
        for item in plan.items:
            self.item(item)
        c.restoreState()
        self._grounds, self._to_card = outer

    def item(self, item: Item) -> None:
        knockout, self._knockout = self._knockout, self._heavy_under(item)
        try:
            self._item(item)
        finally:
            self._knockout = knockout

    def _item(self, item: Item) -> None:
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
            self.rule(item)
        else:  # pragma: no cover - the plan types are closed
            raise TypeError(item)

    def box(self, item: Box) -> None:
        c = self.c
        self.begin_style(item.fill, item.stroke, item.stroke_width, item.opacity, large=is_large(item.w, item.h))
        y = -(item.y + item.h)
        if item.radius:
            c.roundRect(item.x, y, item.w, item.h, item.radius, stroke=int(bool(item.stroke)),
                        fill=int(bool(item.fill)))
        else:
            c.rect(item.x, y, item.w, item.h, stroke=int(bool(item.stroke)), fill=int(bool(item.fill)))
        c.restoreState()

    def text_block(self, item: TextBlock) -> None:
        """Each fragment of each placed line: an icon, or a run of text with its ruby over it."""
        icons = dict(item.icons)
        for placed in item.lines:
            for frag in placed.line.fragments:
                x = placed.x + frag.x_pt
                if frag.icon:
                    self.icon(icons[frag.icon], x, placed.baseline, frag.size_pt)
                else:
                    self.fragment(placed.line, frag, x, placed.baseline, frag.color or item.color)

    def fragment(self, line: Line, frag: Fragment, x: float, baseline: float, value: str) -> None:
        c = self.c
        fill = self.text_color(value, frag.size_pt)
        black = self.overprinted(value)
        if black:       # K100 text overprints: its own state around the isolated run
            c.saveState()
            self.overprint(value, stroke=False)
        text_run(c, frag.text, fonts.pdf_name(frag.font), frag.size_pt, x, -baseline, char_space(line, frag), fill)
        if frag.ruby:
            rx, rs, spacing = ruby_position(frag, char_space(line, frag))
            text_run(c, frag.ruby, fonts.pdf_name(frag.font), rs, x + rx, -ruby_baseline(frag, baseline, rs),
                     spacing, self.text_color(value, rs))
        if black:
            c.restoreState()

    def rotated(self, item: Rotated) -> None:
        c = self.c
        c.saveState()
        c.translate(item.cx, -item.cy)
        c.rotate(item.angle)
        c.translate(-item.cx, item.cy)
        outer = self._to_card
        self._to_card = _turned(item, outer)
        for sub in item.items:
            self.item(sub)
        self._to_card = outer
        c.restoreState()

    def rule(self, item: Rule) -> None:
        c = self.c
        c.saveState()
        c.setStrokeColor(self.color(item.color))
        self.overprint(item.color, fill=False)
        c.setLineWidth(item.width)
        if item.dash:
            c.setDash(list(item.dash))
        c.line(item.x1, -item.y1, item.x2, -item.y2)
        c.restoreState()

    def icon(self, icon: Icon, x: float, baseline: float, size: float) -> None:
        """An inline icon in its one-em box at x: drawn ICON_SCALE of the text size, standing on the
        baseline (card-local coordinates, y down)."""
        d = size * ICON_SCALE
        cx, bottom = x + size / 2, baseline + size * ICON_DROP
        if icon.image is not None:
            self.picture(Picture(icon.image, cx - d / 2, bottom - d, d, d))
        elif icon.shape is not None:
            self.mark(Mark(icon.shape, cx, bottom - d / 2, d, icon.color))

    def begin_style(self, fill: str | None, stroke: str | None, stroke_width: float, opacity: float = 1.0,
                    dash: tuple[float, ...] = (), large: bool = False) -> None:
        """saveState and set the paint of a filled and/or stroked shape (the caller restores).
        large: the shape is a large solid (rich black for black; no overprint)."""
        c = self.c
        c.saveState()
        if fill:
            c.setFillColor(self.color(fill, large))
            if not large:
                self.overprint(fill, stroke=False)
        if stroke:
            c.setStrokeColor(self.color(stroke))
            self.overprint(stroke, fill=False)
            c.setLineWidth(stroke_width)
            if dash:
                c.setDash(list(dash))
        if opacity < 1:   # after the colours: setting a colour resets its alpha
            c.setFillAlpha(opacity)
            c.setStrokeAlpha(opacity)

    def picture(self, item: Picture) -> None:
        if getattr(self.c, "pnp_dry", False):
            return
        source: Any = str(item.path)
        mask: Any = "auto"
        if self.cmyk:   # placed images in CMYK too: flattened on the card's paper colour, no soft mask
            key = ("image", str(item.path), item.matte)
            source = self._images.get(key)
            if source is None:
                source = self._images[key] = ImageReader(image_to_cmyk(item.path, item.matte, self.profile))
            mask = None
        x, y, w, h = item.x, -(item.y + item.h), item.w, item.h
        if item.fit == "cover":     # scaled to fill the box, centred, and clipped to it
            iw, ih = ImageReader(str(item.path)).getSize()
            k = max(w / iw, h / ih)
            c = self.c
            c.saveState()
            p = c.beginPath()
            p.rect(x, y, w, h)
            c.clipPath(p, stroke=0, fill=0)
            c.drawImage(source, x + (w - iw * k) / 2, y + (h - ih * k) / 2, iw * k, ih * k, mask=mask)
            c.restoreState()
            return
        self.c.drawImage(source, x, y, w, h, preserveAspectRatio=item.fit != "stretch", anchor="c", mask=mask)

    def mark(self, m: Mark) -> None:
        """Each (shape, colour, opacity) is drawn once as a unit-size form and placed by scaling."""
        c = self.c
        key = ("mark", m.shape, m.fill, m.opacity, self._knockout)
        name = self._forms.get(key)
        if name is None:
            name = f"mark{len(self._forms)}"
            c.beginForm(name, -1, -1, 1, 1)
            self._mark_path(m)
            end_form(c)
            self._forms[key] = name
        c.saveState()
        c.translate(m.cx, -m.cy)
        c.scale(m.size / 2, m.size / 2)
        c.doForm(name)
        c.restoreState()

    def _mark_path(self, m: Mark) -> None:
        c = self.c
        c.saveState()
        c.setFillColor(self.color(m.fill))
        self.overprint(m.fill, stroke=False)
        if m.opacity < 1:
            c.setFillAlpha(m.opacity)
        p = c.beginPath()
        for kind, data in shape(m.shape):
            if kind == "circle":
                x, y, r = data
                p.circle(x, y, r)
            elif kind == "poly":
                p.moveTo(*data[0])
                for pt in data[1:]:
                    p.lineTo(*pt)
                p.close()
            else:   # curve: start point, then points or ("c", c1, c2, end)
                p.moveTo(*data[0])
                for seg in data[1:]:
                    if seg[0] == "c":
                        p.curveTo(*seg[1], *seg[2], *seg[3])
                    else:
                        p.lineTo(*seg)
                p.close()
        c.drawPath(p, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)
        c.restoreState()

    # -- sheet furniture ---------------------------------------------------------------------
    def label(self, text: str, x: float, y: float, size: float = 6.0) -> None:
        text_run(self.c, text, fonts.pdf_name("gothic"), size, x, y, 0.0, self.color("#666666"))

    def hairline(self, x1: float, y1: float, x2: float, y2: float, width: float = 0.25,
                 color: str = "#000000", dash: tuple[float, ...] = ()) -> None:
        c = self.c
        black = self.overprinted(color)
        if black:
            c.saveState()
            self.overprint(color, fill=False)
        c.setStrokeColor(self.color(color))
        c.setLineWidth(width)
        c.setDash(list(dash) if dash else [])
        c.line(x1, y1, x2, y2)
        if dash:
            c.setDash([])
        if black:
            c.restoreState()

    def registration_line(self, x1: float, y1: float, x2: float, y2: float, width: float = 0.25) -> None:
        """A crop mark: in registration colour (Separation /All: every plate) on CMYK pages, black
        on RGB ones.  Marks lie outside the bleed, where nothing else is drawn."""
        c = self.c
        c.saveState()
        c.setStrokeColor(REGISTRATION if self.cmyk else HexColor("#000000"))
        c.setLineWidth(width)
        c.line(x1, y1, x2, y2)
        c.restoreState()


def _identity(x: float, y: float) -> tuple[float, float]:
    return x, y


def _turned(item: Rotated, outer: ToPoint) -> ToPoint:
    """Card-local coordinates inside a turned group → the coordinates outer maps to: the painter
    turns PDF space (y up) about (cx, cy), the same turn with y negated."""
    turn = math.radians(item.angle)
    cos, sin = math.cos(turn), math.sin(turn)

    def to(x: float, y: float) -> tuple[float, float]:
        dx, dy = x - item.cx, -(y - item.cy)
        return outer(item.cx + dx * cos - dy * sin, item.cy - (dx * sin + dy * cos))
    return to


def _item_box(item: Item) -> tuple[float, float, float, float] | None:
    """(left, top, right, bottom) card-local of what an item paints (text: its lines, ascent to
    descent), None for a group (its items are boxed one by one)."""
    if isinstance(item, (Box, Picture)):
        return item.x, item.y, item.x + item.w, item.y + item.h
    if isinstance(item, Mark):
        r = item.size / 2
        return item.cx - r, item.cy - r, item.cx + r, item.cy + r
    if isinstance(item, Rule):
        pad = item.width / 2
        return min(item.x1, item.x2) - pad, min(item.y1, item.y2) - pad, max(item.x1, item.x2) + pad, max(item.y1, item.y2) + pad
    if isinstance(item, TextBlock):
        if not item.lines:
            return None
        boxes = []
        for placed in item.lines:
            size = max((f.size_pt for f in placed.line.fragments), default=item.size_pt)
            width = placed.line.width_pt + placed.line.char_space_pt * len(placed.line.text)
            boxes.append((placed.x, placed.baseline - size * 1.3, placed.x + width, placed.baseline + size * 0.3))
        return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
    return None


def _card_box(box: tuple[float, float, float, float], to_card: ToPoint) -> tuple[float, float, float, float]:
    left, top, right, bottom = box
    corners = [to_card(x, y) for x in (left, right) for y in (top, bottom)]
    return (min(p[0] for p in corners), min(p[1] for p in corners), max(p[0] for p in corners),
            max(p[1] for p in corners))


def most_cmy(image: Image.Image) -> float:
    """The most C+M+Y (fractions, 3.0 = 300 %) of any pixel of a CMYK image."""
    c, m, y, _k = image.split()
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"], c=c.convert("I"), m=m.convert("I"),
                                  y=y.convert("I"))
    extrema = total.getextrema()
    return float(extrema[1]) / 255


def reversed_small_text(plan: CardPlan, profile: ColorProfile) -> int:
    """How many glyphs under SMALL_TEXT_PT of a card are white or nearly (no plate above
    LIGHT_PLATE) over a ground that prints on three or four plates — reversed out of a rich ground,
    they take a coloured fringe when a plate shifts.  The ground of a glyph is the last thing drawn
    before it under its centre: the card's background, a filled box or a mark (by its square);
    over a picture a glyph is not counted (its ground is the picture's pixels)."""
    grounds = _Grounds()
    grounds.add([(-plan.bleed, -plan.bleed), (plan.width + plan.bleed, plan.height + plan.bleed)],
                plates(profile.ink(plan.background, large=True).cmyk))
    return _count_reversed(plan.items, _identity, profile, grounds)


class _Grounds:
    """What a card has drawn so far that a glyph may stand on: boxes in card coordinates, each with the
    number of plates it prints on (-1: a picture)."""

    def __init__(self) -> None:
        self.boxes: list[tuple[float, float, float, float, int]] = []

    def add(self, corners: list[Point], n: int) -> None:
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        self.boxes.append((min(xs), min(ys), max(xs), max(ys), n))

    def at(self, x: float, y: float) -> int:
        """The plates of the last ground drawn under (x, y); 0 where there is none."""
        for left, top, right, bottom, n in reversed(self.boxes):
            if left <= x <= right and top <= y <= bottom:
                return n
        return 0


def _count_reversed(items: tuple[Item, ...], to_card: ToPoint, profile: ColorProfile, grounds: _Grounds) -> int:
    """The reversed small glyphs among items, in drawing order: each ground is added as it is drawn."""
    found = 0
    for item in items:
        if isinstance(item, Box) and item.fill:
            ink = profile.ink(item.fill, is_large(item.w, item.h))
            grounds.add([to_card(item.x, item.y), to_card(item.x + item.w, item.y + item.h)], plates(ink.cmyk))
        elif isinstance(item, Mark):
            r = item.size / 2
            grounds.add([to_card(item.cx - r, item.cy - r), to_card(item.cx + r, item.cy + r)],
                        plates(profile.ink(item.fill).cmyk))
        elif isinstance(item, Picture):
            grounds.add([to_card(item.x, item.y), to_card(item.x + item.w, item.y + item.h)], -1)
        elif isinstance(item, Rotated):
            found += _count_reversed(item.items, _turned(item, to_card), profile, grounds)
        elif isinstance(item, TextBlock):
            found += _reversed_glyphs(item, to_card, profile, grounds)
    return found


def _reversed_glyphs(item: TextBlock, to_card: ToPoint, profile: ColorProfile, grounds: _Grounds) -> int:
    """The glyphs of a text block that are small, light and stand (by their centre) on three or four plates."""
    found = 0
    for placed in item.lines:
        for frag in placed.line.fragments:
            if frag.icon or frag.size_pt >= SMALL_TEXT_PT:
                continue
            ink = profile.text_ink(frag.color or item.color, frag.size_pt)
            if max(ink.cmyk) > LIGHT_PLATE:
                continue
            x = placed.x + frag.x_pt
            for ch in frag.text:
                advance = fonts.measure(ch, frag.font, frag.size_pt)
                if not ch.isspace() and grounds.at(*to_card(x + advance / 2, placed.baseline
                                                            - frag.size_pt * 0.38)) > 2:
                    found += 1
                x += advance + placed.line.char_space_pt
    return found


def _enforce_cmyk(color: Color, profile: ColorProfile | None = None) -> CMYKColor:
    """The canvas's guard on CMYK pages: CMYK and spot colours pass as they are (reportlab's own
    'cmyk' guard turns the registration colour into 400 % process ink); an RGB colour that reached
    the canvas unconverted goes through the output profile (the page's, with its ink limit) like
    every other."""
    tc = toColor(color)
    if isinstance(tc, CMYKColor):
        return tc
    return CMYKColor(*(profile or default_profile()).ink(tc.hexval().replace("0x", "#")).cmyk)


def new_canvas(path: Path, pagesize: tuple[float, float], title: str, cmyk: bool = False,
               author: str = "", profile: ColorProfile | None = None) -> Canvas:
    # the initial font is our own, so no unembedded Helvetica is referenced by the pages
    enforce = (lambda color: _enforce_cmyk(color, profile)) if cmyk else None
    c = Canvas(str(path), pagesize=pagesize, invariant=1, pageCompression=1,
               enforceColorSpace=enforce, initialFontName=fonts.pdf_name("gothic"),
               initialFontSize=8)
    c.setTitle(title)
    if author:
        c.setAuthor(author)
    c.setCreator("pnp")
    c.setProducer("pnp")
    return c
