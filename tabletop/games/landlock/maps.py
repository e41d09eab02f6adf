"""Maps written by hand — placed tiles as text, or the map as rows — read and checked.

Two notations, both for tests and notebooks (``Landlock.position``):

* a list of placed tiles, ``"f6 path r0"`` (cell, kind by name or code, rotation), or tuples
  ``(cell, kind, rot)``;
* rows of cells as the state's text picture shows them: ``P`` path, ``S`` stream,
  ``B`` bridge, ``T`` tussock, ``.`` empty; optionally the band's direction (``\\`` or ``/``,
  checked against the checkerboard) and a gnome's corner as on a numeric keypad
  (``7`` NW, ``9`` NE, ``3`` SE, ``1`` SW). A path's gnome in a land corner makes it a
  path-land-gnome, in a water corner a path-water-gnome (streams likewise).

>>> tiles = tiles_from_rows(["P S", "S P7"], top_left="f6")
>>> [(CELL_NAMES[c], KINDS[k].code, r) for c, k, r in tiles]
[('f6', 'P', 0), ('g6', 'S', 0), ('f7', 'S', 0), ('g7', 'PL', 0)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.core.quoting import brief

from .board import (
    CELL_NAMES,
    CELL_PARITY,
    CELL_X,
    CELL_Y,
    CENTER,
    CORNERS,
    LETTERS,
    NEIGHBOURS,
    SIZE,
    SPAN,
    VERTEX_PARITY,
    cell_index,
)
from .masks import extent
from .position import lpar_of
from .tiles import KINDS, LAND, kind_index

#: The board before the first tile: every cell empty.
EMPTY_BOARD: tuple[int, ...] = (-1,) * (SIZE * SIZE)


_NUMPAD = {"7": 0, "9": 1, "3": 2, "1": 3}
_LETTERS = {"P": "path", "S": "stream", "B": "bridge", "T": "tussock"}


def parse_tile(item: str | tuple[Any, ...]) -> tuple[int, int, int]:
    """``"f6 path r0"`` or ``("f6", "path", 0)`` -> ``(cell, kind, rot)``.

    >>> parse_tile("g7 SL r3")
    (72, 5, 3)
    >>> parse_tile(5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: a placed tile is 'cell kind rotation' like 'f6 path r0' ..., not 5
    """
    if not isinstance(item, str | tuple | list):
        raise ValueError(f"a placed tile is 'cell kind rotation' like 'f6 path r0' (or a tuple "
                         f"like ('f6', 'path', 0)), not {brief(item)}")
    parts: list[Any] = item.split() if isinstance(item, str) else list(item)
    if len(parts) == 2:
        parts.append(0)
    if len(parts) != 3:
        raise ValueError(f"a placed tile is 'cell kind rotation' like 'f6 path r0', not {item!r}")
    cell, kind = cell_of(parts[0]), kind_index(parts[1])
    rot = parts[2]
    if isinstance(rot, str):
        digits = rot.lower().lstrip("r")  # only r0..r3 (or 0..3): no int() of long text
        rot = "0123".index(digits) if len(digits) == 1 and digits in "0123" else -1
    if rot not in (0, 1, 2, 3):
        raise ValueError(f"rotation must be r0..r3 (quarter turns clockwise), not {parts[2]!r}")
    return cell, kind, rot


def cell_of(value: object) -> int:
    """A cell given by its name (``"f6"``) or its number (``0 .. 120``).

    >>> cell_of("f6"), cell_of(60)
    (60, 60)
    """
    if type(value) is int:
        if not 0 <= value < len(CELL_NAMES):
            raise ValueError(f"a cell's number is 0 .. {len(CELL_NAMES) - 1} (a1 … k11), "
                             f"not {value!r}")
        return value
    return cell_index(str(value))


def _fits(kind: int, cell: int, rot: int, lpar: int) -> bool:
    corner0 = KINDS[kind].corner0
    nw = corner0 if rot % 2 == 0 else ("W" if corner0 == LAND else LAND)
    return (nw == LAND) == (CELL_PARITY[cell] == lpar)


def _unlabelled(rows: list[Any], top_left: str) -> tuple[list[Any], str]:
    """``rows`` without the labels ``board_text`` writes — a first line of column letters
    (``f g``), each row led by its number (``6 P S``) — and the cell they put top left;
    rows without them as given. (No cell is written as a letter a..l or starts with a digit.)
    """
    if len(rows) < 2 or not all(isinstance(row, str) for row in rows):
        return rows, top_left
    columns = rows[0].split()
    numbers = [row.split()[0] for row in rows[1:] if row.split()]
    if not columns or not all(len(c) == 1 and c in LETTERS for c in columns) \
            or len(numbers) != len(rows) - 1 or not all(n.isdigit() for n in numbers):
        return rows, top_left
    first, top = LETTERS.index(columns[0]), int(numbers[0])
    if columns != list(LETTERS[first:first + len(columns)]) \
            or numbers != [str(top + i) for i in range(len(numbers))]:
        raise ValueError(f"rows with labels need the column letters in order ({brief(rows[0])})"
                         f" and the row numbers counting up by one ({', '.join(numbers)})")
    return [row.split(None, 1)[1] if len(row.split()) > 1 else "" for row in rows[1:]], \
        f"{columns[0]}{top}"


def tiles_from_rows(rows: Sequence[str] | str, top_left: str = "c3", nw_land: bool | None = None
                    ) -> list[tuple[int, int, int]]:
    """The placed tiles of a map written as rows of cells (see the module's docstring).

    ``top_left`` names the cell of the first row's first token. The checkerboard comes from
    the first band direction written (``P\\`` …), else from ``nw_land``: whether the top-left
    cell's NW corner is land (default ``True``). Rows as ``state.board_text()`` prints them,
    under a line of column letters and each after its row's number, name their cells
    themselves (``top_left`` is then read from the labels).

    >>> tiles_from_rows(["     f   g", "  6 P   S", "  7 S   P7"]) == tiles_from_rows(
    ...     ["P S", "S P7"], top_left="f6")
    True
    """
    if isinstance(rows, str):
        rows = [r for r in rows.splitlines() if r.strip()]
    rows, top_left = _unlabelled(list(rows), top_left)
    origin = cell_index(top_left)
    placed = []
    for dy, row in enumerate(rows):
        if not isinstance(row, str):
            raise ValueError(f"rows are texts of cells like 'P S P', not {brief(row)} "
                             f"(row {dy + 1})")
        for dx, token in enumerate(row.split()):
            x, y = CELL_X[origin] + dx, CELL_Y[origin] + dy
            if x >= SIZE or y >= SIZE:
                raise ValueError(f"row {dy + 1} runs off the lattice at {token!r}")
            if token != ".":
                placed.append((y * SIZE + x, token))
    lpar = CELL_PARITY[origin] if nw_land is not False else 1 - CELL_PARITY[origin]
    if nw_land is None:
        for cell, token in placed:
            if token[1:2] in ("\\", "/") and token[:1].upper() in "PSB":
                land_at_nw = (token[1] == "\\") == (token[:1].upper() in "PB")
                lpar = CELL_PARITY[cell] if land_at_nw else 1 - CELL_PARITY[cell]
                break
    return [_token(token, cell, lpar) for cell, token in placed]


def _token(token: str, cell: int, lpar: int) -> tuple[int, int, int]:
    where = CELL_NAMES[cell]
    letter, rest = token[:1].upper(), token[1:]
    if letter not in _LETTERS:
        raise ValueError(f"{token!r} at {where}: a cell is P, S, B, T or '.'")
    band = rest[:1] if rest[:1] in ("\\", "/", "*") else ""
    rest = rest[len(band):]
    if rest and (rest not in _NUMPAD or letter not in "PS"):
        raise ValueError(f"{token!r} at {where}: a gnome's corner is 7, 9, 3 or 1 on a P or S")
    name = _LETTERS[letter]
    if rest:
        pos = _NUMPAD[rest]
        land = VERTEX_PARITY[CORNERS[cell][pos]] == lpar
        own = "land" if (letter == "P") == land else "water"
        name = f"{name}-{'land' if land else 'water'}-gnome" if own else name
    kind = kind_index(name)
    for rot in range(4):
        if not _fits(kind, cell, rot, lpar):
            continue
        gnome = KINDS[kind].gnome
        if gnome is not None and (gnome + rot) % 4 != _NUMPAD[rest]:
            continue
        if band and band != "*":
            nw_land = CELL_PARITY[cell] == lpar
            terrain = LAND if KINDS[kind].band in ("L", "LW") else "W"
            slash = "\\" if nw_land == (terrain == LAND) else "/"
            if band != slash:
                raise ValueError(f"{token!r} at {where}: the band runs {slash} on this cell")
        return cell, kind, rot
    raise ValueError(f"{token!r} at {where}: no rotation fits")  # pragma: no cover


def placed_board(tiles: list[str | tuple[Any, ...]]) -> tuple[tuple[int, ...], int]:
    """The board of placed tiles (see ``parse_tile``) and its checkerboard's parity
    (``lpar``, -1 for no tile), checked as a map of the game: one tile per cell, one
    checkerboard, the first tile on ``f6``, within 6 × 6, every tile joined to the others.

    >>> board, lpar = placed_board(["f6 path r0", "g6 stream r0"])
    >>> sum(code >= 0 for code in board), lpar == CELL_PARITY[CENTER]
    (2, True)
    """
    board = list(EMPTY_BOARD)
    lpar = -1
    for item in tiles:
        cell, kind, rot = parse_tile(item)
        if board[cell] >= 0:
            raise ValueError(f"two tiles on {CELL_NAMES[cell]}")
        board[cell] = kind * 4 + rot
        par = lpar_of(cell, kind, rot)
        if lpar < 0:
            lpar = par
        elif par != lpar:
            raise ValueError(
                f"the {KINDS[kind].name} on {CELL_NAMES[cell]} turned r{rot} doesn't match "
                f"its neighbours' land and water (turn it by a quarter)")
    frozen = tuple(board)
    box = extent(frozen)[1]
    if box is not None:
        if frozen[CENTER] < 0:
            raise ValueError("the map must hold the first tile on f6")
        if box[1] - box[0] >= SPAN or box[3] - box[2] >= SPAN:
            raise ValueError(f"the map is longer than {SPAN} tiles")
        if not _connected(frozen):
            raise ValueError("every tile must be joined to the others side by side")
    return frozen, lpar


def _connected(board: tuple[int, ...]) -> bool:
    cells = {c for c, code in enumerate(board) if code >= 0}
    seen = {CENTER}
    todo = [CENTER]
    while todo:
        c = todo.pop()
        for n in NEIGHBOURS[c]:
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells
