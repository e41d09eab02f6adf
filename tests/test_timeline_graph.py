"""A ``Timeline``'s graph as a networkx user meets it: read-only and live. Every change
made through networkx is refused, so the timeline never loses a node its cursor, lines or
branches stand on; ``copy()`` gives a graph of one's own to change."""

import copy

import networkx as nx
import pytest

import tabletop
from tabletop.core.timeline import Timeline, TimelineReader


def _timeline(name):
    """A timeline of three moves with a branch at the first."""
    tl = Timeline(tabletop.load(name).new(seed=3))
    first, second = tl.state.legal_actions()[:2]
    tl.play(first)
    tl.play(tl.state.legal_actions()[0])
    tl.goto(0)
    tl.play(second)
    return tl


def _edits(graph):
    node = 1
    edge = next(iter(graph.edges))
    return {
        "remove_node": lambda: graph.remove_node(node),
        "remove_edge": lambda: graph.remove_edge(*edge),
        "add_edge": lambda: graph.add_edge(node, 99),
        "clear": graph.clear,
        "relabel in place": lambda: nx.relabel_nodes(graph, {node: 98}, copy=False),
        "a node's state": lambda: graph.nodes[node].__setitem__("state", None),
        "an edge's action": lambda: graph.edges[edge].__setitem__("action", "x"),
        "set_node_attributes": lambda: nx.set_node_attributes(graph, 0, "ply"),
        "the graph's dict": lambda: graph.graph.__setitem__("name", "x"),
    }


@pytest.mark.parametrize("name", tabletop.games())
def test_networkx_edits_of_a_timelines_graph_are_refused(name):
    tl = _timeline(name)
    before = (sorted(tl.graph.edges(data="notation")), dict(tl.graph.nodes(data="ply")),
              tl.cursor, tl.line(), sorted(tl.leaves()))
    for what, edit in _edits(tl.graph).items():
        with pytest.raises((nx.NetworkXError, TypeError)):
            edit()
        after = (sorted(tl.graph.edges(data="notation")), dict(tl.graph.nodes(data="ply")),
                 tl.cursor, tl.line(), sorted(tl.leaves()))
        assert after == before, what
    tl.goto(1)
    assert tl.forward() == tl.graph.nodes[2]["state"] and tl.back() == tl.graph.nodes[1]["state"]


@pytest.mark.parametrize("name", ["landlock", "lacuna"])
def test_the_graph_reads_the_timeline_live_and_copies_change(name):
    tl = _timeline(name)
    graph = tl.graph
    tl.play(tl.state.legal_actions()[0])
    assert len(graph) == len(tl) == 5 and graph.has_edge(3, 4)
    mine = graph.copy()
    mine.remove_node(4)
    mine.nodes[0]["mark"] = 1
    assert len(tl) == 5 and "mark" not in tl.graph.nodes[0]
    twin = copy.copy(tl)
    with pytest.raises(nx.NetworkXError):
        twin.graph.remove_node(4)
    twin.play(twin.state.legal_actions()[0])
    assert len(twin.graph) == 6 and len(tl.graph) == 5
    reader = TimelineReader(tl)
    with pytest.raises(nx.NetworkXError):
        reader.graph.add_node(7)
    assert sorted(reader.graph.edges) == sorted(tl.graph.edges)
