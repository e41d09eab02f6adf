"""The board graphs ``G_L`` and ``G_W`` as networkx graphs, and scoring read from them.

Nodes are the grid vertices ``(x, y)`` of one terrain at the corners of placed tiles; an edge
joins the two vertices a tile's band of that terrain runs between (paths and bridges in
``G_L``, streams and bridges in ``G_W``; tussocks add none). Node attributes: ``name``
(``"F6"``), ``edge`` (on the map's bounding box) and ``covered`` (all four tiles around it
placed) and ``pos`` (``(x, -y)``: ``nx.draw(G, nx.get_node_attributes(G, "pos"))`` lays
the network out as the picture draws it, north up). Edge attributes: ``cell`` (``"f6"``)
and ``tile`` (the kind's name).

These graphs are for notebooks and for checking the fast scorer in ``scoring.py``;
``analyse_graphs`` scores from them the way the rules say, with networkx queries (an enclosed
component with a bridge edge is cancelled).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import (
    CELL_NAMES,
    CELL_PARITY,
    CORNERS,
    VERTEX_CELLS,
    VERTEX_PARITY,
    VSIZE,
    box_cells,
    box_vertices,
    cell_index,
    vertex_name,
    vertex_xy,
)
from .scoring import Analysis, Enclosure, GnomeGroup, Network, gnome_spots, sides_reached
from .tiles import KINDS, LAND, WATER

if TYPE_CHECKING:  # imported by the functions below: a move needs no networkx
    import networkx as nx


def board_graph(board: tuple[int, ...], lpar: int, box: tuple[int, int, int, int] | None,
                terrain: str) -> nx.Graph:
    """``G_L`` (``terrain="L"``) or ``G_W`` (``"W"``) of a map."""
    import networkx as nx

    graph = nx.Graph(terrain=terrain)
    if box is None:
        return graph
    x0, x1, y0, y1 = box
    want = lpar if terrain == LAND else 1 - lpar
    for v in box_vertices(box):
        if VERTEX_PARITY[v] != want:
            continue
        around = [board[c] >= 0 for c, _ in VERTEX_CELLS[v]]
        if not any(around):
            continue
        x, y = vertex_xy(v)
        on_edge = x in (x0, x1 + 1) or y in (y0, y1 + 1)
        graph.add_node((x, y), name=vertex_name(v), edge=on_edge,
                       covered=len(around) == 4 and all(around), pos=(x, -y))
    for cell in box_cells(box):
        code = board[cell]
        if code < 0:
            continue
        kind = KINDS[code >> 2]
        if not (kind.joins_land if terrain == LAND else kind.joins_water):
            continue
        nw, ne, se, sw = CORNERS[cell]
        nw_land = CELL_PARITY[cell] == lpar
        a, b = (nw, se) if nw_land == (terrain == LAND) else (ne, sw)
        graph.add_edge(vertex_xy(a), vertex_xy(b), cell=CELL_NAMES[cell], tile=kind.name)
    return graph


def _index(node: tuple[int, int]) -> int:
    return node[1] * VSIZE + node[0]


def analyse_graphs(g_land: nx.Graph, g_water: nx.Graph, board: tuple[int, ...], lpar: int,
                   box: tuple[int, int, int, int] | None) -> Analysis:
    """The same ``Analysis`` as ``scoring.analyse``, computed with networkx queries."""
    import networkx as nx

    if box is None:
        return Analysis(None, (), (), (), ())
    networks = []
    enclosed: dict[str, list[Enclosure]] = {LAND: [], WATER: []}
    cancelled: list[Enclosure] = []
    for terrain, graph in ((LAND, g_land), (WATER, g_water)):
        for component in nx.connected_components(graph):
            vertices = tuple(sorted(_index(n) for n in component))
            sub = graph.subgraph(component)
            cells = tuple(sorted(cell_index(d["cell"]) for _, _, d in sub.edges(data=True)))
            if cells:
                networks.append(Network(terrain, vertices, cells, sides_reached(vertices, box)))
            if not any(graph.nodes[n]["edge"] or not graph.nodes[n]["covered"]
                       for n in component):
                bridges = tuple(sorted(cell_index(d["cell"])
                                       for _, _, d in sub.edges(data=True)
                                       if d["tile"] == "bridge"))
                found = Enclosure(terrain, vertices, cells, bridges)
                (cancelled if bridges else enclosed[terrain]).append(found)
    networks.sort(key=lambda n: (-bin(n.sides).count("1"), -len(n.cells), n.vertices[0]))
    facing = tuple(
        GnomeGroup(v, LAND if VERTEX_PARITY[v] == lpar else WATER, tuple(cells))
        for v, cells in sorted(gnome_spots(board).items())
        if len(cells) > 1
    )
    return Analysis(
        box,
        tuple(networks),
        tuple(sorted(enclosed[LAND], key=lambda e: e.vertices[0])),
        tuple(sorted(enclosed[WATER], key=lambda e: e.vertices[0])),
        facing,
        tuple(sorted(cancelled, key=lambda e: e.vertices[0])),
    )
