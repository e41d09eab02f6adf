"""The Legend of Landlock's observation tensor: planes over the 11 × 11 lattice of cells,
built from a view alone.

``PLANES`` names each of the 58 planes (``docs/observations.md`` lists them): a one-hot of
the tile kind and rotation on each cell, the empty cells, then planes that hold one number
everywhere (the tile in hand, the roles, whose turn, points so far). Teams are relative to
the viewer: "my team" is the viewer's (with two players, the viewer alone).

>>> import tabletop
>>> view = tabletop.load("landlock").new(seed=1).apply("land").view(0)
>>> t = observation(view)
>>> t.shape, int(t[PLANES.index("empty")].sum())
((58, 11, 11), 121)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .board import CELLS, SIZE
from .position import FULL, team_of
from .tiles import KINDS, TILE_SET

SCALARS = (
    *(f"in hand: {kind.name}" for kind in KINDS),
    "in hand because a bridge removed it", "my team plays Land", "my team plays Water",
    "roles not chosen yet", "I am to move", "my partner is to move", "game over",
    "my team's tussock points", "other team's tussock points", "my team's gnome points",
    "other team's gnome points", "tiles placed / 36", "tiles in the pile / 40",
    *(f"I am seat {k}" for k in range(4)),
)
PLANES: tuple[str, ...] = (
    *(f"{kind.name} r{r}" for kind in KINDS for r in range(4)), "empty", *SCALARS,
)
SHAPE = (len(PLANES), SIZE, SIZE)


def observation(view: Any) -> np.ndarray:
    """The tensor of a ``LandlockView`` (its fields only)."""
    out = np.zeros((len(PLANES), CELLS), dtype=np.float32)
    board = np.asarray(view.board)
    filled = np.flatnonzero(board >= 0)
    out[board[filled], filled] = 1
    out[len(KINDS) * 4, board < 0] = 1
    me = view.player
    mine, other = team_of(me), 1 - team_of(me)
    hand = [view.tile == k for k in range(len(KINDS))]
    mover = view.current_player
    values = (
        *hand, view.pending, view.land_team == mine, view.land_team == other,
        view.land_team is None, mover == me,
        mover is not None and mover != me and team_of(mover) == mine, mover is None,
        view.tussocks[mine], view.tussocks[other], view.gnome_bonus[mine],
        view.gnome_bonus[other], view.count / FULL, view.pile_size / len(TILE_SET),
        *(me == k for k in range(4)),
    )
    out[len(KINDS) * 4 + 1:] = np.array(values, dtype=np.float32)[:, None]
    return out.reshape(SHAPE)
