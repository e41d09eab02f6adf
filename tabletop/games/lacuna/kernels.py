"""Lacuna's geometry loops, as whole-array numpy: nothing to compile, nothing to load.

Inputs are float64 arrays of exact integers in *fine* units (see ``geometry``); every
quantity compared is an integer (or half of one) below 2**52, exact however numpy or BLAS
sums it, except ``cross² < r²·|d|²``: where its two sides are within 1e-12 of each other it
is decided in Python integers (``hits``), as are a pawn's pairs whose ``|cross|`` lies
within ``_MARGIN`` of ``rp·|d|`` (``pawn_table``). So the answers are exact. Each numpy call costs
about a microsecond whatever its size, so the work is arranged in few, whole-array calls:
per layout, ``same_colour_pairs``, ``lines`` and ``layout_kills`` (every flower against
every pair), and ``pawn_table``; per pawn, one ``pawn_hits``; for the scatter,
``disc_points`` and ``adsorb``. Every ``take`` gets indices in range and
runs in ``"wrap"`` mode (``"raise"`` checks each index and buffers its output).

A dead mask is a Python integer: with ``group`` bits per pair (a sample spot each, and one),
bit ``group·i + s`` for sample spot ``s`` of pair ``i`` and bit ``group·i + group − 1`` for the
pair itself (see ``Geometry``).

>>> out = np.empty(2, dtype=np.int8)
>>> reach_each(np.array([[0, 0], [0, 0], [10, 10], [0, 0], [5, 5], [3, 2], [3, 3]], float), out)
>>> out.tolist()          # a tangent disc: left to the caller (integers); one reaching in
[-1, 1]
"""

from __future__ import annotations

import math
import struct
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from tabletop.core.memos import Bound

_F = np.float64
_LEVELS = 1 << np.arange(8, dtype=np.uint8)  # the bits of a count below 256


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


class Lines(NamedTuple):
    """Per pair ``i`` (flower ``pa[i]`` to ``pb[i]``), in fine units (exact integers in
    float64): ``start`` ``[x or y, pair]`` (A), ``run`` (D = B − A), ``length2`` (``|D|²``)
    and its square root ``root``, the sample spots ``spots`` ``[x or y, pair, spot]``,
    ``cross`` ``[3, pair]``: ``(fx, fy, 1)`` times it is ``(F − A) × D``, an integer below
    2**52 (so exact however it is summed); ``across``, the spots as ``[x or y, spot,
    pair]`` (``spots`` is a view of it: numpy is fastest along the longest axis); ``terms``,
    ``cross`` and ``root`` as the rows of one array (they are views of it: ``pawn_table``
    reads the last two at once); and the ``flowers`` ``[x or y, flower]`` the pairs join."""

    start: np.ndarray
    run: np.ndarray
    length2: np.ndarray
    root: np.ndarray
    spots: np.ndarray
    cross: np.ndarray
    across: np.ndarray
    terms: np.ndarray
    flowers: np.ndarray


def lines(xy: np.ndarray, ends: np.ndarray, weights: np.ndarray) -> Lines:
    """The ``Lines`` of the pairs ``ends[0, i]``-``ends[1, i]`` of the flowers at ``xy``
    ``[x or y, flower]``, with the sample spots ``(1 − t)·A + t·B`` given by ``weights``
    ``[spot, (1 − t, t)]``: one matrix product (``t`` a multiple of 1/1024, A and B of 1024
    in fine units: each product, and so the sum, an exact integer)."""
    pairs = ends.shape[1]
    at = xy.take(ends.reshape(-1), axis=1, mode="wrap").reshape(2, 2, pairs)  # [x or y, A or B]
    start = at[:, 0]
    run = at[:, 1] - start
    square = run * run
    length2 = square[0] + square[1]
    across = weights @ at  # [x or y, spot, pair]
    terms = np.empty((4, pairs))
    cross = terms[:3]
    np.multiply(run[::-1], _PERPENDICULAR, out=cross[:2])  # (dy, −dx)
    ends_cross = start[::-1] * run
    np.subtract(ends_cross[0], ends_cross[1], out=cross[2])  # ay·dx − ax·dy
    root = np.sqrt(length2, out=terms[3])
    return Lines(start, run, length2, root, across.transpose(0, 2, 1), cross, across, terms, xy)


_PERPENDICULAR = np.array([[1.0], [-1.0]])


_GENEROUS = 1 + 1e-6
"""How far, relatively, ``layout_kills`` widens its filter ``cross² <= (rf + rp)²·|d|²``: far
beyond the rounding of either side, so no couple that overlaps or blocks is left out."""


class Kills(NamedTuple):
    """A layout's dead masks, packed: row ``f`` (flower ``f`` on the mat: the pairs it
    blocks, the sample spots it overlaps) and row ``n + f`` (``f`` collected: its own
    pairs), each ``width`` bytes of ``raw`` (little-endian); and ``planes``, the number of
    flowers that kill each bit while every flower is on the mat, in binary (plane ``j``
    holds bit ``j`` of each count)."""

    raw: bytes
    width: int
    planes: tuple[int, ...]


def layout_kills(at: np.ndarray, ends: np.ndarray, seg: Lines, rf: float, rp: float
                 ) -> Kills:
    """The ``Kills`` of the flowers at ``at`` ``[(x, y, 1), flower]`` (radius ``rf``) with
    pawns of radius ``rp`` on the pairs ``ends[0, i]``-``ends[1, i]``.

    ``cross`` for every flower and pair is one matrix product, exact in float64; only the
    couples whose flower lies within ``rf + rp`` of the pair's line (a few per flower; never
    a pair's own flowers) are tested further, all at once (``_couple_bits``). The rows are
    laid out a byte per bit, ``group`` bytes a pair (a cell), in one zeroed array: each
    couple's cell is one ``put``, a collected flower's cells of its own pairs (every bit)
    another; one ``packbits`` makes the rows, one sum of the on-mat rows the counts.
    """
    n, pairs, group = at.shape[1], ends.shape[1], seg.spots.shape[2] + 1
    if not pairs:
        return Kills(b"", 0, ())
    c = _pair_consts(n, pairs, group)
    # [flower, pair]. Measured (valgrind, a 48-flower layout): the product with BLAS
    # clearing its output counts 92 K instructions, broadcast sums 144 K, einsum 110 K.
    cross = at.T @ seg.cross
    cross *= cross  # squared, as ``_couple_bits`` takes it
    # (``<=``: a pair of coincident flowers, of length 0, has every flower near it)
    near = cross <= seg.length2 * ((rf + rp) ** 2 * _GENEROUS)
    own = ends * pairs
    own += c.pair
    near.put(own, False)  # a pair's own flowers never block it
    k = near.ravel().nonzero()[0]  # by flower, then pair (``np.flatnonzero``, less a call)
    f, i = np.divmod(k, pairs)
    bits = _couple_bits(at[:2], (f, i), cross.take(k, mode="wrap"), seg, ends, rf, rp)
    # (Or-ing each couple's bits into words of four pairs, ``bitwise_or.at``, zeroes a
    # sixth of these bytes but made the whole layout 1.6 M instructions, not 1.0 M.)
    cells = np.zeros(2 * n * c.stride, c.cell)  # [on the mat or not, flower, pair]
    f *= c.stride
    f += i  # the couple's cell: its flower's on-mat row
    cells.put(f, bits.view(c.cell))
    own = ends * c.stride
    own += c.own_cell
    cells.put(own, c.every)  # a collected flower's row: every bit of its own pairs
    flags = cells.view(np.uint8).reshape(2 * n, -1)  # [row, bit]: a byte a bit
    span, width = c.stride * group // 8, -(-group * pairs // 8)
    raw = np.packbits(flags, bitorder="little").reshape(2 * n, span)[:, :width].tobytes()
    count = np.add.reduce(flags[:n], axis=0, dtype=np.uint8)  # [bit]: how many flowers
    return Kills(raw, width, _planes(count, n, span))


class _Consts(NamedTuple):
    """What ``layout_kills`` needs of a layout's size alone: ``pair`` (``i`` for pair ``i``),
    ``stride`` (cells a row: the pairs, rounded up to make whole bytes), ``cell`` (the dtype
    of a cell: ``group`` bytes), ``own_cell`` (pair ``i``'s cell in the collected rows, less
    ``stride`` times the flower) and ``every`` (a cell of every bit)."""

    pair: np.ndarray
    stride: int
    cell: np.dtype
    own_cell: np.ndarray
    every: np.ndarray


_CONSTS: dict[tuple[int, int, int], _Consts] = {}
#: How many ``_CONSTS`` are kept: a game's layout needs one, but every position built
#: (``Lacuna.position``) with another count of flowers or pairs needs its own.
_CONSTS_HELD = Bound(64)


def _pair_consts(n: int, pairs: int, group: int) -> _Consts:
    """``_Consts`` for ``n`` flowers and ``pairs`` pairs of ``group`` bits (kept for a few)."""
    found = _CONSTS.get((n, pairs, group))
    if found is None:
        if len(_CONSTS) >= _CONSTS_HELD.size:
            _CONSTS.clear()
        i = np.arange(pairs)
        step = 8 // math.gcd(group, 8)  # pairs a whole number of bytes hold
        stride = -(-pairs // step) * step
        cell = np.dtype((np.void, group))
        found = _CONSTS[n, pairs, group] = _Consts(
            i, stride, cell, i + n * stride, np.ones(group, np.uint8).view(cell))
    return found


def _couple_bits(xy: np.ndarray, couples: tuple[np.ndarray, np.ndarray], cross: np.ndarray,
                 seg: Lines, ends: np.ndarray, rf: float, rp: float) -> np.ndarray:
    """For each couple ``c`` of a flower ``f[c]`` (at ``xy``) and a pair ``i[c]`` (between
    the flowers ``ends[:, i]``), with ``cross`` the flower's ``((F − A) × D)²``: the spots
    it overlaps (bit ``s`` for sample spot ``s``: ``|S − F| < rf + rp``), or every bit when
    it blocks the pair (reaches strictly inside the segment); ``[couple, bit]`` booleans.

    The spots, the ends and the foot of the perpendicular are exact; ``cross²`` against
    ``rf²·|D|²`` is rounded, so within a relative 1e-12 of it the answer comes from ``hits``
    (integers).
    """
    f, i = couples
    spots = seg.across.take(i, axis=2, mode="wrap")  # [x or y, spot, couple]
    spots -= xy.take(f, axis=1, mode="wrap")[:, None]
    spots *= spots
    d2 = spots[0]
    d2 += spots[1]  # [spot, couple]: |S − F|², exact
    reach, r2 = rf + rp, rf * rf
    bits = np.empty((len(f), len(d2) + 1), dtype=bool)
    flags = bits.T  # [bit, couple]
    length2 = seg.length2.take(i, mode="wrap")
    along = np.abs(d2[0] - d2[-1]) < length2  # 0 < (F − A)·D < |D|²: the foot inside
    # cross² against rf²·|D|²: surely below it, maybe below it
    line = np.less(cross, np.multiply.outer((r2 * (1 - 1e-12), r2 * (1 + 1e-12)), length2))
    hit = np.less(np.minimum(d2[0], d2[-1]), r2, out=flags[-1])  # an end within rf
    hit |= along & line[0]
    if line[0].tobytes() != line[1].tobytes():  # (wherever the foot lies: ``hits`` decides)
        (x, y), (pa, pb) = xy, ends
        for j in np.flatnonzero(line[1] > line[0]).tolist():
            a, b, g = pa[i[j]], pb[i[j]], f[j]
            hit[j] = hits(int(x[a]), int(y[a]), int(x[b]), int(y[b]), int(x[g]), int(y[g]),
                          int(rf))
    # Blocked: every bit, by an infinite bound (an ``|=`` of ``hit`` into the spot bits
    # would run numpy's inner loop across a couple's five, slowly).
    np.less(d2, np.where(hit, np.inf, reach * reach), out=flags[:-1])
    return bits


def _planes(count: np.ndarray, n: int, span: int) -> tuple[int, ...]:
    """The counts ``count`` (a byte per bit, each at most ``n``; rows of ``span`` bytes once
    packed) in binary: plane ``j`` holds bit ``j`` of each, as an integer; none above the
    highest count's top bit."""
    bits = np.bitwise_and(count, _LEVELS[:n.bit_length(), None])  # [plane, bit]
    packed = np.packbits(bits, bitorder="little").tobytes()  # packs nonzero as 1
    whole, size = int.from_bytes(packed, "little"), 8 * span
    mask, planes = (1 << size) - 1, []
    while whole:  # (a plane's bits past the pairs, packed from empty cells, are 0)
        planes.append(whole & mask)
        whole >>= size
    return tuple(planes)


def bit_flags(mask: int, count: int) -> np.ndarray:
    """Bits ``0 .. count-1`` of a non-negative ``mask`` (below ``2**count``) as booleans.

    >>> bit_flags(0b1001, 5).tolist()
    [True, False, False, True, False]
    """
    raw = np.frombuffer(mask.to_bytes((count + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, count=count, bitorder="little").view(bool)


def set_bits(mask: int) -> list[int]:
    """The positions of the set bits of a non-negative ``mask``, ascending.

    >>> set_bits(0b101001)
    [0, 3, 5]
    """
    return np.flatnonzero(bit_flags(mask, mask.bit_length())).tolist()


def hits(ax: int, ay: int, bx: int, by: int, cx: int, cy: int, r: int) -> bool:
    """Whether the disc (``c``, ``r``) reaches strictly inside the closed segment ``ab``, in
    Python integers (the plain reference).

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


class PawnTable(NamedTuple):
    """What ``pawn_hits`` asks of a layout (``pawn_table``): ``rows`` ``[4, column]``, whose
    product with ``(px, py, 1, px² + py² − reach2)`` is below 0 in exactly the columns that
    hold for a pawn at ``p``, last column first; ``reach2`` = ``(2·rp)²``; ``page``, the
    columns of a page (``group`` a pair); ``lows``, bit ``group·i`` of every pair ``i``;
    ``cell`` and ``every``, a pair's ``group`` bits and every pair's."""

    rows: np.ndarray
    reach2: float
    page: int
    lows: int
    cell: int
    every: int


_MARGIN = 1e-5
"""How far, relatively, ``pawn_table`` rounds the widths ``rp·|d|`` down and up: at least 10
units (``rp`` and ``|d|`` are each a tick or more, 1024 units), several times the rounding of
its products (a unit or two)."""


def pawn_table(seg: Lines, rp: float) -> PawnTable:
    """The ``PawnTable`` of the pairs ``seg`` for pawns of radius ``rp``.

    Its columns are two pages of ``group`` per pair, then one per flower. First the sample
    spots, ``|S − p|² < (2·rp)²`` (the pawn overlaps them), and a column that never holds;
    then ``s > 0`` and ``s < |d|²`` (``s = (p − A)·d``: it stands beside the segment) and
    ``±cross < rp·|d|`` with the width rounded down (surely within ``rp`` of the line) and
    up (maybe: ``_MARGIN``). Last, per flower, ``|F − p|² < rp²``: it blocks the flower's
    pairs. Each product is an integer below 2**52 (so exact) but for the widths.

    The columns repeat a few values per pair (the spots, ``±cross``, ``A·d``, ``B·d`` and
    the widths), worked out whole-array in one flat array and spread by one ``take``
    (``_pawn_frame``); the ``|p|²`` terms hang on the size alone. The columns are stored
    last first, so that ``pawn_hits`` packs its bits in numpy's faster (big-endian) order.
    """
    pairs, spots = seg.spots.shape[1:]
    n = seg.flowers.shape[1]
    frame = _pawn_frame(pairs, spots, n, rp)
    share = spots * pairs
    values = np.empty(3 * share + 13 * pairs + 3 * n + 1)  # see ``_pawn_frame``
    np.multiply(seg.across, -2.0, out=values[:2 * share].reshape(2, spots, pairs))
    squares = seg.across * seg.across
    np.add(squares[0], squares[1], out=values[2 * share:3 * share].reshape(spots, pairs))
    line = values[3 * share:3 * share + 13 * pairs].reshape(13, pairs)
    line[5:7] = seg.cross[:2]
    ends = seg.start * seg.run
    np.add(ends[0], ends[1], out=line[12])  # A·d
    np.add(line[12], seg.length2, out=line[7])  # B·d
    np.matmul(frame.widths, seg.terms[2:], out=line[8:12])  # c ± the widths
    np.negative(line[5:10], out=line[:5])
    flowers = values[-3 * n - 1:-1].reshape(3, n)
    np.multiply(seg.flowers, -2.0, out=flowers[:2])
    squares = seg.flowers * seg.flowers
    np.add(squares[0], squares[1], out=flowers[2])
    flowers[2] += frame.lift  # against rp², not (2·rp)²
    values[-1] = 0.0
    rows = np.empty((4, frame.sources.shape[1]))
    # The indices are all in range: "wrap" skips the checks (and the buffer) "raise" makes.
    values.take(frame.sources, out=rows[:3], mode="wrap")
    rows[3] = frame.squares
    return PawnTable(rows, frame.reach2, frame.page, frame.lows, frame.cell, frame.every)


class _PawnFrame(NamedTuple):
    """What ``pawn_table`` needs of its size and ``rp`` alone: ``sources`` ``[term, column]``
    (where the columns' ``px``, ``py`` and constant terms lie in its flat array of values)
    and ``squares`` (their ``|p|²`` terms), both last column first; ``widths`` (``(c, |d|)``
    to ``c`` plus the widths rounded down and up, then ``c`` less them); ``lift``, taken
    off the flowers' ``(2·rp)²``; and ``reach2`` and the masks of the ``PawnTable``."""

    sources: np.ndarray
    squares: np.ndarray
    widths: np.ndarray
    lift: np.float64
    reach2: float
    page: int
    lows: int
    cell: int
    every: int


_PAWN_FRAMES: dict[tuple[int, int, int, float], _PawnFrame] = {}
_FRAMES_HELD = Bound(64)
# The line values' rows: −(the next five), then dy, −dx, B·d, c + the two widths; then c −
# the two widths and A·d. Each column of the second page, as [px term, py term, constant]:
# s > 0 (−d, A·d), s < |d|² (d, −B·d), then ±cross within the low width, then the high one.
_LINE_COLUMNS = np.array([[6, 0, 12], [1, 5, 2], [5, 6, 10], [0, 1, 3], [5, 6, 11], [0, 1, 4]])


def _pawn_frame(pairs: int, spots: int, n: int, rp: float) -> _PawnFrame:
    """The ``_PawnFrame`` of ``pairs`` pairs of ``spots`` sample spots, ``n`` flowers and
    pawns of radius ``rp`` (kept for a few). ``pawn_table``'s flat array holds the spots'
    ``−2·S`` (``[x or y, spot, pair]``) and ``|S|²`` (``[spot, pair]``), the line values
    (``[row, pair]``, ``_LINE_COLUMNS``), the flowers' ``−2·F`` and ``|F|² + 3·rp²``
    (``[term, flower]``) and a zero, for the columns that never hold (and the padding to
    whole bytes)."""
    key = (pairs, spots, n, rp)
    found = _PAWN_FRAMES.get(key)
    if found is None:
        if len(_PAWN_FRAMES) >= _FRAMES_HELD.size:
            _PAWN_FRAMES.clear()
        group, share, i = spots + 1, spots * pairs, np.arange(pairs)[:, None]
        line, columns = 3 * share, 2 * group * pairs + n
        flowers, zero = line + 13 * pairs, line + 13 * pairs + 3 * n
        index = np.full((3, -(-columns // 8) * 8), zero)
        pages = index[:, :2 * group * pairs].reshape(3, 2, pairs, group)
        term = np.arange(3)[:, None, None]
        pages[:, 0, :, :spots] = term * share + np.arange(spots) * pairs + i
        pages[:, 1, :, :6] = line + _LINE_COLUMNS.T[:, None, :] * pairs + i
        index[:, 2 * group * pairs:columns] = flowers + term[:, 0] * n + np.arange(n)
        squares = np.zeros(index.shape[1])
        squares[:2 * group * pairs].reshape(2, pairs, group)[0, :, :spots] = 1.0
        squares[2 * group * pairs:columns] = 1.0
        low, high = rp * (1 - _MARGIN), rp * (1 + _MARGIN)
        cell, every = (1 << group) - 1, (1 << group * pairs) - 1
        found = _PAWN_FRAMES[key] = _PawnFrame(
            index[:, ::-1].copy(), squares[::-1].copy(),
            np.array([[1.0, low], [1.0, high], [1.0, -low], [1.0, -high]]),
            np.float64(3 * rp * rp), 4 * rp * rp, group * pairs, every // cell, cell, every)
    return found


_ZERO = np.zeros(())  # (a Python 0.0 would be made an array on every call)
#: A pawn's ``(px, py, 1, |p|² − reach2)`` as float64 bytes, for ``np.frombuffer``: less
#: work than ``np.array`` on a tuple (no type discovery). Exact: integers below 2**53.
_POINT = struct.Struct("4d").pack


def pawn_hits(table: PawnTable, px: int, py: int) -> tuple[int, int, int]:
    """For a pawn at fine ``(px, py)``: its dead mask as far as the floats tell (the sample
    spots it overlaps, the pairs it surely blocks), the pairs too close to call (bit
    ``group·i``: ``hits`` decides) and the flowers within ``rp`` of it (bit ``f``: it
    blocks all their pairs)."""
    rows, reach2, page, lows, cell, every = table
    values = np.frombuffer(_POINT(px, py, 1.0, float(px * px + py * py) - reach2)) @ rows
    near = int.from_bytes(np.packbits(values < _ZERO).tobytes(), "big")  # (rows last first)
    line = near >> page
    line &= line >> 1  # a pair's bit 0: beside the segment; 2: surely near the line; 4: maybe
    blocked = line & line >> 2
    maybe = line & line >> 4
    return near & every | (blocked & lows) * cell, (blocked ^ maybe) & lows, near >> 2 * page


_LOWER: dict[int, np.ndarray] = {}


def _lower(m: int) -> np.ndarray:
    """``[c, e]``: ``e < c``, for ``m`` candidates (cached)."""
    found = _LOWER.get(m)
    if found is None:
        found = _LOWER[m] = np.tri(m, m, -1, dtype=bool)
    return found


def disc_points(uniforms: np.ndarray, radius: float) -> np.ndarray:
    """Points uniform in the disc of ``radius`` from ``2·m`` uniforms (the ``m`` radii's,
    then the ``m`` angles'; overwritten), each rounded to integers, as ``adsorb`` takes
    them: ``[(x, y, 1, −(x² + y²)/2), point]`` (every value exact).

    >>> disc_points(np.array([0.25, 1.0, 0.25, 0.5]), 10.0).T.tolist()
    [[0.0, 5.0, 1.0, -12.5], [-10.0, 0.0, 1.0, -50.0]]
    """
    radii, angles = uniforms.reshape(2, -1)
    np.sqrt(radii, out=radii)
    radii *= radius
    angles *= 2 * math.pi
    rows = np.empty((4, len(radii)))
    rows[2] = 1.0
    xy = rows[:2]
    np.cos(angles, out=xy[0])
    np.sin(angles, out=xy[1])
    xy *= radii
    np.rint(xy, out=xy)
    np.matmul(_MINUS_HALF, xy * xy, out=rows[3])
    return rows


_MINUS_HALF = np.array([-0.5, -0.5])


def adsorb(rows: np.ndarray, radius2: float, limit: float, need: int) -> np.ndarray:
    """Random sequential adsorption: take the candidates ``rows`` (``disc_points``) in
    order, keeping each that lies within the disc (``x² + y² <= radius2``) and is less than
    ``√limit`` from no candidate kept before it, until ``need`` are kept; return the
    indices of the kept candidates.

    A candidate's fate depends on those before it only, so the first ``need + need // 3``
    are tried alone first (enough for the layouts of a game 99 times in 100), and all of
    them only when that keeps too few: the same answer, from a smaller matrix.

    >>> rows = np.array([[0.0, 3.0, 9.0, 5.0], [0.0] * 4, [1.0] * 4, [0.0, -4.5, -40.5, -12.5]])
    >>> adsorb(rows, 64.0, 16.0, 3).tolist()
    [0, 3]
    """
    first = need + need // 3
    if first < rows.shape[1]:
        kept = _adsorb(rows[:, :first], radius2, limit)
        if len(kept) >= need:
            return kept[:need]
    return _adsorb(rows, radius2, limit)[:need]


def _adsorb(rows: np.ndarray, radius2: float, limit: float) -> np.ndarray:
    """The indices of every candidate ``adsorb`` keeps, however many.

    Every squared distance is one matrix product: ``(x, y, 1, h)`` times ``(x', y', h',
    1)`` is ``−|c − e|²/2`` (exact: integers and halves below 2**52); only the close
    couples, few at this density, are walked in Python, in order."""
    m = rows.shape[1]
    close = rows.T @ rows.take(_SWAP, axis=0, mode="wrap") > -0.5 * limit  # [c, e]
    close &= _lower(m)  # e before c
    # A byte per candidate: Python reads and writes one cheaply, numpy reads them all back.
    keep = bytearray((rows[3] >= -0.5 * radius2).tobytes())  # off the disc: never kept
    for flat in close.ravel().nonzero()[0].tolist():  # by later candidate, then earlier
        c, e = divmod(flat, m)
        if keep[c] and keep[e]:  # e is kept (its own fate is settled): c is not
            keep[c] = 0
    return np.frombuffer(keep, dtype=bool).nonzero()[0]


_SWAP = np.array([0, 1, 3, 2])


def reading_order(xy: np.ndarray) -> tuple[tuple[tuple[int, int], ...], np.ndarray]:
    """The points ``xy`` ``[x or y, point]`` (integers) as ``(x, y)`` in reading order: top
    to bottom, then left to right (y grows upwards); and ``xy`` in that order.

    >>> points, ordered = reading_order(np.array([[0.0, 5.0, -5.0], [0.0, 0.0, 9.0]]))
    >>> points, ordered.tolist()
    (((-5, 9), (0, 0), (5, 0)), [[-5.0, 0.0, 5.0], [9.0, 0.0, 0.0]])
    """
    # |x| < 2**15: ``x − 65536·y`` is one exact key.
    ordered = xy.take((_READING @ xy).argsort(), axis=1, mode="wrap")
    xs, ys = ordered.astype(np.int64).tolist()
    return tuple(zip(xs, ys, strict=True)), ordered


_READING = np.array([1.0, -65536.0])


def minus(planes: tuple[int, ...], odd: int, both: int) -> tuple[tuple[int, ...], int]:
    """A count per bit, in binary (plane ``j`` holds bit ``j`` of each count), minus ``r``
    and ``s`` (each 0 or 1 per bit; no count goes below zero), given as their sum's bits
    ``odd = r ^ s`` and ``both = r & s`` (kept per pair of flowers by the caller): a ripple
    of borrows, bit-parallel, leaving out the high planes that are all 0 now; and the bits
    whose count stays above zero (the union of the planes).

    >>> minus((0b110, 0b011), 0b010 ^ 0b011, 0b010 & 0b011)   # 2, 3, 1 minus 1, 2, 0
    ((7,), 7)
    """
    if not planes:
        return planes, 0
    union = planes[0] ^ odd
    # A borrow where both are taken, or one where the low bit was 0 (it is 1 now).
    borrow = odd & union | both
    out = [union]
    for plane in planes[1:]:
        if borrow:  # above the borrows' reach the planes stay as they are
            plane ^= borrow
            borrow &= plane  # where it borrowed, the plane's bit was 0 iff it is 1 now
        out.append(plane)
        union |= plane
    while out and not out[-1]:
        out.pop()
    return tuple(out), union


_BEFORE: dict[int, tuple[np.ndarray, np.ndarray]] = {}


def same_colour_pairs(colors: Sequence[int]) -> np.ndarray:
    """The flowers ``a < b`` of the same colour, as ``[a or b, pair]``, in order: one
    comparison of every flower with every other, the ``a < b`` half kept, and the couples
    found read from a table of every ``(a, b)`` (both cached per size).

    >>> same_colour_pairs((0, 1, 0, 0)).tolist()
    [[0, 0, 2], [2, 3, 3]]
    """
    n = len(colors)
    found = _BEFORE.get(n)
    if found is None:
        found = _BEFORE[n] = (np.triu(np.ones((n, n), dtype=bool), 1).ravel(),
                              np.stack(np.divmod(np.arange(n * n), n)))
    before, couples = found
    try:  # colours are small integers: a byte each, the cheaper to compare
        cols = np.frombuffer(bytes(tuple(colors)), np.uint8)  # (not an array's buffer)
    except (ValueError, TypeError):  # any others, as they are
        cols = np.fromiter(colors, np.intp, n)
    same = np.equal(cols[:, None], cols).ravel()
    same &= before
    return couples.take(same.nonzero()[0], axis=1, mode="wrap")
