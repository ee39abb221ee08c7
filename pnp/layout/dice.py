"""Dice nets: the flat polygons, their hinges and glue tabs, and the folded solid.

The fold topology is not written down anywhere: ``Net.fold()`` folds the flat net in 3D (each face
turned about its hinge by 180° minus the solid's dihedral angle), and ``opposite_pairs()`` reads the
pairs of faces whose normals point apart.  Faces of a die are then placed on the slots so that the
pairs the data asks for (7 on a d6, 9 on a d8 by default) land opposite each other, and glue tabs go
on one of the two net edges that meet on each folded edge.  Pure geometry: net units are edge
lengths, y grows downwards like a page."""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..data.parts import Die

Pt2 = tuple[float, float]
Pt3 = tuple[float, float, float]

H = math.sqrt(3) / 2
DIHEDRAL = {"d6": math.pi / 2, "d8": math.acos(-1 / 3)}


def _square(c: int, r: int) -> tuple[Pt2, ...]:
    return ((c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1))


def _triangle(row: int, k: int) -> tuple[Pt2, ...]:
    """Triangle k of a strip on a triangular lattice; apex up when k + row is even."""
    x = k * 0.5
    if (k + row) % 2 == 0:
        return ((x, (row + 1) * H), (x + 1, (row + 1) * H), (x + 0.5, row * H))
    return ((x, row * H), (x + 1, row * H), (x + 0.5, (row + 1) * H))


# the cross: a column of four squares… laid as a row of four with one square above and one below
NET_SLOTS: dict[str, tuple[tuple[Pt2, ...], ...]] = {
    "d6": (_square(1, 0), _square(0, 1), _square(1, 1), _square(2, 1), _square(3, 1), _square(1, 2)),
    # two strips of four triangles, the lower one stepped to the left, joined along one edge
    "d8": tuple(tuple((x + 1.5, y) for x, y in _triangle(row, k))
                for row, ks in ((0, range(4)), (1, range(-3, 1))) for k in ks),
}


def _key(p: Pt2 | Pt3) -> tuple[Any, ...]:
    return tuple(round(v, 6) for v in p)


def _edges(poly: tuple[Pt2, ...]) -> list[tuple[Pt2, Pt2]]:
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def _centroid(poly: tuple[tuple[float, ...], ...] | list[tuple[float, ...]]) -> tuple[Any, ...]:
    n = len(poly)
    return tuple(sum(p[i] for p in poly) / n for i in range(len(poly[0])))


# -- small 3D algebra (3×3 matrices as tuples of rows) ------------------------------------------------
Mat3 = tuple[Pt3, Pt3, Pt3]


def _matmul(a: Mat3, b: Mat3) -> Mat3:
    r0, r1, r2 = (_row(a[i], b) for i in range(3))
    return (r0, r1, r2)


def _row(r: Pt3, b: Mat3) -> Pt3:
    return (r[0] * b[0][0] + r[1] * b[1][0] + r[2] * b[2][0],
            r[0] * b[0][1] + r[1] * b[1][1] + r[2] * b[2][1],
            r[0] * b[0][2] + r[1] * b[1][2] + r[2] * b[2][2])


def _apply(m: Mat3, v: Pt3) -> Pt3:
    return (m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
            m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
            m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2])


def _axis_rotation(u: Pt3, angle: float) -> Mat3:
    ux, uy, uz = u
    c, s = math.cos(angle), math.sin(angle)
    t = 1 - c
    return ((c + ux * ux * t, ux * uy * t - uz * s, ux * uz * t + uy * s),
            (uy * ux * t + uz * s, c + uy * uy * t, uy * uz * t - ux * s),
            (uz * ux * t - uy * s, uz * uy * t + ux * s, c + uz * uz * t))


IDENTITY = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))


@dataclass(frozen=True)
class Hinge:
    a: int          # parent face (nearer the root of the fold tree)
    b: int
    p: Pt2
    q: Pt2


@dataclass(frozen=True)
class Tab:
    face: int
    p: Pt2
    q: Pt2
    polygon: tuple[Pt2, ...]


@dataclass(frozen=True)
class Net:
    type: str
    faces: tuple[tuple[Pt2, ...], ...]
    hinges: tuple[Hinge, ...]
    cut_edges: tuple[tuple[int, Pt2, Pt2], ...]     # (face, p, q): edges on the outline of the net
    tabs: tuple[Tab, ...]

    def fold(self) -> list[tuple[Pt3, ...]]:
        """Every face in 3D after folding (printed side outwards, paper folded away from the viewer)."""
        return _fold(self.type)

    def normals(self) -> list[Pt3]:
        out = []
        for flat, poly in zip(self.faces, self.fold()):
            # the same winding for every face: flip faces drawn clockwise in the flat net
            (x0, y0), (x1, y1), (x2, y2) = flat[0], flat[1], flat[2]
            sign = 1.0 if (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0) > 0 else -1.0
            a, b, c = poly[0], poly[1], poly[2]
            u = tuple(b[i] - a[i] for i in range(3))
            v = tuple(c[i] - a[i] for i in range(3))
            n = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
            length = math.sqrt(sum(x * x for x in n))
            out.append((sign * n[0] / length, sign * n[1] / length, sign * n[2] / length))
        return out

    def opposite_pairs(self) -> list[tuple[int, int]]:
        """Pairs of face slots whose folded normals point in opposite directions."""
        ns = self.normals()
        pairs = []
        for i in range(len(ns)):
            for j in range(i + 1, len(ns)):
                if sum(ns[i][k] * ns[j][k] for k in range(3)) < -0.999:
                    pairs.append((i, j))
        return pairs

    def edge_partner(self) -> dict[tuple[Any, ...], tuple[Any, ...]]:
        """Each outline edge → the outline edge it meets once folded (the pair a glue tab joins)."""
        folded = self.fold()
        where: dict[frozenset[Any], list[Any]] = {}
        for f, p, q in self.cut_edges:
            i = self.faces[f].index(p)
            j = self.faces[f].index(q)
            key = frozenset((_key(folded[f][i]), _key(folded[f][j])))
            where.setdefault(key, []).append((f, p, q))
        out = {}
        for group in where.values():
            if len(group) == 2:
                out[group[0]] = group[1]
                out[group[1]] = group[0]
        return out


@cache
def _hinges(type_: str) -> tuple[tuple[Hinge, ...], tuple[tuple[int, Pt2, Pt2], ...]]:
    faces = NET_SLOTS[type_]
    owners: dict[frozenset[Any], list[tuple[int, Pt2, Pt2]]] = {}
    for f, poly in enumerate(faces):
        for p, q in _edges(poly):
            owners.setdefault(frozenset((_key(p), _key(q))), []).append((f, p, q))
    links: dict[int, list[tuple[int, Pt2, Pt2]]] = {}
    cut = []
    for group in owners.values():
        if len(group) == 2:
            (f, p, q), (g, _, _) = group
            links.setdefault(f, []).append((g, p, q))
            links.setdefault(g, []).append((f, p, q))
        else:
            cut.extend(group)
    # breadth-first fold tree from slot 0 (the net of a die is a tree of faces)
    hinges, seen, queue = [], {0}, [0]
    while queue:
        f = queue.pop(0)
        for g, p, q in sorted(links.get(f, []), key=lambda t: t[0]):
            if g not in seen:
                seen.add(g)
                hinges.append(Hinge(f, g, p, q))
                queue.append(g)
    assert len(seen) == len(faces), "net is not connected"
    return tuple(hinges), tuple(sorted(cut, key=lambda t: (t[0], _key(t[1]), _key(t[2]))))


@cache
def _fold(type_: str) -> list[tuple[Pt3, ...]]:
    faces = NET_SLOTS[type_]
    hinges, _ = _hinges(type_)
    turn = math.pi - DIHEDRAL[type_]
    # transform of each face: x3 = M @ x + t  (x in the flat net, z = 0)
    xf: dict[int, tuple[Any, ...]] = {0: (IDENTITY, (0.0, 0.0, 0.0))}
    for h in hinges:
        m_parent, t_parent = xf[h.a]
        p = (h.p[0], h.p[1], 0.0)
        d = (h.q[0] - h.p[0], h.q[1] - h.p[1], 0.0)
        length = math.hypot(d[0], d[1])
        u = (d[0] / length, d[1] / length, 0.0)
        cx, cy = _centroid(faces[h.b])
        # turn the child away from the viewer (z < 0 in the parent's flat frame)
        cross_z = u[0] * (cy - h.p[1]) - u[1] * (cx - h.p[0])
        angle = -turn if cross_z > 0 else turn
        r = _axis_rotation(u, angle)
        # local: x ↦ R (x − p) + p, then the parent's transform
        rp = _apply(r, p)
        t_local = (p[0] - rp[0], p[1] - rp[1], p[2] - rp[2])
        m = _matmul(m_parent, r)
        moved = _apply(m_parent, t_local)
        t = (moved[0] + t_parent[0], moved[1] + t_parent[1], moved[2] + t_parent[2])
        xf[h.b] = (m, t)
    out = []
    for f, poly in enumerate(faces):
        m, t = xf[f]
        out.append(tuple(tuple(_apply(m, (x, y, 0.0))[i] + t[i] for i in range(3)) for x, y in poly))
    return out


# -- glue tabs ----------------------------------------------------------------------------------------
TAB_DEPTH = 0.24     # of an edge
TAB_INSET = 0.26


def _tab_polygon(face: tuple[Pt2, ...], p: Pt2, q: Pt2) -> tuple[Pt2, ...]:
    cx, cy = _centroid(face)
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    if (cx - mx) * nx + (cy - my) * ny > 0:   # point the normal away from the face
        nx, ny = -nx, -ny
    d, s = TAB_DEPTH * length, TAB_INSET * length
    return (p, q, (q[0] - ux * s + nx * d, q[1] - uy * s + ny * d), (p[0] + ux * s + nx * d, p[1] + uy * s + ny * d))


def _overlaps(a: tuple[Pt2, ...], b: tuple[Pt2, ...]) -> bool:
    """Convex polygons overlap with positive area (separating axis test; touching is not overlapping)."""
    for poly in (a, b):
        for (p, q) in _edges(poly):
            nx, ny = -(q[1] - p[1]), q[0] - p[0]
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            if max(pa) <= min(pb) + 1e-6 or max(pb) <= min(pa) + 1e-6:
                return False
    return True


@cache
def make_net(type_: str) -> Net:
    faces = NET_SLOTS[type_]
    hinges, cut = _hinges(type_)
    net = Net(type_, faces, hinges, cut, ())
    partner = net.edge_partner()
    tabs: list[Tab] = []
    done: set[Any] = set()
    for edge in cut:
        if edge in done:
            continue
        other = partner[edge]
        done.update((edge, other))
        for f, p, q in (edge, other):
            poly = _tab_polygon(faces[f], p, q)
            if not any(_overlaps(poly, face) for face in faces) and not any(_overlaps(poly, t.polygon) for t in tabs):
                tabs.append(Tab(f, p, q, poly))
                break
        else:   # pragma: no cover - both nets here always find room
            raise AssertionError(f"no room for a glue tab on {edge}")
    return Net(type_, faces, hinges, cut, tuple(tabs))


# -- a die on its net ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class DieNet:
    die: Die
    net: Net
    slot_faces: tuple[str, ...]        # face text printed on each slot of the net

    def opposite_pairs(self) -> list[tuple[str, str]]:
        """Pairs of face texts that end up opposite once the printed net is folded."""
        out = []
        for i, j in self.net.opposite_pairs():
            a, b = self.slot_faces[i], self.slot_faces[j]
            out.append((a, b) if _sort_key(a) <= _sort_key(b) else (b, a))
        return sorted(out, key=lambda t: (_sort_key(t[0]), _sort_key(t[1])))


def _sort_key(face: str) -> tuple[Any, ...]:
    return (0, int(face), "") if face.lstrip("-").isdigit() else (1, 0, face)


def plan_die(die: Die) -> DieNet:
    """Place the die's faces on the net's slots so that folding gives the requested opposite pairs."""
    net = make_net(die.type)
    slot_pairs = net.opposite_pairs()
    assert len(slot_pairs) == len(die.faces) // 2, "net does not fold into the solid"
    slots: list[str] = [""] * len(die.faces)
    for (sa, sb), (fa, fb) in zip(slot_pairs, die.opposite):
        slots[sa], slots[sb] = fa, fb
    return DieNet(die, net, tuple(slots))
