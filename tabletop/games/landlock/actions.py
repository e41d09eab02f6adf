"""The actions of The Legend of Landlock and their notation.

* ``land`` / ``water`` — the first player chooses a role (their team's, with four players);
* ``f6 r1`` — place the tile in hand on cell ``f6`` turned ``1`` quarter-turn clockwise;
* ``bridge d4`` — replace the tile at ``d4`` with the bridge in hand.

>>> str(PLACE[60][1]), str(BRIDGES[48]), str(ROLE_ACTIONS[0])
('f6 r1', 'bridge e5', 'land')
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.game import Action
from tabletop.core.ids import ActionTable

from .board import CELL_NAMES, CELLS

ROLES = ("land", "water")


@dataclass(frozen=True, slots=True)
class Role(Action):
    """The first player's choice of role: ``"land"`` or ``"water"``."""

    role: str

    def __str__(self) -> str:
        return self.role


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place the tile in hand on ``cell``, turned ``rot`` quarter-turns clockwise."""

    cell: int
    rot: int

    def __str__(self) -> str:
        return f"{CELL_NAMES[self.cell]} r{self.rot}"


@dataclass(frozen=True, slots=True)
class Bridge(Action):
    """Remove the tile at ``cell`` and put the bridge in hand in its place."""

    cell: int

    def __str__(self) -> str:
        return f"bridge {CELL_NAMES[self.cell]}"


#: Every action, made once: ``PLACE[cell][rot]``, ``BRIDGES[cell]``, ``ROLE_ACTIONS``.
PLACE: tuple[tuple[Place, ...], ...] = tuple(
    tuple(Place(c, r) for r in range(4)) for c in range(CELLS)
)
BRIDGES: tuple[Bridge, ...] = tuple(Bridge(c) for c in range(CELLS))
ROLE_ACTIONS: tuple[Role, Role] = (Role("land"), Role("water"))
#: Every action's integer id (607): ``land`` 0, ``water`` 1, then a placement on cell ``c``
#: turned ``r`` at ``2 + 4 c + r`` (cells 0..120 of the 11 × 11 lattice, ``board.CELLS``),
#: then a bridge on cell ``c`` at ``2 + 4 · 121 + c``.
ACTION_TABLE = ActionTable((*ROLE_ACTIONS, *(p for row in PLACE for p in row), *BRIDGES))
