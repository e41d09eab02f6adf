"""Exact plane geometry for Lacuna, vectorised with numpy.

**Units.** Flower centres lie on a grid of *ticks* (``TICKS`` = 10,000 ticks per mat unit).
A pawn stands at the fraction ``k / STEPS`` (``STEPS`` = 1024) along the segment between two
flower centres, so pawn centres are kept in *fine* units, ``STEPS`` per tick: the centre
``A + k/1024 · (B − A)`` is, in fine units, the integer ``1024·A + k·(B − A)`` (A, B in ticks).

**Exactness.** Every coordinate is an integer. Squared distances and cross products of
coordinates below ``2**25`` fine units (mat radius ≤ 2) are exact in float64, so overlap
tests (``d² < (r₁ + r₂)²``) are exact as computed. The one test that squares a cross product
(a disc meeting a segment, ``cross² < r²·|AB|²``) is filtered: where the float values are
within 1e-12 of each other it is recomputed with Python integers. Tangency (distance equal to
the radius) never blocks and never overlaps.

>>> g = Geometry(((0, 0), (2000, 0), (1000, 310)), (0, 0, 1), flower_r=310, pawn_r=290)
>>> g.pairs, bool(g.pair_block[0])        # flower 2 touches the line 0-1: tangency is open
(((0, 1),), False)
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

import numpy as np

TICKS = 10_000
"""Ticks per mat unit: flower centres and free pawn positions lie on this grid."""
STEPS = 1024
"""Positions along a segment: a pawn stands at ``k / STEPS`` for ``k = 0 .. STEPS``."""
SAMPLE = (0, 256, 512, 768, 1024)
"""The positions ``legal_actions()`` offers on each legal pair: the ends, quarters, middle."""
MAX_FLOWERS = 64
"""Flower sets are bitmasks in one unsigned 64-bit word."""

_F = np.float64
_U = np.uint64
_ALL_K = np.arange(STEPS + 1, dtype=_F)


def blocked(ax: np.ndarray | float, ay: np.ndarray | float, bx: np.ndarray | float,
            by: np.ndarray | float, cx: np.ndarray | float, cy: np.ndarray | float,
            r: np.ndarray | float) -> np.ndarray:
    """Whether the disc (``c``, ``r``) reaches strictly inside the closed segment ``ab``.

    That is: the least distance from ``c`` to the segment is less than ``r`` (tangency is
    not blocking). Arguments broadcast; they hold exact integers (fine units, < 2**25).

    >>> bool(blocked(0, 0, 10, 0, 5, 3, 3)), bool(blocked(0, 0, 10, 0, 5, 2, 3))
    (False, True)
    """
    ax, ay, bx, by, cx, cy, r = (np.asarray(v, dtype=_F) for v in (ax, ay, bx, by, cx, cy, r))
    dx, dy = bx - ax, by - ay
    return _within(dx, dy, dx * dx + dy * dy, cx - ax, cy - ay, r * r)


def _within(dx: np.ndarray, dy: np.ndarray, length2: np.ndarray, wx: np.ndarray,
            wy: np.ndarray, r2: np.ndarray | float, slack: float = 0.0) -> np.ndarray:
    """The core of ``blocked``: segment ``d`` from the origin, point ``w``, squared radius
    ``r2``; distance < r, exactly (``slack > 0`` instead gives a cheap superset: distance
    < r·(1 + slack), used only to pre-select candidates)."""
    ex, ey = wx - dx, wy - dy
    at_end = np.minimum(wx * wx + wy * wy, ex * ex + ey * ey) < r2 * (1 + slack)
    s = wx * dx + wy * dy
    inside = (s > 0) & (s < length2)
    cross = wx * dy - wy * dx
    lhs = cross * cross
    rhs = r2 * length2
    if slack:
        return at_end | (inside & (lhs < rhs * (1 + slack)))
    hit = at_end | (inside & (lhs < rhs))
    unsure = inside & ~at_end & (np.abs(lhs - rhs) <= 1e-12 * rhs)
    if unsure.any():  # too close to call in floating point: decide in integers
        shape = hit.shape
        flat = np.array(hit, copy=True).reshape(-1)
        where = np.flatnonzero(unsure)
        crosses = np.broadcast_to(cross, shape).reshape(-1)[where].tolist()
        radii2 = np.broadcast_to(r2, shape).reshape(-1)[where].tolist()
        lengths2 = np.broadcast_to(length2, shape).reshape(-1)[where].tolist()
        flat[where] = [int(c) * int(c) < int(q) * int(n)
                       for c, q, n in zip(crosses, radii2, lengths2, strict=True)]
        hit = flat.reshape(shape)
    return hit


def hits(ax: int, ay: int, bx: int, by: int, cx: int, cy: int, r: int) -> bool:
    """``blocked`` for one segment and one disc, in Python integers (the plain reference).

    >>> hits(0, 0, 10, 0, 5, 3, 3), hits(0, 0, 10, 0, 5, 2, 3), hits(0, 0, 10, 0, 12, 1, 3)
    (False, True, True)
    """
    dx, dy, wx, wy = bx - ax, by - ay, cx - ax, cy - ay
    s = wx * dx + wy * dy  # the nearest point of the segment: A (s <= 0), B (s >= |d|²), or
    if s <= 0:  # the foot of the perpendicular
        return wx * wx + wy * wy < r * r
    length2 = dx * dx + dy * dy
    if s >= length2:
        return (cx - bx) ** 2 + (cy - by) ** 2 < r * r
    return (wx * dy - wy * dx) ** 2 < r * r * length2


def pack(mask: np.ndarray) -> np.ndarray:
    """Pack the last axis (at most 64 long) of a boolean array into ``uint64`` bitmasks."""
    packed = np.packbits(mask, axis=-1, bitorder="little")
    full = np.zeros(mask.shape[:-1] + (8,), dtype=np.uint8)
    full[..., : packed.shape[-1]] = packed
    return full.view("<u8").reshape(mask.shape[:-1]).astype(_U)


def scatter(rng: random.Random, count: int, radius: int, spacing: float
            ) -> tuple[tuple[int, int], ...]:
    """``count`` points on the tick grid in the disc of ``radius`` ticks, pairwise at least
    ``spacing`` ticks apart: random sequential adsorption (Poisson-disc style), from ``rng``.

    Candidates are uniform in the disc (drawn in batches of ``2 * count``) and taken in
    order; each is kept unless it is closer than ``spacing`` to one kept before. Sorted in
    reading order (top to bottom, then left to right; y grows upwards).

    >>> pts = scatter(random.Random(1), 48, 9690, 775.0)
    >>> len(pts), all(x * x + y * y <= 9690 ** 2 for x, y in pts)
    (48, True)
    """
    limit = spacing * spacing
    batch = 2 * count  # (keeps the candidate matrix small: big numpy temporaries are slow)
    kx = np.zeros(0)
    ky = np.zeros(0)
    for _ in range(1000):
        draw = rng.random
        u = np.array([draw() for _ in range(2 * batch)]).reshape(2, batch)
        rad = radius * np.sqrt(u[0])
        ang = (2 * math.pi) * u[1]
        x, y = np.rint(rad * np.cos(ang)), np.rint(rad * np.sin(ang))
        ok = x * x + y * y <= float(radius) ** 2
        if len(kx):
            dx, dy = x[:, None] - kx[None, :], y[:, None] - ky[None, :]
            ok &= (dx * dx + dy * dy >= limit).all(axis=1)
        x, y = x[ok], y[ok]
        dx, dy = x[:, None] - x[None, :], y[:, None] - y[None, :]
        close = np.packbits(dx * dx + dy * dy < limit, axis=1, bitorder="little")
        width, rows = close.shape[1], close.tobytes()
        chosen, picked, need = 0, [], count - len(kx)
        for i in range(len(x)):  # keep each candidate unless it is close to one kept
            if not int.from_bytes(rows[i * width:(i + 1) * width], "little") & chosen:
                chosen |= 1 << i
                picked.append(i)
                if len(picked) == need:
                    break
        kx, ky = np.concatenate([kx, x[picked]]), np.concatenate([ky, y[picked]])
        if len(kx) == count:
            break
    else:  # pragma: no cover - the options are validated so that this cannot happen
        raise RuntimeError(f"could not scatter {count} flowers {spacing} ticks apart")
    order = np.lexsort((kx, -ky))
    xs = kx[order].astype(np.int64).tolist()
    ys = ky[order].astype(np.int64).tolist()
    return tuple(zip(xs, ys, strict=True))


def _line_reach(r: float, length2: np.ndarray) -> np.ndarray:
    """Bounds on ``cross²`` for a centre within ``r`` of a segment (a generous superset);
    unbounded for a segment of length 0 (two flowers on one spot, in built positions)."""
    return np.where(length2 > 0, (r * r * (1 + 1e-9)) * length2, np.inf)


_UPPER: dict[int, tuple[np.ndarray, np.ndarray]] = {}


def _upper(n: int) -> tuple[np.ndarray, np.ndarray]:
    """All ``(a, b)`` with ``a < b < n``, in order (cached per ``n``)."""
    if n not in _UPPER:
        ua, ub = np.triu_indices(n, 1)
        _UPPER[n] = (ua.astype(np.intp), ub.astype(np.intp))
    return _UPPER[n]


class Geometry:
    """The static geometry of one layout (flower centres and colours), built once per game.

    * ``pairs``: the same-colour pairs ``(a, b)``, ``a < b``, in order; ``pair_index`` maps
      a pair to its row.
    * ``pair_ends`` / ``pair_block``: bitmasks (uint64) of each pair's two flowers, and of the
      other flowers whose disc the segment enters — the pair is open among the flowers on the
      mat ``m`` iff ``ends & m == ends`` and ``block & m == 0`` (and no pawn blocks it).
    * ``spot_block``: for each pair and each ``SAMPLE`` position, the flowers (other than the
      pair) that a pawn standing there would overlap.
    * ``pawn_effect(x, y)``: which pairs a pawn at ``(x, y)`` blocks and which sample spots
      it rules out, cached by position; ``pawns_free`` / ``with_pawn`` combine them.
    * ``memo``: a dict where the rules keep other per-layout data (the action table).

    Coordinates in, ``points`` in ticks; radii in ticks. Everything is read-only.
    """

    __slots__ = ("points", "colors", "n", "x", "y", "rf", "rp", "bits", "pairs", "pair_index",
                 "pa", "pb", "ax", "ay", "dx", "dy", "length2", "pair_ends", "pair_block",
                 "spot_block", "sx", "sy", "memo", "_line", "_mdx", "_c", "_spot_xy",
                 "_spot_half", "_pawn_reach", "_pawns")

    def __init__(self, points: Sequence[tuple[int, int]], colors: Sequence[int], *,
                 flower_r: int, pawn_r: int) -> None:
        n = len(points)
        if n > MAX_FLOWERS:
            raise ValueError(f"at most {MAX_FLOWERS} flowers, not {n}")
        if len(colors) != n:
            raise ValueError(f"{n} flowers but {len(colors)} colours")
        self.points = tuple(points)
        self.colors = tuple(colors)
        self.n = n
        xy = np.fromiter(itertools.chain.from_iterable(self.points), dtype=_F, count=2 * n)
        x, y = xy[0::2] * STEPS, xy[1::2] * STEPS
        self.x, self.y = x, y
        self.rf = rf = float(flower_r * STEPS)
        self.rp = rp = float(pawn_r * STEPS)
        self.bits = np.left_shift(_U(1), np.arange(n, dtype=_U))
        ua, ub = _upper(n)
        cols = np.array(self.colors, dtype=np.intp)
        same = cols[ua] == cols[ub]
        pa, pb = ua[same], ub[same]
        self.pairs = tuple(zip(pa.tolist(), pb.tolist(), strict=True))
        self.pair_index = dict(zip(self.pairs, range(len(self.pairs)), strict=True))
        npairs = len(self.pairs)
        self.pa, self.pb = pa, pb
        ax, ay = self.ax, self.ay = x[pa], y[pa]
        dx, dy = self.dx, self.dy = x[pb] - ax, y[pb] - ay
        length2 = self.length2 = dx * dx + dy * dy
        self.pair_ends = self.bits[pa] | self.bits[pb]
        # cross(C − A, B − A) = line · (Cx, Cy, 1): exact, as every term is below 2**53
        self._mdx, self._c = -dx, ay * dx - ax * dy
        self._line = np.stack([dy, self._mdx, self._c], axis=1)
        k = np.array(SAMPLE, dtype=_F) / STEPS
        self.sx = ax[:, None] + k[None, :] * dx[:, None]
        self.sy = ay[:, None] + k[None, :] * dy[:, None]
        # Candidates: flowers near the pair's line (|cross| / |d| < rf + rp, a superset of
        # both the blockers and the flowers a pawn on the segment could touch) — one cheap
        # vectorised pass over pairs × flowers; then the exact tests on the candidates.
        reach = rf + rp
        cross = self._line @ np.stack([x, y, np.ones(n)])
        near = cross * cross < _line_reach(reach, length2)[:, None]
        rows = np.arange(npairs)
        near[rows, pa] = False
        near[rows, pb] = False
        pi, fi = np.nonzero(near)
        fbit = self.bits[fi]
        block = _within(dx[pi], dy[pi], length2[pi], x[fi] - ax[pi], y[fi] - ay[pi], rf * rf)
        self.pair_block = np.zeros(npairs, dtype=_U)
        np.bitwise_or.at(self.pair_block, pi[block], fbit[block])
        ddx = self.sx[pi] - x[fi][:, None]
        ddy = self.sy[pi] - y[fi][:, None]
        ci, si = np.nonzero(ddx * ddx + ddy * ddy < reach * reach)  # [candidate, s]
        self.spot_block = np.zeros((npairs, len(SAMPLE)), dtype=_U)
        np.bitwise_or.at(self.spot_block, (pi[ci], si), fbit[ci])
        # For pawns: |S − P|² < (2 rp)²  ⇔  S·P > (|S|² − (2 rp)²) / 2 + |P|² / 2 (exact)
        self._spot_xy = np.stack([self.sx.ravel(), self.sy.ravel()], axis=1)
        self._spot_half = ((self.sx * self.sx + self.sy * self.sy) - 4 * rp * rp).ravel() / 2
        self._pawn_reach = _line_reach(rp, length2)
        self._pawns: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}
        self.memo: dict[str, object] = {}
        for arr in (self.x, self.y, self.bits, pa, pb, ax, ay, dx, dy, length2, self._line,
                    self._mdx, self._c,
                    self.sx, self.sy, self.pair_ends, self.pair_block, self.spot_block,
                    self._spot_xy, self._spot_half, self._pawn_reach):
            arr.flags.writeable = False

    def __deepcopy__(self, memo: dict[int, object]) -> Geometry:
        return self  # read-only

    def __repr__(self) -> str:
        return f"<Geometry: {self.n} flowers, {len(self.pairs)} same-colour pairs>"

    # --- pawns ----------------------------------------------------------------------------
    def pawn_effect(self, px: int, py: int) -> tuple[np.ndarray, np.ndarray]:
        """``(pairs, spots)`` for a pawn centred at fine ``(px, py)``: the pairs whose segment
        it blocks (``[pair]``) and the sample spots it overlaps (``[pair, s]``)."""
        free_pairs, free_spots = self._pawn(px, py)
        return ~free_pairs, ~free_spots

    def _pawn(self, px: int, py: int) -> tuple[np.ndarray, np.ndarray]:
        """The complement of ``pawn_effect``: the pairs a pawn at ``(px, py)`` leaves open,
        and the sample spots it leaves free. Cached by position."""
        key = (px, py)
        found = self._pawns.get(key)
        if found is None:
            pxf, pyf = float(px), float(py)
            cross = pxf * self.dy + pyf * self._mdx + self._c
            pairs = np.ones(len(self.pairs), dtype=bool)
            near = np.flatnonzero(cross * cross < self._pawn_reach).tolist()
            if near:
                rp = int(self.rp)
                segments = self._segments()
                for i in near:  # the exact test, in integers, for the few pairs near the pawn
                    ax, ay, bx, by = segments[i]
                    if hits(ax, ay, bx, by, px, py, rp):
                        pairs[i] = False
            dot = self._spot_xy @ np.array((pxf, pyf))
            spots = (dot <= self._spot_half + (pxf * pxf + pyf * pyf) / 2).reshape(
                self.sx.shape)
            found = self._pawns[key] = (pairs, spots)
        return found

    def _segments(self) -> list[list[int]]:
        """Each pair's ``[ax, ay, bx, by]`` in fine units, as Python integers."""
        found = self.memo.get("segments")
        if found is None:
            ends = np.stack([self.ax, self.ay, self.ax + self.dx, self.ay + self.dy], axis=1)
            found = self.memo["segments"] = ends.astype(np.int64).tolist()
        return found  # type: ignore[return-value]

    def pawns_free(self, pawns: Sequence[tuple[int, int, int]]) -> tuple[np.ndarray,
                                                                         np.ndarray]:
        """``(pairs, spots)``: the pairs no pawn of ``pawns`` blocks, and the sample spots no
        pawn overlaps (``(x, y, owner)`` in fine units)."""
        pairs = np.ones(len(self.pairs), dtype=bool)
        spots = np.ones((len(self.pairs), len(SAMPLE)), dtype=bool)
        for px, py, _ in pawns:
            p, s = self._pawn(px, py)
            pairs = pairs & p
            spots = spots & s
        return pairs, spots

    def with_pawn(self, free: tuple[np.ndarray, np.ndarray], px: int, py: int
                  ) -> tuple[np.ndarray, np.ndarray]:
        """``pawns_free`` after one more pawn at fine ``(px, py)``."""
        p, s = self._pawn(px, py)
        return free[0] & p, free[1] & s

    # --- per position -----------------------------------------------------------------------
    def open_mask(self, on_mat: int, pair_free: np.ndarray) -> np.ndarray:
        """``[pair]``: both flowers on the mat (bitmask ``on_mat``), no flower on the mat in
        the way, and no pawn (``pair_free``, from ``pawns_free``)."""
        m = _U(on_mat)
        off = _U(~on_mat & 0xFFFF_FFFF_FFFF_FFFF)
        return (((self.pair_ends & off) | (self.pair_block & m)) == 0) & pair_free

    def spot_mask(self, on_mat: int, open_pairs: np.ndarray, spot_free: np.ndarray
                  ) -> np.ndarray:
        """``[pair, s]``: the pair is open and a pawn may stand at sample spot ``s``."""
        return open_pairs[:, None] & ((self.spot_block & _U(on_mat)) == 0) & spot_free

    def at(self, a: int, b: int, k: int) -> tuple[int, int]:
        """The fine coordinates of the spot ``k / STEPS`` of the way from flower a to b."""
        (ax, ay), (bx, by) = self.points[a], self.points[b]
        return ax * STEPS + k * (bx - ax), ay * STEPS + k * (by - ay)

    def positions_ok(self, a: int, b: int, on_mat: int,
                     pawns: Sequence[tuple[int, int, int]]) -> np.ndarray:
        """``[k]`` for ``k = 0 .. STEPS``: a pawn at ``k / STEPS`` from a to b overlaps no
        flower on the mat (other than a and b) and no pawn. Exact."""
        (ax, ay), (bx, by) = self.points[a], self.points[b]
        sx = ax * STEPS + _ALL_K * (bx - ax)
        sy = ay * STEPS + _ALL_K * (by - ay)
        hit = self.overlaps(sx, sy, on_mat & ~(1 << a) & ~(1 << b), pawns)
        return np.logical_not(hit.any(axis=1))

    def overlaps(self, sx: np.ndarray, sy: np.ndarray, on_mat: int,
                 pawns: Sequence[tuple[int, int, int]]) -> np.ndarray:
        """``[point, obstacle]``: a pawn centred at each point (fine units) overlaps each
        obstacle — the flowers in ``on_mat`` (columns ``0 .. n-1``, others never) then the
        pawns. Touching is not overlapping."""
        sx = np.atleast_1d(np.asarray(sx, dtype=_F))
        sy = np.atleast_1d(np.asarray(sy, dtype=_F))
        present = (self.bits & _U(on_mat)) != 0
        dx = sx[:, None] - self.x[None, :]
        dy = sy[:, None] - self.y[None, :]
        flowers = (dx * dx + dy * dy < (self.rf + self.rp) ** 2) & present[None, :]
        if not pawns:
            return flowers
        px = np.array([p[0] for p in pawns], dtype=_F)
        py = np.array([p[1] for p in pawns], dtype=_F)
        dx = sx[:, None] - px[None, :]
        dy = sy[:, None] - py[None, :]
        return np.concatenate([flowers, dx * dx + dy * dy < (2 * self.rp) ** 2], axis=1)

    def blockers(self, a: int, b: int, on_mat: int,
                 pawns: Sequence[tuple[int, int, int]]) -> tuple[tuple[str, int], ...]:
        """What blocks the segment a-b: ``("flower", id)`` and ``("pawn", i)``, in order."""
        (ax, ay), (bx, by) = self.points[a], self.points[b]
        ax, ay, bx, by = ax * STEPS, ay * STEPS, bx * STEPS, by * STEPS
        out: list[tuple[str, int]] = []
        hit = blocked(ax, ay, bx, by, self.x, self.y, self.rf)
        for f in np.flatnonzero(hit).tolist():
            if f not in (a, b) and (on_mat >> f) & 1:
                out.append(("flower", f))
        if pawns:
            px = np.array([p[0] for p in pawns], dtype=_F)
            py = np.array([p[1] for p in pawns], dtype=_F)
            hit = blocked(ax, ay, bx, by, px, py, self.rp)
            out.extend(("pawn", int(i)) for i in np.flatnonzero(hit).tolist())
        return tuple(out)


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
