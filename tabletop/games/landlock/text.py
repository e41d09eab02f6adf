"""The map as text: three characters per cell (used by ``str(state)`` and golden files).

>>> cell_text(0, 60, 0)  # a path turned r0 on f6, whose NW corner is land
'P\\\\ '
"""

from __future__ import annotations

from .board import CELL_PARITY, LETTERS, SIZE
from .tiles import KINDS, LAND

_BAND_CHAR = {"L": "P", "W": "S", "LW": "B", "": "T"}
_NUMPAD = "7931"  # a gnome's corner NW, NE, SE, SW as on a numeric keypad


def cell_text(code: int, cell: int, lpar: int) -> str:
    """A placed tile as three characters: kind (P S B T), its band's direction (``\\`` or
    ``/``; ``*`` for a tussock) and the numpad corner of its gnome (7 9 3 1) or a space."""
    if code < 0:
        return " . "
    kind = KINDS[code >> 2]
    letter = _BAND_CHAR[kind.band]
    if not kind.band:
        return "T* "
    nw_land = CELL_PARITY[cell] == lpar
    band_terrain = "L" if kind.band == "LW" else kind.band
    slash = "\\" if nw_land == (band_terrain == LAND) else "/"
    gnome = " " if kind.gnome is None else _NUMPAD[(kind.gnome + code) & 3]
    return f"{letter}{slash}{gnome}"


def board_text(board: tuple[int, ...], lpar: int, box: tuple[int, int, int, int] | None
               ) -> list[str]:
    """The map's bounding box as text, one row per line."""
    if box is None:
        return ["(no tile placed yet; the first goes on f6)"]
    x0, x1, y0, y1 = box
    lines = ["    " + "".join(f" {LETTERS[x]}  " for x in range(x0, x1 + 1)).rstrip()]
    for y in range(y0, y1 + 1):
        cells = " ".join(cell_text(board[y * SIZE + x], y * SIZE + x, lpar)
                         for x in range(x0, x1 + 1))
        lines.append(f"{y + 1:>3} {cells}".rstrip())
    return lines
