"""The board graphs as a networkx user meets them (round 55): graphs of equal states are
equal values, they hold plain data, every attribute is documented where the graph is
returned, and the conformance check ``check_graphs`` fails the toys that break this."""

import json
import pickle
import sys

import networkx as nx
import pytest
from broken_graphs import (
    CountingNim,
    GraphNim,
    GridNim,
    NumpyNim,
    ShufflingNim,
    SilentNim,
    StackedNim,
)

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


@pytest.mark.parametrize("plies", [5, 20])
@pytest.mark.parametrize("name, attr", CASES)
def test_graphs_of_equal_states_are_equal_and_hash_alike(name, attr, plies):
    state = play(name, plies=plies)
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
    (GridNim, r"grid-nim: game\.pile_graph carries attributes its docstring does not name: "
              r"'weight'"),
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


def test_every_attribute_of_the_trees_and_the_timeline_is_named_where_they_are_returned():
    """``help(tabletop.explore)``, ``help(Analysis.to_graph)`` and ``help(GameWidget)``'s
    ``timeline`` name every graph, node and edge attribute a user reads on them."""
    from tabletop.agents import make_agent
    from tabletop.agents.analysis import Analysis
    from tabletop.core.testing.graphs import undocumented
    from tabletop.widgets import GameWidget

    start = tabletop.load("lava-flows").new(seed=1, setup="random")
    view = start.view(start.current_player)
    analysis = make_agent("mcts", iterations=60, seed=1).analyse(view)
    widget = tabletop.play("lava-flows", seed=1, bots={1: "mcts-weak"})
    widget.play(widget.state.legal_actions()[0])
    widget.agent_move()
    widget.annotate("a note")
    assert any("thinking" in d for *_, d in widget.timeline.edges(data=True))
    for graph, doc in (
            (tabletop.explore(start, depth=2, infosets_for=0), tabletop.explore.__doc__),
            (tabletop.explore(start, depth=2, merge=True), tabletop.explore.__doc__),
            (analysis.to_graph(min_visits=0), Analysis.to_graph.__doc__),
            (widget.timeline, GameWidget.timeline.__doc__)):
        assert undocumented(graph, doc) == []


# --- explore's trees copied as networkx copies graphs -------------------------------------

def isomorphic(a, b, **matches) -> bool:
    """``nx.is_isomorphic``, the recursion limit put back after: networkx's matcher raises
    it to 1.5 times a large graph's size and leaves it there (``tests/hygiene.py``)."""
    limit = sys.getrecursionlimit()
    try:
        return nx.is_isomorphic(a, b, **matches)
    finally:
        sys.setrecursionlimit(limit)


def _wrong_edges(graph):
    return [(a, b) for a, b, d in graph.edges(data=True)
            if graph.nodes[a]["state"].apply(d["action"]) != graph.nodes[b]["state"]]


@pytest.mark.parametrize("name", tabletop.games())
def test_growing_a_copy_of_a_merged_tree_leaves_the_original_right(name):
    """``graph.copy()`` shares the graph's attribute values (networkx copies shallowly): the
    index of states ``merge=True`` keeps was one of them, so growing the copy made the
    original's next ``expand`` link moves to the copy's node numbers (38 wrong edges of 81
    in Lava Flows)."""
    from tabletop.core.tree import expand

    start = play(name, plies=2)
    tree = tabletop.explore(start, depth=1, merge=True)
    mine = tree.copy()
    kids = list(tree.succ[0])
    expand(mine, kids[0])
    expand(tree, kids[-1])
    expand(tree, kids[0])
    expand(mine, kids[-1])
    assert _wrong_edges(tree) == [] and _wrong_edges(mine) == []
    assert len(tree) == len(mine)
    assert isomorphic(tree, mine)


def test_growing_a_copy_leaves_the_original_s_infosets_alone():
    from tabletop.core.tree import expand

    start = play("lascaux", plies=3)
    tree = tabletop.explore(start, depth=1, infosets_for=start.current_player)
    before = {k: list(v) for k, v in tree.graph["infosets"].items()}
    mine = tree.copy()
    for kid in list(mine.succ[0])[:3]:
        expand(mine, kid)
    assert tree.graph["infosets"] == before
    grown = [n for group in mine.graph["infosets"].values() for n in group]
    assert sorted(grown) == sorted(n for n, d in mine.nodes(data=True) if "infoset" in d)


@pytest.mark.parametrize("merge, infosets_for", [(False, None), (True, None), (False, 0),
                                                 (True, 1)])
def test_an_explored_tree_writes_as_json_with_states_as_text(merge, infosets_for):
    """Nothing private in the graph's attributes: states as text (``default=str``) is all
    a tree needs to be written as JSON (the state-keyed index was a dict JSON refuses)."""
    start = play("lava-flows", plies=2)
    tree = tabletop.explore(start, depth=2, merge=merge, infosets_for=infosets_for)
    assert not [k for k in tree.graph if str(k).startswith("_")]
    json.dumps(nx.node_link_data(tree, edges="links"), default=str)


# --- the widget's timeline across save() and load ----------------------------------------

@pytest.mark.parametrize("name", tabletop.games())
def test_a_saved_timeline_grows_back_as_the_same_tree_numbered_by_lines(name):
    """``save()`` then ``tabletop.play(record)`` gives the same tree — states, plies, notes
    and moves — numbered afresh: line by line in the order they were made (``line_index``),
    ply by ply (so ``nx.utils.graphs_equal`` may say no where ``nx.is_isomorphic`` with the
    fields says yes, and a position is found by its line, not by a number kept from
    before)."""
    widget = tabletop.play(name, seed=2)
    for _ in range(4):
        widget.play(widget.state.legal_actions()[-1])
    widget.annotate("main line")
    widget.back()
    widget.back()
    widget.play(widget.state.legal_actions()[0])
    widget.annotate("a branch")
    again = tabletop.play(json.loads(json.dumps(widget.save())))
    before, after = widget.timeline, again.timeline

    def same_node(a, b):
        return all(a.get(k) == b.get(k) for k in ("state", "ply", "note"))

    assert isomorphic(before, after, node_match=same_node,
                      edge_match=lambda a, b: a["notation"] == b["notation"])
    first = again.navigator.path_to(next(again.navigator.leaves()))
    assert first == list(range(len(first)))  # the main line, made first, grew first
    assert after.nodes[again.node]["state"] == before.nodes[widget.node]["state"]
    assert after.nodes[again.node]["note"] == "a branch"


@pytest.mark.parametrize("make", [
    nx.complement, lambda g: nx.relabel_nodes(g, str), lambda g: g.subgraph(list(g)[:3]),
    nx.line_graph, lambda g: g.__class__(), lambda g: nx.ego_graph(g, next(iter(g)))])
def test_graphs_networkx_makes_of_a_board_graph_are_of_networkx_s_own_class(make):
    """networkx makes results of a graph's class (``G.__class__()``): those are the user's,
    plain ``nx.Graph``s that pickle without tabletop; the board graph stays sealed through
    ``pickle``, ``copy.copy`` and ``copy.deepcopy``."""
    import copy

    graph = play("lava-flows").graph
    assert type(make(graph)) is nx.Graph
    for twin in (pickle.loads(pickle.dumps(graph)), copy.copy(graph), copy.deepcopy(graph)):
        assert type(twin) is type(graph) and twin == graph and nx.is_frozen(twin)
        with pytest.raises(AttributeError, match="can't be set"):
            twin.graph = {}


@pytest.mark.parametrize("change", [
    lambda xs: xs.append(1), lambda xs: xs.extend([1]), lambda xs: xs.insert(0, 1),
    lambda xs: xs.pop(), lambda xs: xs.clear(), lambda xs: xs.sort(), lambda xs: xs.reverse(),
    lambda xs: xs.remove(xs[0]), lambda xs: xs.__setitem__(0, 1), lambda xs: xs.__delitem__(0)])
def test_a_list_in_a_live_graph_refuses_changes_saying_so(change):
    """A bot's thinking on a timeline edge holds lists: changing one says it is read-only
    and how to copy, as its dicts do (not "has no attribute 'append'")."""
    widget = tabletop.play("lava-flows", seed=1, bots={1: "mcts-weak"})
    widget.play(widget.state.legal_actions()[0])
    widget.agent_move()
    thinking = next(d["thinking"] for *_, d in widget.timeline.edges(data=True)
                    if "thinking" in d)
    top = thinking["candidates"]
    before = list(top)
    with pytest.raises(TypeError, match=r"read-only.*copy\(\)"):
        change(top)
    assert list(top) == before
