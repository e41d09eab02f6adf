"""Final scoring on a fast structure: union-find over vertex indices.

The board graphs ``G_L`` and ``G_W`` (see ``graphs.py``) are the model; this module computes
the same components with a union-find over the 12 × 12 vertex lattice, which is what the game
scores with (tests check that both agree). ``analyse`` works on any map; for one that is not
finished yet it is provisional: the map's edge is the current bounding box, and a component
next to an empty cell is not (yet) enclosed. An enclosed component that holds a bridge's
band is cancelled by it: it is listed in ``Analysis.cancelled`` and scores nothing.

>>> TABLE_SIDES[0b0001][0b0001]   # top side, plus the top-left corner: counts as left
9
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from .board import (
    CELL_PARITY,
    CORNERS,
    SIZE,
    VERTEX_CELLS,
    VERTEX_PARITY,
    VERTICES,
    VSIZE,
    box_cells,
    box_vertices,
)
from .tiles import BRIDGE, KINDS, LAND, WATER

SIDES = ("top", "right", "bottom", "left")
TOP, RIGHT, BOTTOM, LEFT = 1, 2, 4, 8
#: The two sides each map corner (NW, NE, SE, SW) lies on.
CORNER_SIDES = (TOP | LEFT, TOP | RIGHT, BOTTOM | RIGHT, BOTTOM | LEFT)
#: Points for the best network by the number of sides it connects.
CONNECTION_POINTS = {4: 10, 3: 7, 2: 5}
ENCLOSURE_POINTS = 4

_JOINS_L = tuple(kind.joins_land for kind in KINDS)
_JOINS_W = tuple(kind.joins_water for kind in KINDS)
_GNOME = tuple(kind.gnome for kind in KINDS)
_BITS = tuple(bin(m).count("1") for m in range(16))


def _best_assignment(base: int, corners: int) -> int:
    """The side mask reached when each corner present counts for one of its two sides,
    chosen to reach the most sides (first best in a fixed order)."""
    options = [
        (sides & -sides, sides & ~(sides & -sides))
        for i, sides in enumerate(CORNER_SIDES)
        if corners >> i & 1
    ]
    best = base
    for choice in itertools.product(*options):
        mask = base
        for side in choice:
            mask |= side
        if _BITS[mask] > _BITS[best]:
            best = mask
    return best


#: ``TABLE_SIDES[base][corners]``: the sides counted for a network touching the sides in
#: ``base`` away from the map's corners and the corners in ``corners`` (bits NW, NE, SE, SW).
TABLE_SIDES: tuple[tuple[int, ...], ...] = tuple(
    tuple(_best_assignment(base, corners) for corners in range(16)) for base in range(16)
)


def side_names(mask: int) -> tuple[str, ...]:
    """The sides in a mask, in the order top, right, bottom, left."""
    return tuple(name for i, name in enumerate(SIDES) if mask >> i & 1)


def sides_reached(vertices: tuple[int, ...], box: tuple[int, int, int, int]) -> int:
    """The side mask a network with these vertices counts, the corner rule applied."""
    x0, x1, y0, y1 = box
    x1 += 1
    y1 += 1
    base = corners = 0
    for v in vertices:
        x, y = v % VSIZE, v // VSIZE
        m = (y == y0) | (x == x1) << 1 | (y == y1) << 2 | (x == x0) << 3
        if m in (3, 6, 9, 12):
            corners |= {9: 1, 3: 2, 6: 4, 12: 8}[m]
        else:
            base |= m
    return TABLE_SIDES[base][corners]


@dataclass(frozen=True, slots=True)
class Network:
    """A connected component of ``G_L`` or ``G_W`` with at least one band in it."""

    terrain: str  # "L" path network, "W" stream network
    vertices: tuple[int, ...]  # sorted vertex indices
    cells: tuple[int, ...]  # the cells whose band is part of it, sorted
    sides: int  # side mask counted (corner rule applied)

    @property
    def side_names(self) -> tuple[str, ...]:
        return side_names(self.sides)

    @property
    def points(self) -> int:
        """10 for four sides, 7 for three, 5 for two, else 0."""
        return CONNECTION_POINTS.get(_BITS[self.sides], 0)


@dataclass(frozen=True, slots=True)
class Enclosure:
    """A component with no vertex on the map's edge: an island (``L``) or a pond (``W``).

    ``cells`` are the tiles whose band of its terrain is part of it (none for a single
    vertex); ``bridges`` those of them that are bridges. A bridge cancels the island or pond
    it belongs to: it scores nothing.
    """

    terrain: str
    vertices: tuple[int, ...]  # sorted vertex indices
    cells: tuple[int, ...] = ()  # sorted
    bridges: tuple[int, ...] = ()  # sorted

    @property
    def cancelled(self) -> bool:
        """Whether a bridge's band is part of it, so that it scores nothing."""
        return bool(self.bridges)


@dataclass(frozen=True, slots=True)
class GnomeGroup:
    """Two or more gnomes at one vertex, in different tiles: they face each other."""

    vertex: int
    terrain: str  # the gnomes' type: the vertex's terrain
    cells: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Analysis:
    """Everything the end of the game scores, for one map."""

    box: tuple[int, int, int, int] | None
    networks: tuple[Network, ...]  # best first
    islands: tuple[Enclosure, ...]  # G_L components enclosed: Water scores them
    ponds: tuple[Enclosure, ...]  # G_W components enclosed: Land scores them
    gnomes: tuple[GnomeGroup, ...]  # facing groups
    cancelled: tuple[Enclosure, ...] = ()  # islands and ponds cancelled by a bridge: no points

    def best(self, terrain: str) -> Network | None:
        """The best network of a terrain (most sides, then most tiles), if there is one."""
        return next((n for n in self.networks if n.terrain == terrain), None)

    def points(self, terrain: str, gnomes: bool = True) -> dict[str, int]:
        """The end-of-game points of the role playing ``terrain``, by source."""
        best = self.best(terrain)
        enclosed = self.ponds if terrain == LAND else self.islands
        return {
            "network": best.points if best else 0,
            "enclosed": ENCLOSURE_POINTS * len(enclosed),
            "gnomes": sum(len(g.cells) for g in self.gnomes if g.terrain == terrain)
            if gnomes else 0,
        }


EMPTY = Analysis(None, (), (), (), ())


def gnome_spots(board: tuple[int, ...], box: tuple[int, int, int, int] | None = None
                ) -> dict[int, list[int]]:
    """Each vertex holding gnomes, with the cells of those gnomes (cells in order); ``box``,
    the map's bounding box if given, spares a look at the empty cells around it."""
    spots: dict[int, list[int]] = {}
    for cell in range(len(board)) if box is None else box_cells(box):
        code = board[cell]
        if code >= 0:
            g = _GNOME[code >> 2]
            if g is not None:
                spots.setdefault(CORNERS[cell][(g + code) & 3], []).append(cell)
    return spots


def gnomes_at(board: tuple[int, ...], vertex: int) -> int:
    """How many gnomes sit at ``vertex``."""
    n = 0
    for cell, pos in VERTEX_CELLS[vertex]:
        code = board[cell]
        if code >= 0:
            g = _GNOME[code >> 2]
            if g is not None and (g + code) & 3 == pos:
                n += 1
    return n


def analyse(board: tuple[int, ...], lpar: int, box: tuple[int, int, int, int] | None) -> Analysis:
    """Networks, enclosures and facing gnomes of a map (``board`` of kind*4+rotation codes,
    ``lpar`` the parity of land vertices, ``box`` the bounding box ``(x0, x1, y0, y1)``)."""
    if box is None:
        return EMPTY
    parent = list(range(VERTICES))

    def find(v: int) -> int:
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    x0, x1, y0, y1 = box
    band_cells: list[tuple[int, int]] = []  # (vertex on the band, cell)
    bridge_bands: list[tuple[int, int]] = []  # the same, for the bands of bridges
    for y in range(y0, y1 + 1):
        for cell in range(y * SIZE + x0, y * SIZE + x1 + 1):
            code = board[cell]
            if code < 0:
                continue
            kind = code >> 2
            nw, ne, se, sw = CORNERS[cell]
            if CELL_PARITY[cell] == lpar:  # NW corner is land: land diagonal NW-SE
                land, water = (nw, se), (ne, sw)
            else:
                land, water = (ne, sw), (nw, se)
            for joins, (a, b) in ((_JOINS_L[kind], land), (_JOINS_W[kind], water)):
                if joins:
                    ra, rb = find(a), find(b)
                    if ra != rb:
                        parent[ra] = rb
                    band_cells.append((a, cell))
                    if kind == BRIDGE:
                        bridge_bands.append((a, cell))

    full = (x1 - x0 + 1) * (y1 - y0 + 1)
    count = sum(1 for c in box_cells(box) if board[c] >= 0)
    groups: dict[int, list[int]] = {}
    closed: dict[int, bool] = {}
    side_base: dict[int, int] = {}
    side_corner: dict[int, int] = {}
    bx1, by1 = x1 + 1, y1 + 1
    for v in box_vertices(box):
        if count != full:
            around = [board[c] >= 0 for c, _ in VERTEX_CELLS[v]]
            if not any(around):
                continue
            covered = len(around) == 4 and all(around)
        else:
            covered = True
        r = find(v)
        groups.setdefault(r, []).append(v)
        x, y = v % VSIZE, v // VSIZE
        m = (y == y0) | (x == bx1) << 1 | (y == by1) << 2 | (x == x0) << 3
        if m:
            closed[r] = False
            if m in (3, 6, 9, 12):
                side_corner[r] = side_corner.get(r, 0) | {9: 1, 3: 2, 6: 4, 12: 8}[m]
            else:
                side_base[r] = side_base.get(r, 0) | m
        elif not covered:
            closed[r] = False
    cells_of: dict[int, list[int]] = {}
    for v, cell in band_cells:
        cells_of.setdefault(find(v), []).append(cell)
    bridges_of: dict[int, list[int]] = {}
    for v, cell in bridge_bands:
        bridges_of.setdefault(find(v), []).append(cell)

    networks: list[Network] = []
    islands: list[Enclosure] = []
    ponds: list[Enclosure] = []
    cancelled: list[Enclosure] = []
    for r, vertices in groups.items():
        terrain = LAND if VERTEX_PARITY[vertices[0]] == lpar else WATER
        cells = tuple(sorted(cells_of.get(r, ())))
        if cells:
            sides = TABLE_SIDES[side_base.get(r, 0)][side_corner.get(r, 0)]
            networks.append(Network(terrain, tuple(vertices), cells, sides))
        if closed.get(r, True):
            found = Enclosure(terrain, tuple(vertices), cells, tuple(sorted(bridges_of.get(r, ()))))
            (cancelled if found.bridges else islands if terrain == LAND else ponds).append(found)
    networks.sort(key=lambda n: (-_BITS[n.sides], -len(n.cells), n.vertices[0]))
    for found_list in (islands, ponds, cancelled):
        found_list.sort(key=lambda e: e.vertices[0])
    facing = tuple(
        GnomeGroup(v, LAND if VERTEX_PARITY[v] == lpar else WATER, tuple(cells))
        for v, cells in sorted(gnome_spots(board, box).items())
        if len(cells) > 1
    )
    return Analysis(box, tuple(networks), tuple(islands), tuple(ponds), facing, tuple(cancelled))



#: The bands a kind of tile carries: 0 its land diagonal, 1 its water one.
_JOINED = tuple(tuple(i for i, j in enumerate((jl, jw)) if j)
                for jl, jw in zip(_JOINS_L, _JOINS_W, strict=True))
#: ``_BANDS[lpar][cell]``: the vertices of the cell's land diagonal and of its water one.
_BANDS = {lpar: tuple(((nw, se), (ne, sw)) if CELL_PARITY[cell] == lpar else ((ne, sw), (nw, se))
                      for cell, (nw, ne, se, sw) in enumerate(CORNERS))
          for lpar in (0, 1)}


def final_points(board: tuple[int, ...], lpar: int, box: tuple[int, int, int, int] | None,
                 gnomes: bool = True) -> tuple[int, int]:
    """The end-of-game points of Land and of Water: the sums of ``analyse(...).points`` for
    each terrain, computed without building the analysis (the search's hot path).

    >>> final_points((-1,) * (SIZE * SIZE), 0, None)
    (0, 0)
    """
    if box is None:
        return (0, 0)
    parent = list(range(VERTICES))

    def find(v: int) -> int:
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    x0, x1, y0, y1 = box
    banded: list[int] = []  # a vertex of each band
    bridged: list[int] = []  # the same, for the bands of bridges
    bands = _BANDS[lpar]
    cells = box_cells(box)
    count = 0
    for cell in cells:
        code = board[cell]
        if code < 0:
            continue
        count += 1
        kind = code >> 2
        pairs = bands[cell]
        for i in _JOINED[kind]:
            a, b = pairs[i]
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[ra] = rb
            banded.append(a)
            if kind == BRIDGE:
                bridged.append(a)
    full = len(cells)
    first: dict[int, int] = {}
    opened: set[int] = set()
    side_base: dict[int, int] = {}
    side_corner: dict[int, int] = {}
    bx1, by1 = x1 + 1, y1 + 1
    for v in box_vertices(box):
        if count != full:
            around = [board[c] >= 0 for c, _ in VERTEX_CELLS[v]]
            if not any(around):
                continue
            covered = len(around) == 4 and all(around)
        else:
            covered = True
        r = find(v)
        first.setdefault(r, v)
        x, y = v % VSIZE, v // VSIZE
        m = (y == y0) | (x == bx1) << 1 | (y == by1) << 2 | (x == x0) << 3
        if m:
            opened.add(r)
            if m in (3, 6, 9, 12):
                side_corner[r] = side_corner.get(r, 0) | {9: 1, 3: 2, 6: 4, 12: 8}[m]
            else:
                side_base[r] = side_base.get(r, 0) | m
        elif not covered:
            opened.add(r)
    with_bands = {find(v) for v in banded}
    with_bridges = {find(v) for v in bridged}
    best = [0, 0]  # by terrain: 0 land, 1 water
    enclosed = [0, 0]
    for r, v in first.items():
        t = 0 if VERTEX_PARITY[v] == lpar else 1
        if r in with_bands:
            got = CONNECTION_POINTS.get(_BITS[TABLE_SIDES[side_base.get(r, 0)][
                side_corner.get(r, 0)]], 0)
            if got > best[t]:
                best[t] = got
        if r not in opened and r not in with_bridges:
            enclosed[t] += 1
    facing = [0, 0]
    if gnomes:
        for v, spot in gnome_spots(board, box).items():
            if len(spot) > 1:
                facing[0 if VERTEX_PARITY[v] == lpar else 1] += len(spot)
    return (best[0] + ENCLOSURE_POINTS * enclosed[1] + facing[0],
            best[1] + ENCLOSURE_POINTS * enclosed[0] + facing[1])
