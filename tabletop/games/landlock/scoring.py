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

from ...core.memos import memo
from ...core.plain import flag
from ...core.quoting import brief
from .board import (
    BOXES,
    CELL_PARITY,
    CORNERS,
    VERTEX_CELLS,
    VERTEX_PARITY,
    VERTEX_X,
    VERTEX_Y,
    VERTICES,
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
#: ``GNOME_SPOT[code]``: the corner of its cell (0–3: NW, NE, SE, SW) where the gnome of a tile
#: with this code (``kind * 4 + rotation``) sits, ``None`` for a kind without one.
GNOME_SPOT: tuple[int | None, ...] = tuple(
    None if kind.gnome is None else (kind.gnome + rot) & 3 for kind in KINDS for rot in range(4))
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


#: A vertex's rim bits (``_rim``): its side (``TOP`` … ``LEFT``), or at corner ``i`` of the map
#: (NW, NE, SE, SW) ``16 << i`` in place of the two sides it lies on (``CORNER_SIDES``).
_CORNER_BITS = {sides: 16 << i for i, sides in enumerate(CORNER_SIDES)}
#: ``_SIDES_OF[bits]``: the side mask counted for a component with these rim bits (the corner
#: rule applied, ``TABLE_SIDES``), and ``_POINTS_OF[bits]`` what it scores as a network.
_SIDES_OF = tuple(TABLE_SIDES[bits & 15][bits >> 4] for bits in range(256))
_POINTS_OF = tuple(CONNECTION_POINTS.get(_BITS[sides], 0) for sides in _SIDES_OF)


@memo(BOXES)
def _rim(box: tuple[int, int, int, int]) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The vertices of a map of bounding box ``box`` on its edge, each with its rim bits, and
    the vertices inside it."""
    x0, x1, y0, y1 = box
    rim: list[tuple[int, int]] = []
    inner: list[int] = []
    for v in box_vertices(box):
        x, y = VERTEX_X[v], VERTEX_Y[v]
        m = (y == y0) | (x == x1 + 1) << 1 | (y == y1 + 1) << 2 | (x == x0) << 3
        if m:
            rim.append((v, _CORNER_BITS.get(m, m)))
        else:
            inner.append(v)
    return tuple(rim), tuple(inner)


def sides_reached(vertices: tuple[int, ...], box: tuple[int, int, int, int]) -> int:
    """The side mask a network with these vertices counts, the corner rule applied."""
    bits = dict(_rim(box)[0])
    mask = 0
    for v in vertices:
        mask |= bits.get(v, 0)
    return _SIDES_OF[mask]


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
        """The best network of a terrain (most sides, then most tiles), if there is one:
        ``terrain`` is ``"L"`` or ``"W"`` (or the role's name, ``"land"`` or ``"water"``)."""
        terrain = terrain_of(terrain)
        return next((n for n in self.networks if n.terrain == terrain), None)

    def points(self, terrain: str, gnomes: bool = True) -> dict[str, int]:
        """The end-of-game points of the role playing ``terrain`` (as ``best`` takes it), by
        source; ``gnomes=False`` leaves the gnomes out."""
        terrain, gnomes = terrain_of(terrain), flag(gnomes, "gnomes")
        best = self.best(terrain)
        enclosed = self.ponds if terrain == LAND else self.islands
        return {
            "network": best.points if best else 0,
            "enclosed": ENCLOSURE_POINTS * len(enclosed),
            "gnomes": sum(len(g.cells) for g in self.gnomes if g.terrain == terrain)
            if gnomes else 0,
        }


EMPTY = Analysis(None, (), (), (), ())
_TERRAINS = {LAND: LAND, WATER: WATER, "land": LAND, "water": WATER}


def terrain_of(terrain: object) -> str:
    """``"L"`` or ``"W"`` for a terrain or a role's name; else a ``ValueError``.

    >>> terrain_of("water"), terrain_of("L")
    ('W', 'L')
    """
    found = _TERRAINS.get(terrain) if isinstance(terrain, str) else None
    if found is None:
        raise ValueError(f"a terrain is 'L' or 'W' (or 'land' or 'water'), not "
                         f"{brief(terrain)}")
    return found


def gnome_spots(board: tuple[int, ...], box: tuple[int, int, int, int] | None = None
                ) -> dict[int, list[int]]:
    """Each vertex holding gnomes, with the cells of those gnomes (cells in order); ``box``,
    the map's bounding box if given, spares a look at the empty cells around it."""
    spots: dict[int, list[int]] = {}
    for cell in range(len(board)) if box is None else box_cells(box):
        code = board[cell]
        if code >= 0:
            g = GNOME_SPOT[code]
            if g is not None:
                spots.setdefault(CORNERS[cell][g], []).append(cell)
    return spots


def gnomes_at(board: tuple[int, ...], vertex: int) -> int:
    """How many gnomes sit at ``vertex``."""
    n = 0
    for cell, pos in VERTEX_CELLS[vertex]:
        code = board[cell]
        if code >= 0 and GNOME_SPOT[code] == pos:
            n += 1
    return n


#: The bands a kind of tile carries: 0 its land diagonal, 1 its water one.
_JOINED = tuple(tuple(i for i, j in enumerate((jl, jw)) if j)
                for jl, jw in zip(_JOINS_L, _JOINS_W, strict=True))
#: ``_PAIRS[lpar][cell][kind]``: the ``(a, b)`` vertex pairs that the bands of a ``kind`` tile
#: on ``cell`` join, its land band first (``lpar``: the parity of the cells whose NW corner is
#: land, whose land diagonal is NW-SE).
_PAIRS = tuple(
    tuple(tuple(tuple(((nw, se), (ne, sw))[i ^ (CELL_PARITY[cell] != lpar)] for i in joined)
                for joined in _JOINED)
          for cell, (nw, ne, se, sw) in enumerate(CORNERS))
    for lpar in (0, 1))
#: The cells around each vertex.
_AROUND = tuple(tuple(c for c, _ in VERTEX_CELLS[v]) for v in range(VERTICES))


def _components(board: tuple[int, ...], lpar: int, box: tuple[int, int, int, int]
                ) -> tuple[list[int], dict[int, int], set[int]]:
    """The components of a map's land and water networks: a union-find over vertex indices
    joins the two ends of every band of the tiles in ``box``. Returns ``root``, each vertex of
    the box's component (a vertex named for it); the rim bits (``_rim``) of each component
    reaching the map's edge; and the components enclosed, away from the edge and from every
    empty cell (an island or a pond, unless a bridge cancels it)."""
    root = list(range(VERTICES))
    pairs = _PAIRS[lpar]
    cells = box_cells(box)
    for cell in cells:
        code = board[cell]
        if code >= 0:
            for a, b in pairs[cell][code >> 2]:
                while (up := root[a]) != a:  # find, halving the path
                    root[a] = a = root[up]
                while (up := root[b]) != b:
                    root[b] = b = root[up]
                if a != b:
                    root[a] = b
    edge, inner = _rim(box)
    rims: dict[int, int] = {}
    for v, bits in edge:
        r = v
        while (up := root[r]) != r:
            r = up
        root[v] = r
        rims[r] = rims.get(r, 0) | bits
    full = min(map(board.__getitem__, cells)) >= 0
    inside: set[int] = set()
    opened: set[int] = set()
    for v in inner:
        r = v
        while (up := root[r]) != r:
            r = up
        root[v] = r
        inside.add(r)
        if not full and min(map(board.__getitem__, _AROUND[v])) < 0:
            opened.add(r)
    return root, rims, inside.difference(rims, opened)


def analyse(board: tuple[int, ...], lpar: int, box: tuple[int, int, int, int] | None) -> Analysis:
    """Networks, enclosures and facing gnomes of a map (``board`` of kind*4+rotation codes,
    ``lpar`` the parity of land vertices, ``box`` the bounding box ``(x0, x1, y0, y1)``)."""
    if box is None:
        return EMPTY
    root, rims, closed = _components(board, lpar, box)
    groups: dict[int, list[int]] = {}
    for v in box_vertices(box):
        groups.setdefault(root[v], []).append(v)
    cells_of: dict[int, list[int]] = {}
    bridges_of: dict[int, list[int]] = {}
    pairs = _PAIRS[lpar]
    for cell in box_cells(box):
        code = board[cell]
        if code >= 0:
            kind = code >> 2
            for a, _ in pairs[cell][kind]:
                cells_of.setdefault(root[a], []).append(cell)
                if kind == BRIDGE:
                    bridges_of.setdefault(root[a], []).append(cell)

    networks: list[Network] = []
    islands: list[Enclosure] = []
    ponds: list[Enclosure] = []
    cancelled: list[Enclosure] = []
    for r, vertices in groups.items():
        terrain = LAND if VERTEX_PARITY[r] == lpar else WATER
        cells = tuple(cells_of.get(r, ()))  # in cell order, as the cells were met
        if cells:
            networks.append(Network(terrain, tuple(vertices), cells, _SIDES_OF[rims.get(r, 0)]))
        if r in closed:
            found = Enclosure(terrain, tuple(vertices), cells, tuple(bridges_of.get(r, ())))
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


def final_points(board: tuple[int, ...], lpar: int, box: tuple[int, int, int, int] | None,
                 gnomes: bool = True) -> tuple[int, int]:
    """The end-of-game points of Land and of Water: the sums of ``analyse(...).points`` for
    each terrain, from the same components without building the analysis (the search's hot
    path). A network scores only with two sides or more, so never as a lone vertex.

    >>> final_points((-1,) * 121, 0, None)
    (0, 0)
    """
    if box is None:
        return (0, 0)
    root, rims, closed = _components(board, lpar, box)
    best = [0, 0]  # by terrain: 0 land, 1 water
    for r, bits in rims.items():
        got = _POINTS_OF[bits]
        if got:
            t = VERTEX_PARITY[r] != lpar
            if got > best[t]:
                best[t] = got
    enclosed = [0, 0]
    if closed:
        pairs = _PAIRS[lpar]
        for cell in box_cells(box):
            if board[cell] >> 2 == BRIDGE:  # a bridge cancels the island or pond it is in
                for a, _ in pairs[cell][BRIDGE]:
                    closed.discard(root[a])
        for r in closed:
            enclosed[VERTEX_PARITY[r] != lpar] += 1
    facing = [0, 0]
    if gnomes:
        for v, spot in gnome_spots(board, box).items():
            if len(spot) > 1:
                facing[VERTEX_PARITY[v] != lpar] += len(spot)
    return (best[0] + ENCLOSURE_POINTS * enclosed[1] + facing[0],
            best[1] + ENCLOSURE_POINTS * enclosed[0] + facing[1])
