"""Suit marks as vector paths, drawn in a unit box (−1…1, y up).  Each shape differs in outline, so
suits stay apart on a greyscale printer."""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

Point = tuple[float, float]
# A shape is a list of sub-paths; each is ("poly", [(x, y), …]) | ("circle", (x, y, r)) | ("curve", [start,
# then (x, y) for a line or ("c", c1, c2, end) for a Bézier segment]).  The second item's type follows the
# first, which a plain tuple cannot say: the backends read it by the kind.
SubPath = tuple[str, Any]


def _poly(points: list[Point]) -> SubPath:
    return ("poly", points)


def _regular(n: int, r: float, start: float = 90.0) -> list[Point]:
    return [(r * math.cos(math.radians(start + i * 360 / n)), r * math.sin(math.radians(start + i * 360 / n)))
            for i in range(n)]


def _star(points: int = 5, outer: float = 1.0, inner: float = 0.42) -> list[Point]:
    out: list[Point] = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(90 + i * 180 / points)
        out.append((r * math.cos(a), r * math.sin(a)))
    return out


SHAPES: dict[str, Callable[[], list[SubPath]]] = {
    "circle": lambda: [("circle", (0, 0, 0.92))],
    "square": lambda: [_poly([(-0.8, -0.8), (0.8, -0.8), (0.8, 0.8), (-0.8, 0.8)])],
    "triangle": lambda: [_poly([(0, 0.95), (0.95, -0.75), (-0.95, -0.75)])],
    "diamond": lambda: [_poly([(0, 1), (0.72, 0), (0, -1), (-0.72, 0)])],
    "star": lambda: [_poly(_star())],
    "hexagon": lambda: [_poly(_regular(6, 0.95, 0))],
    "cross": lambda: [_poly([(-0.3, 0.95), (0.3, 0.95), (0.3, 0.3), (0.95, 0.3), (0.95, -0.3), (0.3, -0.3),
                             (0.3, -0.95), (-0.3, -0.95), (-0.3, -0.3), (-0.95, -0.3), (-0.95, 0.3),
                             (-0.3, 0.3)])],
    "ring": lambda: [("circle", (0, 0, 0.95)), ("circle", (0, 0, 0.55))],
    "target": lambda: [("circle", (0, 0, 0.95)), ("circle", (0, 0, 0.66)), ("circle", (0, 0, 0.36))],
    "drop": lambda: [("curve", [(0, 1.0), ("c", (0.15, 0.6), (0.7, 0.15), (0.7, -0.3)),
                                ("c", (0.7, -0.75), (0.38, -1.0), (0, -1.0)),
                                ("c", (-0.38, -1.0), (-0.7, -0.75), (-0.7, -0.3)),
                                ("c", (-0.7, 0.15), (-0.15, 0.6), (0, 1.0))])],
    "flame": lambda: [("curve", [(0, 1.0), ("c", (0.5, 0.5), (0.85, 0.1), (0.75, -0.4)),
                                 ("c", (0.65, -0.85), (0.3, -1.0), (0, -1.0)),
                                 ("c", (-0.4, -1.0), (-0.75, -0.7), (-0.7, -0.3)),
                                 ("c", (-0.65, 0.05), (-0.45, 0.2), (-0.35, 0.45)),
                                 ("c", (-0.3, 0.6), (-0.15, 0.8), (0, 1.0))])],
    "bolt": lambda: [_poly([(0.25, 1.0), (-0.6, -0.1), (-0.05, -0.1), (-0.3, -1.0), (0.6, 0.15), (0.05, 0.15)])],
    "plane": lambda: [_poly([(0, 1.0), (0.12, 0.75), (0.12, 0.25), (0.95, -0.15), (0.95, -0.32), (0.12, -0.1),
                             (0.1, -0.62), (0.38, -0.82), (0.38, -0.95), (0, -0.85), (-0.38, -0.95),
                             (-0.38, -0.82), (-0.1, -0.62), (-0.12, -0.1), (-0.95, -0.32), (-0.95, -0.15),
                             (-0.12, 0.25), (-0.12, 0.75)])],
    "shield": lambda: [("curve", [(-0.8, 0.9), (0.8, 0.9), (0.8, 0.1),
                                  ("c", (0.8, -0.45), (0.4, -0.8), (0, -1.0)),
                                  ("c", (-0.4, -0.8), (-0.8, -0.45), (-0.8, 0.1)), (-0.8, 0.9)])],
    "eye": lambda: [("curve", [(-1.0, 0), ("c", (-0.55, 0.65), (0.55, 0.65), (1.0, 0)),
                               ("c", (0.55, -0.65), (-0.55, -0.65), (-1.0, 0))]),
                    ("circle", (0, 0, 0.36)), ("circle", (0, 0, 0.18))],
}


def shape(name: str) -> list[SubPath]:
    return SHAPES[name]()
