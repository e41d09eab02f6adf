"""The map as text: three characters per cell (used by ``str(state)`` and golden files).

>>> cell_text(0, 60, 0)  # a path turned r0 on f6, whose NW corner is land
'P\\\\ '
"""

from __future__ import annotations

from .board import CELL_PARITY, LETTERS, SIZE
from .tiles import KINDS, LAND

_BAND_CHAR = {"L": "P", "W": "S", "LW": "B", "": "T"}
_NUMPAD = "7931"  # a gnome's corner NW, NE, SE, SW as on a numeric keypad


#: ``board_text`` of the board before the first tile (``maps.tiles_from_rows`` reads it back).
NO_TILE = "(no tile placed yet; the first goes on f6)"


def cell_text(code: int, cell: int, lpar: int, tussock_slash: bool = False) -> str:
    """A placed tile as three characters: kind (P S B T), its band's direction (``\\`` or
    ``/``; ``*`` for a tussock) and the numpad corner of its gnome (7 9 3 1) or a space.

    ``tussock_slash``: write a tussock's corners as a path's band would run (``T\\``: its
    NW corner is land), for a map of tussocks only, whose checkerboard nothing else shows.

    >>> from tabletop.games.landlock.tiles import TUSSOCK
    >>> cell_text(TUSSOCK << 2, 60, 0), cell_text(TUSSOCK << 2, 60, 0, tussock_slash=True)
    ('T* ', 'T\\\\ ')
    """
    if code < 0:
        return " . "
    kind = KINDS[code >> 2]
    letter = _BAND_CHAR[kind.band]
    nw_land = CELL_PARITY[cell] == lpar
    if not kind.band:
        return ("T\\ " if nw_land else "T/ ") if tussock_slash else "T* "
    band_terrain = "L" if kind.band == "LW" else kind.band
    slash = "\\" if nw_land == (band_terrain == LAND) else "/"
    gnome = " " if kind.gnome is None else _NUMPAD[(kind.gnome + code) & 3]
    return f"{letter}{slash}{gnome}"


def board_text(board: tuple[int, ...], lpar: int, box: tuple[int, int, int, int] | None
               ) -> list[str]:
    """The map's bounding box as text, one row per line (a map of tussocks only writes
    their corners' checkerboard, as ``cell_text``'s ``tussock_slash``)."""
    if box is None:
        return [NO_TILE]
    x0, x1, y0, y1 = box
    slash = not any(code >= 0 and KINDS[code >> 2].band for code in board)
    lines = ["    " + "".join(f" {LETTERS[x]}  " for x in range(x0, x1 + 1)).rstrip()]
    for y in range(y0, y1 + 1):
        cells = " ".join(cell_text(board[y * SIZE + x], y * SIZE + x, lpar, slash)
                         for x in range(x0, x1 + 1))
        lines.append(f"{y + 1:>3} {cells}".rstrip())
    return lines
