"""Lacuna's end scoring in a few numpy calls: the owner of each flower's nearest pawn (one
matrix product of flowers × pawns, exact) and the colour tally.

Squared distances come from ``(fx, fy, 1, fx² + fy²) · (−2px, −2py, px² + py², 1)``: every
term and partial sum is an integer below 2**52 (fine coordinates below 2**25), so exact in
float64 however BLAS sums it, and ties are exact ties (nobody's flower), as in
``geometry.nearest_owner`` (the plain reference).

>>> rows = flower_rows(((0, 0), (5, 0), (9, 0)))
>>> claim_signs(rows, [(0, 0, 0), (10 * 1024, 0, 1)]).tolist()   # 5 is a tie
[-1.0, 0.0, 1.0]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .board import NCOLOURS
from .geometry import STEPS, bit_flags

_F = np.float64


def flower_rows(points: Sequence[tuple[int, int]]) -> np.ndarray:
    """``[flower, 4]``: ``(fx, fy, 1, fx² + fy²)`` of the flower centres ``points`` (ticks),
    in fine units."""
    return np.array([(x * STEPS, y * STEPS, 1, (x * x + y * y) * STEPS * STEPS)
                     for x, y in points], dtype=_F).reshape(len(points), 4)


def claim_signs(rows: np.ndarray, pawns: Sequence[tuple[int, int, int]]) -> np.ndarray:
    """Per flower of ``rows`` (``flower_rows``): −1 if player 0's nearest pawn is nearer than
    player 1's, 1 if player 1's is, 0 for an exact tie or when there are no pawns."""
    mine = [p for p in pawns if p[2] == 0]
    n0 = len(mine)
    if n0 == 0 or n0 == len(pawns):  # one player's pawns alone (or none): no contest
        sign = 0.0 if not pawns else -1.0 if n0 else 1.0
        return np.full(len(rows), sign)
    ordered = mine + [p for p in pawns if p[2] != 0]
    cols = np.array([[-2 * x for x, _, _ in ordered], [-2 * y for _, y, _ in ordered],
                     [x * x + y * y for x, y, _ in ordered], [1] * len(ordered)], dtype=_F)
    best = np.minimum.reduceat(rows @ cols, (0, n0), axis=1)  # [flower, player]: least d²
    return np.sign(best[:, 0] - best[:, 1])


def claimed(rows: np.ndarray, colors: Sequence[int], on_mat: int,
            pawns: Sequence[tuple[int, int, int]]) -> list[int]:
    """``[player · NCOLOURS + colour]``: the flowers on the mat (bitmask ``on_mat``) each
    player's nearest pawn claims, counted by colour (ties and pawnless: nobody's)."""
    n = len(rows)
    flags = bit_flags(on_mat, n)
    key = claim_signs(rows, pawns)[flags]
    key += 1.0
    key *= NCOLOURS
    key += np.asarray(colors, dtype=_F)[flags]  # (sign + 1)·NCOLOURS + colour: 0 .. 20
    counts = np.bincount(key.astype(np.intp), minlength=3 * NCOLOURS).tolist()
    return counts[:NCOLOURS] + counts[2 * NCOLOURS:]


def tally(colors: Sequence[int], collected: tuple[int, int], start: int, aside: int | None,
          claims: list[int] | None = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Flowers of each colour per player: the set-aside one (the start player's), the
    collected ones (a bitmask per player) and the ``claimed`` counts, if given.

    >>> tally((0, 1, 1), (0b001, 0b110), 1, 1)
    ((1, 0, 0, 0, 0, 0, 0), (0, 3, 0, 0, 0, 0, 0))
    """
    counts = claims[:] if claims is not None else [0] * (2 * NCOLOURS)
    if aside is not None:
        counts[start * NCOLOURS + aside] += 1
    for p in (0, 1):
        mask, base = collected[p], p * NCOLOURS
        while mask:
            low = mask & -mask
            counts[base + colors[low.bit_length() - 1]] += 1
            mask ^= low
    return tuple(counts[:NCOLOURS]), tuple(counts[NCOLOURS:])
