"""Nothing a state, view or game hands out can change it (issue 14, class 3), and the
conformance check that guards this catches a game that hands out its own data."""

import copy
import json
import pickle

import networkx as nx
import numpy as np
import pytest
from broken_immutability import (
    HandingNim,
    MemoNim,
    NotingNim,
    PricedNim,
    RebindingNim,
    ScenicNim,
    SharingNim,
    StrictNim,
    TableNim,
    TablingNim,
    UnlockableNim,
    ViewingNim,
)
from toygame import SecretNim

import tabletop
from tabletop.core.testing import ConformanceError, playout
from tabletop.core.testing.immutability import check_immutability, check_position
from tabletop.games.lacuna.geometry import Geometry
from tabletop.games.lacuna.position import LacunaPosition
from tabletop.games.landlock.position import LandlockPosition
from tabletop.games.lava_flows.board import build_grid
from tabletop.games.lava_flows.rules import LavaFlows


def play(game, seed=0, plies=None):
    """A seeded random game, to its end or until ``plies`` actions are in its history."""
    return playout(game.new(seed=seed, setup="random"), seed,
                   until=lambda s: plies is not None and len(s.history) >= plies)


def looks(state):
    """What must not change: text, hash, scores, winners, legal actions, record, picture."""
    return (str(state), hash(state), state.scores, state.winners, state.legal_actions(),
            json.dumps(state.to_record()), state.svg())


# --- the check itself ---------------------------------------------------------------------

def test_the_sound_toy_passes(registered):
    check_immutability(registered(SecretNim), seeds=range(5))


@pytest.mark.parametrize("broken, message", [
    (HandingNim, r"changing what state\.may_take\(\) returned changed the position; afterwards "
                 r"str\(state\) differs"),
    (NotingNim, r"state\.notes\(\) returned data that could be changed \(add a key to a dict, "
                r"change a value of a dict, delete a key of a dict\); read again it gives"),
    (UnlockableNim, r"changing what state\.pile_marks\(\) returned changed the position; "
                    r"afterwards str\(state\) differs"),
    (ViewingNim, r"changing what state\.pile_marks\(\) returned changed the position; "
                 r"afterwards str\(state\) differs"),
    (RebindingNim, r"changing what state\.counters\(\) returned changed the position; "
                   r"afterwards str\(state\) differs"),
    (TablingNim, r"changing what state\.counters\(\) returned changed the position; "
                 r"afterwards str\(state\) differs"),
    (StrictNim, r"state\.counters\(\) returned a graph that nx\.generate_graphml cannot "
                r"read: TypeError: this dict is read-only"),
    (SharingNim, r"game\.piles is a list that every sharing-nim game shares: a change to it "
                 r"reaches every load"),
    (TableNim, r"game\.variants\[0\] is a dict that every table-nim game shares"),
    (PricedNim, r"state\.prices is a dict that every priced-nim state shares"),
    (ScenicNim, r"afterwards state\.svg\(\) differs: .* after"),
    (MemoNim, r"state\.table\(\) returned a _Table whose public method cached\(\) takes a "
              r"function of the caller's \(compute\)"),
])
def test_each_broken_toy_is_caught(registered, broken, message):
    with pytest.raises(ConformanceError, match=message):
        check_immutability(registered(broken), seeds=range(3))


# the fixed ones
_CLAIMS, _POSITIONS, _LAND = (LacunaPosition.claims, LacunaPosition.positions,
                              LandlockPosition.G_L)


def _handed_out_claims(self):
    """Lacuna's ``claims`` as it was: the cached dict itself."""
    return self._cached("plain claims", lambda: dict(_CLAIMS(self)))


def _handed_out_positions(self, a, b):
    """Lacuna's ``positions`` as it was: a cached, writeable array."""
    return self._cached(f"plain {a}-{b}", lambda: np.array(_POSITIONS(self, a, b)))


def _handed_out_land(self):
    """Landlock's ``G_L`` as it was: the cached graph itself, open to edits."""
    return self._cached("plain G_L", lambda: nx.Graph(_LAND.fget(self)))


_SHARED_GRID = build_grid()


@pytest.mark.parametrize("name, owner, attribute, broken, message", [
    ("lacuna", LacunaPosition, "claims", _handed_out_claims,
     r"state\.claims\(\) returned data that could be changed \(add a key to a dict"),
    ("lacuna", LacunaPosition, "positions", _handed_out_positions,
     r"\.positions\(a=\d+, b=\d+\) returned data that could be changed \(write an array"),
    ("landlock", LandlockPosition, "G_L", property(_handed_out_land),
     r"state\.G_L returned data that could be changed \(set a graph attribute"),
    ("lava-flows", LavaFlows, "grid", property(lambda self: _SHARED_GRID),
     r"game\.grid returned data that could be changed \(set a graph attribute"),
    ("lacuna", Geometry, "cached", Geometry._cached,
     r"state\.geometry returned a Geometry whose public method cached\(\) takes a function"),
])
def test_the_check_catches_the_issues_examples_as_they_were(monkeypatch, name, owner, attribute,
                                                            broken, message):
    monkeypatch.setattr(owner, attribute, broken, raising=False)  # (Geometry.cached is gone)
    with pytest.raises(ConformanceError, match=message):
        check_immutability(tabletop.load(name), seeds=range(1))


@pytest.mark.parametrize("name", tabletop.games())
def test_hand_built_positions_are_checked_too(name):
    game = tabletop.load(name)
    built = {
        "lacuna": lambda: game.position([(-0.5, 0, "red"), (0.5, 0, "red"), (0, 0.5, "blue"),
                                         (0, -0.5, "blue")], aside="red"),
        "lascaux": lambda: game.position(table=["deer blue/brown"],
                                         deck=["horse pink/white", "ibex yellow/green"]),
        "lava-flows": lambda: game.position({"a1": "[b:W] W", "b1": "W", "b2": "w b"}),
        "landlock": lambda: game.position(["f6 path r0", "g6 stream r0"], tile="tussock"),
    }[name]()
    assert built.seed is None
    check_position(built, f"{name} built")


# --- the examples of the issue ------------------------------------------------------------

def test_lacuna_claims_are_read_only_and_scores_and_record_hold():
    end = play(tabletop.load("lacuna"))
    before = looks(end)
    claims = end.claims()
    flower = next(iter(claims))
    with pytest.raises(TypeError, match="read-only"):
        claims[flower] = 1 - (claims[flower] or 0)
    for change in (claims.clear, lambda: claims.pop(flower), lambda: claims.update({0: 1}),
                   lambda: claims.setdefault(-1, 0), claims.popitem):
        with pytest.raises(TypeError):
            change()
    with pytest.raises(TypeError):
        del claims[flower]
    mine = dict(claims)  # a copy is a plain dict, and changing it changes nothing
    mine[flower] = "mine"
    assert looks(end) == before
    assert tabletop.replay(end.to_record()) == end
    assert isinstance(claims, dict) and repr(claims) == repr(dict(claims))  # prints the same


def test_lacuna_positions_are_read_only_arrays():
    state = play(tabletop.load("lacuna"), plies=5)
    before = looks(state)
    a, b = state.open_pairs()[0]
    ok = state.positions(a, b)
    assert ok.any()
    with pytest.raises(ValueError, match="read-only"):
        ok[:] = False
    with pytest.raises(ValueError, match="WRITEABLE"):
        ok.flags.writeable = True
    closed = state.positions(0, 0)  # not a pair: the shared all-False answer, read-only too
    with pytest.raises(ValueError):
        closed[0] = True
    assert np.array_equal(state.positions(a, b), ok) and not closed.any()
    assert looks(state) == before


@pytest.mark.parametrize("name, attribute", [
    ("lacuna", "graph"), ("landlock", "G_L"), ("landlock", "G_W"), ("lava-flows", "graph"),
])
def test_graphs_are_frozen_with_read_only_attributes(name, attribute):
    state = play(tabletop.load(name), plies=8)
    before = looks(state)
    graph = getattr(state, attribute)
    node = next(iter(graph.nodes))
    u, v = next(iter(graph.edges))
    edits = [lambda: graph.add_node("new"), lambda: graph.add_edge(node, "new"),
             lambda: graph.remove_node(node), lambda: graph.remove_edge(u, v), graph.clear]
    for edit in edits:
        with pytest.raises(nx.NetworkXError, match="Frozen"):
            edit()
    for data in (graph.graph, graph.nodes[node], graph.edges[u, v]):
        with pytest.raises(TypeError, match="read-only"):
            data["colour"] = "mine"
        with pytest.raises(TypeError):
            data.clear()
    assert nx.is_frozen(getattr(state, attribute))
    mine = graph.copy()  # the way to a graph to change: it leaves the state alone
    mine.remove_node(node)
    mine.nodes[next(iter(mine.nodes))]["colour"] = "mine"
    mine.graph["note"] = "mine"
    assert node in getattr(state, attribute) and "note" not in getattr(state, attribute).graph
    assert looks(state) == before


def test_editing_one_lava_flows_states_graph_does_not_touch_another_states():
    game = tabletop.load("lava-flows")
    first = game.new(seed=1, setup="random")
    later = play(game, seed=1, plies=12)
    other_game = tabletop.load("lava-flows").new(seed=2, setup="random")
    before = [looks(s) for s in (first, later, other_game)]
    edges = sorted(later.graph.edges)
    with pytest.raises(nx.NetworkXError):
        first.graph.remove_node("b2")
    with pytest.raises(TypeError):
        first.graph.nodes["a3"]["goal"] = None
    mine = first.graph.copy()
    mine.remove_node("b2")
    assert sorted(later.graph.edges) == edges and "b2" in other_game.graph
    assert later.graph.nodes["a3"]["goal"] == 0
    assert [looks(s) for s in (first, later, other_game)] == before


def test_lacuna_geometry_is_read_only():
    state = play(tabletop.load("lacuna"), plies=3)
    before = looks(state)
    geo = state.geometry
    with pytest.raises(AttributeError, match="read-only"):
        geo.pairs = ()
    with pytest.raises(AttributeError, match="read-only"):
        del geo.pair_index
    with pytest.raises(TypeError):
        geo.pair_index[geo.pairs[0]] = 99
    for array in (geo.x, geo.y, geo.pa, geo.pb):
        with pytest.raises(ValueError):
            array[0] = 7
        with pytest.raises(ValueError):
            array.flags.writeable = True
    assert looks(state) == before


@pytest.mark.parametrize("name", tabletop.games())
def test_option_defaults_are_read_only(name):
    game = tabletop.load(name)
    key = next(iter(game.defaults))
    with pytest.raises(TypeError):
        game.defaults[key] = "changed"
    assert tabletop.load(name).options[key] == game.defaults[key]


@pytest.mark.parametrize("name", tabletop.games())
def test_states_holding_read_only_data_still_copy_and_pickle(name):
    state = play(tabletop.load(name), plies=10)
    for attribute in ("graph", "G_L", "G_W", "geometry"):
        getattr(state, attribute, None)  # fill the caches with the read-only data
    if name == "lacuna":
        a, b = state.open_pairs()[0]
        state.positions(a, b)
        state.claims()
    for twin in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert twin == state and str(twin) == str(state)
        assert twin.legal_actions() == state.legal_actions() and twin.svg() == state.svg()
        for attribute in ("graph", "G_L", "G_W"):
            graph = getattr(twin, attribute, None)
            if graph is not None:
                assert nx.is_frozen(graph)
                with pytest.raises(TypeError):
                    graph.graph["x"] = 1


def test_the_abuse_suite_runs_the_check():
    from tabletop.core.testing.abuse import CHECKS

    assert check_immutability in CHECKS


@pytest.mark.parametrize("name", ["lacuna", "lascaux", "lava-flows", "landlock"])
def test_a_made_game_cannot_be_changed(name):
    """The probe's example: ``game.strict = False`` changed the rules under existing states
    and their records. Every attribute of a made game is refused, new and old alike."""
    game = tabletop.load(name)
    state = playout(game.new(seed=3), 3, plies=6)
    record = state.to_record()
    with pytest.raises(AttributeError, match="is immutable: it has no attribute 'house'"):
        game.house = "rule"
    for attribute in ("strict", "_play", "tables", "_options", "_players", "_hash", "players",
                      "options", "new"):
        if hasattr(game, attribute):
            with pytest.raises(AttributeError, match="is immutable"):
                setattr(game, attribute, False)
            with pytest.raises(AttributeError, match="is immutable"):
                delattr(game, attribute)
    assert game == tabletop.load(name) and tabletop.replay(record) == state


# --- round 49: networkx's readers change nothing, and work on frozen graphs ----------------

def test_frozen_graphs_write_as_graphml_and_freeze_again():
    """``nx.write_graphml`` pops ``"id"`` from the graph's dict and puts it back, and
    ``nx.freeze`` sets what a frozen graph already has: both used to be refused."""
    import io

    import networkx as nx

    from tabletop.core.readonly import frozen_graph

    graph = frozen_graph(nx.Graph(nx.path_graph(3), terrain="L"))
    out = io.BytesIO()
    nx.write_graphml_xml(graph, out)
    back = nx.read_graphml(io.BytesIO(out.getvalue()), node_type=int)
    assert sorted(back.edges) == sorted(graph.edges) and back.graph["terrain"] == "L"
    state = play(tabletop.load("landlock"), seed=1)
    for board in (state.G_L, state.G_W, state.view(0).G_L):
        # only the format's own limit (a tuple: ``pos``), never the read-only dict
        with pytest.raises(nx.NetworkXError, match="does not support <class 'tuple'>"):
            nx.write_graphml_xml(board, io.BytesIO())
        assert nx.freeze(board) is board and nx.is_frozen(board)
    board = state.G_L
    with pytest.raises(TypeError, match="read-only"):
        board.graph.pop("terrain", None)  # a pop that would change something: refused
    with pytest.raises(TypeError, match="read-only"):
        board.graph.setdefault("id", "mine")
    assert board.graph.setdefault("terrain") == "L" and dict(board.graph) == {"terrain": "L"}
    with pytest.raises(AttributeError, match="can't be set"):
        board.add_node = print  # another value than it holds: refused


# --- round 54: what a game's class declares is read-only too -------------------------------

@pytest.mark.parametrize("name", tabletop.games())
def test_a_games_declared_variants_cannot_be_changed(name):
    """Issue 14: "everything public returns a value that cannot change" — ``game.variants``
    (the option sets the conformance suite plays) was a tuple of plain dicts shared by every
    game of the class: ``game.variants[0].clear()`` emptied it for every later load."""
    game = tabletop.load(name)
    before = [dict(v) for v in game.variants]
    assert before, "every game with options declares variants"
    for variant in game.variants:
        with pytest.raises(TypeError):
            variant["players"] = 99
        with pytest.raises((TypeError, AttributeError)):
            variant.clear()
    assert [dict(v) for v in tabletop.load(name).variants] == before
