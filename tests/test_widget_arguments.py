"""The widgets' arguments, checked when given: subjects, viewers handed on, flags, a tree's
node budget, seats and the timeline's cursor."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

import tabletop
from tabletop.agents import MCTSAgent, make_agent
from tabletop.core.errors import InvalidOption
from tabletop.core.timeline import Timeline
from tabletop.core.tree import explore
from tabletop.widgets import GameWidget
from tabletop.widgets.session import Session
from tabletop.widgets.tree import TreeWidget
from tabletop.widgets.treemodel import TreeModel


@pytest.fixture(scope="module")
def lascaux():
    return tabletop.load("lascaux", players=3).new(seed=1, setup="random")


@pytest.fixture(scope="module")
def lava():
    return tabletop.load("lava-flows").new(seed=1, setup="random")


# --- a viewer handed on -------------------------------------------------------------------
def test_open_in_game_keeps_the_trees_viewer(lascaux):
    tree = TreeWidget(lascaux, view=1)
    opened = tree.open_in_game()
    assert opened.view == 1
    assert opened.session.subject() == lascaux.view(1)


def test_open_in_game_gives_an_opener_the_viewer_when_there_is_one(lascaux):
    calls = []
    TreeWidget(lascaux, view=2, opener=lambda s, **kw: calls.append((s, kw))).open_in_game()
    TreeWidget(lascaux, opener=lambda s, **kw: calls.append((s, kw))).open_in_game()
    assert calls == [(lascaux, {"view": 2}), (lascaux, {})]


def test_a_search_tree_opens_in_game_as_its_searcher(lascaux):
    analysis = MCTSAgent(iterations=20, seed=0).analyse(lascaux.view(lascaux.current_player))
    for subject in (analysis, analysis.to_graph()):
        tree = TreeWidget(subject, depth=1)
        tree.select(tree.model.children(0)[0])
        assert tree.open_in_game().view == analysis.player


# --- flags are True or False --------------------------------------------------------------
@pytest.fixture
def bots_widget(lascaux):
    widget = GameWidget(tabletop.load("lascaux", players=3).new(seed=1),
                        bots={1: "mcts", 2: "mcts"}, view=0, agent_delay=0, seed=3)
    widget.play(widget.state.legal_actions()[0])
    return widget


@pytest.mark.parametrize("value", ["no", 1, None, [True], np.array([True])])
def test_save_full_is_true_or_false(bots_widget, value):
    with pytest.raises(TypeError, match="full should be True or False, not "):
        bots_widget.save(full=value)
    with pytest.raises(TypeError, match="full should be True or False, not "):
        bots_widget.session.save(value)
    assert bots_widget.save(full=np.bool_(False)) == bots_widget.save()


def test_hot_seat_and_paused_setters_take_true_or_false(bots_widget):
    with pytest.raises(InvalidOption, match="hot_seat must be True or False, not 'no'"):
        bots_widget.hot_seat = "no"
    with pytest.raises(InvalidOption, match="hot_seat must be True or False, not 1"):
        bots_widget.session.set_hot_seat(1)
    assert bots_widget.hot_seat is False and bots_widget.hot_seat_toggle.value is False
    with pytest.raises(TypeError, match="paused should be True or False, not 'no'"):
        bots_widget.paused = "no"
    assert bots_widget.paused is False and bots_widget.pause_button.value is False
    bots_widget.paused = np.bool_(True)
    assert bots_widget.paused is True
    bots_widget.hot_seat = np.bool_(True)
    assert bots_widget.hot_seat is True and bots_widget.session.hot_seat is True


def test_explore_merge_is_true_or_false(lava):
    with pytest.raises(TypeError, match="merge should be True or False, not 'no'"):
        explore(lava, depth=1, merge="no")
    assert explore(lava, depth=1, merge=np.bool_(True)).graph["merge"] is True


# --- a tree's depth has a node budget ----------------------------------------------------
def test_a_deep_tree_stops_at_its_node_budget(lava):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a budget given is no surprise: no warning
        model = TreeModel(lava, depth=10**6, max_nodes=500)
    assert not model.complete and 500 <= model.graph.number_of_nodes() < 600
    assert "stopped at 500 nodes" in model.title()
    assert TreeModel(lava, depth=1).complete
    tree = TreeWidget(lava, depth=10**6, max_nodes=300)
    assert not tree.model.complete and tree.graph.number_of_nodes() < 400


def test_a_tree_given_whole_opens_no_more_than_its_node_budget(lava):
    # an explored graph or a search tree computes nothing more when opened, so a budget on
    # what is computed never stopped it: 100,000 given nodes opened to depth 20 drew for
    # over a minute; the budget bounds what is shown too
    graph = explore(lava, depth=3, max_nodes=3000)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model = TreeModel(graph, depth=20, max_nodes=200)
    assert not model.complete and "stopped at 200 nodes" in model.title()
    assert 200 <= len(model.visible()) < 200 + model.max_children
    assert TreeModel(graph, depth=2, max_nodes=200).complete  # 1 + 12 + 144 shown
    search = MCTSAgent(iterations=400, seed=1, rollout_depth=0).analyse(lava.view(0))
    model = TreeModel(search, depth=20, max_nodes=50, max_children=20)
    assert not model.complete and "stopped at 50 nodes" in model.title()
    assert 50 <= len(model.visible()) < 70
    tree = TreeWidget(graph, depth=20, max_nodes=100)
    assert not tree.model.complete and len(tree.visible_nodes()) < 100 + 12


def test_the_default_budget_warns(lava):
    with pytest.warns(RuntimeWarning, match="stopped at 10,000 nodes before depth 1000000") \
            as caught:
        model = TreeModel(lava, depth=10**6)
    assert caught[0].filename == __file__  # the user's line, not tabletop's
    assert not model.complete and model.graph.number_of_nodes() < 10_100


@pytest.mark.parametrize("settings, rule", [
    ({"max_nodes": 0}, "max_nodes must be an int ≥ 1 or None, not 0"),
    ({"max_nodes": 2.5}, "max_nodes must be an int ≥ 1 or None, not 2.5"),
    ({"depth": "2"}, "depth must be an int ≥ 0, not '2'"),
    ({"depth": True}, "depth must be an int ≥ 0, not True"),
])
def test_tree_budget_and_depth_are_checked(lava, settings, rule):
    with pytest.raises(ValueError, match=rule):
        TreeWidget(lava, **settings)


# --- subjects, viewers, seats, cursors ----------------------------------------------------
@pytest.mark.parametrize("subject", ["lava-flows", None, 5])
def test_a_game_widget_shows_a_state(subject):
    with pytest.raises(TypeError, match="GameWidget shows a State .*, not "):
        GameWidget(subject)
    with pytest.raises(TypeError, match="Session shows a State .*, not "):
        Session(subject)


def test_a_game_widget_refuses_a_view_saying_what_to_pass(lava):
    with pytest.raises(TypeError, match=r"not a View: .* GameWidget\(state, view=p\)"):
        GameWidget(lava.view(0))


def test_play_quotes_a_wrong_subject_briefly():
    with pytest.raises(TypeError, match="not an integer of about 5001 digits"):
        tabletop.play(10**5000)


@pytest.mark.parametrize("view", [5, -1, "1", 1.5, True, "full"])
def test_a_tree_viewer_is_checked_when_given(lascaux, view):
    with pytest.raises(ValueError, match="view must be a player 0..2 or None, not "):
        TreeWidget(lascaux, view=view)


def test_a_tree_viewer_may_come_from_numpy(lascaux):
    assert TreeModel(lascaux, view=np.int64(2)).view == 2


def test_a_search_trees_viewer_is_checked_before_it_is_compared(lascaux):
    analysis = MCTSAgent(iterations=10, seed=0).analyse(lascaux)
    with pytest.raises(ValueError, match="view must be a player 0..2 or None, not True"):
        TreeModel(analysis, view=True)
    other = (analysis.player + 1) % 3
    with pytest.raises(ValueError, match="shown as their view only"):
        TreeModel(analysis.to_graph(), view=other)


def test_a_seat_is_refused_clearly(lava):
    widget = GameWidget(lava, agent_delay=0)
    with pytest.raises(TypeError, match=r"an agent is a name.*not array\(\[1, 2\]\)"):
        widget.set_seat(0, np.array([1, 2]))
    assert widget.session.seats == [None, None]
    widget.set_seat(np.int64(1), "random")
    assert widget.session.seat_label(1) == "random"


def test_the_timeline_cursor_is_checked_when_set(lava):
    timeline = Timeline(lava)
    timeline.play(lava.legal_actions()[0])
    with pytest.raises(KeyError, match="no node 99 in the timeline"):
        timeline.cursor = 99
    with pytest.raises(ValueError, match="a timeline node is an int ≥ 0, not 'a'"):
        timeline.cursor = "a"
    assert timeline.cursor == 1
    timeline.cursor = np.int64(0)
    assert type(timeline.cursor) is int and timeline.state == lava


def test_a_session_names_view_when_it_refuses_one(lascaux):
    with pytest.raises(ValueError, match="view must be 0..2 or None, not 5"):
        Session(lascaux, view=5)
    session = Session(lascaux, view=1)
    with pytest.raises(ValueError, match="view must be 0..2 or None, not True"):
        session.set_view(True)
    assert session.view == 1


@pytest.mark.parametrize("target", [[1], np.array([1, 2]), {"a": 1}])
def test_a_target_to_choose_is_hashable(lascaux, target):
    widget = GameWidget(lascaux, agent_delay=0)
    with pytest.raises(TypeError, match="a target is one the input offers .*, not "):
        widget.choose(target)
    assert widget.state == lascaux


@pytest.mark.parametrize("node", [True, 1.0, "1", [1], np.array([1])])
def test_a_tree_node_is_an_int(lascaux, node):
    tree = TreeWidget(lascaux, depth=1)
    for call in (tree.select, tree.expand, tree.collapse, tree.state, tree.click_node,
                 tree.open_in_game):
        with pytest.raises(ValueError, match="a tree node is an int ≥ 0, not "):
            call(node)
    assert tree.selected == 0 and tree.state(np.int64(1)) == tree.state(1)


def test_an_opener_is_a_function(lascaux):
    with pytest.raises(TypeError, match="opener must be a function of a state .*, not 5"):
        TreeWidget(lascaux, opener=5)


@pytest.mark.parametrize("make", [
    lambda s: GameWidget(s, view=7),
    lambda s: GameWidget(s, hot_seat="yes"),
    lambda s: GameWidget(s, agent_delay=-1),
    lambda s: GameWidget(s, bots={1: "mtcs"}),
    lambda s: GameWidget(s, resolution="x"),
    lambda s: GameWidget(s, no_such_option=1),
    lambda s: TreeWidget(s, no_such_option=1),
    lambda s: TreeWidget("not a state"),
], ids=["view", "hot_seat", "agent_delay", "bots", "resolution", "game-kw", "tree-kw",
        "tree-subject"])
def test_a_widget_refused_when_made_goes_away_quietly(lava, make):
    """A bad argument is one clear error: the half-made widget, closed by the garbage
    collector, raises nothing more (no "Exception ignored … AttributeError" under it)."""
    import gc
    import sys

    unraised: list[Any] = []
    hook, sys.unraisablehook = sys.unraisablehook, unraised.append
    try:
        with pytest.raises((ValueError, TypeError)):
            make(lava)
        gc.collect()
    finally:
        sys.unraisablehook = hook
    assert not unraised, [f"{u.exc_type.__name__}: {u.exc_value}" for u in unraised]


@pytest.mark.parametrize("cls", [GameWidget, TreeWidget])
def test_closing_a_widget_whose_init_never_ran_changes_nothing(cls):
    cls.__new__(cls).close()  # what ipywidgets' __del__ does with a widget __init__ refused


@pytest.mark.parametrize("options", [
    {"agent_delay": -1}, {"panel_delay": "x"}, {"resolution": 0}, {"resolution": 99},
    {"bots": {1: ("mcts", {"iteratons": 5})}}, {"bots": {1: ("mcts", {"iterations": -5})}},
    {"bots": {1: "mtcs"}}, {"view": 9}, {"hot_seat": 1}, {"seed": -1}, {"setup": "bogus"},
], ids=str)
def test_every_bad_option_of_play_is_one_line_in_a_notebook(options):
    """A wrong value for any of ``play``'s options is a ``CallerError``: IPython shows its
    one line (what is wrong, what is allowed), not a traceback into the widget."""
    from tabletop.core.errors import CallerError

    with pytest.raises(CallerError) as refused:
        tabletop.play("lascaux", **options)
    assert refused.value._render_traceback_() == [
        f"{type(refused.value).__name__}: {refused.value}"]


@pytest.mark.parametrize("spec", [("mcts", {"iteratons": 5}), "mtcs"])
def test_a_bad_agent_for_a_seat_is_one_line_and_changes_no_seat(lava, spec):
    from tabletop.core.errors import CallerError

    widget = GameWidget(lava)
    with pytest.raises(CallerError):
        widget.set_seat(1, spec)
    with pytest.raises(CallerError):
        widget.set_seat(7, "random")
    assert widget.session.seats == [None, None]


@pytest.mark.parametrize("name", ["agent_delay", "panel_delay"])
def test_a_bad_delay_set_later_is_one_line(lava, name):
    widget = GameWidget(lava)
    with pytest.raises(InvalidOption, match=f"{name} must be a finite number"):
        setattr(widget, name, -0.5)


@pytest.mark.parametrize("name", ["mcts-weak", "mcts-strong"])
def test_a_seat_chosen_by_a_preset_name_shows_that_name(lava, name):
    """A seat given "mcts-strong" (by ``bots=``, the picker or ``set_seat``) shows
    "mcts-strong" afterwards, not the "mcts" its agent class is called."""
    widget = GameWidget(lava, bots={1: name}, agent_delay=0)
    assert widget.session.seat_label(1) == name
    assert widget.seat_pickers[1].value == name
    widget.set_seat(1, "random")
    widget.seat_pickers[1].value = name
    assert widget.session.seat_label(1) == name == widget.seat_pickers[1].value
    assert make_agent(name).name == name and make_agent("mcts").name == "mcts"
