"""A tree's repr says what it holds (round 57, loose ends): a notebook cell ending in
``explore(state, depth=2)`` showed ``<networkx.classes.digraph.DiGraph object at 0x…>``,
and so did ``Analysis.to_graph()``. Both are ``TreeGraph``s now, a ``DiGraph`` in every
other way, in every game."""

import copy
import pickle
import re

import networkx as nx
import pytest

import tabletop
from tabletop.agents import MCTSAgent
from tabletop.core.treegraph import TreeGraph


@pytest.mark.parametrize("name", tabletop.games())
def test_an_explored_tree_and_a_search_tree_say_what_they_hold(name):
    state = tabletop.load(name).new(seed=2, setup="random")
    tree = tabletop.explore(state, depth=4, max_nodes=6)
    said = repr(tree)
    assert said == (f"<explore tree of {name}: 6 nodes, {tree.number_of_edges()} edges, "
                    "depth 4, stopped at its node limit>"), said
    whole = tabletop.explore(state, depth=1)
    assert repr(whole) == (f"<explore tree of {name}: {whole.number_of_nodes()} nodes, "
                           f"{whole.number_of_edges()} edges, depth 1, complete>")
    search = MCTSAgent(iterations=15, seed=1).analyse(state).to_graph()
    mover = state.current_player
    assert re.fullmatch(rf"<mcts search tree of {name} for player {mover}: \d+ nodes, \d+ "
                        r"edges?>", repr(search)), repr(search)
    for graph in (tree, search):
        assert isinstance(graph, nx.DiGraph) and isinstance(graph, TreeGraph)
        assert "object at 0x" not in repr(graph)
        for again in (graph.copy(), copy.deepcopy(graph), pickle.loads(pickle.dumps(graph))):
            assert repr(again) == repr(graph) and nx.utils.graphs_equal(again, graph)
        assert type(nx.DiGraph(graph)) is nx.DiGraph  # a plain one, when asked for


def test_a_tree_with_no_attributes_still_reads():
    assert repr(TreeGraph()) == "<tree: 0 nodes, 0 edges>"
    assert repr(TreeGraph([(0, 1)])) == "<tree: 2 nodes, 1 edge>"
