"""Lengths with explicit units: ``63mm``, ``3.5in``, ``10pt``.  Everything inside pnp is in points."""
from __future__ import annotations

import re

PT_PER_MM = 72.0 / 25.4
PT_PER_IN = 72.0

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|pt|in)\s*$")
LENGTH_PATTERN = r"^\s*-?\d+(\.\d+)?\s*(mm|pt|in)\s*$"

_FACTOR = {"mm": PT_PER_MM, "pt": 1.0, "in": PT_PER_IN}


class UnitError(ValueError):
    pass


def parse_length(value: object) -> float:
    """Parse a length to points; a bare number or an unknown unit is an error."""
    if isinstance(value, bool) or not isinstance(value, str):
        raise UnitError(f"expected a length with a unit (mm, pt, in), got {value!r}")
    m = _LENGTH.match(value)
    if not m:
        raise UnitError(f"expected a length with a unit (mm, pt, in), got {value!r}")
    return float(m.group(1)) * _FACTOR[m.group(2)]


def mm(value: float) -> float:
    return value * PT_PER_MM


def to_mm(points: float) -> float:
    return points / PT_PER_MM
