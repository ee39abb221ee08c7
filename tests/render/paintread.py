"""An independent reader of a PDF's paint, for the print tests: pikepdf (qpdf) parses every content
stream of every page and form XObject, and this walks the operators keeping the graphics state
(q/Q, colours and their colour spaces, ExtGState overprint, text size, line width).  Nothing of
pnp's own reader (pnp.render.readback) is used, so a test that reads a file with this one checks
pnp's writer and its reader independently."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pikepdf


@dataclass(frozen=True)
class State:
    fill_space: str = "DeviceGray"
    fill: tuple[float, ...] = (0.0,)
    stroke_space: str = "DeviceGray"
    stroke: tuple[float, ...] = (0.0,)
    fill_overprint: bool = False
    stroke_overprint: bool = False
    overprint_mode: int = 0
    font_size: float = 0.0
    scale: float = 1.0            # of the CTM (uniform scaling in pnp's files)
    line_width: float = 1.0


@dataclass
class Paint:
    """What one file paints: glyph runs, strokes, fills, images, the colour operators used."""

    texts: list[tuple[int, int, State]] = field(default_factory=list)     # (page, glyphs, state)
    strokes: list[tuple[int, State]] = field(default_factory=list)
    fills: list[tuple[int, State]] = field(default_factory=list)
    images: list[tuple[int, str]] = field(default_factory=list)           # (page, colour space)
    operators: set[str] = field(default_factory=set)
    spaces: set[str] = field(default_factory=set)                          # every colour space named


def _space_name(space: Any, resources: Any) -> str:
    if isinstance(space, pikepdf.Name):
        name = str(space)
        if name in ("/DeviceRGB", "/DeviceCMYK", "/DeviceGray", "/Pattern"):
            return name[1:]
        named = (resources.get("/ColorSpace") or {}).get(name)
        return _space_name(named, resources) if named is not None else name[1:]
    if isinstance(space, pikepdf.Array):
        family = str(space[0])[1:]
        if family == "Separation":
            return f"Separation:{str(space[1])[1:]}"
        if family == "ICCBased":
            n = int(space[1].get("/N", 0))
            return f"ICCBased{n}"
        if family == "Indexed":
            return "Indexed:" + _space_name(space[1], resources)
        return family
    return str(space)


def _nums(operands: list[Any]) -> tuple[float, ...]:
    return tuple(float(v) for v in operands if not isinstance(v, (pikepdf.Name, pikepdf.Dictionary)))


def read_paint(path: Path) -> Paint:
    out = Paint()
    with pikepdf.open(path) as pdf:
        for number, page in enumerate(pdf.pages, 1):
            _walk(page.obj, page.obj.get("/Resources") or pikepdf.Dictionary(), number, State(), out, set())
    return out


def _walk(owner: Any, resources: Any, page: int, state: State, out: Paint, seen: set[tuple[int, int]]) -> None:
    stack: list[State] = []
    for operands, op in pikepdf.parse_content_stream(owner):
        o = str(op)
        out.operators.add(o)
        if o == "q":
            stack.append(state)
        elif o == "Q":
            state = stack.pop() if stack else state
        elif o == "cm":
            a, b, c, d = (float(v) for v in operands[:4])
            state = replace(state, scale=state.scale * abs(a * d - b * c) ** 0.5)
        elif o == "w":
            state = replace(state, line_width=float(operands[0]))
        elif o in ("g", "G", "rg", "RG", "k", "K"):
            space = {"g": "DeviceGray", "rg": "DeviceRGB", "k": "DeviceCMYK"}[o.lower()]
            out.spaces.add(space)
            if o.islower():
                state = replace(state, fill_space=space, fill=_nums(operands))
            else:
                state = replace(state, stroke_space=space, stroke=_nums(operands))
        elif o in ("cs", "CS"):
            space = _space_name(operands[0], resources)
            out.spaces.add(space)
            if o == "cs":
                state = replace(state, fill_space=space)
            else:
                state = replace(state, stroke_space=space)
        elif o in ("sc", "scn", "SC", "SCN"):
            if o.lower() == o:
                state = replace(state, fill=_nums(operands))
            else:
                state = replace(state, stroke=_nums(operands))
        elif o == "gs":
            gs = (resources.get("/ExtGState") or {}).get(str(operands[0])) or {}
            op_stroke = bool(gs.get("/OP", state.stroke_overprint))
            state = replace(state, stroke_overprint=op_stroke,
                            fill_overprint=bool(gs.get("/op", gs.get("/OP", state.fill_overprint))),
                            overprint_mode=int(gs.get("/OPM", state.overprint_mode)))
        elif o == "Tf":
            state = replace(state, font_size=float(operands[1]))
        elif o in ("Tj", "'", '"'):
            out.texts.append((page, len(bytes(operands[-1])), state))
        elif o == "TJ":
            n = sum(len(bytes(v)) for v in operands[0] if isinstance(v, pikepdf.String))
            out.texts.append((page, n, state))
        elif o in ("S", "s"):
            out.strokes.append((page, state))
        elif o in ("f", "F", "f*"):
            out.fills.append((page, state))
        elif o in ("B", "B*", "b", "b*"):
            out.strokes.append((page, state))
            out.fills.append((page, state))
        elif o == "Do":
            xobj = (resources.get("/XObject") or {}).get(str(operands[0]))
            if xobj is None:
                continue
            if xobj.get("/Subtype") == pikepdf.Name.Image:
                space = _space_name(xobj.get("/ColorSpace"), resources) if "/ColorSpace" in xobj else "mask"
                out.images.append((page, space))
                out.spaces.add(space)
            elif xobj.get("/Subtype") == pikepdf.Name.Form:
                key = xobj.objgen
                if key in seen:
                    continue
                _walk(xobj, xobj.get("/Resources") or resources, page, state, out, seen | {key})
