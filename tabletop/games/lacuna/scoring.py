"""Lacuna's end scoring in a few numpy calls: which flowers each player's nearest pawn claims
(one matrix product of pawns × flowers, exact), as bitmasks, and the colour tally counted
from bitmasks.

A pawn ``p`` is nearer a flower ``f`` than a pawn ``q`` when ``|f − p|² < |f − q|²``, that is
when ``|p|² − 2 f·p < |q|² − 2 f·q`` (the flower's ``|f|²`` is common to both). So each
pawn's column is ``(−2px, −2py, |p|²)`` and each flower's row ``(fx, fy, 1)``: every term and
partial sum is an integer below 2**52 (fine coordinates below 2**25), so exact in float64
however BLAS sums it, and ties are exact ties (nobody's flower), as in
``plane.nearest_owner`` (the plain reference).

>>> rows = flower_rows(((0, 0), (5, 0), (9, 0)))
>>> claim_masks(rows, [(0, 0, 0), (10 * 1024, 0, 1)], {})   # flower 1 is a tie
(1, 4)
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from operator import getitem

import numpy as np

from tabletop.core.memos import Bound

from .board import NCOLOURS
from .geometry import STEPS, Geometry

_F = np.float64
MAX_COLUMNS = Bound(4096)
"""At most this many pawn columns are kept per layout (``claim_masks``)."""


def flower_rows(points: Sequence[tuple[int, int]]) -> np.ndarray:
    """``[3, flower]``: ``fx``, ``fy`` (fine units) and 1 for the flower centres ``points``
    (ticks)."""
    flat = array("d", [v for x, y in points for v in (x * STEPS, y * STEPS, 1)])
    rows = np.frombuffer(flat, dtype=_F).reshape(len(points), 3).T.copy()
    rows.flags.writeable = False
    return rows


def count_tables(colors: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """For each byte of a flower bitmask (flowers ``8i .. 8i+7``), for each value it can
    take: how many flowers of each colour it holds, packed a byte per colour (colour ``c``
    in byte ``c``; ``counts`` adds them up).

    >>> tables = count_tables((0, 1, 1))
    >>> tables[0][0b110] == 2 << 8, len(tables[0])
    (True, 8)
    """
    tables = []
    for i in range(0, len(colors), 8):
        table = [0]
        for c in colors[i:i + 8]:  # each flower doubles the table: without it, with it
            unit = 1 << 8 * c
            table += [v + unit for v in table]
        tables.append(tuple(table))
    return tuple(tables)


Tables = tuple[tuple[int, ...], ...]
"""``count_tables``: a layout's colour counts by byte of a flower bitmask."""


def data(points: Sequence[tuple[int, int]], colors: Sequence[int]
         ) -> tuple[np.ndarray, Tables, dict[tuple[int, int, int], bytes]]:
    """What scoring keeps per layout: the flowers' rows, their ``count_tables`` and an
    empty store of pawn columns (``claim_masks``).

    >>> data(((0, 0), (1, 0)), (2, 2))[1][0][3] == 2 << 16
    True
    """
    return flower_rows(points), count_tables(colors), {}


def layout_data(geo: Geometry) -> tuple[np.ndarray, Tables, dict[tuple[int, int, int], bytes]]:
    """``data`` of a layout (``Geometry.cached``' compute: no closure per read)."""
    return data(geo.points, geo.colors)


def claim_masks(rows: np.ndarray, pawns: Sequence[tuple[int, int, int]],
                columns: dict[tuple[int, int, int], bytes]) -> tuple[int, int]:
    """The flowers of ``rows`` (``flower_rows``), as a bitmask per player, whose nearest pawn
    is that player's and strictly nearer than the other's nearest (an exact tie, or no pawn
    at all: nobody's; one player's pawns alone claim every flower).

    ``columns`` keeps each pawn's ``|p|² − 2 f·p`` for every flower (raw float64) in its
    owner's half of two, the other half infinite, filled here as needed: a search meets the
    same pawn positions again and again. So the nearest of each player's pawns is one
    minimum over all the pawns, in any order.
    """
    if not pawns:
        return 0, 0
    n = rows.shape[1]
    try:
        raw = b"".join(map(columns.__getitem__, pawns))
    except KeyError:  # read from what ``_fill`` found: another thread may empty ``columns``
        raw = b"".join(map(_fill(rows, pawns, columns).__getitem__, pawns))
    best = _LEAST(np.ndarray((len(pawns), 2, n), _F, raw))  # [player, flower]
    near = int.from_bytes(_PACK(_LESS(best, best[::-1]), bitorder="little").tobytes(), "little")
    return near & ((1 << n) - 1), near >> n


_LEAST, _PACK, _LESS = np.minimum.reduce, np.packbits, np.less


def _fill(rows: np.ndarray, pawns: Sequence[tuple[int, int, int]],
          columns: dict[tuple[int, int, int], bytes]) -> dict[tuple[int, int, int], bytes]:
    """The ``claim_masks`` columns of each of ``pawns``' spots under both owners, each in
    its own half (a search puts either player's pawn on the same spots): those ``columns``
    keeps, and the missing ones worked out (one matrix product) and kept there too (at most
    ``MAX_COLUMNS``). The caller reads what this returns, never ``columns`` again: another
    thread may empty the memo meanwhile, and a spot is kept in one ``update`` (both halves
    or neither, even if the thread is interrupted), so a spot with a half is whole.

    >>> rows = flower_rows(((0, 0), (4, 0)))
    >>> sorted(_fill(rows, [(1, 0, 0), (3, 0, 1)], {}))
    [(1, 0, 0), (1, 0, 1), (3, 0, 0), (3, 0, 1)]
    """
    spots = dict.fromkeys((x, y) for x, y, _ in pawns)
    if len(columns) + 2 * len(spots) > MAX_COLUMNS.size:
        columns.clear()
    found: dict[tuple[int, int, int], bytes] = {}
    missing = []
    for x, y in spots:
        mine, theirs = columns.get((x, y, 0)), columns.get((x, y, 1))
        if mine is None or theirs is None:
            missing.append((x, y))
        else:
            found[x, y, 0], found[x, y, 1] = mine, theirs
    if not missing:
        return found
    cols = array("d", [v for x, y in missing for v in (-2 * x, -2 * y, x * x + y * y)])
    raw = (np.frombuffer(cols, dtype=_F).reshape(len(missing), 3) @ rows).tobytes()
    size = len(raw) // len(missing)
    far = _FAR * (size // len(_FAR))
    made: dict[tuple[int, int, int], bytes] = {}
    for i, (x, y) in enumerate(missing):
        mine = raw[i * size:(i + 1) * size]
        made[x, y, 0], made[x, y, 1] = mine + far, far + mine
    columns.update(made)
    found.update(made)
    return found


_FAR = np.array([np.inf]).tobytes()  # one float64 infinity: the other player's half


def counts(tables: Tables, owned: tuple[int, int], start: int, aside: int | None
           ) -> tuple[int, int]:
    """Flowers of each colour per player, packed a byte per colour (colour ``c`` in byte
    ``c``): the set-aside one (the start player's) and the ``owned`` ones (a bitmask per
    player: collected, and at the end claimed; ``tables`` from ``count_tables``).

    >>> tally(counts(count_tables((0, 1, 1)), (0b001, 0b110), 1, 1))
    ((1, 0, 0, 0, 0, 0, 0), (0, 3, 0, 0, 0, 0, 0))
    """
    size = len(tables)  # a table per byte of the masks: each byte's counts, added up
    packed = [sum(map(getitem, tables, owned[0].to_bytes(size, "little"))),
              sum(map(getitem, tables, owned[1].to_bytes(size, "little")))]
    if aside is not None:
        packed[start] += 1 << 8 * aside
    return packed[0], packed[1]


def tally(packed: tuple[int, int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``counts`` as a tuple of counts by colour per player."""
    return (tuple(packed[0].to_bytes(NCOLOURS, "little")),
            tuple(packed[1].to_bytes(NCOLOURS, "little")))


_ONES = sum(1 << 8 * c for c in range(NCOLOURS))  # 1 in each colour's byte


def majorities(packed: int, majority: int) -> int:
    """How many colours of the packed ``counts`` of one player reach ``majority`` (1 ..
    128): adding ``128 - majority`` to every byte sets its top bit exactly then.

    >>> majorities(int.from_bytes(bytes((4, 3, 5, 0, 0, 0, 0)), "little"), 4)
    2
    """
    return ((packed + (128 - majority) * _ONES) & 128 * _ONES).bit_count()


def total(packed: int) -> int:
    """The number of flowers in one player's packed ``counts``.

    >>> total(int.from_bytes(bytes((4, 3, 5, 0, 0, 0, 0)), "little"))
    12
    """
    return sum(packed.to_bytes(NCOLOURS, "little"))
