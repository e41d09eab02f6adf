"""The actions of The Legend of Landlock and their notation.

* ``land`` / ``water`` — the first player chooses a role (their team's, with four players);
* ``f6 r1`` — place the tile in hand on cell ``f6`` turned ``1`` quarter-turn clockwise;
* ``bridge d4`` — replace the tile at ``d4`` with the bridge in hand.

>>> str(PLACE[60][1]), str(BRIDGES[48]), str(ROLE_ACTIONS[0])
('f6 r1', 'bridge e5', 'land')
>>> notation_problem("e6 r5")
"a placement's rotation is r0, r1, r2 or r3 (quarter turns clockwise), not 'r5'"

An action whose fields name no cell, rotation or role prints as its fields, never as another
action (``-1`` would otherwise count from the end of the cells, ``True`` be cell 1, and
``LAND`` read back as ``land``):

>>> str(Place(-1, 0)), str(Bridge(True)), str(Place(60, 7)), str(Role("LAND"))
('Place(cell=-1, rot=0)', 'Bridge(cell=True)', 'Place(cell=60, rot=7)', "Role(role='LAND')")
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.game import Action
from tabletop.core.ids import ActionTable
from tabletop.core.plain import whole

from .board import CELL_NAMES, CELLS, cell_index

ROLES = ("land", "water")


def cell_name(cell: object) -> str:
    """The name of cell number ``cell`` (``60`` -> ``"f6"``); a ``ValueError`` for anything
    that numbers no cell (a bool, a negative number, 121 or more)."""
    return CELL_NAMES[whole(cell, 0, "no such cell", CELLS - 1)]


@dataclass(frozen=True, slots=True)
class Role(Action):
    """The first player's choice of role: ``"land"`` or ``"water"``."""

    role: str

    def __str__(self) -> str:
        if self.role not in ROLES:  # ("LAND" would read back as land: show the field)
            raise ValueError(f"no role {self.role!r}: the roles are land and water")
        return self.role


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place the tile in hand on ``cell``, turned ``rot`` quarter-turns clockwise."""

    cell: int
    rot: int

    def __str__(self) -> str:
        return f"{cell_name(self.cell)} r{whole(self.rot, 0, 'no such rotation', 3)}"


@dataclass(frozen=True, slots=True)
class Bridge(Action):
    """Remove the tile at ``cell`` and put the bridge in hand in its place."""

    cell: int

    def __str__(self) -> str:
        return f"bridge {cell_name(self.cell)}"


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


#: What every action looks like, for a message about text that is none of them.
FORMS = "actions are 'land', 'water', a placement like 'f6 r1' (rotation r0..r3) or 'bridge e5'"


def notation_problem(text: str) -> str | None:
    """What makes ``text`` (lower case, single spaces) no Landlock action at all, saying what
    is allowed (the cells a1 … k11, the rotations r0..r3); ``None`` if it is well formed
    (``f6`` alone too: the one placement there, when there is one)."""
    if text in ROLES:
        return None
    parts = text.split()
    bridge = parts[:1] == ["bridge"]
    if bridge:
        parts = parts[1:]
        if len(parts) != 1:
            return "a bridge names the one cell it replaces, like 'bridge e5'"
    if not 1 <= len(parts) <= 2:
        return FORMS
    try:
        cell_index(parts[0])
    except ValueError as error:
        looks_like_cell = parts[0][:1].isalpha() and parts[0][1:].isdigit()
        return str(error) if looks_like_cell else FORMS
    if len(parts) == 2 and parts[1] not in ("r0", "r1", "r2", "r3"):
        return ("a placement's rotation is r0, r1, r2 or r3 (quarter turns clockwise), "
                f"not {parts[1]!r}")
    return None
