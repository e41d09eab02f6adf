"""Lava Flows' observation tensor: planes over the 3 × 3 grid, built from a view alone.

``PLANES`` names each of the 202 planes (``docs/observations.md`` lists them): a one-hot of
the piece code at each height of each stack (``LEVELS`` heights from the bottom, above any
Cinder Cone; ``CODES`` as the view shows them, so an unknown hiding place is ``m`` or ``n``),
then the cones, the bubble lock, and planes that hold one number everywhere.

>>> import tabletop
>>> view = tabletop.load("lava-flows").new(seed=1).view(0)
>>> t = observation(view)
>>> t.shape, t[PLANES.index("height 0: W")].tolist()
((202, 3, 3), [[1.0, 1.0, 1.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]])
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .board import CODES, STACK_MOST

#: Stack heights drawn: every letter a stack may hold.
LEVELS = STACK_MOST
#: Each piece code a view shows (``board.CODES``: Larges, Mediums known to both, each
#: player's hiding places as their hider knows them, and the unknown ``m``, ``n``, ``h``),
#: by its place in a height's planes.
_CODE = {c: i for i, c in enumerate(CODES)}
#: What fills the rest of the planes, one number everywhere.
SCALARS = (
    "I am White", "I am Black", "I am to move", "White arranges", "Black arranges",
    "game over", "plies / ply_cap", "White first", "Black first",
    "White's unknown places hold white", "White's unknown places hold black",
    "White's unknown places hold nothing", "Black's unknown places hold white",
    "Black's unknown places hold black", "Black's unknown places hold nothing",
    "hidden white Mediums known to both", "hidden black Mediums known to both",
)
PLANES: tuple[str, ...] = (
    *(f"height {h}: {c}" for h in range(LEVELS) for c in CODES),
    "White's cone", "Black's cone", "bubble lock", *SCALARS,
)
SHAPE = (len(PLANES), 3, 3)


def observation(view: Any) -> np.ndarray:
    """The tensor of a ``LavaView`` (its fields only)."""
    out = np.zeros((len(PLANES), 9), dtype=np.float32)
    for cell, stack in enumerate(view.stacks):
        if len(stack) > LEVELS:
            raise ValueError(f"a stack of {len(stack)} pieces: more than {LEVELS}")
        for h, code in enumerate(stack):
            out[h * len(CODES) + _CODE[code], cell] = 1
        cone = view.cones[cell]
        if cone >= 0:
            out[LEVELS * len(CODES) + cone, cell] = 1
    base = LEVELS * len(CODES) + 2
    if view.lock >= 0:
        out[base, view.lock] = 1
    over = view.current_player is None
    pools = [p.count(x) for p in view.pools for x in "wb-"]
    values = (
        view.player == 0, view.player == 1, view.current_player == view.player,
        view.phase == 0, view.phase == 1, over, view.plies / view.game.options["ply_cap"],
        view.first == 0, view.first == 1, *pools, *view.hidden,
    )
    out[base + 1:] = np.array(values, dtype=np.float32)[:, None]
    return out.reshape(SHAPE)
