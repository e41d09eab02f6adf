"""Sets of cells as bitmasks (bit ``c`` of an int stands for cell ``c``), read in cell order
through tables a byte at a time: the hot path of a playout's placements.

A position keeps two masks, ``filled`` (cells holding a tile) and ``frontier`` (the empty
cells beside them), so that a placement updates each with an integer operation or two; what
the legal list needs — its cells in order, or their placements — is then read from the mask's
16 bytes by table look-ups that run in C (``cells_of``, ``placements``).

>>> mask = BIT[60] | BIT[5] | BIT[61]
>>> cells_of(mask)
(5, 60, 61)
>>> box = (5, 5, 5, 5)                   # a path on f6, so f5, e6, g6, f7 are free
>>> frontier = BIT[49] | BIT[59] | BIT[61] | BIT[71]
>>> [str(a) for a in placements(frontier, box, 0, 0)]   # a path: one fit per cell
['f5 r1', 'e6 r1', 'g6 r1', 'f7 r1']
>>> [str(a) for a in placements(BIT[49], box, 0, 1)]     # a path with a gnome: r and r + 2
['f5 r1', 'f5 r3']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import chain
from operator import getitem
from typing import TypeVar

from ...core.legal import nth_set_bit
from ...core.memos import memo
from .actions import PLACE, Place
from .board import BOXES, CELL_PARITY, CELL_X, CELL_Y, CELLS, NEIGHBOURS, SIZE, SPAN
from .tiles import KINDS, NW_LAND, SYMMETRIC

T = TypeVar("T")

#: ``BIT[c]``: the mask of cell ``c`` alone.
BIT: tuple[int, ...] = tuple(1 << c for c in range(CELLS))
#: ``NEIGHBOUR_MASK[c]``: the mask of the cells beside ``c``.
NEIGHBOUR_MASK: tuple[int, ...] = tuple(sum(BIT[n] for n in NEIGHBOURS[c]) for c in range(CELLS))
#: Bytes in a mask of every cell (``int.to_bytes(BYTES, "little")``: byte ``i``, cells 8i..8i+7).
BYTES = (CELLS + 7) // 8


def mask_of(cells: Iterable[int]) -> int:
    """The mask of some cells (an iterable of cell indices).

    >>> mask_of([0, 3]) == 0b1001
    True
    """
    return sum(BIT[c] for c in set(cells))


Table = tuple[tuple[tuple[T, ...], ...], ...]


#: A board's derived fields: tiles placed, bounding box ``(x0, x1, y0, y1)``, the masks of
#: the cells holding a tile and of the empty cells beside one (see ``LandlockPosition``).
Extent = tuple[int, tuple[int, int, int, int] | None, int, int]


def extent(board: tuple[int, ...]) -> Extent:
    """How many tiles a board holds, their bounding box, and as bitmasks the cells holding
    them and the empty cells beside them.

    >>> count, box, filled, frontier = extent(tuple(0 if c == 60 else -1 for c in range(CELLS)))
    >>> count, box, cells_of(filled), cells_of(frontier)
    (1, (5, 5, 5, 5), (60,), (49, 59, 61, 71))
    """
    cells = [c for c, code in enumerate(board) if code >= 0]
    if not cells:
        return 0, None, 0, 0
    xs = [CELL_X[c] for c in cells]
    ys = [CELL_Y[c] for c in cells]
    box = (min(xs), max(xs), min(ys), max(ys))
    filled = mask_of(cells)
    frontier = mask_of(n for c in cells for n in NEIGHBOURS[c] if board[n] < 0)
    return len(cells), box, filled, frontier


def _byte_tables(item: Callable[[int], tuple[T, ...]]) -> Table[T]:
    """``table[i][b]``: ``item(c)`` joined for the cells ``c`` of byte ``i`` whose bit is set
    in ``b``, in cell order (byte ``b`` is its lowest cell's items, then those of the rest)."""
    tables = []
    for i in range(BYTES):
        items = [item(8 * i + j) if 8 * i + j < CELLS else () for j in range(8)]
        table: list[tuple[T, ...]] = [()]
        for b in range(1, 256):
            table.append(items[(b & -b).bit_length() - 1] + table[b & (b - 1)])
        tables.append(tuple(table))
    return tuple(tables)


_CELLS = _byte_tables(lambda c: (c,))


def cells_of(mask: int) -> tuple[int, ...]:
    """The cells of a mask, in order."""
    return tuple(chain.from_iterable(map(getitem, _CELLS, mask.to_bytes(BYTES, "little"))))


@memo(BOXES)
def window(box: tuple[int, int, int, int]) -> tuple[int, int, int]:
    """Where the next tile may go beside a map of bounding box ``(x0, x1, y0, y1)``: the mask
    of the cells that touch the box or lie in it and keep the map within 6 × 6 (the frontier's
    cells among them are the legal ones), and the bytes ``lo`` to ``hi`` of masks that hold
    them (``int.to_bytes``).

    >>> mask, lo, hi = window((5, 5, 5, 5))    # the first tile on f6: e5 to g7
    >>> len(cells_of(mask)), cells_of(mask)[0], cells_of(mask)[-1], lo, hi
    (9, 48, 72, 6, 10)
    """
    x0, x1, y0, y1 = box
    lox, hix = max(x0 - 1, x1 - SPAN + 1), min(x1 + 1, x0 + SPAN - 1)
    loy, hiy = max(y0 - 1, y1 - SPAN + 1), min(y1 + 1, y0 + SPAN - 1)
    # every map holds f6, the lattice's middle, so the window never runs off the lattice
    row = (1 << (hix - lox + 1)) - 1  # the columns lox to hix of one row
    mask = sum(row << (y * SIZE + lox) for y in range(loy, hiy + 1))
    return mask, (loy * SIZE + lox) >> 3, ((hiy * SIZE + hix) >> 3) + 1


@memo(8)  # one per checkerboard and kind of fit: 8
def _placement_tables(lpar: int, nw: int, symmetric: bool) -> Table[Place]:
    """The byte tables of the placements of a kind on each cell: its base rotation
    (``position.base_rotation``), and base + 2 for a kind whose two fits differ."""
    def fits(c: int) -> tuple[Place, ...]:
        base = (CELL_PARITY[c] == lpar) ^ nw
        return PLACE[c][base:base + 1] if symmetric else PLACE[c][base:base + 3:2]
    return _byte_tables(fits)


#: ``_PLACEMENTS[lpar][kind]``: the byte tables of ``placements``, made when first needed.
_PLACEMENTS: tuple[list[Table[Place] | None], ...] = ([None] * len(KINDS), [None] * len(KINDS))


def placements(frontier: int, box: tuple[int, int, int, int], lpar: int, kind: int
               ) -> tuple[Place, ...]:
    """Every placement of a ``kind`` tile beside a map of bounding box ``box`` whose empty
    cells beside a tile are ``frontier`` and whose land-NW cells have parity ``lpar``: on the
    cells that keep the map within 6 × 6, by cell, then rotation."""
    tables = _PLACEMENTS[lpar][kind]
    if tables is None:
        tables = _PLACEMENTS[lpar][kind] = _placement_tables(lpar, NW_LAND[kind], SYMMETRIC[kind])
    mask, lo, hi = window(box)
    # the bytes without cells give empty tuples: filtered out before ``chain`` reads them
    return tuple(chain.from_iterable(filter(None, map(
        getitem, tables[lo:hi], ((frontier & mask) >> (lo << 3)).to_bytes(hi - lo, "little")))))


def placement_at(frontier: int, box: tuple[int, int, int, int], lpar: int, kind: int,
                 u: float) -> Place:
    """``placements(frontier, box, lpar, kind)[int(u * n)]`` of their ``n``, for ``u`` in
    [0, 1), without the tuple: the cell by its rank in the mask, then the rotation (a kind
    whose two fits differ has two placements a cell, base and base + 2).

    >>> box, frontier = (5, 5, 5, 5), BIT[49] | BIT[59] | BIT[61] | BIT[71]
    >>> [str(placement_at(frontier, box, 0, 1, u)) for u in (0.0, 0.2, 0.25, 0.99)]
    ['f5 r1', 'f5 r3', 'e6 r1', 'f7 r3']
    """
    cells = frontier & window(box)[0]
    if SYMMETRIC[kind]:
        cell = nth_set_bit(cells, int(u * cells.bit_count()))
        return PLACE[cell][(CELL_PARITY[cell] == lpar) ^ NW_LAND[kind]]
    i = int(u * (cells.bit_count() << 1))
    cell = nth_set_bit(cells, i >> 1)
    return PLACE[cell][((CELL_PARITY[cell] == lpar) ^ NW_LAND[kind]) + ((i & 1) << 1)]
