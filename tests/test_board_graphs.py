"""The board graphs as a networkx user meets them (round 55): graphs of equal states are
equal values, they hold plain data, every attribute is documented where the graph is
returned, and the conformance check ``check_graphs`` fails the toys that break this."""

import json
import pickle

import networkx as nx
import pytest
from broken_graphs import CountingNim, GraphNim, NumpyNim, ShufflingNim, SilentNim, StackedNim

import tabletop
from tabletop.core.testing import ConformanceError, playout
from tabletop.core.testing.graphs import check_graphs

#: Each game's board graphs, by the name a state answers to.
BOARD_GRAPHS = {"lacuna": ("graph",), "landlock": ("G_L", "G_W"), "lava-flows": ("graph",)}
CASES = [(name, attr) for name, attrs in BOARD_GRAPHS.items() for attr in attrs]


def play(name, seed=3, plies=20):
    game = tabletop.load(name)
    return playout(game.new(seed=seed, setup="random"), seed,
                   until=lambda s: len(s.history) >= plies)


@pytest.mark.parametrize("name, attr", CASES)
def test_graphs_of_equal_states_are_equal_and_hash_alike(name, attr):
    state = play(name)
    twins = [tabletop.replay(json.loads(json.dumps(state.to_record()))),
             pickle.loads(pickle.dumps(state))]
    graph = getattr(state, attr)
    for twin in twins:
        assert twin == state
        other = getattr(twin, attr)
        assert other == graph and not other != graph
        assert hash(other) == hash(graph)
        assert nx.utils.graphs_equal(other, graph)
        assert len({graph, other}) == 1
    # and each view's graph is the state's board, seen alike
    for p in range(state.game.players):
        assert getattr(state.view(p), attr) == graph


@pytest.mark.parametrize("name, attr", CASES)
def test_graphs_of_different_positions_differ(name, attr):
    state = play(name, plies=5)
    later = play(name, plies=9)
    graph, other = getattr(state, attr), getattr(later, attr)
    assert (graph == other) == nx.utils.graphs_equal(graph, other)
    if name != "lava-flows":  # the grid is the same 3x3 board in every position
        assert graph != other


def test_a_frozen_graph_is_not_equal_to_its_changeable_copy():
    """A copy can change, so it compares (and hashes) as networkx's graphs do: by identity;
    ``nx.utils.graphs_equal`` compares it by value."""
    graph = play("landlock").G_L
    mine = graph.copy()
    assert graph != mine and mine != graph
    assert nx.utils.graphs_equal(graph, mine)
    made = nx.relabel_nodes(graph, {n: d["name"] for n, d in graph.nodes(data=True)})
    assert made != nx.relabel_nodes(graph, {n: d["name"] for n, d in graph.nodes(data=True)})


# --- the conformance check --------------------------------------------------------------

@pytest.mark.parametrize("name", tabletop.games())
def test_every_game_passes_check_graphs(name):
    check_graphs(tabletop.load(name), seeds=range(3))


def test_four_player_landlock_passes_check_graphs():
    check_graphs(tabletop.load("landlock", players=4), seeds=range(2))


def test_the_sound_graph_toy_passes(registered):
    check_graphs(registered(GraphNim), seeds=range(3))


@pytest.mark.parametrize("broken, message", [
    (CountingNim, r"state\.counters of the state replayed from its record \(an equal state\) "
                  r"is not == the original's graph"),
    (ShufflingNim, r"state\.counters of the state (replayed from its record|unpickled) "
                   r"\(an equal state\) lists its nodes differently: item \d+ is"),
    (NumpyNim, r"state\.counters: node 0's 'pos' is a numpy\.int64 \(.*\), not "
               r"plain Python data"),
    (SilentNim, r"state\.counters carries attributes its docstring does not name: 'weight'"),
    (StackedNim, r"state\.counters: nodes 0 and 1 are both drawn at \(0, 0\)"),
])
def test_check_graphs_fails_each_broken_toy(registered, broken, message):
    with pytest.raises(ConformanceError, match=message):
        check_graphs(registered(broken), seeds=range(3))


# --- the live read-only graphs of the widgets (timeline, tree) ----------------------------

def _live_graphs():
    from tabletop.widgets import TreeWidget

    widget = tabletop.play("lava-flows", seed=1)
    for _ in range(2):
        widget.play(widget.state.legal_actions()[0])
    tree = TreeWidget(tabletop.explore(tabletop.load("lava-flows").new(seed=1,
                                                                        setup="random"), depth=1))
    return {"widget.timeline": widget.timeline, "TreeWidget.graph": tree.graph}


@pytest.mark.parametrize("which", ["widget.timeline", "TreeWidget.graph"])
def test_a_live_graph_writes_as_graphml_up_to_the_format_s_limit(which):
    """``write_graphml`` pops a key it puts back: a live view allows that, so what stops the
    writer is the format (it holds no states), said by networkx, not an AttributeError."""
    import io

    graph = _live_graphs()[which]
    with pytest.raises(nx.NetworkXError, match="GraphML writer does not support"):
        nx.write_graphml(graph, io.BytesIO())
    assert graph.graph.pop("id", None) is None and graph.graph.get("id") is None


@pytest.mark.parametrize("which", ["widget.timeline", "TreeWidget.graph"])
@pytest.mark.parametrize("change", [
    lambda d: d.update(a=1), lambda d: d.setdefault("a", 1), lambda d: d.clear(),
    lambda d: d.popitem(), lambda d: d.pop("root"), lambda d: d.__setitem__("a", 1),
    lambda d: d.__delitem__("root"), lambda d: d.pop("missing")])
def test_a_live_graph_refuses_changes_to_its_attributes_saying_so(which, change):
    graph = _live_graphs()[which]
    before = dict(graph.graph)
    with pytest.raises(TypeError, match=r"read-only.*copy\(\)"):
        change(graph.graph)
    node = next(iter(graph))
    with pytest.raises(TypeError, match=r"read-only.*copy\(\)"):
        graph.nodes[node].update(state=None)
    assert dict(graph.graph) == before


@pytest.mark.parametrize("which", ["widget.timeline", "TreeWidget.graph"])
def test_a_live_graph_s_copy_is_plain_json_shaped_data(which):
    """``node_link_data`` of the view hands out its read-only mappings, which ``json`` can't
    write as objects; ``copy()`` gives plain dicts (states stay states: ``default=str``)."""
    import json

    graph = _live_graphs()[which]
    data = json.loads(json.dumps(nx.node_link_data(graph.copy(), edges="links"), default=str))
    assert isinstance(data["graph"], dict)
    assert nx.utils.graphs_equal(graph.copy(), graph)
