"""The ranges a printed game can use, for every length a layout takes: a value outside is an error at its
field, never a 20 m page, a stroke that floods the card, an invalid PDF operator or a body set at 0.01 pt.
(The YAML loader already refuses .nan, .inf and numbers of more than twelve digits; numbers the schemas take
carry their own minimum and maximum.)"""
from __future__ import annotations

from typing import Any

from ..errors import Problem
from ..units import PT_PER_MM, UnitError, parse_length
from .yamlsource import SourceMap

MM = PT_PER_MM

# layout key → (least, most) in points
LAYOUT_LENGTHS: dict[str, tuple[float, float]] = {
    "bleed": (0.0, 10 * MM),            # shops ask 3 mm; nobody 10
    "safe": (0.0, 30 * MM),
    "corner_radius": (0.0, 30 * MM),
}
# region key → (least, most) in points
REGION_LENGTHS: dict[str, tuple[float, float]] = {
    "size": (4.0, 200.0),               # type: below 4 pt no printer sets a readable glyph
    "min_size": (4.0, 200.0),
    "stroke_width": (0.0, 5 * MM),
    "radius": (0.0, 100 * MM),
    "mark_size": (0.5 * MM, 100 * MM),
    "slot_size": (1 * MM, 200 * MM),
}


def _shown(pt: float) -> str:
    return f"{pt:g}pt" if pt < 20 else f"{pt / MM:g}mm"


def length_range_problems(data: dict[str, Any], smap: SourceMap, path: tuple[Any, ...],
                          table: dict[str, tuple[float, float]]) -> list[Problem]:
    """One problem per key of ``data`` (at ``path``) whose length lies outside its range in ``table``."""
    out = []
    for key, (lo, hi) in table.items():
        if key not in data:
            continue
        try:
            pt = parse_length(data[key])
        except UnitError:
            continue                        # the schema reports the form
        if not lo <= pt <= hi:
            out.append(smap.problem(path + (key,), f"{data[key]} is outside the range a printed game can use "
                                                   f"({_shown(lo)} to {_shown(hi)})"))
    return out
