"""Lacuna's hot loops, compiled with numba on first use (and cached on disk).

Each kernel does one plain loop that numpy would need dozens of small calls for. Inputs are
float64 arrays of exact integers in *fine* units (see ``geometry``); every comparison below
is exact in float64 except ``cross² < r²·|d|²``, which a kernel reports as *unsure* when the
two sides are within 1e-12 of each other, for the caller to decide in Python integers.

A dead mask is built as an array of uint64 words: with ``group = len(fractions) + 1`` bits
per pair, bit ``group·i + s`` for sample spot ``s`` of pair ``i`` and bit ``group·i +
group − 1`` for the pair itself (see ``Geometry``).
"""

from __future__ import annotations

import numba
import numpy as np

_jit = numba.njit(cache=True)


@_jit
def _set(words: np.ndarray, row: int, bit: int) -> None:
    words[row, bit >> 6] |= np.uint64(1) << np.uint64(bit & 63)


@_jit
def _reach(ax: float, ay: float, dx: float, dy: float, length2: float, cx: float,
           cy: float, r2: float) -> int:
    """Whether the disc (c, √r2) reaches inside the segment from a by d: 1 yes, 0 no, -1
    too close to call in float64."""
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


@_jit
def _mark(words: np.ndarray, row: int, base: int, fractions: np.ndarray, ax: float,
          ay: float, dx: float, dy: float, length2: float, cx: float, cy: float,
          touch2: float, r2: float) -> int:
    """Set in ``words[row]`` the bits from ``base`` of one pair (the segment from a by d)
    that a disc at c kills: each sample spot within √touch2 of c, and all of them and the
    pair's own bit if the disc (c, √r2) reaches inside the segment. Returns ``_reach``."""
    for s in range(len(fractions)):
        ex, ey = ax + fractions[s] * dx - cx, ay + fractions[s] * dy - cy
        if ex * ex + ey * ey < touch2:
            _set(words, row, base + s)
    hit = _reach(ax, ay, dx, dy, length2, cx, cy, r2)
    if hit == 1:
        for s in range(len(fractions) + 1):
            _set(words, row, base + s)
    return hit


@_jit
def reach_each(columns: np.ndarray, out: np.ndarray) -> None:
    """``out[j]`` = ``_reach`` for the segment ``a[j] b[j]`` and the disc ``(c[j], r[j])``,
    from the rows ``ax, ay, bx, by, cx, cy, r`` of ``columns``."""
    ax, ay, bx, by, cx, cy, r = columns
    for j in range(len(out)):
        dx, dy = bx[j] - ax[j], by[j] - ay[j]
        out[j] = _reach(ax[j], ay[j], dx, dy, dx * dx + dy * dy, cx[j], cy[j], r[j] * r[j])


@_jit
def layout_kills(x: np.ndarray, y: np.ndarray, pa: np.ndarray, pb: np.ndarray,
                 fractions: np.ndarray, rf: float, rp: float, kills: np.ndarray,
                 unsure: np.ndarray) -> int:
    """Fill ``kills[f]`` (flower ``f`` on the mat: the pairs it blocks, the sample spots it
    overlaps) and ``kills[n + f]`` (``f`` collected: its own pairs), as words; list in
    ``unsure`` the ``(pair, flower)`` blocking tests left to the caller; return how many."""
    n, group, reach2, rf2 = len(x), len(fractions) + 1, (rf + rp) * (rf + rp), rf * rf
    found = 0
    for i in range(len(pa)):
        a, b = pa[i], pb[i]
        ax, ay = x[a], y[a]
        dx, dy = x[b] - ax, y[b] - ay
        length2 = dx * dx + dy * dy
        far = reach2 * length2 * (1 + 1e-9)  # cross² beyond this: too far from the line
        base = group * i
        for s in range(group):
            _set(kills, n + a, base + s)
            _set(kills, n + b, base + s)
        for f in range(n):
            fx, fy = x[f], y[f]
            cross = (fx - ax) * dy - (fy - ay) * dx
            if f == a or f == b or (length2 > 0 and cross * cross >= far):
                continue
            if _mark(kills, f, base, fractions, ax, ay, dx, dy, length2, fx, fy, reach2,
                     rf2) == -1:
                unsure[found, 0], unsure[found, 1] = i, f
                found += 1
    return found


@_jit
def pawn_kills(x: np.ndarray, y: np.ndarray, pa: np.ndarray, pb: np.ndarray,
               fractions: np.ndarray, rp: float, px: float, py: float, words: np.ndarray,
               unsure: np.ndarray) -> int:
    """Fill ``words`` with the dead mask of a pawn at ``(px, py)``: the sample spots it
    overlaps and the pairs it blocks; list in ``unsure`` the pairs left to the caller;
    return how many."""
    group, touch2, rp2 = len(fractions) + 1, 4 * rp * rp, rp * rp
    found = 0
    for i in range(len(pa)):
        a, b = pa[i], pb[i]
        ax, ay = x[a], y[a]
        dx, dy = x[b] - ax, y[b] - ay
        if _mark(words, 0, group * i, fractions, ax, ay, dx, dy, dx * dx + dy * dy, px, py,
                 touch2, rp2) == -1:
            unsure[found] = i
            found += 1
    return found


@_jit
def union(kills: np.ndarray, on_mat: np.uint64, out: np.ndarray) -> None:
    """``out`` = the union of ``kills[f]`` for the flowers on the mat (bit ``f`` of
    ``on_mat``) and ``kills[n + f]`` for the others (``n = len(kills) // 2``)."""
    n = len(kills) // 2
    out[:] = 0
    for f in range(n):
        row = f if (on_mat >> np.uint64(f)) & np.uint64(1) else n + f
        for w in range(len(out)):
            out[w] |= kills[row, w]


@_jit
def adsorb(x: np.ndarray, y: np.ndarray, radius2: float, limit: float, kx: np.ndarray,
           ky: np.ndarray, kept: int) -> int:
    """Random sequential adsorption: take the candidates ``(x, y)`` in order, keeping each
    that lies within the disc (``x² + y² <= radius2``) and is at least ``√limit`` from every
    point kept (``kx[:kept]``, ``ky[:kept]``), until ``kx`` is full; return how many are
    kept."""
    for c in range(len(x)):
        if kept == len(kx):
            break
        cx, cy = x[c], y[c]
        if cx * cx + cy * cy > radius2:
            continue
        for j in range(kept):
            ex, ey = cx - kx[j], cy - ky[j]
            if ex * ex + ey * ey < limit:
                break
        else:
            kx[kept], ky[kept] = cx, cy
            kept += 1
    return kept
