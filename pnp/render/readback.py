"""Reading a written PDF back: the glyphs as they were drawn (character, origin, direction, advance,
font, size, colour), the page boxes and the fonts; on request the painted paths (colour, line
width) and placed images (pixels, colour space, size on the page), and the document's print
identity (PDF version, Info, OutputIntents, transparency, encryption).  What a printer or a viewer sees is what this
reads, so the tests, the build's own check of its output and any later preflight judge the file
itself, never the plan that produced it.

Lengths are points with the origin at the page's top-left corner and y growing downwards, as in
the page plans, so a glyph read back compares directly with the plan that placed it."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import PnpError
from ..messages import did_you_mean_file, msg
from ..text.inline import ASCENT, DESCENT


class ReadbackUnavailable(PnpError):
    """The PDF reader is not installed."""


class UnreadablePdf(PnpError):
    """A file that cannot be read as a PDF: missing, not a PDF, damaged or encrypted."""


@dataclass(frozen=True)
class Glyph:
    """One drawn character.  (x, y) is its origin on the baseline; (dx, dy) the unit vector of its
    advance on the page (1, 0 for upright text; -1, 0 for text turned upside down)."""

    char: str
    x: float
    y: float
    dx: float
    dy: float
    advance: float
    size: float
    font: str
    color: tuple[float, ...] | None = None
    colorspace: str = ""

    def box(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of the glyph's em box on the page: its advance along the
        baseline, ASCENT above and DESCENT below it."""
        ux, uy = self.dy, -self.dx          # "up" on the page, perpendicular to the advance (y down)
        ex, ey = self.x + self.dx * self.advance, self.y + self.dy * self.advance
        xs, ys = [], []
        for px, py in ((self.x, self.y), (ex, ey)):
            for k in (ASCENT, -DESCENT):
                xs.append(px + ux * k * self.size)
                ys.append(py + uy * k * self.size)
        return min(xs), min(ys), max(xs), max(ys)


Rect = tuple[float, float, float, float]     # (left, top, right, bottom), points, y down


@dataclass(frozen=True)
class PathPaint:
    """One painted path (a rect, line or curve): its bounding box and how it was painted."""

    box: Rect
    fill: tuple[float, ...] | None        # the fill colour when filled (1 value gray or a tint, 3 RGB, 4 CMYK)
    stroke: tuple[float, ...] | None      # the stroke colour when stroked
    line_width: float                     # in the path's own user space (pnp's files do not scale strokes)


@dataclass(frozen=True)
class ImagePaint:
    """One placed image: where it lies, its pixels and colour space, and its darkest ink."""

    box: Rect
    pixels: tuple[int, int]
    colorspace: str                       # DeviceCMYK, DeviceRGB, DeviceGray, ICCBased(N), Indexed, Separation …
    bits: int
    max_ink: float | None = None          # highest C+M+Y+K in % (CMYK images that could be decoded)

    @property
    def dpi(self) -> float:
        """The lower of its horizontal and vertical resolution at the size it is printed."""
        left, top, right, bottom = self.box
        w_in, h_in = (right - left) / 72, (bottom - top) / 72
        if w_in <= 0 or h_in <= 0:
            return float("inf")
        return min(self.pixels[0] / w_in, self.pixels[1] / h_in)


@dataclass(frozen=True)
class PageRead:
    number: int                       # 1-based
    width: float
    height: float
    glyphs: tuple[Glyph, ...]
    boxes: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)
    # MediaBox, TrimBox, BleedBox … as (left, top, right, bottom), y down like everything here
    paths: tuple[PathPaint, ...] = ()     # with read_pdf(paint=True)
    images: tuple[ImagePaint, ...] = ()


@dataclass(frozen=True)
class DocumentRead:
    """What identifies a file to a print shop."""

    pages: int
    version: str                              # from the header, e.g. "1.3"
    info: dict[str, str]                      # Info dictionary: Title, Author, GTS_PDFXVersion, Trapped …
    output_intents: tuple[dict[str, Any], ...]   # S, OutputConditionIdentifier, profile (N of its ICC stream, or 0)
    transparency: tuple[str, ...]             # where transparency is used (soft masks, constant alpha < 1, blend modes)


def _pdfplumber() -> Any:
    try:
        import pdfplumber
    except ImportError as exc:  # pragma: no cover - a dependency of the package
        raise ReadbackUnavailable(msg("render.needs_pdfplumber")) from exc
    return pdfplumber


def _glyph(ch: dict[str, Any], height: float) -> Glyph:
    a, b, _c, _d, e, f = ch["matrix"]
    norm = (a * a + b * b) ** 0.5 or 1.0
    color = ch.get("non_stroking_color")
    if color is not None and not isinstance(color, tuple):
        color = tuple(color) if isinstance(color, list) else (float(color),)
    space = ch.get("ncs") or ""
    advance = float(ch["adv"]) * norm
    cos, sin = abs(a / norm), abs(b / norm)
    size = float(ch["size"])
    if sin > 1e-6:
        # turned text: the reader's size is its box's, not the font's.  The box is the em square
        # (advance × size) turned: width = advance·cos + size·sin, height = advance·sin + size·cos
        w, h = float(ch["x1"]) - float(ch["x0"]), float(ch["bottom"]) - float(ch["top"])
        size = (h - advance * sin) / cos if cos > 0.1 else (w - advance * cos) / sin
    return Glyph(ch["text"], e, height - f, a / norm, -b / norm, advance, size, ch["fontname"], color, str(space))


def _box(page: Any, name: str, height: float) -> tuple[float, float, float, float] | None:
    raw = page.page_obj.attrs.get(name)
    if raw is None:
        return None
    from pdfminer.pdftypes import resolve1
    x0, y0, x1, y1 = (float(resolve1(v)) for v in resolve1(raw))
    return min(x0, x1), height - max(y0, y1), max(x0, x1), height - min(y0, y1)


def _color(value: Any) -> tuple[float, ...] | None:
    if value is None:
        return None
    if isinstance(value, (list, tuple)):
        return tuple(float(v) for v in value if isinstance(v, (int, float)))
    if isinstance(value, (int, float)):
        return (float(value),)
    return None       # a pattern: no plain colour


def _paths(page: Any) -> tuple[PathPaint, ...]:
    out = []
    for obj in (*page.rects, *page.lines, *page.curves):
        box = (float(obj["x0"]), float(obj["top"]), float(obj["x1"]), float(obj["bottom"]))
        out.append(PathPaint(box, _color(obj.get("non_stroking_color")) if obj.get("fill") else None,
                             _color(obj.get("stroking_color")) if obj.get("stroke") else None,
                             float(obj.get("linewidth") or 0.0)))
    return tuple(out)


def _space(value: Any) -> str:
    from pdfminer.pdftypes import resolve1
    from pdfminer.psparser import PSLiteral
    value = resolve1(value)
    if isinstance(value, list) and value:
        value = [resolve1(v) for v in value]
        head = str(value[0].name) if isinstance(value[0], PSLiteral) else str(value[0])
        if head == "ICCBased" and len(value) > 1:
            return f"ICCBased({int(resolve1(value[1]).get('N', 0))})"
        if head == "Separation" and len(value) > 1:
            return f"Separation({getattr(value[1], 'name', value[1])})"
        if head == "Indexed" and len(value) > 1:
            return f"Indexed({_space(value[1])})"
        return head
    if isinstance(value, PSLiteral):
        return str(value.name)
    return str(value)


def _image_ink(obj: Any, space: str) -> float | None:
    """The highest total ink of a CMYK image in %, over the image reduced to at most 256 pixels a
    side (one speck is no area that a press smears)."""
    if space not in ("DeviceCMYK", "ICCBased(4)") or int(obj.get("bits") or 8) != 8:
        return None
    from io import BytesIO

    from PIL import Image
    stream = obj["stream"]
    w, h = (int(v) for v in obj["srcsize"])
    img: Image.Image
    try:
        filters = [f[0].name if hasattr(f[0], "name") else str(f[0]) for f in stream.get_filters()]
        if filters and filters[-1] == "DCTDecode":
            img = Image.open(BytesIO(stream.get_rawdata()))
            img.load()
            if img.mode != "CMYK":
                return None
        else:
            img = Image.frombytes("CMYK", (w, h), stream.get_data())
    except Exception:       # noqa: BLE001 - an image pdfminer cannot decode is judged on nothing
        return None
    img.thumbnail((256, 256), Image.Resampling.BOX)
    data = img.tobytes()
    return max(sum(data[i:i + 4]) for i in range(0, len(data), 4)) * 100 / 255


def _images(page: Any, height: float) -> tuple[ImagePaint, ...]:
    out = []
    for obj in page.images:
        box = (float(obj["x0"]), float(obj["top"]), float(obj["x1"]), float(obj["bottom"]))
        space = _space(obj.get("colorspace")[0] if isinstance(obj.get("colorspace"), list)
                       and len(obj["colorspace"]) == 1 else obj.get("colorspace"))
        if obj["stream"].get("ImageMask"):
            space = "ImageMask"
        out.append(ImagePaint(box, (int(obj["srcsize"][0]), int(obj["srcsize"][1])), space,
                              int(obj.get("bits") or 0), _image_ink(obj, space)))
    return tuple(out)


def read_pdf(path: Path, pages: list[int] | None = None, paint: bool = False) -> list[PageRead]:
    """The glyphs and boxes of the written file's pages (all, or the 1-based numbers given);
    paint: also the painted paths and placed images."""
    pdfplumber = _pdfplumber()
    out = []
    with _opened(path, lambda: pdfplumber.open(str(path))) as pdf:
        numbers = pages or list(range(1, len(pdf.pages) + 1))
        for n in numbers:
            page = pdf.pages[n - 1]
            height = float(page.height)
            glyphs = tuple(_glyph(ch, height) for ch in page.chars)
            boxes = {}
            for name in ("MediaBox", "CropBox", "BleedBox", "TrimBox", "ArtBox"):
                box = _box(page, name, height)
                if box is not None:
                    boxes[name] = box
            if paint:
                out.append(PageRead(n, float(page.width), height, glyphs, boxes, _paths(page),
                                    _images(page, height)))
            else:
                out.append(PageRead(n, float(page.width), height, glyphs, boxes))
            page.close()
    return out


def _opened(path: Path, opener: Any) -> Any:
    """opener() with every way a file can fail to be a readable PDF turned into UnreadablePdf."""
    from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
    from pdfminer.pdfparser import PDFSyntaxError
    from pdfminer.psparser import PSException
    path = Path(path)
    if not path.is_file():
        raise UnreadablePdf(f"{path}: " + msg("pdf.no_such_file", hint=did_you_mean_file(path.parent, path.name)))
    with open(path, "rb") as fh:
        head = fh.read(1024)
    if b"%PDF-" not in head:
        raise UnreadablePdf(f"{path}: " + msg("pdf.not_a_pdf"))
    try:
        return opener()
    except (PDFPasswordIncorrect, PDFEncryptionError) as e:
        raise UnreadablePdf(f"{path}: " + msg("pdf.encrypted")) from e
    except (PDFSyntaxError, PSException, ValueError, KeyError, TypeError) as e:
        raise UnreadablePdf(f"{path}: " + msg("pdf.damaged", why=f"{type(e).__name__}: {e}")) from e


def read_document(path: Path) -> DocumentRead:
    """The print identity of a file: version, Info, OutputIntents and transparency
    (walked through every page's resources, forms included).  UnreadablePdf for a file that is not
    a readable PDF; an encrypted one counts as unreadable (a shop's RIP refuses it)."""
    from pdfminer.pdfdocument import PDFDocument
    from pdfminer.pdfpage import PDFPage
    from pdfminer.pdfparser import PDFParser
    path = Path(path)
    if not path.is_file():
        raise UnreadablePdf(f"{path}: " + msg("pdf.no_such_file", hint=did_you_mean_file(path.parent, path.name)))
    with open(path, "rb") as fh:
        head = fh.read(16)
        doc = _opened(path, lambda: PDFDocument(PDFParser(fh)))
        if doc.encryption is not None:
            raise UnreadablePdf(f"{path}: " + msg("pdf.encrypted"))
        version = head[5:8].decode("latin-1", "replace") if head.startswith(b"%PDF-") else "?"
        info = {str(k): _pdf_text(v) for d in doc.info for k, v in d.items()}
        intents = _output_intents(doc)
        transparency = _Transparency()
        count = 0
        for count, page in enumerate(PDFPage.create_pages(doc), 1):
            transparency.resources(page.resources, f"p.{count}")
    return DocumentRead(count, version, info, tuple(intents), tuple(transparency.found))


def _pdf_text(v: Any) -> str:
    """A PDF string or name as text (UTF-16 with its byte order mark, else PDFDocEncoding read as Latin-1)."""
    from pdfminer.pdftypes import resolve1
    from pdfminer.psparser import PSLiteral
    v = resolve1(v)
    if isinstance(v, bytes):
        if v.startswith(b"\xfe\xff"):
            return v[2:].decode("utf-16-be", "replace")
        return v.decode("latin-1")
    if isinstance(v, PSLiteral):
        return str(v.name)
    return str(v)


def _output_intents(doc: Any) -> list[dict[str, Any]]:
    from pdfminer.pdftypes import PDFStream, resolve1
    intents = []
    for oi in resolve1(doc.catalog.get("OutputIntents")) or []:
        oi = resolve1(oi) or {}
        profile = resolve1(oi.get("DestOutputProfile"))
        intents.append({"S": _pdf_text(oi.get("S", "")),
                        "OutputConditionIdentifier": _pdf_text(oi.get("OutputConditionIdentifier", "")),
                        "Info": _pdf_text(oi.get("Info", "")),
                        "profile": int(resolve1(profile.attrs.get("N", 0))) if isinstance(profile, PDFStream)
                        else 0})
    return intents


class _Transparency:
    """Where a document's resources use transparency (constant alpha under 1, soft masks, blend modes,
    transparency groups), walked through its forms, each form once."""

    def __init__(self) -> None:
        self.found: list[str] = []
        self.seen: set[int] = set()

    def resources(self, res: Any, where: str) -> None:
        from pdfminer.pdftypes import resolve1
        res = resolve1(res) or {}
        for name, gs in (resolve1(res.get("ExtGState")) or {}).items():
            self.gstate(name, resolve1(gs) or {}, where)
        for name, xobj in (resolve1(res.get("XObject")) or {}).items():
            self.xobject(name, resolve1(xobj), where)

    def gstate(self, name: Any, gs: Any, where: str) -> None:
        from pdfminer.pdftypes import resolve1
        from pdfminer.psparser import PSLiteral
        for key in ("CA", "ca"):
            if key in gs and float(resolve1(gs[key])) < 1:
                self.found.append(f"{where}: ExtGState {name} {key} {float(resolve1(gs[key])):g}")
        smask = resolve1(gs.get("SMask"))
        if smask is not None and not (isinstance(smask, PSLiteral) and smask.name == "None"):
            self.found.append(f"{where}: ExtGState {name} soft mask")
        bm = resolve1(gs.get("BM"))
        if bm is not None and getattr(bm, "name", "Normal") not in ("Normal", "Compatible"):
            self.found.append(f"{where}: ExtGState {name} blend mode {bm.name}")

    def xobject(self, name: Any, obj: Any, where: str) -> None:
        from pdfminer.pdftypes import PDFStream, resolve1
        if not isinstance(obj, PDFStream) or id(obj) in self.seen:
            return
        self.seen.add(id(obj))
        subtype = getattr(resolve1(obj.attrs.get("Subtype")), "name", "")
        if subtype == "Image":
            if obj.attrs.get("SMask") is not None:
                self.found.append(f"{where}: image {name} soft mask")
        elif subtype == "Form":
            group = resolve1(obj.attrs.get("Group"))
            if group and getattr(resolve1(group.get("S")), "name", "") == "Transparency":
                self.found.append(f"{where}: form {name} transparency group")
            if obj.attrs.get("Resources") is not None:
                self.resources(obj.attrs["Resources"], where)


def font_names(path: Path) -> dict[str, bool]:
    """Every font the file's pages use, with whether its program is embedded.  A Type3 font has no
    program: its glyphs are drawings in the file (embedded by nature); it is named "Type3 NAME" after
    its /Name or its resource name, since it has no BaseFont."""
    from pdfminer.pdfdocument import PDFDocument
    from pdfminer.pdfpage import PDFPage
    from pdfminer.pdfparser import PDFParser
    from pdfminer.pdftypes import resolve1
    found: dict[str, bool] = {}

    def visit(font: Any, key: Any) -> None:
        font = resolve1(font)
        if not isinstance(font, dict):
            return
        if getattr(resolve1(font.get("Subtype")), "name", "") == "Type3":
            label = resolve1(font.get("Name"))
            found[f"Type3 {getattr(label, 'name', None) or str(key).strip('/')}"] = True
            return
        name = str(resolve1(font.get("BaseFont")))
        descriptor = resolve1(font.get("FontDescriptor"))
        embedded = bool(descriptor) and any(k in descriptor for k in ("FontFile", "FontFile2", "FontFile3"))
        for sub in resolve1(font.get("DescendantFonts")) or []:
            d = resolve1(resolve1(sub).get("FontDescriptor")) or {}
            embedded = embedded or any(k in d for k in ("FontFile", "FontFile2", "FontFile3"))
        found[name.strip("/'")] = embedded

    def resources(res: Any, seen: set[int]) -> None:
        res = resolve1(res) or {}
        for key, font in (resolve1(res.get("Font")) or {}).items():
            visit(font, key)
        for xobj in (resolve1(res.get("XObject")) or {}).values():
            obj = resolve1(xobj)
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            if getattr(obj, "attrs", {}).get("Resources") is not None:
                resources(obj.attrs["Resources"], seen)

    with open(path, "rb") as fh:
        doc = _opened(path, lambda: PDFDocument(PDFParser(fh)))
        seen: set[int] = set()
        for page in PDFPage.create_pages(doc):
            resources(page.resources, seen)
    return found
