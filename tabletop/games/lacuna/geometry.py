"""Exact plane geometry for Lacuna: numpy arrays, with the work done once per layout and once
per pawn in ``kernels``.

**Units.** Flower centres lie on a grid of *ticks* (``TICKS`` = 10,000 ticks per mat unit).
A pawn stands at the fraction ``k / STEPS`` (``STEPS`` = 1024) along the segment between two
flower centres, so pawn centres are kept in *fine* units, ``STEPS`` per tick: the centre
``A + k/1024 · (B − A)`` is, in fine units, the integer ``1024·A + k·(B − A)`` (A, B in ticks).

**Exactness.** Every coordinate is an integer. Squared distances and cross products of
coordinates below ``2**25`` fine units (mat radius ≤ 2) are exact in float64, so overlap
tests (``d² < (r₁ + r₂)²``) are exact as computed. The one test that squares a cross product
(a disc meeting a segment, ``cross² < r²·|AB|²``) is filtered: where the float values are
within 1e-12 of each other the kernel says "unsure" and it is recomputed with Python
integers (``hits``). Tangency (distance equal to the radius) never blocks and never overlaps.

>>> g = Geometry(((0, 0), (2000, 0), (1000, 310)), (0, 0, 1), flower_r=310, pawn_r=290)
>>> g.pairs, g.is_dead(g.flower_kill(0b111), 0)   # flower 2 touches line 0-1: still open
(((0, 1),), False)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeVar

import numpy as np

from tabletop.core.memos import Bound
from tabletop.core.readonly import ReadOnlyDict, readonly_array

from . import kernels
from .draws import Draws
from .kernels import hits, set_bits

TICKS = 10_000
"""Ticks per mat unit: flower centres and free pawn positions lie on this grid."""
STEPS = 1024
"""Positions along a segment: a pawn stands at ``k / STEPS`` for ``k = 0 .. STEPS``."""
SAMPLE = (0, 256, 512, 768, 1024)
"""The positions ``legal_actions()`` offers on a legal pair: the ends, quarters and middle,
thinned on short pairs so that neighbours are at least a *spot gap* apart (``spot_mask``)."""
_NESTED = (0b11111, 0b10101, 0b10001, 0b00100)  # all, ends + middle, ends, middle (of SAMPLE)
MAX_FLOWERS = 64
"""At most this many flowers (sets of flowers are bitmasks of this many bits)."""

_F = np.float64
T = TypeVar("T")
_TALLIES = Bound(256)  # the tallies ``tally_of`` keeps per layout
_GAPS = Bound(64)  # the spot gaps ``spot_bits_of`` keeps limits for
_ALL_K = np.arange(STEPS + 1, dtype=_F)
Tally = tuple[tuple[int, ...], int, int]
"""The flowers' part of a dead mask, carried along a game: ``Geometry.full_mat``."""
_ONES = np.ones((1, MAX_FLOWERS))
_LITTLE: tuple[Literal["little"], ...] = ("little",) * 4  # for a ``map`` of four rows


def blocked(ax: np.ndarray | float, ay: np.ndarray | float, bx: np.ndarray | float,
            by: np.ndarray | float, cx: np.ndarray | float, cy: np.ndarray | float,
            r: np.ndarray | float) -> np.ndarray:
    """Whether the disc (``c``, ``r``) reaches strictly inside the closed segment ``ab``.

    That is: the least distance from ``c`` to the segment is less than ``r`` (tangency is
    not blocking). Arguments broadcast; they hold exact integers (fine units, < 2**25).

    >>> bool(blocked(0, 0, 10, 0, 5, 3, 3)), bool(blocked(0, 0, 10, 0, 5, 2, 3))
    (False, True)
    """
    args = np.broadcast_arrays(*(np.asarray(v, dtype=_F) for v in (ax, ay, bx, by, cx, cy, r)))
    columns = np.stack([np.ravel(v) for v in args])
    verdict = np.empty(columns.shape[1], dtype=np.int8)
    kernels.reach_each(columns, verdict)
    for j in np.flatnonzero(verdict < 0).tolist():  # too close to call in floats
        verdict[j] = hits(*(int(v) for v in columns[:, j]))
    return (verdict > 0).reshape(args[0].shape)


def scatter(rng: random.Random | Draws, count: int, radius: int, spacing: float
            ) -> tuple[tuple[tuple[int, int], ...], np.ndarray]:
    """``count`` points on the tick grid in the disc of ``radius`` ticks, pairwise at least
    ``spacing`` ticks apart: random sequential adsorption (Poisson-disc style), from ``rng``
    (a generator, or its ``Draws``).

    Candidates are uniform in the disc (drawn in batches of ``2 * count``) and taken in
    order; each is kept unless it is closer than ``spacing`` to one kept before. Sorted in
    reading order (top to bottom, then left to right; y grows upwards). With them, their
    centres in fine units (``[x or y, point]``, read-only), as ``Geometry`` takes them.

    >>> pts, _ = scatter(random.Random(1), 48, 9690, 775.0)
    >>> len(pts), all(x * x + y * y <= 9690 ** 2 for x, y in pts)
    (48, True)
    """
    draws = rng if isinstance(rng, Draws) else Draws(rng)
    radius2, limit = float(radius) ** 2, spacing * spacing
    rows: np.ndarray | None = None  # the points kept so far, then the candidates
    for _ in range(1000):
        batch = kernels.disc_points(draws.uniforms(4 * count), radius)
        rows = batch if rows is None else np.concatenate((rows, batch), axis=1)
        # The points kept before lie in the disc and far enough apart: adsorb keeps them all.
        rows = rows.take(kernels.adsorb(rows, radius2, limit, count), axis=1, mode="wrap")
        if rows.shape[1] == count:
            break
    else:  # pragma: no cover - the options are validated so that this cannot happen
        raise RuntimeError(f"could not scatter {count} flowers {spacing} ticks apart")
    points, ordered = kernels.reading_order(rows[:2])
    return points, readonly_array(ordered * STEPS)


GROUP = len(SAMPLE) + 1
"""Bits per pair in a position's *dead mask*: one per sample spot, then the pair's own."""
_WHOLE = (1 << GROUP) - 1
_SPOT_WEIGHTS = np.array([(STEPS - k, k) for k in SAMPLE], dtype=_F) / STEPS  # 1 − t, t


def spot_mask(length2: int, gap: int) -> int:
    """Which ``SAMPLE`` spots a pair of squared length ``length2`` offers (bit ``s`` for
    ``SAMPLE[s]``): the first of all five, the ends and middle, or the ends whose neighbours
    stay at least ``gap`` apart (same units, unsquared); else the middle alone.

    >>> [bin(spot_mask(d * d, 10)) for d in (40, 39, 20, 10, 9)]
    ['0b11111', '0b10101', '0b10101', '0b10001', '0b100']
    """
    for spots, mask in zip((4, 2, 1), _NESTED, strict=False):
        if length2 >= (spots * gap) ** 2:
            return mask
    return _NESTED[-1]


def spot_bits_of(length2: np.ndarray, gap: int) -> int:
    """``spot_mask(length2[i], gap) << GROUP·i`` for every pair ``i``, in one integer.

    >>> spot_bits_of(np.array([40 * 40, 9 * 9]), 10) == 0b11111 | 0b100 << GROUP
    True
    """
    limits = _LIMITS.get(gap)
    if limits is None:
        if len(_LIMITS) >= _GAPS.size:  # one per spot gap: a sweep of the radii meets many
            _LIMITS.clear()
        limits = _LIMITS[gap] = np.array([(spots * gap) ** 2 for spots in (1, 2, 4)], dtype=_F)
    level = limits.searchsorted(length2, side="right")  # how many limits it reaches
    bits = _OFFERED.take(level, axis=0)
    return int.from_bytes(np.packbits(bits, bitorder="little").tobytes(), "little")


_LIMITS: dict[int, np.ndarray] = {}
_OFFERED = np.array([[(mask >> s) & 1 for s in range(GROUP)] for mask in reversed(_NESTED)],
                    dtype=bool)  # [limits reached, bit]: the spots a pair offers


class Geometry:
    """The static geometry of one layout (flower centres and colours), built once per game.

    * ``pairs``: the same-colour pairs ``(a, b)``, ``a < b``, in order; ``pair_index`` maps
      a pair to its row ``i``.
    * A position is summed up in one integer, its **dead mask**: bit ``GROUP·i + s`` is set
      when a pawn may not stand at sample spot ``s`` of pair ``i``, and bit
      ``GROUP·i + GROUP − 1`` when pair ``i`` is not open. Every flower and pawn kills a fixed
      set of bits, so the mask is the union of the kills of what is where: while flower
      ``f`` is on the mat the pairs it blocks and the spots it overlaps, once it is off the
      pairs it ends (``flower_kill``), and for a pawn the pairs it blocks and the spots it
      overlaps (``pawn_kill``, cached by position). Along a game the flowers' part is
      carried as a tally (``full_mat``, ``collect``, ``tally_kill``): how many flowers
      on the mat kill each bit, so that a collected flower's kills can be taken off.
      ``spot_bits`` and ``pair_bits`` select
      the two kinds of bit; ``spot_bits`` leaves out the sample spots a short pair does not
      offer (``spot_mask``: neighbouring spots are at least ``spot_gap`` ticks apart).
    * ``_cached(key, compute)``: where the rules keep other per-layout data (the action
      table), computed once. Private: the rules read what it keeps, so a caller holding
      ``state.geometry`` must have no way to put values of its own there.

    Coordinates in, ``points`` in ticks (``centres``, if given: the same in fine units, as
    ``scatter`` returns them); radii in ticks. Everything is read-only: the
    attributes can't be rebound, ``pair_index`` is a read-only dict and the arrays are
    read-only.
    """

    __slots__ = ("points", "colors", "n", "x", "y", "rf", "rp", "_pairs", "_pair_index", "pa",
                 "pb", "spot_bits", "pair_bits", "spot_gap", "_memo", "_kills", "_rows",
                 "_pawns", "_lines", "_table", "_pair_rows")
    points: tuple[tuple[int, int], ...]
    colors: tuple[int, ...]
    n: int
    x: np.ndarray
    y: np.ndarray
    rf: float
    rp: float
    _pairs: tuple[tuple[int, int], ...] | None
    _pair_index: ReadOnlyDict | None
    pa: np.ndarray
    pb: np.ndarray
    spot_bits: int
    pair_bits: int
    spot_gap: int
    _memo: dict[str, Any]  # per-layout values of any kind (``_cached``)
    _pair_rows: dict[tuple[int, int], tuple[int, int, int]]
    _kills: kernels.Kills
    _rows: list[int | None]
    _pawns: dict[tuple[int, int], int]
    _lines: kernels.Lines
    _table: kernels.PawnTable | None

    def __init__(self, points: Sequence[tuple[int, int]], colors: Sequence[int], *,
                 flower_r: int, pawn_r: int, spot_gap: int = 0,
                 centres: np.ndarray | None = None) -> None:
        n = len(points)
        if n > MAX_FLOWERS:
            raise ValueError(f"at most {MAX_FLOWERS} flowers, not {n}")
        if len(colors) != n:
            raise ValueError(f"one colour per flower: flowers {n}, colours {len(colors)}")
        put = object.__setattr__  # (a Geometry's own ``__setattr__`` refuses)
        put(self, "points", tuple(points))
        put(self, "colors", tuple(colors))
        put(self, "n", n)
        xy = centres  # [x or y, flower], in fine units: ``scatter``'s, or read here
        if xy is None:
            flat = np.fromiter(itertools.chain.from_iterable(self.points), _F, 2 * n)
            xy = readonly_array(np.multiply(flat.reshape(n, 2).T, STEPS))
        at = np.concatenate((xy, _ONES[:, :n]))  # [(x, y, 1), flower]
        put(self, "x", xy[0])
        put(self, "y", xy[1])
        put(self, "rf", float(flower_r * STEPS))
        put(self, "rp", float(pawn_r * STEPS))
        ends = readonly_array(kernels.same_colour_pairs(self.colors))  # [a or b, pair]
        put(self, "pa", ends[0])
        put(self, "pb", ends[1])
        put(self, "_pairs", None)  # ``pairs`` and ``pair_index``: made when first read (a
        put(self, "_pair_index", None)  # random playout reads neither)
        seg = kernels.lines(xy, ends, _SPOT_WEIGHTS)
        every = ((1 << GROUP * ends.shape[1]) - 1) // _WHOLE  # bit GROUP·i for every pair i
        put(self, "pair_bits", every << (GROUP - 1))
        put(self, "spot_gap", spot_gap)
        put(self, "spot_bits", spot_bits_of(seg.length2, spot_gap * STEPS))
        put(self, "_lines", seg)
        put(self, "_table", None)  # for pawns: ``kernels.pawn_table``, made for the first one
        put(self, "_pawns", {})  # pawn position -> its dead mask (see ``pawn_kill``)
        put(self, "_memo", {})  # see ``_cached``
        put(self, "_pair_rows", {})  # see ``_rows_of``
        put(self, "_kills", kernels.layout_kills(at, ends, seg, self.rf, self.rp))
        put(self, "_rows", [None] * (2 * n))  # the rows of ``_kills`` read so far, as integers

    def _put(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Geometry is read-only: {name!r} can't be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Geometry is read-only: {name!r} can't be deleted")

    def __deepcopy__(self, memo: dict[int, object]) -> Geometry:
        return self  # read-only

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled as the layout it is built from: rebuilt read-only, without the memos.
        return (_rebuild, (self.points, self.colors, round(self.rf / STEPS),
                           round(self.rp / STEPS), self.spot_gap))

    def __repr__(self) -> str:
        return f"<Geometry: {self.n} flowers, {len(self.pairs)} same-colour pairs>"

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        """The same-colour pairs ``(a, b)``, ``a < b``, in order: ``pa``, ``pb`` as a tuple."""
        found = self._pairs
        if found is None:
            found = tuple(zip(self.pa.tolist(), self.pb.tolist(), strict=True))
            self._put("_pairs", found)
        return found

    @property
    def pair_index(self) -> ReadOnlyDict:
        """Each pair ``(a, b)`` with its row ``i`` (read-only)."""
        found = self._pair_index
        if found is None:
            found = ReadOnlyDict(zip(self.pairs, range(len(self.pairs)), strict=True))
            self._put("_pair_index", found)
        return found

    def _cached(self, key: str, compute: Callable[[Geometry], T]) -> T:
        """The per-layout value ``compute(self)`` kept under ``key``, computed on first use
        (the rules keep their action table here)."""
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = compute(self)
        return found

    # --- dead masks -----------------------------------------------------------------------
    def flower_kill(self, on_mat: int) -> int:
        """The dead mask of the flowers alone, with those in the bitmask ``on_mat`` on the
        mat and the others collected."""
        row, n, dead = self._row, self.n, 0
        for f in range(n):
            dead |= row(f if (on_mat >> f) & 1 else n + f)
        return dead

    def _row(self, j: int) -> int:
        """Row ``j`` of the packed dead masks (``kernels.Kills``), as an integer."""
        rows = self._rows
        found = rows[j]
        if found is None:
            raw, width = self._kills.raw, self._kills.width
            found = rows[j] = int.from_bytes(raw[j * width:j * width + width], "little")
        return found

    def full_mat(self) -> Tally:
        """The flowers' part of the dead mask while every flower is on the mat, as a tally
        ``(planes, collected, dead)`` for ``collect``: ``planes`` count the flowers killing
        each bit in binary, ``collected`` is the part of the collected flowers (none yet) and
        ``dead`` the mask itself (every bit a flower kills). Kept per layout."""
        found = self._memo.get("full_mat")
        if found is None:
            planes = self._kills.planes
            dead = 0
            for plane in planes:
                dead |= plane
            found = self._memo["full_mat"] = (planes, 0, dead)
        return found

    def collect(self, tally: Tally, *flowers: int) -> Tally:
        """The tally of ``full_mat`` once ``flowers`` (on the mat in ``tally``) are
        collected: their kills taken off the counts (a binary subtraction, bit-parallel, two
        flowers at a time), their own pairs added to the collected part. Its dead mask is
        ``tally_kill``.

        >>> g = Geometry(((0, 0), (2000, 0), (1000, 0)), (0, 0, 1), flower_r=310, pawn_r=290)
        >>> g.is_dead(g.tally_kill(g.full_mat()), 0)   # flower 2 blocks line 0-1
        True
        >>> g.tally_kill(g.collect(g.full_mat(), 2)) == g.flower_kill(0b011) == 0
        True
        """
        for j in range(0, len(flowers), 2):
            tally = self.collect_two(tally, *flowers[j:j + 2])
        return tally

    def collect_two(self, tally: Tally, a: int, b: int = -1) -> Tally:
        """``collect(tally, a, b)`` (``b`` = -1: ``a`` alone), the move's hot path. A search
        collects the same pairs again and again, so their rows are kept per pair."""
        found = self._pair_rows.get((a, b))
        if found is None:
            found = self._pair_rows[a, b] = self._rows_of(a, b)
        odd, both, own = found
        planes, union = kernels.minus(tally[0], odd, both)
        off = tally[1] | own
        return planes, off, union | off

    def _rows_of(self, a: int, b: int) -> tuple[int, int, int]:
        """For one or two flowers (``b`` = -1: none): the bits one of them kills on the mat,
        those both kill (``kernels.minus``' ``odd``, ``both``), the union of their own pairs.
        Two flowers' rows are read straight from ``_kills``, not through ``_row``'s memo: a
        flower is collected once a game (a search's pairs are kept by ``collect_two``)."""
        n = self.n
        if b < 0:  # (``collect`` of an odd count: a built position's, not a move's)
            return self._row(a), 0, self._row(n + a)
        raw, width, _ = self._kills
        i, j = a * width, b * width
        k, m = i + n * width, j + n * width
        r, s, own_a, own_b = map(int.from_bytes, (raw[i:i + width], raw[j:j + width],
                                                  raw[k:k + width], raw[m:m + width]), _LITTLE)
        return r ^ s, r & s, own_a | own_b

    def tally_of(self, collected: int) -> Tally:
        """The ``collect`` tally once the flowers in the bitmask ``collected`` are off the
        mat (kept per mask: determinized and hand-built states ask again)."""
        if not collected:  # every game's first move asks this
            return self.full_mat()
        memo = self._memo.setdefault("tallies", {})
        found = memo.get(collected)
        if found is None:
            if len(memo) >= _TALLIES.size:
                memo.clear()
            found = memo[collected] = self.collect(self.full_mat(), *set_bits(collected))
        return found

    @staticmethod
    def tally_kill(tally: Tally) -> int:
        """The flowers' part of the dead mask of a ``full_mat`` or ``collect`` tally."""
        return tally[2]

    def pawn_kill(self, px: int, py: int) -> int:
        """The dead mask of a pawn centred at fine ``(px, py)`` alone. Exact; cached."""
        key = (px, py)
        found = self._pawns.get(key)
        if found is None:
            table = self._table
            if table is None:
                table = kernels.pawn_table(self._lines, self.rp)
                self._put("_table", table)
            found, doubt, flowers = kernels.pawn_hits(table, px, py)
            while flowers:  # within rp of a flower: every pair of it blocked, as collected
                low = flowers & -flowers
                flowers ^= low
                found |= self._row(self.n + low.bit_length() - 1)
            while doubt:  # too close to call in floats: in integers
                low = doubt & -doubt
                doubt ^= low
                i = low.bit_length() // GROUP
                if self._hits(i, px, py, int(self.rp)):
                    found |= _WHOLE << (GROUP * i)
            self._pawns[key] = found
        return found

    def _hits(self, i: int, cx: int, cy: int, r: int) -> bool:
        """``hits`` for pair ``i`` and the disc at fine ``(cx, cy)``, in integers."""
        a, b = self.pairs[i]
        (ax, ay), (bx, by) = self.points[a], self.points[b]
        return hits(ax * STEPS, ay * STEPS, bx * STEPS, by * STEPS, cx, cy, r)

    def is_dead(self, dead: int, i: int, s: int = GROUP - 1) -> bool:
        """Whether bit ``s`` of pair ``i`` is set in ``dead`` (the pair itself by default)."""
        return bool((dead >> (GROUP * i + s)) & 1)

    # --- single questions -----------------------------------------------------------------
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
        present = np.array([(on_mat >> f) & 1 for f in range(self.n)], dtype=bool)
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


def _rebuild(points: tuple[tuple[int, int], ...], colors: tuple[int, ...], flower_r: int,
             pawn_r: int, spot_gap: int = 0) -> Geometry:
    """The target of a ``Geometry`` pickle."""
    return Geometry(points, colors, flower_r=flower_r, pawn_r=pawn_r, spot_gap=spot_gap)
