"""The lattice the map grows on: cells, grid vertices and their names (static, built once).

The first tile goes in the middle cell ``f6`` of an 11 × 11 lattice of cells (columns
``a``–``k`` left to right, rows ``1``–``11`` top to bottom). The map may be at most six tiles
in any direction, so every tile of a game fits on this lattice whichever way the map grows.

Tiles meet at **vertices**, a 12 × 12 lattice; vertex ``(x, y)`` is the top-left corner of
cell ``(x, y)``. A vertex is named like the cell it is the top-left corner of, in upper case:
vertex ``F6`` is the NW corner of cell ``f6``.

>>> CELL_NAMES[CENTER], cell_index("F6") == CENTER
('f6', True)
>>> [vertex_name(v) for v in CORNERS[CENTER]]
['F6', 'G6', 'G7', 'F7']
"""

from __future__ import annotations

from ...core.memos import Bound, memo

SIZE = 11  #: cells per side of the lattice
VSIZE = SIZE + 1  #: vertices per side
SPAN = 6  #: the map is at most this many tiles in any direction
CELLS = SIZE * SIZE
VERTICES = VSIZE * VSIZE
LETTERS = "abcdefghijkl"
#: The bounding boxes a map can have (at most ``SPAN`` cells each way, holding ``f6``: 21
#: column spans by 21 row spans), the bound of the memos keyed by a map's box.
BOXES = Bound(sum(range(1, SPAN + 1)) ** 2)

#: Cell ``i`` is at column ``CELL_X[i]``, row ``CELL_Y[i]``.
CELL_X: tuple[int, ...] = tuple(i % SIZE for i in range(CELLS))
CELL_Y: tuple[int, ...] = tuple(i // SIZE for i in range(CELLS))
CELL_NAMES: tuple[str, ...] = tuple(
    f"{LETTERS[CELL_X[i]]}{CELL_Y[i] + 1}" for i in range(CELLS)
)
CENTER = (SIZE // 2) * SIZE + SIZE // 2  #: the cell of the first tile, ``f6``
_CELL_INDEX = {name: i for i, name in enumerate(CELL_NAMES)}

#: ``(x + y) % 2`` of a cell: its NW vertex's colour on the checkerboard.
CELL_PARITY: tuple[int, ...] = tuple((CELL_X[i] + CELL_Y[i]) % 2 for i in range(CELLS))


def _vertex(x: int, y: int) -> int:
    return y * VSIZE + x


#: The four corner vertices of each cell, clockwise from the top-left: NW, NE, SE, SW.
CORNERS: tuple[tuple[int, int, int, int], ...] = tuple(
    (
        _vertex(CELL_X[i], CELL_Y[i]),
        _vertex(CELL_X[i] + 1, CELL_Y[i]),
        _vertex(CELL_X[i] + 1, CELL_Y[i] + 1),
        _vertex(CELL_X[i], CELL_Y[i] + 1),
    )
    for i in range(CELLS)
)

#: Orthogonal neighbours of each cell on the lattice (up, right, down, left, where present).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (y + dy) * SIZE + (x + dx)
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
        if 0 <= x + dx < SIZE and 0 <= y + dy < SIZE
    )
    for x, y in zip(CELL_X, CELL_Y, strict=True)
)

VERTEX_X: tuple[int, ...] = tuple(v % VSIZE for v in range(VERTICES))
VERTEX_Y: tuple[int, ...] = tuple(v // VSIZE for v in range(VERTICES))
VERTEX_PARITY: tuple[int, ...] = tuple((VERTEX_X[v] + VERTEX_Y[v]) % 2 for v in range(VERTICES))


def _cells_at(v: int) -> tuple[tuple[int, int], ...]:
    """The cells around vertex ``v`` in cell order, each with the corner ``v`` is of it: the
    cell to its NW (``v`` is its SE corner, 2), NE (SW, 3), SW (NE, 1) and SE (NW, 0).

    >>> [(CELL_NAMES[c], pos) for c, pos in _cells_at(_vertex(1, 1))]
    [('a1', 2), ('b1', 3), ('a2', 1), ('b2', 0)]
    """
    x, y = VERTEX_X[v], VERTEX_Y[v]
    return tuple((cy * SIZE + cx, pos) for cx, cy, pos in
                 ((x - 1, y - 1, 2), (x, y - 1, 3), (x - 1, y, 1), (x, y, 0))
                 if 0 <= cx < SIZE and 0 <= cy < SIZE)


#: For each vertex, the ``(cell, corner position)`` pairs of the cells that meet there.
VERTEX_CELLS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    _cells_at(v) for v in range(VERTICES)
)


def cell_index(name: str) -> int:
    """The index of a cell from its name (``"f6"``), case-insensitive.

    >>> cell_index("a1"), cell_index("k11")
    (0, 120)
    """
    key = name.strip().lower()
    if key not in _CELL_INDEX:
        raise ValueError(f"no cell {name!r}: cells are a1 … k11 (first tile at f6)")
    return _CELL_INDEX[key]


def vertex_name(v: int) -> str:
    """A vertex's name: the upper-case name of the cell it is the top-left corner of.

    >>> vertex_name(0), vertex_name(VERTICES - 1)
    ('A1', 'L12')
    """
    return f"{LETTERS[VERTEX_X[v]].upper()}{VERTEX_Y[v] + 1}"


def vertex_xy(v: int) -> tuple[int, int]:
    """``(x, y)`` of a vertex on the 12 × 12 lattice (also its networkx node)."""
    return VERTEX_X[v], VERTEX_Y[v]


@memo(BOXES)  # the scorers ask for the same ones again and again
def box_cells(box: tuple[int, int, int, int]) -> tuple[int, ...]:
    """The cells of a bounding box ``(x0, x1, y0, y1)`` (inclusive), row by row."""
    x0, x1, y0, y1 = box
    return tuple(y * SIZE + x for y in range(y0, y1 + 1) for x in range(x0, x1 + 1))


@memo(BOXES)
def box_vertices(box: tuple[int, int, int, int]) -> tuple[int, ...]:
    """The vertices of a bounding box of cells, row by row."""
    x0, x1, y0, y1 = box
    return tuple(y * VSIZE + x for y in range(y0, y1 + 2) for x in range(x0, x1 + 2))


@memo(BOXES)
def box_inner(box: tuple[int, int, int, int]) -> tuple[int, ...]:
    """The cells of a bounding box off its edge, row by row (none for a box under 3 wide).

    >>> [CELL_NAMES[c] for c in box_inner((4, 6, 4, 7))]
    ['f6', 'f7']
    """
    x0, x1, y0, y1 = box
    return tuple(y * SIZE + x for y in range(y0 + 1, y1) for x in range(x0 + 1, x1))
