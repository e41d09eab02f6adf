"""Lacuna's geometry loops, as whole-array numpy: nothing to compile, nothing to load.

Inputs are float64 arrays of exact integers in *fine* units (see ``geometry``); every
comparison below is exact in float64 except ``cross² < r²·|d|²``, which is reported as
*unsure* when the two sides are within 1e-12 of each other, for the caller to decide in
Python integers. So the answers are exact, whatever order the arithmetic runs in.

A dead mask is a Python integer: with ``group = len(fractions) + 1`` bits per pair, bit
``group·i + s`` for sample spot ``s`` of pair ``i`` and bit ``group·i + group − 1`` for the
pair itself (see ``Geometry``).

>>> out = np.empty(2, dtype=np.int8)
>>> reach_each(np.array([[0, 0], [0, 0], [10, 10], [0, 0], [5, 5], [3, 2], [3, 3]], float), out)
>>> out.tolist()          # a tangent disc: left to the caller (integers); one reaching in
[-1, 1]
"""

from __future__ import annotations

from typing import Any

import numpy as np

_F = np.float64


def _reach(ax: np.ndarray, ay: np.ndarray, dx: np.ndarray, dy: np.ndarray,
           length2: np.ndarray, cx: np.ndarray, cy: np.ndarray, r2: np.ndarray | float
           ) -> np.ndarray:
    """Whether each disc (c, √r2) reaches inside the segment from a by d: 1 yes, 0 no, -1
    too close to call in float64 (int8; arguments broadcast)."""
    wx, wy = cx - ax, cy - ay
    ex, ey = wx - dx, wy - dy
    near = np.minimum(wx * wx + wy * wy, ex * ex + ey * ey) < r2
    s = wx * dx + wy * dy
    along = (0 < s) & (s < length2)
    cross = wx * dy - wy * dx
    lhs, rhs = cross * cross, r2 * length2
    unsure = np.abs(lhs - rhs) <= 1e-12 * rhs
    verdict = np.where(unsure, -1, lhs < rhs).astype(np.int8)
    verdict[~along] = 0
    verdict[near] = 1
    return verdict


def reach_each(columns: np.ndarray, out: np.ndarray) -> None:
    """``out[j]`` = ``_reach`` for the segment ``a[j] b[j]`` and the disc ``(c[j], r[j])``,
    from the rows ``ax, ay, bx, by, cx, cy, r`` of ``columns``."""
    ax, ay, bx, by, cx, cy, r = columns
    dx, dy = bx - ax, by - ay
    out[:] = _reach(ax, ay, dx, dy, dx * dx + dy * dy, cx, cy, r * r)


def _near(wx: np.ndarray, wy: np.ndarray, dx: np.ndarray, dy: np.ndarray,
          length2: np.ndarray, reach: float) -> np.ndarray:
    """Whether each point (``w`` from a segment's start ``a``, which runs by ``d``) may lie
    within ``reach`` of the segment: a cheap, conservative filter (a closed box around the
    segment, widened by a relative 1e-9 for the rounding of the square root; every point, for
    a segment of length 0)."""
    s = wx * dx + wy * dy
    cross = wx * dy - wy * dx
    side = reach * np.sqrt(length2) * (1 + 1e-9)
    return (cross * cross <= side * side) & (s >= -side) & (s <= length2 + side)


def layout_kills(x: np.ndarray, y: np.ndarray, pa: np.ndarray, pb: np.ndarray,
                 fractions: np.ndarray, rf: float, rp: float
                 ) -> tuple[list[int], list[tuple[int, int]]]:
    """The dead masks ``kills[f]`` (flower ``f`` on the mat: the pairs it blocks, the sample
    spots it overlaps) and ``kills[n + f]`` (``f`` collected: its own pairs), and the
    ``(pair, flower)`` blocking tests left to the caller.

    Only the (pair, flower) couples that ``_near`` lets through are tested exactly."""
    n, pairs, group = len(x), len(pa), len(fractions) + 1
    bits = np.zeros((2 * n, pairs, group), dtype=bool)
    every = np.arange(pairs)
    bits[n + pa, every] = True  # a collected flower ends its own pairs
    bits[n + pb, every] = True
    ax, ay = x[pa], y[pa]
    dx, dy = x[pb] - ax, y[pb] - ay
    length2 = dx * dx + dy * dy
    wx, wy = x[None, :] - ax[:, None], y[None, :] - ay[:, None]  # [pair, flower]
    near = _near(wx, wy, dx[:, None], dy[:, None], length2[:, None], rf + rp)
    near[every, pa] = near[every, pb] = False  # a pair's own flowers never block it
    i, f = np.nonzero(near)  # pairs ascending, then flowers
    ax, ay, dx, dy, length2 = ax[i], ay[i], dx[i], dy[i], length2[i]
    ex = ax[:, None] + fractions * dx[:, None] - x[f][:, None]  # [couple, spot]
    ey = ay[:, None] + fractions * dy[:, None] - y[f][:, None]
    bits[f, i, :-1] = ex * ex + ey * ey < (rf + rp) * (rf + rp)
    verdict = _reach(ax, ay, dx, dy, length2, x[f], y[f], rf * rf)
    bits[f[verdict == 1], i[verdict == 1]] = True
    packed = np.packbits(bits.reshape(2 * n, pairs * group), axis=1, bitorder="little")
    kills = [int.from_bytes(row, "little") for row in map(bytes, packed)]
    doubt = verdict == -1
    return kills, list(zip(i[doubt].tolist(), f[doubt].tolist(), strict=True))


def segments(x: np.ndarray, y: np.ndarray, pa: np.ndarray, pb: np.ndarray,
             fractions: np.ndarray, rp: float) -> tuple[Any, ...]:
    """Per pair, what ``pawn_kills`` asks of it: ``ax, ay, dx, dy, |d|²``, the bounds of
    ``_near``'s box for a pawn of radius ``rp`` (``cross²`` below, ``s`` between), and the
    sample spots' coordinates ``[pair, spot]``, flat; last, the first five as Python floats,
    per pair."""
    ax, ay = x[pa], y[pa]
    dx, dy = x[pb] - ax, y[pb] - ay
    length2 = dx * dx + dy * dy
    side = rp * np.sqrt(length2) * (1 + 1e-9)
    spot_x = (ax[:, None] + fractions * dx[:, None]).ravel()
    spot_y = (ay[:, None] + fractions * dy[:, None]).ravel()
    plain = list(zip(*(v.tolist() for v in (ax, ay, dx, dy, length2)), strict=True))
    return ax, ay, dx, dy, length2, side * side, -side, length2 + side, spot_x, spot_y, plain


def pawn_kills(seg: tuple[Any, ...], group: int, rp: float, px: float, py: float
               ) -> tuple[list[int], list[int]]:
    """The dead mask of a pawn at ``(px, py)``: the bits it sets (the sample spots it
    overlaps, and every bit of the pairs it blocks) and the pairs whose blocking is left to
    the caller. ``seg`` is ``segments(..., rp)``: every spot is tested at once, and only the
    few pairs its box lets through are tested for blocking, one by one."""
    ax, ay, dx, dy, length2, cross2, low, high, spot_x, spot_y, plain = seg
    ex, ey = spot_x - px, spot_y - py
    spot = np.flatnonzero(ex * ex + ey * ey < 4 * rp * rp)
    bits = (spot + spot // (group - 1)).tolist()  # spot s of pair i: bit group·i + s
    wx, wy = px - ax, py - ay
    s = wx * dx + wy * dy
    cross = wx * dy - wy * dx
    near = np.flatnonzero((cross * cross <= cross2) & (s >= low) & (s <= high)).tolist()
    unsure: list[int] = []
    r2 = rp * rp
    for i in near:
        x0, y0, ex, ey, length = plain[i]
        hit = _reach_one(x0, y0, ex, ey, length, px, py, r2)
        if hit == 1:
            bits.extend(range(group * i, group * i + group))
        elif hit == -1:
            unsure.append(i)
    return bits, unsure


def _reach_one(ax: float, ay: float, dx: float, dy: float, length2: float, cx: float,
               cy: float, r2: float) -> int:
    """``_reach`` for one segment and one disc, in Python floats."""
    wx, wy = cx - ax, cy - ay
    ex, ey = wx - dx, wy - dy
    if min(wx * wx + wy * wy, ex * ex + ey * ey) < r2:
        return 1
    s = wx * dx + wy * dy
    if not 0 < s < length2:
        return 0
    cross = wx * dy - wy * dx
    lhs, rhs = cross * cross, r2 * length2
    if abs(lhs - rhs) <= 1e-12 * rhs:
        return -1
    return 1 if lhs < rhs else 0


def adsorb(x: np.ndarray, y: np.ndarray, radius2: float, limit: float, kx: np.ndarray,
           ky: np.ndarray, kept: int) -> int:
    """Random sequential adsorption: take the candidates ``(x, y)`` in order, keeping each
    that lies within the disc (``x² + y² <= radius2``) and is at least ``√limit`` from every
    point kept (``kx[:kept]``, ``ky[:kept]``), until ``kx`` is full; return how many are
    kept.

    Every distance is computed at once; only the choice, which depends on what came before,
    is a loop, over bitmasks of the candidates each candidate is too close to.
    """
    ok = x * x + y * y <= radius2
    if kept:
        ex, ey = x[:, None] - kx[None, :kept], y[:, None] - ky[None, :kept]
        ok &= ~(ex * ex + ey * ey < limit).any(axis=1)
    live = np.flatnonzero(ok)
    cx, cy = x[live], y[live]
    ex, ey = cx[:, None] - cx[None, :], cy[:, None] - cy[None, :]
    close = np.packbits(ex * ex + ey * ey < limit, axis=1, bitorder="little")
    taken = 0  # bit c: live candidate c is kept
    for c, row in enumerate(close.tolist()):
        if kept == len(kx):
            break
        if int.from_bytes(bytes(row), "little") & taken:
            continue
        kx[kept], ky[kept] = cx[c], cy[c]
        kept += 1
        taken |= 1 << c
    return kept
