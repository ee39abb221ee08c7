"""Every colour a page asks a RIP to print, read from the file's own objects: pikepdf (qpdf) parses the
page's content stream and this walks its operators, and from them every form XObject, tiling pattern,
Type3 glyph and annotation appearance they draw, recursively, keeping the current fill and stroke
colour spaces.  Each paint (a filled or stroked path, shown text, an image — inline ones too —, a
shading painted with ``sh`` or through a pattern, an image mask) is recorded with the colour space it
prints in, resolved to its family (DeviceN and Separation by their colourant names: Cyan, Magenta,
Yellow and Black are the process plates, All is the registration colour).  Page and form
transparency groups, soft masks, constant alpha and blend modes are listed; annotations are read
with their rectangle and print flag.

The walk is bounded: forms nest at most MAX_FORM_DEPTH deep (pnp.render.pdfbounds), a form or pattern
already walked on a page is not walked again, and a page stops at MAX_OPERATORS operators (the verdict
then says the page was not read to its end)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .pdfbounds import MAX_FORM_DEPTH

MAX_OPERATORS = 2_000_000         # one page's operators, forms included
PROCESS = frozenset({"Cyan", "Magenta", "Yellow", "Black"})
KINDS = ("色の指定", "画像", "インライン画像", "シェーディング", "パターン", "フォーム", "Type3 グリフ", "透明グループ", "注釈")

Rect = tuple[float, float, float, float]       # x0, y0, x1, y1 in PDF points, y up
Space = tuple[str, str]                         # a colour space's label and family (space_of)
GRAY: Space = ("DeviceGray", "gray")            # the initial fill and stroke space
_KIND_WORDS = ("インライン画像", "画像", "シェーディング", "パターン", "透明グループ", "文字", "塗り", "線")


@dataclass(frozen=True)
class ColourUse:
    """One painting in one colour space: what painted (文字, 塗り, 線, 画像 Im0, インライン画像,
    シェーディング Sh0, 透明グループ, 注釈 Square …), the space as written and its family."""

    what: str
    kind: str           # what it is, for grouping: 文字, 塗り, 線, 画像, インライン画像, シェーディング, パターン, 透明グループ, 注釈
    space: str          # DeviceRGB, ICCBased(3), Separation(All), DeviceN(Cyan,Magenta,Yellow), Indexed(DeviceRGB) …
    family: str         # cmyk | gray | rgb | lab | spot | registration | none
    page: int


@dataclass(frozen=True)
class Annotation:
    subtype: str
    rect: Rect
    printed: bool       # the Print flag is set and neither Hidden nor NoView


@dataclass
class PageWalk:
    number: int
    uses: list[ColourUse] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    annotations: list[Annotation] = field(default_factory=list)
    transparency: list[str] = field(default_factory=list)
    trim: Rect | None = None
    bleed: Rect | None = None
    cut_short: bool = False      # stopped at MAX_OPERATORS or MAX_FORM_DEPTH
    overprint: bool = False      # an ExtGState with OP or op true is set somewhere on the page
    missing: list[str] = field(default_factory=list)   # resources used by name that the Resources in force lack


def _name(obj: Any) -> str:
    return str(obj)[1:] if str(obj).startswith("/") else str(obj)


def space_of(cs: Any, resources: Any, depth: int = 0) -> tuple[str, str]:
    """(label, family) of a colour space object or name, named ones looked up in resources."""
    import pikepdf
    if depth > 8:
        return "?", "none"
    if isinstance(cs, pikepdf.Name):
        n = _name(cs)
        simple = {"DeviceRGB": "rgb", "RGB": "rgb", "DeviceCMYK": "cmyk", "CMYK": "cmyk", "DeviceGray": "gray",
                  "G": "gray", "Pattern": "pattern"}
        if n in simple:
            return {"RGB": "DeviceRGB", "CMYK": "DeviceCMYK", "G": "DeviceGray"}.get(n, n), simple[n]
        named = resources.get("/ColorSpace") if isinstance(resources, pikepdf.Dictionary) else None
        if isinstance(named, pikepdf.Dictionary) and cs in named:
            return space_of(named[cs], resources, depth + 1)
        return n, "none"
    if isinstance(cs, pikepdf.Array) and len(cs) > 0:
        head = _name(cs[0])
        if head == "ICCBased" and len(cs) > 1:
            count = int(cs[1].get("/N", 0)) if isinstance(cs[1], pikepdf.Stream) else 0
            return f"ICCBased({count})", {1: "gray", 3: "rgb", 4: "cmyk"}.get(count, "none")
        if head in ("CalRGB", "CalGray", "Lab"):
            return head, {"CalRGB": "rgb", "CalGray": "gray", "Lab": "lab"}[head]
        if head in ("Indexed", "I") and len(cs) > 1:
            label, family = space_of(cs[1], resources, depth + 1)
            return f"Indexed({label})", family
        if head == "Pattern" and len(cs) > 1:
            return space_of(cs[1], resources, depth + 1)
        if head == "Separation" and len(cs) > 1:
            colourant = _name(cs[1])
            family = ("registration" if colourant == "All" else "none" if colourant == "None"
                      else "cmyk" if colourant in PROCESS else "spot")
            return f"Separation({colourant})", family
        if head == "DeviceN" and len(cs) > 1 and isinstance(cs[1], pikepdf.Array):
            names = [_name(v) for v in cs[1]]
            inks = [n for n in names if n != "None"]
            family = "cmyk" if all(n in PROCESS for n in inks) else "spot"
            return f"DeviceN({','.join(names)})", family
        return space_of(cs[0], resources, depth + 1)
    return "?", "none"


class _Walker:
    def __init__(self, page_walk: PageWalk):
        self.out = page_walk
        self.operators = 0
        self.seen: set[tuple[int, int]] = set()
        self.kind = ""               # set while an annotation's appearance is walked: all it paints is 注釈

    def use(self, what: str, space: tuple[str, str]) -> None:
        if space[1] == "pattern":
            return                   # the pattern is walked where it is set
        kind = self.kind or next((k for k in _KIND_WORDS if k in what.rsplit("の", 1)[-1]), what.split(" ")[0])
        self.out.uses.append(ColourUse(what, kind, space[0], space[1], self.out.number))

    def once(self, obj: Any) -> bool:
        key = obj.objgen
        if key == (0, 0):
            return True
        if key in self.seen:
            return False
        self.seen.add(key)
        return True

    def shading(self, sh: Any, resources: Any, what: str) -> None:
        import pikepdf
        if not isinstance(sh, (pikepdf.Dictionary, pikepdf.Stream)):
            return
        self.out.counts["シェーディング"] += 1
        self.use(what, space_of(sh.get("/ColorSpace"), resources))

    def pattern(self, pat: Any, resources: Any, name: str, depth: int, base: tuple[str, str] | None) -> None:
        import pikepdf
        if not isinstance(pat, (pikepdf.Dictionary, pikepdf.Stream)):
            return
        self.out.counts["パターン"] += 1
        if int(pat.get("/PatternType", 0)) == 2:
            self.shading(pat.get("/Shading"), resources, f"パターン {name} のシェーディング")
            self.gstate(pat.get("/ExtGState"), f"パターン {name}")
        elif isinstance(pat, pikepdf.Stream):
            if int(pat.get("/PaintType", 1)) == 2 and base is not None:
                self.use(f"パターン {name}", base)      # an uncoloured pattern paints in its base space
            if self.once(pat):
                self.content(pat, pat.get("/Resources", resources), depth + 1, f"パターン {name}")

    def gstate(self, gs: Any, where: str) -> None:
        import pikepdf
        if not isinstance(gs, pikepdf.Dictionary):
            return
        if any(str(gs.get(key)) == "True" for key in ("/OP", "/op")):   # a bool or a pikepdf Boolean
            self.out.overprint = True
        for key in ("/CA", "/ca"):
            if key in gs and float(gs[key]) < 1:
                self.out.transparency.append(f"{where} の不透明度 {key[1:]} {float(gs[key]):g}")
        smask = gs.get("/SMask")
        if smask is not None and str(smask) != "/None":
            self.out.transparency.append(f"{where} のソフトマスク")
        bm = gs.get("/BM")
        if isinstance(bm, pikepdf.Array):
            bm = bm[0] if len(bm) else None
        if bm is not None and _name(bm) not in ("Normal", "Compatible"):
            self.out.transparency.append(f"{where} の描画モード {_name(bm)}")

    def group(self, group: Any, resources: Any, where: str) -> None:
        import pikepdf
        if not isinstance(group, pikepdf.Dictionary) or _name(group.get("/S", "")) != "Transparency":
            return
        self.out.counts["透明グループ"] += 1
        self.out.transparency.append(f"{where}の透明グループ")
        if "/CS" in group:
            self.use(f"{where}の透明グループ", space_of(group["/CS"], resources))

    def xobject(self, x: Any, resources: Any, name: str, depth: int, fill: tuple[str, str],
                stroke: tuple[str, str]) -> None:
        import pikepdf
        if not isinstance(x, pikepdf.Stream):
            return
        subtype = _name(x.get("/Subtype", ""))
        if subtype == "Image":
            self.out.counts["画像"] += 1
            if str(x.get("/ImageMask")) == "True":
                self.use(f"画像マスク {name}", fill)
            else:
                self.use(f"画像 {name}", space_of(x.get("/ColorSpace"), resources))
            if "/SMask" in x:
                self.out.transparency.append(f"画像 {name} のソフトマスク")
        elif subtype == "Form":
            self.out.counts["フォーム"] += 1
            if not self.once(x):
                return
            res = x.get("/Resources", resources)
            self.group(x.get("/Group"), res, f"フォーム {name}")
            self.content(x, res, depth + 1, f"フォーム {name}", fill, stroke)

    def content(self, stream: Any, resources: Any, depth: int, where: str,
                fill: Space = GRAY, stroke: Space = GRAY) -> None:
        """Walk one content stream; a form starts with the colours current where it is drawn (a Type3
        glyph that says d1 too: it paints in the text's colour)."""
        import pikepdf
        if depth > MAX_FORM_DEPTH:
            self.out.cut_short = True
            return
        try:
            ops = pikepdf.parse_content_stream(stream)
        except (pikepdf.PdfError, ValueError, TypeError):
            self.out.cut_short = True
            return
        res = resources if isinstance(resources, pikepdf.Dictionary) else pikepdf.Dictionary()
        walk = _StreamWalk(self, res, where, depth, fill, stroke)
        for ins in ops:
            self.operators += 1
            if self.operators > MAX_OPERATORS:
                self.out.cut_short = True
                return
            if isinstance(ins, pikepdf.ContentStreamInlineImage):
                walk.inline_image(ins.iimage.obj)
                continue
            handler = OPERATORS.get(str(ins.operator))
            if handler is not None:
                handler(walk, str(ins.operator), list(ins.operands))

    def type3(self, font: Any, resources: Any, depth: int, fill: Space, stroke: Space) -> None:
        import pikepdf
        procs = font.get("/CharProcs")
        if not isinstance(procs, pikepdf.Dictionary):
            return
        res = font.get("/Resources", resources)
        outer, self.kind = self.kind, self.kind or "文字"
        for name, proc in procs.items():
            if isinstance(proc, pikepdf.Stream):
                self.out.counts["Type3 グリフ"] += 1
                self.content(proc, res, depth + 1, f"Type3 グリフ {_name(name)}", fill, stroke)
        self.kind = outer


class _StreamWalk:
    """One content stream as it is walked: its resources and place, and the state its operators set that
    decides a paint's colour space (fill and stroke space, text rendering mode, a Type3 font), saved by q
    and restored by Q."""

    def __init__(self, walker: _Walker, res: Any, where: str, depth: int, fill: Space, stroke: Space):
        self.walker, self.res, self.where, self.depth = walker, res, where, depth
        self.prefix = "" if where == "ページ" else f"{where}の"
        self.fill, self.stroke = fill, stroke
        self.mode = 0
        self.font_type3: Any = None
        self.stack: list[tuple[Space, Space, int, Any]] = []

    def lookup(self, kind: str, name: Any) -> Any:
        """The resource of that kind and name; a name the Resources in force lack is listed as missing."""
        import pikepdf
        table = self.res.get(kind)
        found = table.get(name) if isinstance(table, pikepdf.Dictionary) else None
        if found is None:
            label = f"{kind[1:]} {_name(name)}"
            entry = f"{self.where}{' ' if self.where[-1:].isascii() else ''}が使う {label}"
            if entry not in self.walker.out.missing:
                self.walker.out.missing.append(entry)
        return found

    def inline_image(self, obj: Any) -> None:
        self.walker.out.counts["インライン画像"] += 1
        if str(obj.get("/ImageMask")) == "True":
            self.walker.use(f"{self.prefix}インライン画像マスク", self.fill)
        else:
            self.walker.use(f"{self.prefix}インライン画像", space_of(obj.get("/ColorSpace"), self.res))

    # -- the state --------------------------------------------------------------------------
    def save(self, op: str, args: list[Any]) -> None:                  # q
        self.stack.append((self.fill, self.stroke, self.mode, self.font_type3))

    def restore(self, op: str, args: list[Any]) -> None:               # Q (an unbalanced one is ignored)
        if self.stack:
            self.fill, self.stroke, self.mode, self.font_type3 = self.stack.pop()

    def device_colour(self, op: str, args: list[Any]) -> None:         # rg RG g G k K
        space = DEVICE_SPACES[op.lower()]
        self.walker.out.counts["色の指定"] += 1
        if op.islower():
            self.fill = space
        else:
            self.stroke = space

    def colour_space(self, op: str, args: list[Any]) -> None:          # cs CS
        if not args:
            return
        space = space_of(args[0], self.res)
        if space[1] == "none" and space[0] == _name(args[0]):
            self.lookup("/ColorSpace", args[0])          # a name neither a device space nor in Resources
        self.walker.out.counts["色の指定"] += 1
        if op == "cs":
            self.fill = space
        else:
            self.stroke = space

    def text_mode(self, op: str, args: list[Any]) -> None:             # Tr
        if args:
            self.mode = int(args[0])

    def text_font(self, op: str, args: list[Any]) -> None:             # Tf
        import pikepdf
        if not args:
            return
        font = self.lookup("/Font", args[0])
        is_type3 = isinstance(font, pikepdf.Dictionary) and _name(font.get("/Subtype", "")) == "Type3"
        self.font_type3 = font if is_type3 else None

    # -- what paints ------------------------------------------------------------------------
    def pattern_colour(self, op: str, args: list[Any]) -> None:        # scn SCN with a pattern's name
        import pikepdf
        if not args or not isinstance(args[-1], pikepdf.Name):
            return
        current = self.fill if op == "scn" else self.stroke
        name = args[-1]
        # an uncoloured pattern paints in the base space of [/Pattern base] (space_of gives the base)
        base = None if current[1] == "pattern" else current
        self.walker.pattern(self.lookup("/Pattern", name), self.res, _name(name), self.depth, base)

    def shading(self, op: str, args: list[Any]) -> None:               # sh
        if args:
            self.walker.shading(self.lookup("/Shading", args[0]), self.res,
                                f"{self.prefix}シェーディング {_name(args[0])}")

    def xobject(self, op: str, args: list[Any]) -> None:               # Do
        if args:
            self.walker.xobject(self.lookup("/XObject", args[0]), self.res, _name(args[0]), self.depth, self.fill,
                                self.stroke)

    def gstate(self, op: str, args: list[Any]) -> None:                # gs
        if args:
            self.walker.gstate(self.lookup("/ExtGState", args[0]), f"{self.where} ExtGState {_name(args[0])}")

    def fill_path(self, op: str, args: list[Any]) -> None:             # f F f*
        self.walker.use(f"{self.prefix}塗り", self.fill)

    def stroke_path(self, op: str, args: list[Any]) -> None:           # S s
        self.walker.use(f"{self.prefix}線", self.stroke)

    def fill_and_stroke(self, op: str, args: list[Any]) -> None:       # B B* b b*
        self.fill_path(op, args)
        self.stroke_path(op, args)

    def show_text(self, op: str, args: list[Any]) -> None:             # Tj TJ ' "
        if self.mode in (0, 2, 4, 6):
            self.walker.use(f"{self.prefix}文字", self.fill)
        if self.mode in (1, 2, 5, 6):
            self.walker.use(f"{self.prefix}文字の線", self.stroke)
        if self.font_type3 is not None and self.walker.once(self.font_type3):
            self.walker.type3(self.font_type3, self.res, self.depth, self.fill, self.stroke)


DEVICE_SPACES: dict[str, Space] = {"rg": ("DeviceRGB", "rgb"), "g": ("DeviceGray", "gray"), "k": ("DeviceCMYK", "cmyk")}
# operator → what it does to the walk; operators not named here neither paint nor change a colour
OPERATORS: dict[str, Callable[[_StreamWalk, str, list[Any]], None]] = {
    "q": _StreamWalk.save, "Q": _StreamWalk.restore,
    **dict.fromkeys(("rg", "RG", "g", "G", "k", "K"), _StreamWalk.device_colour),
    "cs": _StreamWalk.colour_space, "CS": _StreamWalk.colour_space,
    "scn": _StreamWalk.pattern_colour, "SCN": _StreamWalk.pattern_colour,
    "sh": _StreamWalk.shading, "Do": _StreamWalk.xobject, "gs": _StreamWalk.gstate,
    **dict.fromkeys(("f", "F", "f*"), _StreamWalk.fill_path),
    **dict.fromkeys(("S", "s"), _StreamWalk.stroke_path),
    **dict.fromkeys(("B", "B*", "b", "b*"), _StreamWalk.fill_and_stroke),
    "Tr": _StreamWalk.text_mode, "Tf": _StreamWalk.text_font,
    **dict.fromkeys(("Tj", "TJ", "'", '"'), _StreamWalk.show_text),
}


def _rect(value: Any) -> Rect | None:
    try:
        x0, y0, x1, y1 = (float(v) for v in value)
    except (TypeError, ValueError):
        return None
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def walk_pdf(path: Path) -> list[PageWalk]:
    """Every page of the file walked (pikepdf errors for a file it cannot open)."""
    import pikepdf
    out = []
    with pikepdf.open(path) as pdf:
        for number, page in enumerate(pdf.pages, 1):
            result = PageWalk(number)
            walker = _Walker(result)
            obj = page.obj
            media = _rect(obj.get("/MediaBox")) or _rect(page.mediabox)
            result.trim = _rect(obj.get("/TrimBox")) or media
            result.bleed = _rect(obj.get("/BleedBox")) or media
            resources = page.resources
            walker.group(obj.get("/Group"), resources, "ページ")
            try:
                walker.content(page, resources, 1, "ページ")
            except (pikepdf.PdfError, RecursionError, ValueError, TypeError):
                result.cut_short = True
            annots = obj.get("/Annots")
            for annot in annots if isinstance(annots, pikepdf.Array) else []:
                if not isinstance(annot, pikepdf.Dictionary):
                    continue
                result.counts["注釈"] += 1
                subtype = _name(annot.get("/Subtype", "?"))
                flags = int(annot.get("/F", 0)) if isinstance(annot.get("/F", 0), int) else 0
                printed = bool(flags & 4) and not flags & 2 and not flags & 32
                rect = _rect(annot.get("/Rect"))
                if rect is not None:
                    result.annotations.append(Annotation(subtype, rect, printed))
                if not printed:
                    continue
                walker.kind = "注釈"
                colour = annot.get("/C")
                if isinstance(colour, pikepdf.Array) and len(colour) in (1, 3, 4):
                    family = {1: ("DeviceGray", "gray"), 3: ("DeviceRGB", "rgb"), 4: ("DeviceCMYK", "cmyk")}[len(colour)]
                    walker.use(f"注釈 {subtype} の色（/C）", family)
                appearance = annot.get("/AP")
                normal = appearance.get("/N") if isinstance(appearance, pikepdf.Dictionary) else None
                streams = [normal] if isinstance(normal, pikepdf.Stream) else (
                    list(normal.values()) if isinstance(normal, pikepdf.Dictionary) else [])
                for ap in streams:
                    if isinstance(ap, pikepdf.Stream) and walker.once(ap):
                        result.counts["フォーム"] += 1
                        walker.content(ap, ap.get("/Resources", resources), 2, f"注釈 {subtype} の外観")
                walker.kind = ""
            out.append(result)
    return out


@dataclass(frozen=True)
class OutputIntent:
    """One OutputIntent of the document and the header and description of its embedded profile."""

    subtype: str                    # GTS_PDFX, GTS_PDFA1 …
    identifier: str                 # OutputConditionIdentifier
    condition: str                  # OutputCondition
    info: str
    has_profile: bool
    icc_version: tuple[int, int] | None = None     # (major, minor) from the header
    icc_space: str = ""             # the header's data colour space: CMYK, RGB …
    icc_class: str = ""             # prtr (output), mntr, scnr …
    description: str = ""           # the profile's own description


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _profile_description(data: bytes) -> str:
    import io

    from PIL import ImageCms
    try:
        return (ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(data))) or "").strip()
    except (OSError, ImageCms.PyCMSError, ValueError, TypeError):
        return ""


def output_intents(path: Path) -> list[OutputIntent]:
    """The document's OutputIntents, each profile's header read (version byte, colour space, class)."""
    import pikepdf
    out = []
    with pikepdf.open(path) as pdf:
        intents = pdf.Root.get("/OutputIntents")
        for oi in intents if isinstance(intents, pikepdf.Array) else []:
            if not isinstance(oi, pikepdf.Dictionary):
                continue
            profile = oi.get("/DestOutputProfile")
            fields = (_name(oi.get("/S", "")), _text(oi.get("/OutputConditionIdentifier")),
                      _text(oi.get("/OutputCondition")), _text(oi.get("/Info")))
            if not isinstance(profile, pikepdf.Stream):
                out.append(OutputIntent(*fields, has_profile=False))
                continue
            try:
                data = bytes(profile.read_bytes())
            except pikepdf.PdfError:
                data = b""
            if len(data) < 128:
                out.append(OutputIntent(*fields, has_profile=True))
                continue
            out.append(OutputIntent(*fields, has_profile=True, icc_version=(data[8], data[9] >> 4),
                                    icc_space=data[16:20].decode("latin-1").strip(),
                                    icc_class=data[12:16].decode("latin-1").strip(),
                                    description=_profile_description(data)))
    return out
