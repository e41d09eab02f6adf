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


def flower_rows(points: Sequence[tuple[int, int]], colors: Sequence[int] = ()) -> np.ndarray:
    """``[flower, 5]``: ``(fx, fy, 1, fx² + fy², colour)`` of the flower centres ``points``
    (ticks; in fine units) and their ``colors`` (0 if not given)."""
    hue = colors or (0,) * len(points)
    return np.array([(x * STEPS, y * STEPS, 1, (x * x + y * y) * STEPS * STEPS, c)
                     for (x, y), c in zip(points, hue, strict=True)],
                    dtype=_F).reshape(len(points), 5)


def colour_masks(colors: Sequence[int]) -> tuple[int, ...]:
    """The bitmask of the flowers of each colour.

    >>> colour_masks((0, 1, 0))[:3]
    (5, 2, 0)
    """
    masks = [0] * NCOLOURS
    for f, c in enumerate(colors):
        masks[c] |= 1 << f
    return tuple(masks)


def claim_signs(rows: np.ndarray, pawns: Sequence[tuple[int, int, int]]) -> np.ndarray:
    """Per flower of ``rows`` (``flower_rows``; its first four columns): −1 if player 0's
    nearest pawn is nearer than player 1's, 1 if player 1's is, 0 for an exact tie or when
    there are no pawns."""
    mine = [p for p in pawns if p[2] == 0]
    n0 = len(mine)
    if n0 == 0 or n0 == len(pawns):  # one player's pawns alone (or none): no contest
        sign = 0.0 if not pawns else -1.0 if n0 else 1.0
        return np.full(len(rows), sign)
    ordered = mine + [p for p in pawns if p[2] != 0]
    cols = np.array([[-2 * x for x, _, _ in ordered], [-2 * y for _, y, _ in ordered],
                     [x * x + y * y for x, y, _ in ordered], [1] * len(ordered)], dtype=_F)
    best = np.minimum.reduceat(rows[:, :4] @ cols, (0, n0), axis=1)  # [flower, player]: least d²
    return np.sign(best[:, 0] - best[:, 1])


def claimed(rows: np.ndarray, on_mat: int, pawns: Sequence[tuple[int, int, int]]) -> list[int]:
    """``[player · NCOLOURS + colour]``: the flowers on the mat (bitmask ``on_mat``) each
    player's nearest pawn claims, counted by colour (``rows`` from ``flower_rows`` with the
    colours; ties and pawnless: nobody's)."""
    here = rows[bit_flags(on_mat, len(rows))]
    key = claim_signs(here, pawns)
    key += 1.0
    key *= NCOLOURS
    key += here[:, 4]  # (sign + 1)·NCOLOURS + colour: 0 .. 20
    counts = np.bincount(key.astype(np.intp), minlength=3 * NCOLOURS).tolist()
    return counts[:NCOLOURS] + counts[2 * NCOLOURS:]


def tally(masks: Sequence[int], collected: tuple[int, int], start: int, aside: int | None,
          claims: list[int] | None = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Flowers of each colour per player: the set-aside one (the start player's), the
    collected ones (a bitmask per player; ``masks`` from ``colour_masks``) and the
    ``claimed`` counts, if given.

    >>> tally(colour_masks((0, 1, 1)), (0b001, 0b110), 1, 1)
    ((1, 0, 0, 0, 0, 0, 0), (0, 3, 0, 0, 0, 0, 0))
    """
    c0, c1 = collected
    counts = [(c0 & m).bit_count() for m in masks] + [(c1 & m).bit_count() for m in masks]
    if claims is not None:
        counts = [a + b for a, b in zip(counts, claims, strict=True)]
    if aside is not None:
        counts[start * NCOLOURS + aside] += 1
    return tuple(counts[:NCOLOURS]), tuple(counts[NCOLOURS:])
