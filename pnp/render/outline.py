"""Text as outlines (アウトライン化) for print shops that take no fonts: every glyph a shop file
shows becomes a filled path, drawn from the outline of the font subset the file itself embeds.

The pass reads the finished PDF (after the print check has read its text: pnp build
--outline-text), with pikepdf: each content stream of each page and form is parsed, the text state
followed (BT/ET, Tf, Tm, Td, TD, T*, Tc, Tw, Tz, TL, Ts), and every string shown (Tj, TJ, ')
replaced by its glyphs, each one a form XObject of the glyph's path (made once per file) placed
with the text-rendering matrix PDF defines.  The current fill colour and overprint state stay as
they were, so a glyph prints in the same inks as its text did.  Fonts are then unreferenced, and
qpdf writes no object nothing reaches: the file holds no font at all.

Glyph outlines are TrueType's (quadratic curves, written as the equivalent cubic Béziers; composite
glyphs resolved through their transforms) from the subset's own glyf, loca and cmap tables — the
subsets reportlab writes (a format 6 cmap from code to glyph).  Anything else (another font type,
text render modes other than fill) is refused with the file and page named: never a glyph lost."""
from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..errors import PnpError
from ..messages import msg

ON_CURVE, X_SHORT, Y_SHORT, REPEAT, X_SAME, Y_SAME = 0x01, 0x02, 0x04, 0x08, 0x10, 0x20
ARG_WORDS, ARGS_XY, HAVE_SCALE, MORE, HAVE_XY_SCALE, HAVE_2X2 = 0x0001, 0x0002, 0x0008, 0x0020, 0x0040, 0x0080

Point = tuple[float, float, bool]


class OutlineError(PnpError):
    """Text that cannot be turned into outlines."""


class TrueTypeOutlines:
    """The glyph outlines of one embedded TrueType font program (a FontFile2 stream)."""

    def __init__(self, data: bytes):
        self.data = data
        tables: dict[bytes, tuple[int, int]] = {}
        (count,) = struct.unpack(">H", data[4:6])
        for i in range(count):
            tag, _sum, offset, length = struct.unpack(">4sLLL", data[12 + 16 * i:28 + 16 * i])
            tables[tag] = (offset, length)
        missing = [t.decode() for t in (b"head", b"loca", b"glyf", b"maxp", b"cmap") if t not in tables]
        if missing:
            raise OutlineError(msg("render.font_tables", tables=missing))
        head = tables[b"head"][0]
        self.units = struct.unpack(">H", data[head + 18:head + 20])[0]
        long_loca = struct.unpack(">h", data[head + 50:head + 52])[0] == 1
        maxp = tables[b"maxp"][0]
        glyphs = struct.unpack(">H", data[maxp + 4:maxp + 6])[0]
        loca = tables[b"loca"][0]
        if long_loca:
            self.loca = list(struct.unpack(f">{glyphs + 1}L", data[loca:loca + 4 * (glyphs + 1)]))
        else:
            self.loca = [2 * v for v in struct.unpack(f">{glyphs + 1}H", data[loca:loca + 2 * (glyphs + 1)])]
        self.glyf = tables[b"glyf"][0]
        self.cmap = self._cmap(tables[b"cmap"][0])
        self._paths: dict[int, list[list[Point]]] = {}

    def _cmap(self, at: int) -> dict[int, int]:
        data = self.data
        (count,) = struct.unpack(">H", data[at + 2:at + 4])
        for i in range(count):
            _platform, _encoding, offset = struct.unpack(">HHL", data[at + 4 + 8 * i:at + 12 + 8 * i])
            sub = at + offset
            (fmt,) = struct.unpack(">H", data[sub:sub + 2])
            if fmt == 6:
                first, entries = struct.unpack(">HH", data[sub + 6:sub + 10])
                ids = struct.unpack(f">{entries}H", data[sub + 10:sub + 10 + 2 * entries])
                return {first + n: gid for n, gid in enumerate(ids)}
            if fmt == 0:
                return dict(enumerate(data[sub + 6:sub + 262]))
        raise OutlineError(msg("render.font_cmap"))

    def contours(self, gid: int) -> list[list[Point]]:
        """The glyph's closed contours in font units (composites resolved), each a list of points
        (x, y, on the curve)."""
        found = self._paths.get(gid)
        if found is None:
            found = self._paths[gid] = self._read(gid, 0)
        return found

    def _read(self, gid: int, depth: int) -> list[list[Point]]:
        if depth > 8:
            raise OutlineError(f"glyph {gid}: " + msg("render.glyph_nested"))
        start, end = self.loca[gid], self.loca[gid + 1]
        if end <= start:
            return []        # an empty glyph (a space)
        data, at = self.data, self.glyf + start
        (contours,) = struct.unpack(">h", data[at:at + 2])
        if contours >= 0:
            return self._simple(at, contours)
        out: list[list[Point]] = []
        p = at + 10
        flags = MORE
        while flags & MORE:
            flags, component = struct.unpack(">HH", data[p:p + 4])
            p += 4
            if flags & ARG_WORDS:
                dx, dy = struct.unpack(">hh", data[p:p + 4])
                p += 4
            else:
                dx, dy = struct.unpack(">bb", data[p:p + 2])
                p += 2
            if not flags & ARGS_XY:
                raise OutlineError(f"glyph {gid}: " + msg("render.glyph_points"))
            a, b, c, d = 1.0, 0.0, 0.0, 1.0
            if flags & HAVE_SCALE:
                a = d = struct.unpack(">h", data[p:p + 2])[0] / 16384
                p += 2
            elif flags & HAVE_XY_SCALE:
                a, d = (v / 16384 for v in struct.unpack(">hh", data[p:p + 4]))
                p += 4
            elif flags & HAVE_2X2:
                a, b, c, d = (v / 16384 for v in struct.unpack(">hhhh", data[p:p + 8]))
                p += 8
            for contour in self._read(component, depth + 1):
                out.append([(a * x + c * y + dx, b * x + d * y + dy, on) for x, y, on in contour])
        return out

    def _simple(self, at: int, contours: int) -> list[list[Point]]:
        data = self.data
        p = at + 10
        ends = struct.unpack(f">{contours}H", data[p:p + 2 * contours])
        p += 2 * contours
        (skip,) = struct.unpack(">H", data[p:p + 2])
        p += 2 + skip
        count = ends[-1] + 1 if contours else 0
        flags: list[int] = []
        while len(flags) < count:
            flag = data[p]
            p += 1
            flags.append(flag)
            if flag & REPEAT:
                flags.extend([flag] * data[p])
                p += 1
        coords: list[list[int]] = []
        for short, same in ((X_SHORT, X_SAME), (Y_SHORT, Y_SAME)):
            value, values = 0, []
            for flag in flags[:count]:
                if flag & short:
                    delta = data[p]
                    p += 1
                    value += delta if flag & same else -delta
                elif not flag & same:
                    value += struct.unpack(">h", data[p:p + 2])[0]
                    p += 2
                values.append(value)
            coords.append(values)
        out: list[list[Point]] = []
        first = 0
        for last in ends:
            out.append([(float(coords[0][i]), float(coords[1][i]), bool(flags[i] & ON_CURVE))
                        for i in range(first, last + 1)])
            first = last + 1
        return out

    def path(self, gid: int) -> str:
        """The glyph as PDF path operators in font units, filled (nonzero, as TrueType fills)."""
        ops: list[str] = []
        for contour in self.contours(gid):
            ops.extend(_contour_ops(contour))
        return " ".join(ops) + (" f" if ops else "")


def _n(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _contour_ops(contour: list[Point]) -> list[str]:
    """One TrueType contour as PDF path operators: quadratic segments as cubic ones; two off-curve
    points in a row imply the on-curve point halfway between them."""
    n = len(contour)
    if n == 0:
        return []
    start = next((i for i, pt in enumerate(contour) if pt[2]), None)
    if start is None:       # no point on the curve: start halfway between the first two
        (x0, y0, _a), (x1, y1, _b) = contour[0], contour[1 % n]
        points = [((x0 + x1) / 2, (y0 + y1) / 2, True)] + contour[1:] + contour[:1]
    else:
        points = contour[start:] + contour[:start]
    x, y = points[0][0], points[0][1]
    ops = [f"{_n(x)} {_n(y)} m"]
    control: tuple[float, float] | None = None
    for px, py, on in points[1:] + [points[0]]:
        if on:
            if control is None:
                ops.append(f"{_n(px)} {_n(py)} l")
            else:
                ops.append(_quad(x, y, control, px, py))
                control = None
            x, y = px, py
        else:
            if control is not None:
                mx, my = (control[0] + px) / 2, (control[1] + py) / 2
                ops.append(_quad(x, y, control, mx, my))
                x, y = mx, my
            control = (px, py)
    ops.append("h")
    return ops


def _quad(x0: float, y0: float, c: tuple[float, float], x1: float, y1: float) -> str:
    c1 = (x0 + 2 / 3 * (c[0] - x0), y0 + 2 / 3 * (c[1] - y0))
    c2 = (x1 + 2 / 3 * (c[0] - x1), y1 + 2 / 3 * (c[1] - y1))
    return f"{_n(c1[0])} {_n(c1[1])} {_n(c2[0])} {_n(c2[1])} {_n(x1)} {_n(y1)} c"


Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """m × n (PDF's row-vector convention: m applied first)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


class _Font:
    def __init__(self, font: Any, where: str):
        subtype = font.get("/Subtype")
        descriptor = font.get("/FontDescriptor")
        if str(subtype) != "/TrueType" or descriptor is None or "/FontFile2" not in descriptor:
            raise OutlineError(f"{where}: " + msg("render.font_not_truetype", font=font.get("/BaseFont"),
                                                  subtype=subtype))
        self.outlines = TrueTypeOutlines(bytes(descriptor.FontFile2.read_bytes()))
        self.first = int(font.get("/FirstChar", 0))
        self.widths = [float(w) for w in font.get("/Widths", [])]

    def width(self, code: int) -> float:
        i = code - self.first
        return self.widths[i] if 0 <= i < len(self.widths) else 0.0


class _Outliner:
    """Rewrites the content streams of one file, sharing the glyph forms between them."""

    def __init__(self, pdf: Any, path: Path):
        import pikepdf
        self.pikepdf = pikepdf
        self.pdf = pdf
        self.path = path
        self.fonts: dict[tuple[int, int], _Font] = {}
        self.glyphs: dict[tuple[int, int, int], Any] = {}      # (font object, generation, glyph) → form
        self.outlined = 0

    def font(self, ref: Any, where: str) -> _Font:
        key = ref.objgen
        if key not in self.fonts:
            self.fonts[key] = _Font(ref, where)
        return self.fonts[key]

    def glyph_form(self, ref: Any, font: _Font, gid: int) -> Any:
        key = (*ref.objgen, gid)
        form = self.glyphs.get(key)
        if form is None:
            pikepdf = self.pikepdf
            units = font.outlines.units
            form = pikepdf.Stream(self.pdf, font.outlines.path(gid).encode())
            form.Type = pikepdf.Name.XObject
            form.Subtype = pikepdf.Name.Form
            form.BBox = pikepdf.Array([-units, -units, 2 * units, 2 * units])
            form.Resources = pikepdf.Dictionary()
            form = self.glyphs[key] = self.pdf.make_indirect(form)
        return form

    def rewrite(self, owner: Any, where: str) -> None:
        """Replace the text of one page or form (owner) by glyph forms; recurse into its forms."""
        resources = owner.get("/Resources")
        if resources is None:
            return
        self._rewrite_forms(resources, where)
        fonts = resources.get("/Font")
        if not fonts:
            return
        ops = self.pikepdf.parse_content_stream(owner)
        if not any(str(ins.operator) in SHOW_OPERATORS for ins in ops):
            self.emptied.append(resources)      # fonts named (reportlab gives every form some) but none shown
            return
        text = _TextRewrite(self, fonts, where)
        for ins in ops:
            text.run(ins.operands, ins.operator)
        self._replace_content(owner, resources, text)

    def _rewrite_forms(self, resources: Any, where: str) -> None:
        """The forms the owner draws, each once per file (a form drawn on many pages is rewritten once)."""
        xobjects = resources.get("/XObject") or {}
        for name in list(xobjects.keys()):
            sub = xobjects[name]
            if sub.get("/Subtype") == self.pikepdf.Name.Form and sub.objgen not in self.done:
                self.done.add(sub.objgen)
                self.rewrite(sub, f"{where} {name}")

    def _replace_content(self, owner: Any, resources: Any, text: _TextRewrite) -> None:
        pikepdf = self.pikepdf
        content = pikepdf.unparse_content_stream(text.out)
        if isinstance(owner, pikepdf.Stream):      # a form: its own content
            owner.write(content)
        else:                                       # a page: its content stream(s), now one
            owner.Contents = self.pdf.make_stream(content)
        if "/XObject" not in resources:
            resources.XObject = pikepdf.Dictionary()
        for name, form in text.used.items():
            resources.XObject[name] = form
        self.emptied.append(resources)     # its fonts dropped once every owner sharing it is rewritten

    done: set[tuple[int, int]]
    emptied: list[Any]


SHOW_OPERATORS = ("Tj", "TJ", "'", '"')


class _TextRewrite:
    """One content stream, its text state followed (PDF 9.3): the operators that set the text state
    or show text become the glyph forms they show; every other operator is kept as it was."""

    def __init__(self, outliner: _Outliner, fonts: Any, where: str):
        self.outliner, self.fonts, self.where = outliner, fonts, where
        self.out: list[Any] = []               # the new content stream's instructions
        self.used: dict[str, Any] = {}         # resource name → glyph form, for the owner's XObjects
        self.tm = self.tlm = IDENTITY
        self.font: _Font | None = None
        self.font_ref: Any = None
        self.size = self.char_space = self.word_space = self.rise = 0.0
        self.scale, self.leading = 1.0, 0.0

    def run(self, operands: Any, op: Any) -> None:      # pikepdf's operand list and operator
        handler = TEXT_OPERATORS.get(str(op))
        if handler is None:
            self.out.append(self.outliner.pikepdf.ContentStreamInstruction(operands, op))
        else:
            handler(self, operands)

    def _error(self, text: str) -> OutlineError:
        return OutlineError(f"{self.outliner.path}: {self.where}: {text}")

    # -- the text state ---------------------------------------------------------------------
    def begin(self, operands: Sequence[Any]) -> None:             # BT
        self.tm = self.tlm = IDENTITY

    def end(self, operands: Sequence[Any]) -> None:               # ET: the state lasts, the object is gone
        pass

    def set_font(self, operands: Sequence[Any]) -> None:          # Tf
        self.font_ref = self.fonts.get(str(operands[0]))
        if self.font_ref is None:
            raise self._error(msg("render.font_not_in_resources", font=operands[0]))
        self.font = self.outliner.font(self.font_ref, f"{self.outliner.path}: {self.where}")
        self.size = float(operands[1])

    def set_matrix(self, operands: Sequence[Any]) -> None:        # Tm
        a, b, c, d, e, f = (float(v) for v in operands)
        self.tm = self.tlm = (a, b, c, d, e, f)

    def move(self, operands: Sequence[Any]) -> None:              # Td
        tx, ty = float(operands[0]), float(operands[1])
        self.tm = self.tlm = _mul((1.0, 0.0, 0.0, 1.0, tx, ty), self.tlm)

    def move_and_lead(self, operands: Sequence[Any]) -> None:     # TD: Td that sets the leading too
        self.leading = -float(operands[1])
        self.move(operands)

    def next_line(self, operands: Sequence[Any]) -> None:         # T*
        self.tm = self.tlm = _mul((1.0, 0.0, 0.0, 1.0, 0.0, -self.leading), self.tlm)

    def set_char_space(self, operands: Sequence[Any]) -> None:    # Tc
        self.char_space = float(operands[0])

    def set_word_space(self, operands: Sequence[Any]) -> None:    # Tw
        self.word_space = float(operands[0])

    def set_scale(self, operands: Sequence[Any]) -> None:         # Tz
        self.scale = float(operands[0]) / 100

    def set_leading(self, operands: Sequence[Any]) -> None:       # TL
        self.leading = float(operands[0])

    def set_rise(self, operands: Sequence[Any]) -> None:          # Ts
        self.rise = float(operands[0])

    def set_render_mode(self, operands: Sequence[Any]) -> None:   # Tr: only filled text has an outline to fill
        if int(operands[0]) != 0:
            raise self._error(msg("render.text_render_mode", mode=int(operands[0])))

    # -- showing text -----------------------------------------------------------------------
    def show_string(self, operands: Sequence[Any]) -> None:       # Tj
        self.show(bytes(operands[0]))

    def next_line_show(self, operands: Sequence[Any]) -> None:    # '
        self.next_line(operands)
        self.show(bytes(operands[0]))

    def spaced_next_line_show(self, operands: Sequence[Any]) -> None:    # "
        self.word_space, self.char_space = float(operands[0]), float(operands[1])
        self.next_line(operands)
        self.show(bytes(operands[2]))

    def show_positioned(self, operands: Sequence[Any]) -> None:   # TJ: strings and moves in 1/1000 em
        for part in operands[0]:
            if isinstance(part, (int, float)) or type(part).__name__ == "Decimal":
                self.tm = _mul((1.0, 0.0, 0.0, 1.0, -float(part) / 1000 * self.size * self.scale, 0.0), self.tm)
            else:
                self.show(bytes(part))

    def show(self, data: bytes) -> None:
        """Each glyph of data as its form, placed by the text-rendering matrix; the text matrix advanced."""
        font = self.font
        if font is None:
            raise self._error(msg("render.text_no_font"))
        pikepdf = self.outliner.pikepdf
        units = font.outlines.units
        for code in data:
            gid = font.outlines.cmap.get(code, 0)
            trm = _mul((self.size * self.scale, 0.0, 0.0, self.size, 0.0, self.rise), self.tm)
            if font.outlines.contours(gid):
                form = self.outliner.glyph_form(self.font_ref, font, gid)
                name = f"/Gl{form.objgen[0]}"
                self.used[name] = form
                m = _mul((1 / units, 0.0, 0.0, 1 / units, 0.0, 0.0), trm)
                self.out.append(pikepdf.ContentStreamInstruction([], pikepdf.Operator("q")))
                self.out.append(pikepdf.ContentStreamInstruction(list(m), pikepdf.Operator("cm")))
                self.out.append(pikepdf.ContentStreamInstruction([pikepdf.Name(name)], pikepdf.Operator("Do")))
                self.out.append(pikepdf.ContentStreamInstruction([], pikepdf.Operator("Q")))
                self.outliner.outlined += 1
            advance = (font.width(code) / 1000 * self.size + self.char_space
                       + (self.word_space if code == 32 else 0.0)) * self.scale
            self.tm = _mul((1.0, 0.0, 0.0, 1.0, advance, 0.0), self.tm)


TEXT_OPERATORS: dict[str, Callable[[_TextRewrite, Sequence[Any]], None]] = {
    "BT": _TextRewrite.begin, "ET": _TextRewrite.end, "Tf": _TextRewrite.set_font, "Tm": _TextRewrite.set_matrix,
    "Td": _TextRewrite.move, "TD": _TextRewrite.move_and_lead, "T*": _TextRewrite.next_line,
    "Tc": _TextRewrite.set_char_space, "Tw": _TextRewrite.set_word_space, "Tz": _TextRewrite.set_scale,
    "TL": _TextRewrite.set_leading, "Ts": _TextRewrite.set_rise, "Tr": _TextRewrite.set_render_mode,
    "Tj": _TextRewrite.show_string, "'": _TextRewrite.next_line_show, '"': _TextRewrite.spaced_next_line_show,
    "TJ": _TextRewrite.show_positioned,
}


def outline_text(path: Path) -> int:
    """Turn every glyph of the PDF at path into a path, in place (deterministic bytes); returns how
    many glyphs were outlined.  OutlineError names what cannot be."""
    import pikepdf
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        version = pdf.pdf_version
        outliner = _Outliner(pdf, Path(path))
        outliner.done, outliner.emptied = set(), []
        for number, page in enumerate(pdf.pages, 1):
            outliner.rewrite(page.obj, msg("render.page", number=number))
        for resources in outliner.emptied:
            if "/Font" in resources:
                del resources["/Font"]
        pdf.save(path, force_version=version, deterministic_id=True, compress_streams=True,
                 object_stream_mode=pikepdf.ObjectStreamMode.disable, fix_metadata_version=False, linearize=False)
    return outliner.outlined


def outline_shop_files(files: list[Any]) -> int:
    """Outline the text of every shop file among a build's written files (pnp.outputs.Written), in
    place, after the print check has read their text; returns the glyphs outlined.  A file the check
    passed keeps its verdict, moved to the outlined bytes: the outlines are drawn from the very glyphs
    it read (the same positions, font program and fill), so what it vouched for is what prints."""
    from ..outputs import sha256
    total = 0
    for w in files:
        if not w.kind.startswith("shop"):
            continue
        total += outline_text(w.path)
        if w.verdict is not None:
            w.verdict = (sha256(w.path), *w.verdict[1:])
    return total
