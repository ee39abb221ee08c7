"""Parts beyond cards (tracks, boards, cut-apart cards, token sheets, dice, bits lists, tuck boxes):
schemas and model.

Each part kind registers a JSON Schema in PART_SCHEMAS and a builder; ``build_part`` turns a
validated YAML mapping into a frozen model object with ``id``, ``name``, ``file`` and
``piece_count`` (what game.yaml's component count is checked against).  Lengths are kept in points;
board geometry (cells, areas, labels) stays in cell units until layout."""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import Problem
from ..limits import MAX_BOARD_CELLS, MAX_BOARD_MM, MAX_CARD_MM, MAX_TRACK_SPACES, MIN_CARD_MM
from ..messages import did_you_mean, msg
from ..units import UnitError, mm, parse_length, to_mm
from .model import Where
from .schemas import COUNT, DRAFT, ID, LENGTH, PROVENANCE, SIZE, TEXT
from .yamlsource import SourceMap

PART_SCHEMAS: dict[str, dict[str, Any]] = {}
_BUILDERS: dict[str, Callable[[dict[str, Any], SourceMap, Path], tuple[Any, list[Problem]]]] = {}

HEX = {"type": "string", "pattern": r"^#[0-9a-fA-F]{6}$", "description": "#rrggbb"}
MIN_SPACE_MM = 10.0          # a track space must hold an 8–10 mm wooden cube
CARD_SIZES_MM = {"poker": (63, 88), "bridge": (58, 89), "mini": (44, 63), "tarot": (70, 120),
                 "meishi": (91, 55), "square": (70, 70)}


def build_part(data: dict[str, Any], smap: SourceMap, folder: Path) -> tuple[Any, list[Problem]]:
    return _BUILDERS[data["kind"]](data, smap, folder)


def _schema(kind: str, title: str, required: list[str], props: dict[str, Any]) -> dict[str, Any]:
    common = {"kind": {"const": kind}, "id": ID, "name": TEXT, "description": TEXT, **PROVENANCE}
    return {"$schema": DRAFT, "$id": f"pnp-{kind}.schema.json", "title": f"pnp {title}", "type": "object",
            "additionalProperties": False, "required": ["kind", "id", "name", *required],
            "properties": {**common, **props}}


def _obj(required: list[str], props: dict[str, Any], description: str = "") -> dict[str, Any]:
    out = {"type": "object", "additionalProperties": False, "required": required, "properties": props}
    if description:
        out["description"] = description
    return out


class _Lengths:
    """parse_length with problems recorded against the YAML path (the schema checks the pattern;
    this catches what a pattern cannot, e.g. negative sizes)."""

    def __init__(self, smap: SourceMap):
        self.smap = smap
        self.problems: list[Problem] = []

    def get(self, value: Any, path: tuple[Any, ...], default: str | None = None, minimum_mm: float = 0.0,
            maximum_mm: float = MAX_CARD_MM) -> float:
        if value is None:
            value = default
        try:
            pt = parse_length(value)
        except UnitError as exc:
            self.problems.append(self.smap.problem(path, str(exc)))
            return mm(max(minimum_mm, 1.0))
        if pt <= 0 or pt < mm(minimum_mm) - 1e-6:
            self.problems.append(self.smap.problem(path, f"length {value} is too small (at least {minimum_mm:g} mm)"
                                                   if minimum_mm else f"length {value} must be positive"))
            return mm(max(minimum_mm, 1.0))
        if pt > mm(maximum_mm) + 1e-6:
            self.problems.append(self.smap.problem(path, f"length {value} is too large (at most {maximum_mm:g} mm)"))
            return mm(maximum_mm)
        return pt


def _where(smap: SourceMap, path: tuple[Any, ...] = ()) -> Where:
    return Where(smap.file, *smap.where(path))


def _card_size(size: Any, lengths: _Lengths, path: tuple[Any, ...]) -> tuple[float, float]:
    if isinstance(size, str):
        w, h = CARD_SIZES_MM[size]
        return mm(w), mm(h)
    return (lengths.get(size["width"], path + ("width",), None, MIN_CARD_MM),
            lengths.get(size["height"], path + ("height",), None, MIN_CARD_MM))


# ============================================================================ track
TRACK_SCHEMA = _schema("track", "track (numbered spaces a cube moves on)", ["end"], {
    "shape": {"enum": ["row", "snake", "border"],
              "description": "row: one line; snake: rows of `columns` spaces, turning at each end; "
                             "border: clockwise round the edge of a card or board"},
    "start": {"type": "integer"},
    "end": {"type": "integer"},
    "step": {"type": "integer", "minimum": 1, "description": "distance between spaces; the direction "
                                                             "follows start → end (60 → 0 counts down)"},
    "space": LENGTH,
    "columns": {"type": "integer", "minimum": 2, "maximum": 60,
                "description": "snake: spaces per row; border: spaces along the top edge"},
    "mark_every": {"type": "integer", "minimum": 2, "description": "tint every n-th value (5 → 0, 5, 10 …)"},
    "highlight": {"type": "array", "items": {"type": "integer"},
                  "description": "tint exactly these values (start spaces, thresholds) instead of every n-th"},
    "title": TEXT,
    "note": TEXT,
    "color": HEX,
    "count": COUNT,
    "copies": {"type": "array", "minItems": 1, "items": _obj([], {"title": TEXT, "color": HEX, "note": TEXT}),
               "description": "one printed card per entry (e.g. one per player colour)"},
})


@dataclass(frozen=True)
class TrackCopy:
    title: str
    color: str
    note: str


@dataclass(frozen=True)
class Track:
    id: str
    name: str
    file: str
    where: Where
    shape: str
    start: int
    end: int
    step: int              # signed
    space_pt: float
    columns: int
    mark_every: int
    copies: tuple[TrackCopy, ...]
    description: str = ""
    kind: str = "track"
    highlight: tuple[int, ...] = ()

    def tinted(self, value: int) -> bool:
        return value in self.highlight if self.highlight else value % self.mark_every == 0

    def values(self) -> list[int]:
        return list(range(self.start, self.end + (1 if self.step > 0 else -1), self.step))

    @property
    def piece_count(self) -> int:
        return len(self.copies)


def _build_track(d: dict[str, Any], smap: SourceMap, folder: Path) -> tuple[Track | None, list[Problem]]:
    L = _Lengths(smap)
    start, end = d.get("start", 0), d["end"]
    step = d.get("step", 1)
    problems: list[Problem] = []
    if start == end:
        problems.append(smap.problem(("end",), f"a track needs at least two spaces (start and end are both {end})"))
    signed = step if end >= start else -step
    if (end - start) % step:
        problems.append(smap.problem(("step",), f"end {end} is not reached from start {start} in steps of {step}"))
    space = L.get(d.get("space"), ("space",), "12mm", MIN_SPACE_MM, 100.0)
    n = abs(end - start) // step + 1
    if n > MAX_TRACK_SPACES:     # checked before any space is listed: `end: 1000000000` must not fill memory
        problems.append(smap.problem(("end",), f"a track of {n:,} spaces is too long (at most {MAX_TRACK_SPACES})"))
        return None, problems + L.problems
    shape = d.get("shape", "snake")
    columns = d.get("columns", 10 if shape == "snake" else max(2, (n + 4) // 4))
    if shape == "border" and n < 4:
        problems.append(smap.problem(("end",), "a border track needs at least 4 spaces"))
    if "count" in d and "copies" in d:
        problems.append(smap.problem(("count",), msg("parts.count_or_copies")))
    color = d.get("color", "#4a6fa5")
    title = d.get("title", d["name"])
    note = d.get("note", "")
    if "copies" in d:
        copies = tuple(TrackCopy(c.get("title", title), c.get("color", color), c.get("note", note))
                       for c in d["copies"])
    else:
        copies = tuple(TrackCopy(title, color, note) for _ in range(d.get("count", 1)))
    problems += L.problems
    if problems:
        return None, problems
    values = set(range(start, end + (1 if signed > 0 else -1), signed))
    off = sorted(set(d.get("highlight", [])) - values)
    if off:
        return None, [smap.problem(("highlight",), f"highlight {off} are not spaces of the track")]
    return Track(d["id"], d["name"], smap.file, _where(smap), shape, start, end, signed, space, columns,
                 d.get("mark_every", 5), copies, d.get("description", ""),
                 highlight=tuple(d.get("highlight", ()))), []


# ============================================================================ board
BOARD_PAPERS = ("a4", "letter", "a3", "b5")     # the papers `pnp build --paper` offers (commands.build.HOME_PAPERS)
DEFAULT_PAPER = "a4"                            # the paper pnp build uses without --paper
CELL = {"type": "integer", "minimum": 0, "maximum": 500}
BOARD_SCHEMA = _schema("board", "board (areas on a grid, tiled over several sheets when large)", ["cell"], {
    "cell": LENGTH,
    "grid": {"type": "array", "minItems": 1, "items": {"type": "string"},
             "description": "rows of area letters; space or . is an empty cell"},
    "areas": {"type": "array", "items": _obj(["id", "label"], {
        "id": ID, "label": TEXT, "color": HEX,
        "letter": {"type": "string", "minLength": 1, "maxLength": 1, "description": "its cells in grid:"},
        "x": CELL, "y": CELL, "w": {**CELL, "minimum": 1}, "h": {**CELL, "minimum": 1},
        "actions": {**TEXT, "description": "what a player does there, printed in the area (style: panel)"},
        "cards": {**ID, "description": "the deck whose cards the rules put on this area (a pile or a face-up card): "
                                       "the area must hold one of its cards with 1 mm round it"},
    }, "an area: the cells of its letter in grid:, or a rectangle x, y, w, h in cells")},
    "labels": {"type": "array", "items": _obj(["text", "x", "y"], {
        "text": TEXT, "x": {"type": "number"}, "y": {"type": "number"}, "size": LENGTH, "color": HEX,
        "overlap": {"type": "boolean", "description": "the label is meant to lie over an area's name band or "
                                                      "another label (else that is an error)"},
    }, "free text centred at (x, y) in cells")},
    "connections": {"type": "array", "items": {"type": "array", "items": ID, "minItems": 2, "maxItems": 2},
                    "description": "extra links between areas (drawn as lines; also count as adjacent)"},
    "overlap": LENGTH,
    "title": TEXT,
    "background": HEX,
    "style": {"enum": ["solid", "panel"],
              "description": "solid: areas filled in their colour; panel: a light tint, a label band in the colour, "
                             "the area's actions and a place for a card"},
    "stripes": {"type": "boolean",
                "description": "style: panel — yellow and black warning stripes on each name band and under the "
                               "title box (a space station's panels); default false: plain bands"},
    "slot": _obj(["w", "h"], {"w": LENGTH, "h": LENGTH, "label": TEXT},
                 "style: panel — the outline of the card that sits on each area (turned in a wide area)"),
    "seams": _obj([], {"x": {"type": "array", "items": {**CELL, "minimum": 1}},
                        "y": {"type": "array", "items": {**CELL, "minimum": 1}}},
                  "where tiles meet, in cells from the left (x) and top (y): chosen so no text lies in a glue "
                  "strip; without it the board is cut into equal tiles, or at cell edges clear of text when "
                  "an equal cut would glue over some"),
    "papers": {"type": "array", "minItems": 1, "uniqueItems": True, "items": {"enum": list(BOARD_PAPERS)},
               "description": "the papers the board is printed on, checked by pnp validate (tiles, seams); "
                              "default: a4, the paper pnp build uses without --paper"},
    "title_box": _obj(["x", "y", "w", "h"], {"x": CELL, "y": CELL, "w": {**CELL, "minimum": 1},
                                              "h": {**CELL, "minimum": 1}, "text": TEXT},
                      "where the board prints its title (cells), with text under it"),
})


@dataclass(frozen=True)
class Area:
    id: str
    label: str
    color: str
    cells: tuple[tuple[int, int], ...]      # (col, row), sorted
    actions: str = ""
    cards: str = ""             # the deck whose cards lie on the area (cards:), checked against its size
    cards_where: Where = field(default=Where("", 0, 0), compare=False)

    def holds(self, cell_pt: float, w: float, h: float) -> bool:
        """Whether a w × h rectangle (either way round) fits inside the area's cells.  A rectangle that
        fits anywhere also fits with its top-left corner on a cell corner (sliding it there covers no new
        cell), so the cell corners are the only places to try."""
        cells = set(self.cells)
        for cw, ch in ((w, h), (h, w)):
            nw, nh = math.ceil(cw / cell_pt - 1e-9), math.ceil(ch / cell_pt - 1e-9)
            if any(all((c + i, r + j) in cells for i in range(nw) for j in range(nh)) for c, r in cells):
                return True
        return False


@dataclass(frozen=True)
class BoardLabel:
    text: str
    x: float
    y: float
    size_pt: float
    color: str
    where: Where = field(default=Where("", 0, 0), compare=False)   # the label's entry in labels:
    overlap: bool = False       # meant to lie over an area's name band or another label


@dataclass(frozen=True)
class Board:
    id: str
    name: str
    file: str
    where: Where
    cell_pt: float
    cols: int
    rows: int
    areas: tuple[Area, ...]
    labels: tuple[BoardLabel, ...]
    connections: tuple[tuple[str, str], ...]
    overlap_pt: float
    title: str
    background: str
    description: str = ""
    kind: str = "board"
    piece_count: int = 1
    style: str = "solid"
    slot: tuple[float, float, str] | None = None          # (w, h, label) of the card on each area
    title_box: tuple[int, int, int, int, str] | None = None   # (x, y, w, h) in cells, text under the title
    seams: tuple[tuple[int, ...], tuple[int, ...]] | None = None    # tile edges in cells (x, y)
    stripes: bool = False          # style: panel — warning stripes on the name bands and the title box
    papers: tuple[str, ...] = ()   # papers: the papers the designer prints it on; () not said (DEFAULT_PAPER)
    seams_at: Where | None = field(default=None, compare=False)    # the seams: line
    overlap_at: Where | None = field(default=None, compare=False)  # the overlap: line
    connections_where: tuple[Where, ...] = field(default=(), compare=False)   # each connection's entry

    @property
    def checked_papers(self) -> tuple[str, ...]:
        """The papers validate lays the board out on: those it names in papers:, else the paper a
        build uses without --paper."""
        return self.papers or (DEFAULT_PAPER,)

    def checked_on(self, paper: str) -> bool:
        return paper in self.checked_papers

    @property
    def width_pt(self) -> float:
        return self.cols * self.cell_pt

    @property
    def height_pt(self) -> float:
        return self.rows * self.cell_pt

    def cell_map(self) -> dict[tuple[int, int], str]:
        return {cell: a.id for a in self.areas for cell in a.cells}

    def adjacency(self, connections: bool = True) -> list[tuple[str, str]]:
        """Sorted pairs (a, b), a < b, of areas that share a cell edge (plus declared connections)."""
        cmap = self.cell_map()
        pairs: set[tuple[str, str]] = set()
        for (c, r), a in cmap.items():
            for nb in ((c + 1, r), (c, r + 1)):
                b = cmap.get(nb)
                if b is not None and b != a:
                    pairs.add((min(a, b), max(a, b)))
        if connections:
            pairs.update((min(a, b), max(a, b)) for a, b in self.connections)
        return sorted(pairs)


def _build_board(d: dict[str, Any], smap: SourceMap, folder: Path) -> tuple[Board | None, list[Problem]]:
    L = _Lengths(smap)
    problems: list[Problem] = []
    cell = L.get(d["cell"], ("cell",), None, 5.0, 200.0)
    areas_raw = d.get("areas", [])
    cells = _BoardCells()
    for i, a in enumerate(areas_raw):
        cells.add_area(i, a, smap, problems)
    grid = cells.add_grid(d.get("grid", []), areas_raw, smap, problems)
    if not cells.owner:
        problems.append(smap.problem(("areas",), msg("parts.board_needs_area")))
    cols = max([c + 1 for c, _ in cells.owner] + [len(row) for row in grid] + [1])
    rows = max([r + 1 for _, r in cells.owner] + [len(grid), 1])
    if max(cols, rows) * cell > mm(MAX_BOARD_MM) + 1e-6:
        problems.append(smap.problem(("cell",), f"the board is {to_mm(cols * cell):.0f} × {to_mm(rows * cell):.0f} mm; "
                                                f"at most {MAX_BOARD_MM:g} mm a side (use a smaller cell)"))
    conns, conn_where = _board_connections(d, set(cells.cells_of), smap, problems)
    labels = _board_labels(d, L, cols, rows, smap, problems)
    overlap = L.get(d.get("overlap"), ("overlap",), "10mm", 3.0, 50.0)
    areas = tuple(Area(a["id"], a["label"], a.get("color", BOARD_PALETTE[i % len(BOARD_PALETTE)]),
                       tuple(sorted(cells.cells_of.get(a["id"], []))), a.get("actions", ""), a.get("cards", ""),
                       Where(smap.file, *smap.where(("areas", i, "cards"))) if "cards" in a else Where("", 0, 0))
                  for i, a in enumerate(areas_raw))
    slot = _board_slot(d, L, areas, cell, smap, problems) if "slot" in d else None
    title_box = None
    if "title_box" in d:
        t = d["title_box"]
        if t["x"] + t["w"] > cols or t["y"] + t["h"] > rows:
            problems.append(smap.problem(("title_box",), f"title_box reaches off the {cols}×{rows} board"))
        title_box = (t["x"], t["y"], t["w"], t["h"], t.get("text", ""))
    seams = _board_seams(d["seams"], cols, rows, smap, problems) if "seams" in d else None
    problems += L.problems
    if problems:
        return None, problems
    return Board(d["id"], d["name"], smap.file, _where(smap), cell, cols, rows, areas, tuple(labels), tuple(conns),
                 overlap, d.get("title", d["name"]), d.get("background", "#ffffff"), d.get("description", ""),
                 style=d.get("style", "solid"), slot=slot, title_box=title_box, seams=seams,
                 stripes=bool(d.get("stripes", False)), papers=tuple(d.get("papers", ())),
                 seams_at=_where(smap, ("seams",)) if "seams" in d else None,
                 overlap_at=_where(smap, ("overlap",)) if "overlap" in d else None,
                 connections_where=tuple(conn_where)), []


BOARD_PALETTE = ["#f4d9a6", "#cfe3c1", "#c9daf0", "#f2c6c2", "#e0d0ee", "#d8e8e4", "#f0e2c8", "#dcdcdc"]   # areas without color:


@dataclass
class _BoardCells:
    """Which cells each area of a board covers, as its areas: and grid: say: an area is a letter of the
    grid or a rectangle x, y, w, h, and no cell belongs to two areas."""
    letters: dict[str, int] = field(default_factory=dict)       # grid letter → index of its area
    cells_of: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    owner: dict[tuple[int, int], str] = field(default_factory=dict)

    def add_area(self, i: int, a: dict[str, Any], smap: SourceMap, problems: list[Problem]) -> None:
        path = ("areas", i)
        if a["id"] in self.cells_of:
            problems.append(smap.problem(path + ("id",), msg("parts.duplicate_area_id", id=a['id'])))
            return
        self.cells_of[a["id"]] = []
        has_rect = any(k in a for k in ("x", "y", "w", "h"))
        if "letter" in a and has_rect:
            problems.append(smap.problem(path, "an area is either a letter of grid: or a rectangle x, y, w, h"))
        elif "letter" in a:
            if a["letter"] in self.letters:
                problems.append(smap.problem(path + ("letter",), f"letter {a['letter']!r} used by two areas"))
            self.letters[a["letter"]] = i
        elif has_rect:
            self.add_rectangle(path, a, smap, problems)
        else:
            problems.append(smap.problem(path, "an area needs letter (a grid: letter) or x, y, w, h"))

    def add_rectangle(self, path: tuple[Any, ...], a: dict[str, Any], smap: SourceMap,
                      problems: list[Problem]) -> None:
        missing = [k for k in ("x", "y", "w", "h") if k not in a]
        if missing:
            problems.append(smap.problem(path, f"rectangle area needs {', '.join(missing)}"))
            return
        if a["x"] + a["w"] > MAX_BOARD_CELLS or a["y"] + a["h"] > MAX_BOARD_CELLS:
            problems.append(smap.problem(path, f"area {a['id']!r} reaches past {MAX_BOARD_CELLS} cells "
                                               f"(a board has at most {MAX_BOARD_CELLS}×{MAX_BOARD_CELLS} cells)"))
            return
        for r in range(a["y"], a["y"] + a["h"]):
            for c in range(a["x"], a["x"] + a["w"]):
                if (c, r) in self.owner:
                    problems.append(smap.problem(path, f"area {a['id']!r} overlaps area {self.owner[(c, r)]!r} "
                                                       f"at cell ({c}, {r})"))
                    break
                self.owner[(c, r)] = a["id"]
                self.cells_of[a["id"]].append((c, r))

    def add_grid(self, grid: list[str], areas_raw: list[dict[str, Any]], smap: SourceMap,
                 problems: list[Problem]) -> list[str]:
        """The cells of the lettered areas, read from grid:; the grid as read (none when it is too large)."""
        too_big = [r for r, row in enumerate(grid) if len(row) > MAX_BOARD_CELLS][:1]
        if len(grid) > MAX_BOARD_CELLS or too_big:
            at = ("grid", too_big[0]) if too_big else ("grid", MAX_BOARD_CELLS)
            problems.append(smap.problem(at, f"grid: is larger than {MAX_BOARD_CELLS}×{MAX_BOARD_CELLS} cells "
                                             f"({max(map(len, grid))} columns, {len(grid)} rows)"))
            grid = []
        for r, row in enumerate(grid):
            for c, ch in enumerate(row):
                if ch not in " .":
                    self.add_letter(ch, c, r, areas_raw, smap, problems)
        for ch, i in self.letters.items():
            if not self.cells_of.get(areas_raw[i]["id"]):
                problems.append(smap.problem(("areas", i, "letter"), f"letter {ch!r} does not appear in grid:"))
        return grid

    def add_letter(self, ch: str, c: int, r: int, areas_raw: list[dict[str, Any]], smap: SourceMap,
                   problems: list[Problem]) -> None:
        found = self.letters.get(ch)
        if found is None:
            problems.append(smap.problem(("grid", r), f"letter {ch!r} at column {c + 1} is not an area's letter"))
            return
        aid = areas_raw[found]["id"]
        if (c, r) in self.owner:
            problems.append(smap.problem(("grid", r), f"cell ({c}, {r}) is in areas {self.owner[(c, r)]!r} and {aid!r}"))
            return
        self.owner[(c, r)] = aid
        self.cells_of[aid].append((c, r))


def _board_connections(d: dict[str, Any], ids: set[str], smap: SourceMap,
                       problems: list[Problem]) -> tuple[list[tuple[str, str]], list[Where]]:
    """The declared connections between two known, different areas, and where each is written."""
    conns = []
    conn_where: list[Where] = []
    for i, (a, b) in enumerate(d.get("connections", [])):
        for j, x in enumerate((a, b)):
            if x not in ids:
                problems.append(smap.problem(("connections", i, j), msg("parts.unknown_area", area=x, hint=did_you_mean(x, ids))))
        if a == b:
            problems.append(smap.problem(("connections", i), msg("parts.area_to_itself")))
        conns.append((a, b))
        conn_where.append(Where(smap.file, *smap.where(("connections", i))))
    return conns, conn_where


def _board_labels(d: dict[str, Any], L: _Lengths, cols: int, rows: int, smap: SourceMap,
                  problems: list[Problem]) -> list[BoardLabel]:
    """The board's labels, each on the board."""
    labels = []
    for i, lab in enumerate(d.get("labels", [])):
        if not (0 <= lab["x"] <= cols and 0 <= lab["y"] <= rows):
            problems.append(smap.problem(("labels", i), f"label at ({lab['x']}, {lab['y']}) is off the "
                                                        f"{cols}×{rows} board"))
        labels.append(BoardLabel(lab["text"], float(lab["x"]), float(lab["y"]),
                                 L.get(lab.get("size"), ("labels", i, "size"), "10pt", 0.0, 50.0),
                                 lab.get("color", "#222222"), smap.location(("labels", i)),
                                 bool(lab.get("overlap", False))))
    return labels


def _board_slot(d: dict[str, Any], L: _Lengths, areas: tuple[Area, ...], cell: float, smap: SourceMap,
                problems: list[Problem]) -> tuple[float, float, str]:
    """The card slot every area shows (w, h, label): each area must hold it, either way round, with
    1 mm round it."""
    slot = (L.get(d["slot"]["w"], ("slot", "w"), None, 10.0), L.get(d["slot"]["h"], ("slot", "h"), None, 10.0),
            d["slot"].get("label", ""))
    for i, a in enumerate(areas):
        if not a.cells:
            continue
        xs, ys = [c for c, _ in a.cells], [r for _, r in a.cells]
        aw, ah = (max(xs) - min(xs) + 1) * cell, (max(ys) - min(ys) + 1) * cell
        sw, sh = (slot[1], slot[0]) if aw > ah else (slot[0], slot[1])
        if sw > aw - mm(2) or sh > ah - mm(2):
            size = f"{to_mm(slot[0]):.0f} × {to_mm(slot[1]):.0f} mm"
            problems.append(smap.problem(("areas", i), f"area {a.id!r} ({to_mm(aw):.0f} × {to_mm(ah):.0f} mm) "
                                                       f"cannot hold the {size} slot with 1 mm round it "
                                                       "(use a larger cell)"))
    return slot


def _board_seams(given: dict[str, Any], cols: int, rows: int, smap: SourceMap,
                 problems: list[Problem]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Where a tiled board is cut (cell lines across x and y): inside the board, increasing."""
    sx, sy = tuple(given.get("x", [])), tuple(given.get("y", []))
    for axis, cuts, n in (("x", sx, cols), ("y", sy, rows)):
        for i, v in enumerate(cuts):
            if v >= n:
                problems.append(smap.problem(("seams", axis, i),
                                             f"seam {axis} {v} is not inside the {cols}×{rows} board"))
        if list(cuts) != sorted(set(cuts)):
            problems.append(smap.problem(("seams", axis), "seams must increase"))
    return sx, sy


# ============================================================================ cut card
CUT_CARD_SCHEMA = _schema("cut_card", "card printed whole and cut into pieces", ["cards"], {
    "size": SIZE,
    "split": {"enum": ["horizontal", "vertical"],
              "description": "horizontal: the cut runs across the card (pieces stacked); vertical: side by side"},
    "color": HEX,
    "cards": {"type": "array", "minItems": 1, "items": _obj(["pieces"], {
        "pieces": {"type": "array", "minItems": 2, "maxItems": 6, "items": _obj([], {
            "number": {"type": "integer", "minimum": 0},
            "title": TEXT, "text": TEXT, "color": HEX,
        })},
    })},
})


@dataclass(frozen=True)
class Piece:
    number: int
    title: str
    text: str
    color: str
    where: Where


@dataclass(frozen=True)
class CutCard:
    id: str
    name: str
    file: str
    where: Where
    width_pt: float
    height_pt: float
    split: str
    cards: tuple[tuple[Piece, ...], ...]
    description: str = ""
    kind: str = "cut_card"

    @property
    def piece_count(self) -> int:
        return sum(len(c) for c in self.cards)


def _build_cut_card(d: dict[str, Any], smap: SourceMap, folder: Path) -> tuple[CutCard | None, list[Problem]]:
    L = _Lengths(smap)
    w, h = _card_size(d.get("size", "poker"), L, ("size",))
    color = d.get("color", "#22313f")
    cards, n = [], 0
    seen: dict[int, tuple[Any, ...]] = {}
    problems: list[Problem] = []
    for i, card in enumerate(d["cards"]):
        pieces = []
        for j, p in enumerate(card["pieces"]):
            n += 1
            path = ("cards", i, "pieces", j)
            num = p.get("number", n)
            if num in seen:
                problems.append(smap.problem(path + ("number",), msg("parts.piece_number_twice", number=num)))
            seen[num] = path
            pieces.append(Piece(num, p.get("title", d["name"]), p.get("text", ""), p.get("color", color),
                                _where(smap, path)))
        cards.append(tuple(pieces))
    problems += L.problems
    if problems:
        return None, problems
    return CutCard(d["id"], d["name"], smap.file, _where(smap), w, h, d.get("split", "horizontal"), tuple(cards),
                   d.get("description", "")), []


# ============================================================================ tokens
TOKEN_SHAPES = ["circle", "square", "hexagon", "octagon", "diamond"]
TOKENS_SCHEMA = _schema("tokens", "cut-out tokens (stand-ins for cubes and markers)", ["groups"], {
    "size": LENGTH,
    "shape": {"enum": TOKEN_SHAPES},
    "sheet": {**ID, "description": "token parts naming the same sheet are packed together onto as few pages as "
                                   "possible, into parts-<sheet>.pdf"},
    "groups": {"type": "array", "minItems": 1, "items": _obj(["count"], {
        "label": TEXT, "color": HEX, "text_color": HEX, "shape": {"enum": TOKEN_SHAPES}, "size": LENGTH,
        "count": COUNT,
    })},
})


@dataclass(frozen=True)
class TokenGroup:
    label: str
    color: str
    text_color: str
    shape: str
    size_pt: float
    count: int
    where: Where


@dataclass(frozen=True)
class Tokens:
    id: str
    name: str
    file: str
    where: Where
    groups: tuple[TokenGroup, ...]
    description: str = ""
    kind: str = "tokens"
    sheet: str = ""         # shared with other token parts: one file parts-<sheet>.pdf packs them all

    @property
    def piece_count(self) -> int:
        return sum(g.count for g in self.groups)


def _build_tokens(d: dict[str, Any], smap: SourceMap, folder: Path) -> tuple[Tokens | None, list[Problem]]:
    L = _Lengths(smap)
    size = L.get(d.get("size"), ("size",), "15mm", 5.0)
    groups = []
    for i, g in enumerate(d["groups"]):
        path = ("groups", i)
        groups.append(TokenGroup(g.get("label", ""), g.get("color", "#888888"), g.get("text_color", "#ffffff"),
                                 g.get("shape", d.get("shape", "circle")),
                                 L.get(g["size"], path + ("size",), None, 5.0) if "size" in g else size,
                                 g["count"], _where(smap, path)))
    if L.problems:
        return None, L.problems
    return Tokens(d["id"], d["name"], smap.file, _where(smap), tuple(groups), d.get("description", ""),
                  sheet=d.get("sheet", "")), []


# ============================================================================ dice
DICE_SCHEMA = _schema("dice", "printable dice (fold-up nets)", ["dice"], {
    "edge": LENGTH,
    "dice": {"type": "array", "minItems": 1, "items": _obj(["id", "type", "faces"], {
        "id": ID, "name": TEXT,
        "type": {"enum": ["d6", "d8"]},
        "faces": {"type": "array", "items": {"type": ["string", "integer"]}, "minItems": 6, "maxItems": 8},
        "opposite": {"type": "array", "items": {"type": "array", "items": {"type": ["string", "integer"]},
                                                "minItems": 2, "maxItems": 2},
                     "description": "pairs of faces on opposite sides; default: the i-th face opposite the "
                                    "i-th from the end (1–6 → sums of 7, 1–8 → sums of 9)"},
        "color": HEX, "text_color": HEX, "edge": LENGTH, "count": COUNT,
    })},
})
FACES = {"d6": 6, "d8": 8}


@dataclass(frozen=True)
class Die:
    id: str
    name: str
    type: str
    faces: tuple[str, ...]
    opposite: tuple[tuple[str, str], ...]   # pairs of face texts
    color: str
    text_color: str
    edge_pt: float
    count: int
    where: Where


@dataclass(frozen=True)
class Dice:
    id: str
    name: str
    file: str
    where: Where
    dice: tuple[Die, ...]
    description: str = ""
    kind: str = "dice"

    @property
    def piece_count(self) -> int:
        return sum(d.count for d in self.dice)


def _build_dice(d: dict[str, Any], smap: SourceMap, folder: Path) -> tuple[Dice | None, list[Problem]]:
    L = _Lengths(smap)
    problems: list[Problem] = []
    dice = []
    for i, x in enumerate(d["dice"]):
        path = ("dice", i)
        n = FACES[x["type"]]
        faces = [str(f) for f in x["faces"]]
        if len(faces) != n:
            problems.append(smap.problem(path + ("faces",), f"a {x['type']} has {n} faces, got {len(faces)}"))
            continue
        if len(set(faces)) != n:
            problems.append(smap.problem(path + ("faces",), "faces must differ (opposite pairs name them)"))
            continue
        if "opposite" in x:
            pairs = [(str(a), str(b)) for a, b in x["opposite"]]
            flat = [f for p in pairs for f in p]
            if sorted(flat) != sorted(faces):
                problems.append(smap.problem(path + ("opposite",), f"opposite must pair every face exactly once "
                                                                   f"({n // 2} pairs of {', '.join(faces)})"))
                continue
        else:
            pairs = [(faces[k], faces[n - 1 - k]) for k in range(n // 2)]
        default_edge = "20mm" if x["type"] == "d6" else "26mm"
        edge = L.get(x.get("edge", d.get("edge")), path + ("edge",) if "edge" in x else ("edge",), default_edge, 10.0, 100.0)
        dice.append(Die(x["id"], x.get("name", x["id"]), x["type"], tuple(faces), tuple(pairs),
                        x.get("color", "#ffffff"), x.get("text_color", "#000000"), edge, x.get("count", 1),
                        _where(smap, path)))
    if len({x.id for x in dice}) != len(dice):
        problems.append(smap.problem(("dice",), msg("parts.die_ids_differ")))
    problems += L.problems
    if problems:
        return None, problems
    return Dice(d["id"], d["name"], smap.file, _where(smap), tuple(dice), d.get("description", "")), []


# ============================================================================ bits
BITS_SCHEMA = _schema("bits", "bits list (things to buy or borrow from another game)", ["items"], {
    "notes": {"type": "array", "items": TEXT},
    "items": {"type": "array", "minItems": 1, "items": _obj(["name", "count"], {
        "name": TEXT, "count": COUNT, "color": HEX, "size": TEXT, "note": TEXT,
        "source": {"enum": ["buy", "borrow", "print"],
                   "description": "buy: 購入; borrow: 他のゲームから流用; print: 同梱の印刷パーツで代用可"},
    })},
})


@dataclass(frozen=True)
class Bit:
    name: str
    count: int
    color: str | None
    size: str
    note: str
    source: str


@dataclass(frozen=True)
class Bits:
    id: str
    name: str
    file: str
    where: Where
    items: tuple[Bit, ...]
    notes: tuple[str, ...]
    description: str = ""
    kind: str = "bits"

    @property
    def piece_count(self) -> int:
        """What must be got besides the printed kit: items with source print only stand in for
        printed parts (a bought cube for a printed token), so they are not counted."""
        return sum(b.count for b in self.items if b.source != "print")


def _build_bits(d: dict[str, Any], smap: SourceMap, folder: Path) -> tuple[Bits, list[Problem]]:
    items = tuple(Bit(b["name"], b["count"], b.get("color"), b.get("size", ""), b.get("note", ""),
                      b.get("source", "buy")) for b in d["items"])
    return Bits(d["id"], d["name"], smap.file, _where(smap), items, tuple(d.get("notes", [])),
                d.get("description", "")), []


# ============================================================================ tuck box
TUCKBOX_SCHEMA = _schema("tuckbox", "tuck box (a cut-and-fold card box sized to a deck)", ["deck"], {
    "deck": {**ID, "description": "the deck the box holds: its card size, and its card count unless cards: says"},
    "cards": {"type": "integer", "minimum": 1, "maximum": 1000,
              "description": "how many cards the box holds (default: the deck's, copies included)"},
    "card_thickness": {**LENGTH, "description": "one card's thickness (default 0.32mm: a 300 g/m² card sleeved "
                                                "or not; 0.6mm for sleeved cards)"},
    "clearance": {**LENGTH, "description": "room added to the cards' width, height and stack (default 2mm)"},
    "title": {**TEXT, "description": "the title on the front, the top lid and both sides (default: the deck's name)"},
    "subtitle": {**TEXT, "description": "under the title on the front (default: the game's title)"},
    "color": HEX,
    "count": {**COUNT, "description": "how many boxes to print (default 1)"},
})


@dataclass(frozen=True)
class TuckBox:
    id: str
    name: str
    file: str
    where: Where
    deck: str
    cards: int | None
    thickness_pt: float
    clearance_pt: float
    title: str
    subtitle: str
    color: str
    count: int
    description: str = ""
    kind: str = "tuckbox"

    @property
    def piece_count(self) -> int:
        return self.count


def _build_tuckbox(d: dict[str, Any], smap: SourceMap, folder: Path) -> tuple[TuckBox | None, list[Problem]]:
    L = _Lengths(smap)
    thickness = L.get(d.get("card_thickness"), ("card_thickness",), "0.32mm", 0.05, 3.0)
    clearance = L.get(d.get("clearance"), ("clearance",), "2mm", 0.0, 20.0) if d.get("clearance") not in ("0mm", "0") \
        else 0.0
    if L.problems:
        return None, L.problems
    return TuckBox(d["id"], d["name"], smap.file, _where(smap), d["deck"], d.get("cards"), thickness, clearance,
                   d.get("title", ""), d.get("subtitle", ""), d.get("color", "#2c3e50"), d.get("count", 1),
                   d.get("description", "")), []


for _kind, _schema_, _builder in (("track", TRACK_SCHEMA, _build_track), ("board", BOARD_SCHEMA, _build_board),
                                  ("cut_card", CUT_CARD_SCHEMA, _build_cut_card),
                                  ("tokens", TOKENS_SCHEMA, _build_tokens), ("dice", DICE_SCHEMA, _build_dice),
                                  ("bits", BITS_SCHEMA, _build_bits), ("tuckbox", TUCKBOX_SCHEMA, _build_tuckbox)):
    PART_SCHEMAS[_kind] = _schema_
    _BUILDERS[_kind] = _builder

PART_KINDS = tuple(PART_SCHEMAS)
