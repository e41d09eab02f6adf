"""Lacuna's fixed numbers: the pieces, the majorities, and the sizes of the mat and its
pieces in ticks (1e-4 mat units), as a game's options give them.

>>> params_of({"mat_radius": 1.0, "flower_radius": 0.031, "pawn_radius": 0.029})
Params(mat=10000, flower=310, pawn=290)
>>> NAMES, FLOWERS, 2 * PAWNS_EACH
(('Gold', 'Silver'), 49, 12)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...core.memos import memo
from .geometry import TICKS

NCOLOURS = 7
FLOWERS = NCOLOURS * 7
"""49 flowers: 7 colours × 7; one is set aside, 48 are scattered."""
SPACING = 2.5
"""Minimum distance between scattered flower centres, in flower radii."""
PAWNS_EACH = 6
"""Pawns per player; the game ends when all ``2 * PAWNS_EACH`` stand on the mat."""
COLOUR_MAJORITY = 4
"""Flowers of one colour (of 7) that win the colour."""
GAME_MAJORITY = 4
"""Colours (of 7) that win the game."""
SPOT_GAPS = 12
"""Sample spots on a pair are at least ``mat radius / SPOT_GAPS`` apart (``spot_mask``): far
enough apart on the picture for a fingertip or a mouse to tell them apart, each with a hit
area 16 px wide on a laptop's screen (``render.SPOT_HIT``)."""
NAMES = ("Gold", "Silver")
PAWN_FILL = ("#d4af37", "#c8ccd0")
"""The players' pawns' colours, gold and silver (in the picture and beside their names)."""


@dataclass(frozen=True, slots=True)
class Params:
    """The game's sizes in ticks (1e-4 mat units)."""

    mat: int
    flower: int
    pawn: int

    @property
    def spot_gap(self) -> int:
        """The least distance between neighbouring sample spots of a pair: ``1/SPOT_GAPS``
        of the mat radius (21 units where the picture draws the radius 255 units wide: 16.8 px
        on a 1280x800 laptop's screen, where the widget shows the picture at 79%)."""
        return self.mat // SPOT_GAPS


def params_of(options: Mapping[str, Any]) -> Params:
    """The sizes in ticks that a game's options (``mat_radius``, ``flower_radius``,
    ``pawn_radius``, in mat units) give."""
    return _params(options["mat_radius"], options["flower_radius"], options["pawn_radius"])


@memo(64)
def _params(mat: float, flower: float, pawn: float) -> Params:
    return Params(mat=round(mat * TICKS), flower=round(flower * TICKS), pawn=round(pawn * TICKS))


def player_name(player: int) -> str:
    """``"Gold"`` or ``"Silver"``."""
    return NAMES[player]


def mover(start: int, placed: int) -> int | None:
    """Whose decision it is with ``placed`` pawns on the mat: the start player while the
    colour is chosen (no pawn yet), then alternately; ``None`` at the end (all 12 placed).

    >>> mover(1, 0), mover(1, 3), mover(0, 12)
    (1, 0, None)
    """
    return None if placed >= 2 * PAWNS_EACH else (start + placed) & 1
