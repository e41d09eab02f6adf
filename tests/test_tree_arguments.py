"""``core.tree``'s functions refuse a graph ``explore`` did not make, a node it does not hold
and a bad ``max_nodes`` with a message saying what they need, never a bare ``KeyError``,
``AttributeError`` or ``TypeError`` from networkx or the graph's insides."""

import networkx as nx
import pytest

import tabletop
from tabletop.core.tree import expand, explore, layer_counts


@pytest.fixture(scope="module")
def state():
    return tabletop.load("landlock").new(seed=1)


def _with_stray_node(state):
    graph = explore(state, depth=1)
    graph.add_node(50)  # a node explore never added: no state, no depth
    return graph


@pytest.mark.parametrize("function", [expand, layer_counts])
@pytest.mark.parametrize("graph, error, message", [
    (nx.DiGraph([(0, 1)]), ValueError, "needs a graph made by explore\\(\\), not a DiGraph "
     "without explore's marks"),
    (nx.DiGraph(), ValueError, "needs a graph made by explore\\(\\)"),
    (None, TypeError, "needs a graph made by explore\\(\\), not None"),
    ({0: {}}, TypeError, "needs a graph made by explore\\(\\), not \\{0: \\{\\}\\}"),
    (nx.Graph([(0, 1)]), TypeError, "needs a graph made by explore\\(\\)"),
])
def test_a_graph_not_made_by_explore_is_named(function, graph, error, message):
    with pytest.raises(error, match=function.__name__ + " " + message):
        function(graph, 1) if function is expand else function(graph)


@pytest.mark.parametrize("node, message", [
    (99, "expand needs a node of the graph \\(0 .. 3\\), not 99"),
    (True, "expand needs a node of the graph \\(0 .. 3\\), not True"),
    ([1], "not \\[1\\]"),
    (50, "expand needs a node that explore or expand added, with its state; node 50 has none"),
])
def test_a_node_the_graph_lacks_is_named(state, node, message):
    graph = _with_stray_node(state)
    before = graph.number_of_nodes()
    with pytest.raises(ValueError, match=message):
        expand(graph, node)
    assert graph.number_of_nodes() == before


@pytest.mark.parametrize("max_nodes", [-1, 0, True, 1.5, "9"])
def test_a_bad_max_nodes_is_refused(state, max_nodes):
    with pytest.raises(ValueError, match="max_nodes must be an int ≥ 1"):
        expand(explore(state, depth=0), 0, max_nodes=max_nodes)
    with pytest.raises(ValueError, match="max_nodes must be an int ≥ 1"):
        explore(state, depth=1, max_nodes=max_nodes)


def test_layer_counts_names_a_node_without_a_depth(state):
    with pytest.raises(ValueError, match="nodes have a depth; node 50 has None"):
        layer_counts(_with_stray_node(state))


def test_a_graph_from_explore_still_grows(state):
    graph = explore(state, depth=0)
    assert expand(graph, 0) and layer_counts(graph)[0] == 1
    assert expand(graph, 1) is not None
