"""Plane geometry around Lacuna's exact kernels, in floating point: where a pawn may stand
clear of every flower (``clearings``; ``nearest_tick``: the nearest such tick point), each
flower's nearest pawn (``nearest_owner``, the plain reference the scoring kernels are tested
against) and the mat's Voronoi cells the renderer shades (``voronoi_cells``, ``area``).

>>> nearest_owner(np.array([1.0]), np.zeros(1), [(0, 0, 1)])
[1]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

_F = np.float64


def clearings(q: tuple[float, float], discs: Sequence[tuple[float, float, float]],
              reach: float, margin: float = 1.0) -> list[tuple[float, float]]:
    """Where the point nearest ``q`` that lies outside every disc ``(cx, cy, r)`` and within
    ``reach`` of the origin may be, nearest ``q`` first: ``q`` itself, its projection on every
    circle (the rim included) and the crossings of every two circles, each ``margin`` clear
    of the circles, keeping those clear of every disc and on the mat (in floating point: the
    caller checks its own rounding exactly).

    >>> clearings((1.0, 0.0), [(0.0, 0.0, 3.0)], 10.0)[0]       # pushed out of the disc
    (4.0, 0.0)
    >>> clearings((0.0, 0.0), [(-3.0, 0.0, 4.0), (3.0, 0.0, 4.0)], 10.0)[0]  # between two
    (0.0, 4.0)
    """
    qx, qy = q
    centres = np.array([(cx, cy) for cx, cy, _ in discs] + [(0.0, 0.0)], dtype=_F)
    radii = np.array([r + margin for _, _, r in discs] + [reach - margin], dtype=_F)
    away = np.array([qx, qy]) - centres
    dist = np.hypot(away[:, 0], away[:, 1])
    away[dist == 0] = (1.0, 0.0)
    dist[dist == 0] = 1.0
    onto = centres + away * (radii / dist)[:, None]
    i, j = np.triu_indices(len(radii), 1)
    gap = centres[j] - centres[i]
    apart = np.hypot(gap[:, 0], gap[:, 1])
    meet = (apart > 0) & (apart <= radii[i] + radii[j]) & (apart >= np.abs(radii[i] - radii[j]))
    i, j, gap, apart = i[meet], j[meet], gap[meet], apart[meet]
    along = (radii[i] ** 2 - radii[j] ** 2 + apart**2) / (2 * apart)
    side = np.sqrt(np.maximum(radii[i] ** 2 - along**2, 0.0)) / apart
    foot = centres[i] + gap * (along / apart)[:, None]
    normal = np.stack([-gap[:, 1], gap[:, 0]], axis=1) * side[:, None]
    points = np.concatenate([[(qx, qy)], onto, foot + normal, foot - normal])
    ex = points[:, None, 0] - centres[None, :-1, 0]
    ey = points[:, None, 1] - centres[None, :-1, 1]
    clear = (np.hypot(ex, ey) >= radii[None, :-1] - margin).all(axis=1)
    clear &= np.hypot(points[:, 0], points[:, 1]) <= reach
    points = points[clear]
    order = np.argsort(np.hypot(points[:, 0] - qx, points[:, 1] - qy), kind="stable")
    return [(float(px), float(py)) for px, py in points[order].tolist()]


def nearest_tick(q: tuple[float, float], discs: Sequence[tuple[float, float, float]],
                 reach: float, legal: Callable[[int, int], bool]) -> tuple[int, int] | None:
    """The tick point nearest ``q`` that lies outside every disc ``(cx, cy, r)`` (touching
    allowed) and within ``reach`` of the origin, as ``legal`` decides it exactly; ties go to
    the smaller ``(x, y)``; ``None`` if there is none.

    ``clearings`` gives a clear point, so an upper bound ``U`` on the distance. The answer is
    either within a tick of ``q`` or has a neighbour nearer ``q`` that is not clear, so it lies
    in the band just outside a disc or just inside the rim: those bands within ``U`` of ``q``
    are searched whole (a nearest point may sit well along an arc from ``q``'s projection).

    >>> nearest_tick((0.0, 0.0), [(0.0, 0.0, 3.0)], 10.0, lambda x, y: x * x + y * y >= 9)
    (-3, 0)
    >>> nearest_tick((2.0, 3.0), [(0.0, 0.0, 5.0)], 100.0, lambda x, y: x * x + y * y >= 25)
    (3, 4)
    """
    qx, qy = q
    clear = clearings(q, discs, reach)
    if not clear:
        return None
    bound = math.hypot(clear[0][0] - qx, clear[0][1] - qy) + 2.0
    parts = [np.array([(round(qx) + i, round(qy) + j) for i in (-1, 0, 1) for j in (-1, 0, 1)],
                      dtype=_F)]
    for cx, cy, r in discs:
        if math.hypot(cx - qx, cy - qy) <= r + 2.0 + bound:
            parts.append(_band(cx, cy, r, r + 2.0, q, bound))
    if math.hypot(qx, qy) + bound >= reach - 2.0:
        parts.append(_band(0.0, 0.0, reach - 2.0, reach + 1e-9, q, bound))
    pts = np.concatenate(parts)  # (a point twice is harmless)
    d2 = (pts[:, 0] - qx) ** 2 + (pts[:, 1] - qy) ** 2
    ok = (d2 <= bound * bound) & (np.hypot(pts[:, 0], pts[:, 1]) <= reach + 1e-6)
    for cx, cy, r in discs:  # a loose float filter; ``legal`` decides
        ok &= np.hypot(pts[:, 0] - cx, pts[:, 1] - cy) >= r - 1e-6
    idx = np.flatnonzero(ok)
    for i in idx[np.lexsort((pts[idx, 1], pts[idx, 0], d2[idx]))].tolist():
        x, y = int(pts[i, 0]), int(pts[i, 1])
        if legal(x, y):
            return x, y
    return None


def _band(cx: float, cy: float, inner: float, outer: float, q: tuple[float, float],
          bound: float) -> np.ndarray:
    """The tick points ``p`` (rows ``x, y``) with about ``inner <= |p - c| < outer`` (a tick
    more inwards) and ``|p - q| <= bound`` (by their box)."""
    qx, qy = q
    x0, x1 = max(cx - outer, qx - bound), min(cx + outer, qx + bound)
    xs = np.arange(math.floor(x0), math.ceil(x1) + 1, dtype=_F)
    dx2 = (xs - cx) ** 2
    xs, dx2 = xs[dx2 < outer * outer], dx2[dx2 < outer * outer]
    hi = np.sqrt(outer * outer - dx2)
    lo = np.sqrt(np.maximum(inner * inner - dx2, 0.0)) - 1.0
    parts = []
    for y0, y1 in ((cy + lo, cy + hi), (cy - hi, cy - lo)):
        first = np.floor(np.maximum(y0, qy - bound))
        count = np.maximum(np.ceil(np.minimum(y1, qy + bound)) - first + 1, 0).astype(np.int64)
        rows = np.repeat(np.arange(len(xs)), count)
        step = np.arange(int(count.sum())) - np.repeat(np.cumsum(count) - count, count)
        parts.append(np.stack([xs[rows], first[rows] + step], axis=1))
    return np.concatenate(parts)


def nearest_owner(fx: np.ndarray, fy: np.ndarray,
                  pawns: Sequence[tuple[int, int, int]]) -> list[int | None]:
    """For each point (fine units), the owner of the nearest pawn; ``None`` for an exact tie
    between the two players' nearest pawns, or when there are no pawns. Exact.

    >>> nearest_owner(np.array([0.0, 5.0, 9.0]), np.zeros(3), [(0, 0, 0), (10, 0, 1)])
    [0, None, 1]
    """
    if not pawns or len(fx) == 0:
        return [None] * len(fx)
    px = np.array([p[0] for p in pawns], dtype=_F)
    py = np.array([p[1] for p in pawns], dtype=_F)
    owner = np.array([p[2] for p in pawns])
    dx = np.asarray(fx, dtype=_F)[:, None] - px[None, :]
    dy = np.asarray(fy, dtype=_F)[:, None] - py[None, :]
    d2 = dx * dx + dy * dy
    best = []
    for p in (0, 1):
        cols = d2[:, owner == p]
        best.append(cols.min(axis=1) if cols.shape[1] else np.full(len(fx), np.inf))
    result: list[int | None] = []
    for d0, d1 in zip(best[0].tolist(), best[1].tolist(), strict=True):
        result.append(0 if d0 < d1 else 1 if d1 < d0 else None)
    return result


def voronoi_cells(sites: Sequence[tuple[float, float]], radius: float,
                  sides: int = 120) -> list[list[tuple[float, float]]]:
    """The nearest-site region of each site inside the disc of ``radius`` (a ``sides``-gon),
    as polygons: the disc clipped by the bisector half-plane against every other site.

    >>> cells = voronoi_cells([(-0.5, 0.0), (0.5, 0.0)], 1.0, sides=4)
    >>> [round(area(c), 6) for c in cells]            # the square split in two halves
    [1.0, 1.0]
    """
    disc = [(radius * math.cos(2 * math.pi * i / sides), radius * math.sin(2 * math.pi * i / sides))
            for i in range(sides)]
    cells = []
    for i, (sx, sy) in enumerate(sites):
        poly = disc
        for j, (tx, ty) in enumerate(sites):
            if i == j or (sx, sy) == (tx, ty):
                continue
            nx_, ny_ = tx - sx, ty - sy
            c = (tx * tx + ty * ty - sx * sx - sy * sy) / 2  # keep n·p <= c
            poly = _clip(poly, nx_, ny_, c)
            if not poly:
                break
        cells.append(poly)
    return cells


def _clip(poly: list[tuple[float, float]], nx_: float, ny_: float,
          c: float) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for k, p in enumerate(poly):
        q = poly[(k + 1) % len(poly)]
        fp = nx_ * p[0] + ny_ * p[1] - c
        fq = nx_ * q[0] + ny_ * q[1] - c
        if fp <= 0:
            out.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def area(polygon: Sequence[tuple[float, float]]) -> float:
    """The area of a simple polygon (shoelace formula).

    >>> area([(0, 0), (2, 0), (2, 1), (0, 1)])
    2.0
    """
    total = 0.0
    for (x0, y0), (x1, y1) in zip(polygon, list(polygon[1:]) + list(polygon[:1]), strict=True):
        total += x0 * y1 - x1 * y0
    return abs(total) / 2
