"""Promises that broke one level further down (probe 26): arrays unlocked through what they
view, graphs whose attribute dict was rebound, records whose caller-set fields overwrote the
record's own, numpy numbers inside record dicts, and ``describe`` taking anything."""

from __future__ import annotations

import json
import math
import pickle

import networkx as nx
import numpy as np
import pytest

import tabletop
from tabletop.core.errors import IllegalAction, InvalidOption, InvalidRecord


def _unlock_all(array):
    """Try to make ``array`` and every array under it writeable; how many could be."""
    unlocked, part = 0, array
    while isinstance(part, np.ndarray):
        try:
            part.flags.writeable = True
            unlocked += 1
        except ValueError:
            pass
        part = part.base
    return unlocked


@pytest.mark.parametrize("name", tabletop.games())
def test_no_returned_array_can_be_unlocked_through_its_base(name):
    state = tabletop.load(name).new(seed=1, setup="random")
    arrays = [state.legal_mask(), state.view(0).legal_mask(), state.view(0).observation()]
    if name == "lacuna":
        a, b = state.geometry.pairs[0]
        arrays += [state.positions(a, b), state.geometry.pa, state.geometry.x]
    for array in arrays:
        assert _unlock_all(array) == 0
        assert not array.flags.writeable


@pytest.mark.parametrize("name, attribute", [("lacuna", "graph"), ("lava-flows", "graph"),
                                             ("landlock", "G_L"), ("landlock", "G_W")])
def test_a_frozen_graph_refuses_a_new_attribute_dict_and_copies_into_a_plain_graph(name,
                                                                                   attribute):
    state = tabletop.load(name).new(seed=1, setup="random")
    graph = getattr(state, attribute)
    before = dict(graph.graph)
    for key in ("graph", "_adj", "_node", "name"):
        with pytest.raises(AttributeError, match="a frozen graph's .* can't be set; copy it"):
            setattr(graph, key, {"hacked": 1})
    with pytest.raises(AttributeError, match="can't be set"):
        del graph.graph
    assert dict(getattr(state, attribute).graph) == before
    copy = graph.copy()
    assert type(copy) in (nx.Graph, nx.DiGraph) and not nx.is_frozen(copy)
    copy.graph = {"mine": 1}
    copy.add_node("extra")
    again = pickle.loads(pickle.dumps(graph))
    assert nx.is_frozen(again) and sorted(again.edges) == sorted(graph.edges)
    with pytest.raises(AttributeError):
        again.graph = {}
    assert len(graph.subgraph(list(graph.nodes)[:3])) == min(3, len(graph))


def test_to_record_refuses_to_overwrite_its_own_fields_or_store_what_is_not_json():
    state = tabletop.load("lava-flows").new(seed=3, setup="random")
    for field in ("seed", "actions", "format", "game", "players", "options", "result",
                  "start"):
        with pytest.raises(InvalidRecord, match=f"to_record\\(\\) can't set '{field}': it is "
                                                "a field of the record itself"):
            state.to_record(**{field: 5})
    for junk in (math.nan, math.inf, object(), {1: 2}):
        with pytest.raises(InvalidRecord, match="which is not a finite JSON value|not a string"):
            state.to_record(note=junk)
    record = state.to_record(ply=np.int64(0), note={"scores": [np.float32(0.5)]})
    assert json.loads(json.dumps(record, allow_nan=False)) == record
    assert type(record["ply"]) is int and record["note"] == {"scores": [0.5]}
    assert tabletop.replay(record) == state


def test_a_record_dict_may_hold_numpy_numbers_in_its_options_and_result():
    state = tabletop.load("lava-flows", ply_cap=50).new(seed=3, setup="random")
    record = state.to_record()
    record["options"] = {k: np.int64(v) if type(v) is int else v
                         for k, v in record["options"].items()}
    result = record["result"]
    record["result"] = {"terminal": np.bool_(result["terminal"]),
                        "scores": [np.float64(x) for x in result["scores"]],
                        "winners": [np.int64(x) for x in result["winners"]]}
    assert tabletop.replay(record) == state


@pytest.mark.parametrize("name", tabletop.games())
def test_describe_takes_an_action_and_players_or_none(name):
    game = tabletop.load(name)
    state = game.new(seed=1, setup="random")
    action = state.legal_actions()[0]
    other = tabletop.load("lascaux" if name != "lascaux" else "landlock").new(seed=1)
    other_action = other.legal_actions()[0]
    assert game.describe(action, np.int64(0), None) == game.describe(action, 0, None)
    for args, error, message in (
            ((None, 0, 1), TypeError, f"describe\\(\\) takes an action of {name}, not None"),
            (("rm -rf", 0, 1), TypeError, "takes an action of .*, not 'rm -rf'"),
            ((other_action, 0, 1), TypeError, f"takes an action of {name}, not"),
            ((action, True, 0), ValueError, "as actor, not True"),
            ((action, 0, game.players), ValueError, "as viewer, not"),
            ((action, 0, "1"), ValueError, "as viewer, not '1'")):
        with pytest.raises(error, match=message):
            game.describe(*args)


def test_a_long_unknown_option_name_is_quoted_short():
    with pytest.raises(InvalidOption) as caught:
        tabletop.load("lascaux", **{"x" * 10**6: 1})
    assert len(str(caught.value)) < 400


@pytest.mark.parametrize("name", tabletop.games())
def test_an_id_asked_of_a_player_not_to_move_says_whose_turn_it_is(name):
    game = tabletop.load(name)
    state = game.new(seed=1, setup="random")
    waiting = (state.current_player + 1) % game.players
    with pytest.raises(IllegalAction, match=rf"is not legal here \(it is "
                                            rf"{game.player_name(state.current_player)}'s "
                                            rf"turn, not {game.player_name(waiting)}'s\)"):
        state.view(waiting).action_from_id(state.legal_action_ids()[0])


@pytest.mark.parametrize("name", tabletop.games())
def test_a_last_move_of_another_game_is_refused(name):
    state = tabletop.load(name).new(seed=2, setup="random")
    other = tabletop.load("lascaux" if name != "lascaux" else "landlock").new(seed=1)
    with pytest.raises(TypeError, match=rf"last should be an action or None \(an action of "
                                        rf"{name}\), not"):
        state.svg(last=other.legal_actions()[0])
    state.apply(state.legal_actions()[0]).svg(last=state.legal_actions()[0])


def test_a_sealed_graph_prints_as_networkx_prints_its_class():
    graph = tabletop.load("lava-flows").new(seed=1).graph
    assert str(graph) == str(graph.copy()) == "Graph named 'Lava Flows grid' with 9 nodes and " \
                                              "12 edges"


def test_game_queries_refuse_what_names_nothing():
    lacuna = tabletop.load("lacuna").new(seed=1, setup="random")
    lacuna = lacuna.apply(lacuna.legal_actions()[0])
    for call, message in (
            (lambda: lacuna.flower_xy(True), r"flower_xy\(\) takes one of the flowers 0..47"),
            (lambda: lacuna.owner_of(10**30), r"owner_of\(\) takes one of the flowers"),
            (lambda: lacuna.pawn_xy(1), r"pawn_xy\(\) takes one of the pawns 0..0, not 1"),
            (lambda: lacuna.nearest_place(0, 99, 0.1, 0.1), r"nearest_place\(a, b\)"),
            (lambda: lacuna.nearest_free("x", 0), r"nearest_free takes a point x, y of two "),
            (lambda: lacuna.nearest_place(0, 1, math.nan, 0), r"two finite numbers, not nan"),
            (lambda: lacuna.along(0, 1, True, 0), r"along takes a point"),
            (lambda: lacuna.along(0, 1, 10**400, 0), r"along takes a point")):
        with pytest.raises(ValueError, match=message):
            call()
    with pytest.raises(TypeError, match=r"action_xy\(action\) takes a place"):
        lacuna.action_xy("place 0-1")
    assert lacuna.flower_xy(np.int64(3)) == lacuna.flower_xy(3)
    lava = tabletop.load("lava-flows").new(seed=1)
    with pytest.raises(ValueError, match=r"stack_text\(cell\) takes a cell name, one of a1, "):
        lava.stack_text("z9")
    landlock = tabletop.load("landlock", players=4).new(seed=1)
    for player in (True, 4, 1.5):
        with pytest.raises(ValueError, match=r"role\(player\) takes a player 0..3"):
            landlock.role(player)


def test_landlock_points_take_a_terrain_or_a_role_and_nothing_else():
    from tabletop.core.testing import playout

    analysis = playout(tabletop.load("landlock").new(seed=3, setup="random"), 1).analysis()
    assert analysis.points("land") == analysis.points("L")
    assert analysis.points("water") == analysis.points("W")
    assert analysis.best("water") == analysis.best("W")
    for terrain in ("x", None, "Land"):
        with pytest.raises(ValueError, match="a terrain is 'L' or 'W'"):
            analysis.points(terrain)
    with pytest.raises(TypeError, match="gnomes should be True or False"):
        analysis.points("L", gnomes="no")


def test_lascaux_shown_tokens_takes_a_flag():
    state = tabletop.load("lascaux", players=3).new(seed=1, setup="random")
    for subject in (state, state.view(0)):
        with pytest.raises(TypeError, match="reveal should be True or False"):
            subject.shown_tokens("no")


@pytest.mark.parametrize("name", tabletop.games())
def test_an_action_space_names_no_action_outside_its_ids(name):
    from tabletop.core.ids import action_space

    space = action_space(tabletop.load(name))
    assert space.action_at(-1) is None and space.action_at(space.size) is None
    assert space.action_at(np.int64(0)) == space.action_at(0)
    for junk in (True, 1.0, "0"):
        with pytest.raises(TypeError, match="an action id is an int"):
            space.action_at(junk)


def test_a_huge_node_or_a_long_colour_is_quoted_short():
    from tabletop.core.timeline import Timeline
    from tabletop.render.canvas import parse_color

    timeline = Timeline(tabletop.load("lava-flows").new(seed=1))
    with pytest.raises(KeyError, match="no node an integer of about 5001 digits"):
        timeline.goto(10**5000)
    with pytest.raises(ValueError) as caught:
        parse_color("x" * 200_000)
    assert len(str(caught.value)) < 300
    with pytest.raises(TypeError, match="a colour is a CSS colour string, not None"):
        parse_color(None)


@pytest.mark.parametrize("name, make, error, says", [
    ("landlock", lambda a: a.Place(999, 0), ValueError, "cannot name Place\\(cell=999"),
    ("landlock", lambda a: a.Bridge(10**30), ValueError, "cannot name Bridge"),
    ("lacuna", lambda a: a.Place(0, 1, 10**5000), ValueError, "cannot name a Place"),
    ("lascaux", lambda a: a.Choose(None), TypeError, "takes a well-formed action of lascaux"),
])
def test_describe_refuses_an_action_it_cannot_name(name, make, error, says):
    """A malformed action of the game gets a clear error, not the IndexError or the
    digit-limit error of its fields (probe 29)."""
    import importlib

    game = tabletop.load(name)
    action = make(importlib.import_module(f"tabletop.games.{name.replace('-', '_')}.actions"))
    with pytest.raises(error, match=says):
        game.describe(action, 0, None)  # as everyone sees it (another may see "choose ?")


def test_a_depth_of_5000_digits_stops_at_the_node_bound_with_a_warning():
    from tabletop.widgets import TreeWidget

    state = tabletop.load("lascaux").new(seed=1)
    with pytest.warns(RuntimeWarning, match="before depth an integer of about 5001 digits"):
        tabletop.explore(state, depth=10**5000)
    with pytest.warns(RuntimeWarning, match="before depth an integer of about 5001 digits"):
        TreeWidget(state, depth=10**5000)


def test_lacuna_says_there_are_no_pawns_yet():
    with pytest.raises(ValueError, match=r"pawn_xy\(\): there are no pawns yet \(asked for 0\)"):
        tabletop.load("lacuna").new(seed=1).pawn_xy(0)


def test_the_widgets_graphs_are_live_read_only_views():
    """``widget.timeline`` and ``TreeWidget.graph`` read the graphs the widgets grow, and
    refuse changes that would leave a widget on a node it no longer has (probe 29)."""
    from tabletop.widgets import TreeWidget

    widget = tabletop.play("lascaux", players=3, seed=5)
    widget.play("choose pink")
    tree = TreeWidget(tabletop.load("lascaux").new(seed=1), depth=1)
    for graph, node in ((widget.timeline, widget.node), (tree.graph, 0)):
        with pytest.raises(nx.NetworkXError, match="Frozen graph can't be modified"):
            graph.remove_node(node)
        with pytest.raises(TypeError):
            graph.nodes[node]["state"] = None
        with pytest.raises(TypeError):
            graph.graph["root"] = 5
        changed = graph.copy()
        changed.remove_node(node)
        assert node in graph and node not in changed
    timeline = widget.timeline
    widget.back()
    widget.play("choose blue")  # a branch: the view made before reads it
    assert timeline.out_degree(0) == 2 and widget.state.history[-1].colour == 5
    assert timeline.nodes[widget.node]["state"] == widget.state


def test_a_bots_thinking_is_read_only_in_the_timeline_and_copied_where_it_is_returned():
    """The thinking on an edge is a dict of lists: the read-only view is read-only all the
    way down, and ``save`` and ``session.thinking`` give copies (probe 30: a choice set to
    "HACK" through ``widget.timeline`` was saved, and the record then failed to load)."""
    widget = tabletop.play("lava-flows", seed=1, bots={0: "mcts-weak"}, view=None,
                           agent_delay=0)
    edge = next(e for e in widget.timeline.edges if "thinking" in widget.timeline.edges[e])
    thinking = widget.timeline.edges[edge]["thinking"]
    with pytest.raises(TypeError):
        thinking["choice"] = "HACK"
    with pytest.raises(TypeError):
        thinking["candidates"][0]["visits"] = 10**9
    assert thinking == widget.session.graph.edges[edge]["thinking"]
    before = widget.save()
    widget.session.thinking()["choice"] = "HACK"
    widget.save()["thinking"]["1"]["candidates"][0]["visits"] = 10**9
    mine = widget.timeline.copy()
    mine.edges[edge]["thinking"]["candidates"].clear()
    assert widget.save() == before
    widget.load(widget.save())


def test_the_navigator_reads_the_timeline_and_leaves_stepping_to_the_widget():
    """``widget.navigator.play`` moved the session behind the widget's back (the state
    trait and the turn line kept the old move, the bot never replied): it reads, only."""
    widget = tabletop.play("lascaux", players=3, seed=5)
    widget.play("choose pink")
    navigator = widget.navigator
    assert navigator.cursor == widget.node and navigator.line() == [0, widget.node]
    assert navigator.state == widget.state and len(navigator) == 2
    for step in ("play", "goto", "back", "forward", "start", "end"):
        with pytest.raises(AttributeError, match=f"read-only here: step with the widget's "
                                                 f"own {step}"):
            getattr(navigator, step)
    with pytest.raises(nx.NetworkXError, match="Frozen graph"):
        navigator.graph.add_edge(0, 4242)
    widget.back()
    assert navigator.cursor == 0 == widget.node  # live
