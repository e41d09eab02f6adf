"""Lacuna's observation tensor: one row per flower, per pawn and for the game, built from a
view alone.

A ``(ROWS, WIDTH)`` matrix (``docs/observations.md`` explains each column): rows
``0 .. 63`` are flowers by id (a game from ``new()`` has 48; the rest stay zero), rows
``64 .. 75`` the pawns in placement order, row 76 the game. Coordinates run from 0 (the
mat's left or bottom edge) to 1 (its right or top edge), so every entry lies in ``0 .. 1``.
"Mine" is the viewer's.

>>> import tabletop
>>> view = tabletop.load("lacuna").new(seed=7).apply("aside blue").view(1)
>>> t = observation(view)
>>> t.shape, int(t[:FLOWER_ROWS, FLOWER_COLUMNS.index("on the mat")].sum())
((77, 12), 48)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .board import NCOLOURS, PAWNS_EACH
from .geometry import MAX_FLOWERS, STEPS

FLOWER_ROWS = MAX_FLOWERS
PAWN_ROWS = 2 * PAWNS_EACH
ROWS = FLOWER_ROWS + PAWN_ROWS + 1
WIDTH = 2 + NCOLOURS + 3
FLOWER_COLUMNS = ("x", "y", *(f"colour {c}" for c in range(NCOLOURS)), "on the mat",
                  "collected by me", "collected by my opponent")
PAWN_COLUMNS = ("x", "y", "mine", "my opponent's", "placed")
GAME_COLUMNS = ("I start", "I am to move", *(f"set aside: colour {c}" for c in range(NCOLOURS)),
                "colours known", "pawns placed / 12", "game over")
SHAPE = (ROWS, WIDTH)


def unit(coordinate: float, radius: float) -> float:
    """A coordinate in ``-radius .. radius`` (centre 0) as ``0 .. 1``.

    >>> unit(-4, 4), unit(0, 4), unit(4, 4)
    (0.0, 0.5, 1.0)
    """
    return (coordinate / radius + 1) / 2


def observation(view: Any) -> np.ndarray:
    """The tensor of a ``LacunaView`` (its fields only)."""
    out = np.zeros(SHAPE, dtype=np.float32)
    mat = view.params.mat
    me = view.player
    mine, theirs = view.collected[me], view.collected[1 - me]
    on_mat = view.on_mat
    for f, (x, y) in enumerate(view.points):
        row = out[f]
        row[0], row[1] = unit(x, mat), unit(y, mat)
        if view.colors is not None:
            row[2 + view.colors[f]] = 1
        row[2 + NCOLOURS:] = (on_mat >> f & 1, mine >> f & 1, theirs >> f & 1)
    for i, (x, y, owner) in enumerate(view.pawns):
        out[FLOWER_ROWS + i, :5] = (unit(x, mat * STEPS), unit(y, mat * STEPS), owner == me,
                                    owner != me, 1)
    game = out[ROWS - 1]
    game[0], game[1] = view.start == me, view.current_player == me
    if view.aside is not None:
        game[2 + view.aside] = 1
    game[2 + NCOLOURS:] = (view.colors is not None, len(view.pawns) / PAWN_ROWS,
                           view.current_player is None)
    return out
