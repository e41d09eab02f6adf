"""What a notebook hands to networkx: every board graph a state exposes carries each node's
``pos`` (two numbers, y up, laid out as the game's picture), so ``nx.draw`` shows the board."""

from __future__ import annotations

import numbers

import networkx as nx
import pytest

import tabletop
from tabletop.core.testing import playout

GRAPHS = {"lacuna": ("graph",), "landlock": ("G_L", "G_W"), "lava-flows": ("graph",)}


@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_every_board_graph_carries_positions(name):
    state = playout(tabletop.load(name).new(seed=2), 2, until=lambda s: len(s.history) >= 12)
    for subject in (state, state.view(0)):
        for attribute in GRAPHS[name]:
            graph = getattr(subject, attribute)
            pos = nx.get_node_attributes(graph, "pos")
            assert len(graph) and set(pos) == set(graph), (name, attribute)
            assert all(len(p) == 2 and all(isinstance(c, numbers.Real) and not isinstance(
                c, bool) for c in p) for p in pos.values())
            assert len(set(pos.values())) == len(pos)  # no two nodes drawn on one spot


def test_positions_are_laid_out_as_the_pictures():
    """North up: Landlock's vertex (x, y) counts rows down the picture, Lava Flows' row 1 is
    the bottom row."""
    grid = tabletop.load("lava-flows").grid
    assert grid.nodes["a1"]["pos"] == (0, 0) and grid.nodes["c3"]["pos"] == (2, 2)
    state = playout(tabletop.load("landlock").new(seed=1), 1,
                    until=lambda s: len(s.history) >= 10)
    for node, data in state.G_L.nodes(data=True):
        assert data["pos"] == (node[0], -node[1])
