"""Lengths with explicit units: ``63mm``, ``3.5in``, ``10pt``.  Everything inside pnp is in points."""
from __future__ import annotations

import re

from .messages import msg

PT_PER_MM = 72.0 / 25.4
PT_PER_IN = 72.0

# at most 5 digits before the point (and 20 after): 99999mm is far past any sheet a printer takes, and a
# 400-digit length would overflow the drawing
_LENGTH = re.compile(r"^\s*(-?\d{1,5}(?:\.\d{1,20})?)\s*(mm|pt|in)\s*$")
LENGTH_PATTERN = r"^\s*-?\d{1,5}(\.\d{1,20})?\s*(mm|pt|in)\s*$"

_FACTOR = {"mm": PT_PER_MM, "pt": 1.0, "in": PT_PER_IN}


class UnitError(ValueError):
    pass


def parse_length(value: object) -> float:
    """Parse a length to points; a bare number or an unknown unit is an error."""
    if isinstance(value, bool) or not isinstance(value, str):
        raise UnitError(msg("units.length", value=value))
    m = _LENGTH.match(value)
    if not m:
        raise UnitError(msg("units.length", value=value))
    return float(m.group(1)) * _FACTOR[m.group(2)]


def mm(value: float) -> float:
    return value * PT_PER_MM


def to_mm(points: float) -> float:
    return points / PT_PER_MM


_FRACTION = re.compile(r"^\s*(-?\d{1,5}(?:\.\d{1,20})?)\s*%\s*(?:([+-])\s*(\d{1,5}(?:\.\d{1,20})?)\s*(mm|pt|in))?\s*$")
# the same sum written length first: ``17mm + 42%`` is ``42% + 17mm``
_LENGTH_FIRST = re.compile(r"^\s*(-?\d{1,5}(?:\.\d{1,20})?)\s*(mm|pt|in)\s*([+-])\s*(\d{1,5}(?:\.\d{1,20})?)\s*%\s*$")
GEOMETRY_PATTERN = (r"^\s*(-?\d{1,5}(\.\d{1,20})?\s*(mm|pt|in)(\s*[+-]\s*\d{1,5}(\.\d{1,20})?\s*%)?"
                    r"|-?\d{1,5}(\.\d{1,20})?\s*%(\s*[+-]\s*\d{1,5}(\.\d{1,20})?\s*(mm|pt|in))?)\s*$")


def parse_extent(value: object, whole_pt: float) -> float:
    """A region coordinate: a length (``7mm``) or a share of the trim, optionally plus or minus a
    length (``10%``, ``100% - 14mm``); whole_pt is the trim's width (for x, w) or height (y, h)."""
    if isinstance(value, str):
        m = _FRACTION.match(value)
        if m:
            extra = float(m.group(3)) * _FACTOR[m.group(4)] if m.group(2) else 0.0
            return whole_pt * float(m.group(1)) / 100.0 + (extra if m.group(2) != "-" else -extra)
        m = _LENGTH_FIRST.match(value)
        if m:
            share = whole_pt * float(m.group(4)) / 100.0
            return float(m.group(1)) * _FACTOR[m.group(2)] + (share if m.group(3) == "+" else -share)
    try:
        return parse_length(value)
    except UnitError:
        raise UnitError(msg("units.extent", value=value)) from None
