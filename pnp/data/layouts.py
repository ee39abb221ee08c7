"""Layouts (layouts/*.yaml and a game's own): inheritance through extends:, regions placed in points,
fonts and icons resolved, every problem at its line."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..errors import Problem
from ..limits import MAX_CARD_MM, MIN_CARD_MM
from ..messages import did_you_mean, did_you_mean_file, msg
from ..text import fonts
from ..text.fonts import FONT_FILES
from ..units import PT_PER_MM, UnitError, parse_extent, parse_length, to_mm
from .bounds import LAYOUT_LENGTHS, REGION_LENGTHS, length_range_problems
from .model import Icon, Layout, Region, Where
from .pictures import safe_image
from .regions import (
    ANCHORS,
    Undecided,
    candidate_note,
    conditional,
    inherited_anchor_problems,
    overlap_problems,
)
from .schema_check import RawFile
from .schemas import SIZE_NAMES
from .yamlsource import SourceMap

CARD_SIZES_MM = {"poker": (63, 88), "bridge": (58, 89), "mini": (44, 63), "tarot": (70, 120),
                 "meishi": (91, 55), "square": (70, 70)}
assert set(CARD_SIZES_MM) == set(SIZE_NAMES)

CARD_FIELDS = {"title", "value", "body", "flavor", "suit_name", "deck_name", "game_title"}
LENGTH_KEYS = {"x", "y", "w", "h", "size", "min_size", "stroke_width", "radius", "mark_size", "slot_size"}
TEXT_KINDS = {"text", "index", "pips", "slots"}


Origins = dict[tuple[str, str], Where]     # (side, region name) → where the region is last written


def _parents(entry: RawFile) -> list[str]:
    parents = entry.data.get("extends", [])
    return [parents] if isinstance(parents, str) else list(parents)


def _own_regions(entry: RawFile, side: str) -> dict[str, Any]:
    regions: dict[str, Any] = (entry.data.get(side) or {}).get("regions") or {}
    return regions


def resolve_extends(lid: str, raw: dict[str, RawFile],
                    chain: tuple[str, ...] = ()) -> tuple[dict[str, Any], Origins, Problem | None]:
    """The layout's data over its parents' (later parents over earlier ones), and where each region
    is last written: a region a layout mentions is placed, and its problems said, at that layout."""
    entry = raw[lid]
    if lid in chain:
        cycle = " → ".join(chain + (lid,))
        return {}, {}, entry.smap.problem(("extends",), msg("data.layout_cycle", cycle=cycle))
    merged: dict[str, Any] = {}
    origins: Origins = {}
    for parent in _parents(entry):
        if parent not in raw:
            return {}, {}, entry.smap.problem(("extends",), msg("data.unknown_parent_layout", parent=parent,
                                                                  hint=did_you_mean(parent, raw)))
        pdata, porigins, err = resolve_extends(parent, raw, chain + (lid,))
        if err:
            return {}, {}, err
        merged = _deep_merge(merged, pdata)
        origins.update(porigins)
    for side in ("face", "back"):
        for name, reg in _own_regions(entry, side).items():
            if reg is None:
                origins.pop((side, name), None)
            else:
                origins[(side, name)] = entry.smap.location((side, "regions", name))
    own = {k: v for k, v in entry.data.items() if k != "extends"}
    return _deep_merge(merged, own), origins, None


def anchor_problems(lid: str, raw: dict[str, RawFile]) -> Undecided:
    """x or y written without anchor: on a region whose inherited anchor measures it from another edge
    (pnp.data.regions.inherited_anchor_problems).  Called once the layout's extends: resolve."""
    entry = raw[lid]
    parents: dict[str, Any] = {}
    for parent in _parents(entry):
        parents = _deep_merge(parents, resolve_extends(parent, raw)[0])

    def setter(side: str, name: str, at: str = lid) -> str | None:
        for parent in reversed(_parents(raw[at])):     # later parents win, as in the merge
            reg = _own_regions(raw[parent], side).get(name)
            if isinstance(reg, dict) and "anchor" in reg:
                return parent
            found = setter(side, name, parent)
            if found:
                return found
        return None
    return inherited_anchor_problems(entry.data, parents, setter, entry.smap.location)


def _deep_merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _deep_merge(out[k], v)
        else:
            out[k] = v
    return out


def _size_pt(size: Any) -> tuple[float, float]:
    if isinstance(size, str):
        w, h = CARD_SIZES_MM[size]
        return parse_length(f"{w}mm"), parse_length(f"{h}mm")
    return parse_length(size["width"]), parse_length(size["height"])


def card_size_problems(size: Any, smap: SourceMap, path: tuple[Any, ...]) -> list[Problem]:
    """A card of 0 mm divides by zero and one of 0.0000001 mm fills a sheet with billions: both refused."""
    if isinstance(size, str):
        return []
    out = []
    for key in ("width", "height"):
        value = parse_length(size[key]) / PT_PER_MM
        if not MIN_CARD_MM <= value <= MAX_CARD_MM:
            out.append(smap.problem(path + (key,), msg("data.card_size_range", key=key, value=size[key],
                                                       low=f"{MIN_CARD_MM:g}", high=f"{MAX_CARD_MM:g}")))
    return out


def build_icons(data: dict[str, Any], folder: Path | None, smap: SourceMap) -> tuple[dict[str, Icon], list[Problem]]:
    """icons: name → {shape, color} or {image} (an image beside the file, never outside its folder)."""
    icons, problems = {}, []
    for name, spec in (data.get("icons") or {}).items():
        if "image" in spec:
            image, err = safe_image(folder or Path("."), spec["image"], smap, ("icons", name, "image"))
            if err:
                problems.append(err)
                continue
            icons[name] = Icon(name, None, "#000000", image)
        else:
            icons[name] = Icon(name, spec["shape"], spec.get("color", "#1a1a1a"))
    return icons, problems


SAFE_KINDS = TEXT_KINDS | {"mark", "image", "badge"}   # must stay inside the safe area


def _place(kind: str, reg: dict[str, Any], width: float, height: float, safe: float) -> tuple[float, float, float, float]:
    """Resolve x, y, w, h (lengths or shares of the trim) and the anchor to the region's top-left
    corner and size in points.  The anchor says which edge (or the centre) x and y measure from:
    ``bottom-right`` with x: 4mm, y: 4mm puts the region's corner 4 mm inside the trim's corner."""
    if kind == "frame":
        reg = {"x": f"{safe}pt", "y": f"{safe}pt", "w": f"{width - 2 * safe}pt", "h": f"{height - 2 * safe}pt",
               **reg}
    horizontal, vertical = ANCHORS[reg.get("anchor", "top-left")]
    w, h = parse_extent(reg["w"], width), parse_extent(reg["h"], height)
    x = parse_extent(reg.get("x", "0mm"), width)
    y = parse_extent(reg.get("y", "0mm"), height)
    if horizontal == "center":
        x = (width - w) / 2 + x
    elif horizontal == "right":
        x = width - x - w
    if vertical == "middle":
        y = (height - h) / 2 + y
    elif vertical == "bottom":
        y = height - y - h
    return x, y, w, h


def _outside(kind: str, props: dict[str, Any], x: float, y: float, w: float, h: float, width: float, height: float,
             safe: float, bleed: float) -> str | None:
    """Where a placed region may lie: text, marks, images and badges in the safe area, bleed: true
    bands and images in the bleed, everything else on the trim.  The name of the area it leaves, or None."""
    if kind in SAFE_KINDS and not (kind == "image" and props.get("bleed")):    # full-bleed art may run off
        inset, area, mm_ = safe, "layout.area_safe", f"{to_mm(safe):.1f}"
    elif props.get("bleed"):
        inset, area, mm_ = -bleed, "layout.area_bleed", f"{to_mm(bleed):.1f}"
    else:
        inset, area, mm_ = 0.0, "layout.area_trim", ""
    eps = 0.01
    if (x < inset - eps or y < inset - eps or x + w > width - inset + eps or y + h > height - inset + eps
            or w < -eps or h < -eps):
        return msg(area, mm=mm_) if mm_ else msg(area)
    return None


def build_fonts(data: dict[str, Any], fonts_folder: Path, smap: SourceMap) -> tuple[dict[str, str], list[Problem]]:
    """fonts: [{family, weight, file}] → font name (family, or family-bold) → key for measuring and
    drawing.  Files live in the project's fonts/ folder; CFF-outline OpenType fonts are refused."""
    out, problems = {}, []
    for i, spec in enumerate(data.get("fonts") or []):
        name = spec["family"] + ("-bold" if spec.get("weight", "regular") == "bold" else "")
        at = ("fonts", i, "file")
        if name in FONT_FILES or name in out:
            problems.append(smap.problem(("fonts", i, "family"), msg("data.font_defined", font=name)))
            continue
        path = (fonts_folder / spec["file"]).resolve()
        try:
            path.relative_to(fonts_folder.resolve())
        except ValueError:
            problems.append(smap.problem(at, msg("data.font_file_outside", file=spec['file'])))
            continue
        if not path.is_file():
            problems.append(smap.problem(at, msg("data.font_file_not_found", file=spec['file'],
                                                 hint=did_you_mean_file(fonts_folder, spec['file']))))
            continue
        try:
            out[name] = fonts.register_file(name, path, spec.get("index"), spec.get("face"))
        except fonts.FontFileError as e:
            problems.append(smap.problem(at, f"fonts/{spec['file']}: {e}"))
    failed = {s["family"] + ("-bold" if s.get("weight", "regular") == "bold" else "")
              for s in data.get("fonts") or []} - set(out) - set(FONT_FILES)
    return {**out, **{name: "" for name in failed}}, problems      # "": reported already


def resolve_fonts(layout: Layout, own: dict[str, str], smap: SourceMap) -> tuple[Layout, list[Problem]]:
    """The layout with every region's font (and the bold that goes with it) named by the bundled
    faces, the layout's fonts: or the game's fonts:, resolved to the file actually used; an unknown
    name is an error at the region."""
    available = {**{k: k for k in FONT_FILES}, **layout.fonts, **own}
    problems: list[Problem] = []
    sides = {}
    for side in ("face", "back"):
        out = []
        for r in getattr(layout, side):
            props = dict(r.props)
            name = props.get("font")
            for key in ("font", "bold_font"):
                value = props.get(key)
                if value is None:
                    continue
                if value not in available:
                    known = sorted(k for k, v in available.items() if v)
                    problems.append(Problem(r.where.file, r.where.line, r.where.col, f"{side}.regions.{r.name}.{key}",
                                            f"unknown font {value!r} (fonts: {', '.join(known)})"))
                    continue
                if not available[value]:      # its file was refused: said at the file
                    continue
                props[key] = available[value]
            if name is not None and "bold_font" not in r.props and f"{name}-bold" in available \
                    and name not in FONT_FILES:
                props["bold_font"] = available[f"{name}-bold"]
            out.append(replace(r, props=props))
        sides[side] = tuple(out)
    return replace(layout, face=sides["face"], back=sides["back"]), problems


def build_layout(lid: str, data: dict[str, Any], smap: SourceMap, folder: Path | None = None,
                 size: Any = None, origins: Origins | None = None,
                 undecided: Undecided | None = None, checkable: bool = False
                 ) -> tuple[Layout | None, list[Problem]]:
    """A layout at its own size, or at size (a deck's size: …); every region is placed on that card
    and checked against it (the trim, the safe area, and the other regions it may overlap).
    origins: where each region is last written (inherited ones in their parent's file).
    undecided: regions whose x or y does not say which edge it measures from (inherited_anchor_problems):
    left out of the overlap check, their problem says what each anchor would overlap.
    checkable: the layout is given as far as it placed its regions even when it has problems (for
    the checks a deck makes on it); otherwise None then."""
    origins = origins or {}
    undecided = undecided or {}
    problems = []
    icons, errs = build_icons(data, folder, smap)
    problems.extend(errs)
    own_fonts: dict[str, str] = {}
    if data.get("fonts") and folder is not None:
        own_fonts, errs = build_fonts(data, folder.parent / "fonts", smap)
        problems.extend(errs)
    where = Where(smap.file, *smap.where(()))
    chosen = size if size is not None else data.get("size", "poker")
    size_problems = card_size_problems(chosen, smap, ("size",))
    if size_problems:
        return None, size_problems
    width, height = _size_pt(chosen)
    ranges = length_range_problems(data, smap, (), LAYOUT_LENGTHS)
    if ranges:
        return None, ranges
    card = _Card(lid, width, height, parse_length(data.get("bleed", "3mm")), parse_length(data.get("safe", "3mm")))
    sides = {}
    for side in ("face", "back"):
        written = data.get(side, {}).get("regions") or {}
        regions = [r for name, reg in written.items() if reg is not None
                   and (r := _place_region(card, side, name, reg, smap, origins, problems)) is not None]
        regions.sort(key=lambda r: (r.get("z", 0),))
        sides[side] = tuple(regions)
        size_at = smap.location(("size",)) if size is not None or ("size",) in smap.marks else None
        problems.extend(_side_overlaps(side, regions, card, smap, size_at, {name for s, name in undecided if s == side}))
        problems.extend(_undecided_notes(side, regions, written, undecided, card))
    for (side, name), (problem, _) in undecided.items():
        if not any(r.name == name for r in sides.get(side, ())):
            problems.append(problem)
    if problems and not checkable:
        return None, problems
    return Layout(lid, width, height, card.bleed, card.safe, parse_length(data.get("corner_radius", "0mm")),
                  data.get("background", "#ffffff"), sides["face"], sides["back"], where, icons,
                  {k: v.lower() for k, v in (data.get("styles") or {}).items()},
                  spec=(data, smap, folder, origins), fonts=own_fonts), problems


@dataclass(frozen=True)
class _Card:
    """The card a layout's regions are placed on: its layout's id, its size, bleed and safe area (pt)."""
    lid: str
    width: float
    height: float
    bleed: float
    safe: float

    @property
    def label(self) -> str:
        return f"{to_mm(self.width):.0f}×{to_mm(self.height):.0f} mm"


def _place_region(card: _Card, side: str, name: str, reg: dict[str, Any], smap: SourceMap, origins: Origins,
                  problems: list[Problem]) -> Region | None:
    """Region `name` of a side placed on the card, or None when it cannot be placed (no kind:, a missing
    x/y/w/h, a bad length); a region that is placed may still have problems (outside its area, a
    field it cannot read)."""
    path = (side, "regions", name)
    kind = reg.get("kind")
    if kind is None:
        problems.append(smap.problem(path, msg("layout.region_needs_kind")))
        return None
    missing = [k for k in ("x", "y", "w", "h") if k not in reg and kind != "frame"
               and not (k in "xy" and "anchor" in reg)]
    if missing:
        problems.append(smap.problem(path, msg("layout.region_needs", keys=missing)))
        return None
    try:
        x, y, w, h = _place(kind, reg, card.width, card.height, card.safe)
    except UnitError as e:
        problems.append(smap.problem(path, str(e)))
        return None
    ranges = length_range_problems(reg, smap, path, REGION_LENGTHS)
    if ranges:
        problems.extend(ranges)
        return None
    props = {k: (parse_length(v) if k in LENGTH_KEYS else v) for k, v in reg.items()
             if k not in ("x", "y", "w", "h", "kind", "anchor")}
    area = _outside(kind, props, x, y, w, h, card.width, card.height, card.safe, card.bleed)
    if area:
        problems.append(smap.problem(path, msg("layout.region_outside", region=name, layout=card.lid, kind=kind,
                                               w=f"{to_mm(w):.1f}", h=f"{to_mm(h):.1f}", x=f"{to_mm(x):.1f}",
                                               y=f"{to_mm(y):.1f}", area=area, card=card.label)))
    problems.extend(_region_key_problems(name, kind, props, smap, path))
    return Region(name, kind, x, y, w, h, props, origins.get((side, name)) or Where(smap.file, *smap.where(path)))


def _region_key_problems(name: str, kind: str, props: dict[str, Any], smap: SourceMap,
                         path: tuple[Any, ...]) -> list[Problem]:
    """What a placed region asks of its keys: an image's field: names a fields.NAME column, rotate: is a
    text region's, a text region has a field: or text:, and field: names a card field."""
    problems = []
    if kind == "image" and "field" in props and not str(props["field"]).startswith("fields."):
        problems.append(smap.problem(path + ("field",), f"an image region reads its picture from a "
                                                        f"fields.NAME column (a file or an :icon:); "
                                                        f"{props['field']!r} is not one (without field: "
                                                        "it shows the card's image)"))
    if "rotate" in props and kind != "text":
        problems.append(smap.problem(path + ("rotate",), f"rotate: turns a text region's text; region "
                                                         f"{name!r} is {kind} (an index turns with rotate_copy)"))
    if kind in TEXT_KINDS and "field" not in props and "text" not in props:
        problems.append(smap.problem(path, msg("layout.text_region_needs_field")))
    f = props.get("field")
    if isinstance(f, str) and f not in CARD_FIELDS and not f.startswith(("fields.", "rules.")):
        problems.append(smap.problem(path + ("field",), msg("layout.unknown_field", field=f,
                                                             known=sorted(CARD_FIELDS),
                                                             hint=did_you_mean(f, CARD_FIELDS))))
    return problems


def _side_overlaps(side: str, regions: list[Region], card: _Card, smap: SourceMap, size_at: Where | None,
                   open_: set[str]) -> list[Problem]:
    """The overlaps of a side's placed regions, leaving out the regions whose anchor is undecided and
    those that print on some cards only (judged with the deck's cards)."""
    def pair(a: Region, b: Region) -> str | None:
        if a.name in open_ or b.name in open_ or conditional(side, a) or conditional(side, b):
            return None
        return ""
    return overlap_problems(side, regions, card.width, card.height, smap.file, size_at,
                            smap.location(("extends",)) if ("extends",) in smap.marks else None,
                            pair=pair, key_at=lambda path: smap.location(path) if path in smap.marks else None)


def _undecided_notes(side: str, regions: list[Region], written: dict[str, Any], undecided: Undecided,
                     card: _Card) -> list[Problem]:
    """The problem of each region of the side whose anchor is undecided, with what each anchor it
    could mean would overlap."""
    problems = []
    for region in regions:
        if (side, region.name) not in undecided:
            continue
        problem, anchors = undecided[(side, region.name)]
        reg = written[region.name]
        notes = []
        for anchor in anchors:
            try:
                x, y, w, h = _place(region.kind, {**reg, "anchor": anchor}, card.width, card.height, card.safe)
            except UnitError:
                continue
            placed = replace(region, x_pt=x, y_pt=y, w_pt=w, h_pt=h)
            notes.append(f"anchor: {anchor} {candidate_note(side, placed, regions, card.width, card.height)}")
        problems.append(replace(problem, message=f"{problem.message} ({'; '.join(notes)})"))
    return problems


def stand_in_layout(lid: str, where: Where) -> Layout:
    """What a deck holds for a layout that did not load: no regions, never planned (Layout.stand_in)."""
    width, height = _size_pt("poker")
    return Layout(lid, width, height, 0.0, 0.0, 0.0, "#ffffff", (), (), where, stand_in=True)


def layout_at(layout: Layout, size: Any, checkable: bool = False) -> tuple[Layout | None, list[Problem]]:
    """The same template laid out again on a card of another size (a deck's size: …)."""
    data, smap, folder, origins = layout.spec
    return build_layout(layout.id, data, smap, folder, size=size, origins=origins, checkable=checkable)
