"""The core's own public API given junk, as a notebook user or a game author would: the game
registry, timelines and their readers, ``expand`` and ``to_svg`` (acceptance round 36)."""

from __future__ import annotations

import copy

import numpy as np
import pytest

import tabletop
from tabletop.core import registry
from tabletop.core.game import Game
from tabletop.core.registry import load, names, register, unregister
from tabletop.core.timeline import Timeline, TimelineReader
from tabletop.core.tree import expand, explore
from tabletop.render.scene import Scene
from tabletop.render.svg import to_svg


class _Toy(Game):
    name = "api-toy"


@pytest.fixture
def forget():
    """Unregister whatever a test registers, and keep the built-in entries as they were."""
    before = dict(registry._entries)
    yield
    registry._entries.clear()
    registry._entries.update(before)


@pytest.mark.parametrize("name", [5, None, "", "   ", ("a",), b"toy"])
def test_register_refuses_a_name_that_is_not_a_nonempty_string(forget, name) -> None:
    with pytest.raises(ValueError, match="a game's name is a non-empty string"):
        register(name, _Toy)
    assert names() == tuple(registry._entries)  # nothing was added
    assert all(isinstance(n, str) and n for n in tabletop.games())


@pytest.mark.parametrize("game", [None, int, 5, object(),
                                  "tabletop.core.game", ":Game", "tabletop.core.game:", ""])
def test_register_refuses_what_is_no_game_class_nor_its_path(forget, game) -> None:
    with pytest.raises((TypeError, ValueError), match="Game subclass or its 'module:Class'"):
        register("api-toy", game)
    assert "api-toy" not in names()


@pytest.mark.parametrize("entry, said", [
    ("no_such_module_here:Game", "No module named"),
    ("tabletop.core.game:NoSuchClass", "has no attribute 'NoSuchClass'"),
])
def test_load_says_which_registration_cannot_be_imported(forget, entry, said) -> None:
    register("api-toy", entry)
    with pytest.raises(ImportError, match=f"game 'api-toy' is registered as {entry!r}.*{said}"):
        load("api-toy")


def test_load_refuses_a_path_that_names_no_game_class(forget) -> None:
    register("api-toy", "tabletop.core.quoting:brief")
    with pytest.raises(TypeError, match="should be registered as a Game subclass"):
        load("api-toy")


def test_the_built_in_games_cannot_be_taken_over(forget) -> None:
    for name in ("lacuna", "lascaux", "lava-flows", "landlock"):
        with pytest.raises(ValueError, match=f"{name!r} is a built-in game"):
            register(name, _Toy)
        with pytest.raises(ValueError, match="built-in game"):
            register(name, "my_games:Thing")
        assert load(name).name == name
    register("api-toy", _Toy)
    register("api-toy", _Toy)  # a notebook cell run twice
    assert names().count("api-toy") == 1


def test_unregister_of_junk_changes_nothing(forget) -> None:
    unregister(["lascaux"])
    unregister(None)
    assert "lascaux" in names()


def test_a_timeline_reader_reads_only_a_timeline() -> None:
    for junk in (None, tabletop.load("lascaux").new(seed=1), "timeline"):
        with pytest.raises(TypeError, match="a TimelineReader reads a Timeline"):
            TimelineReader(junk)


def test_a_copied_timeline_grows_on_its_own() -> None:
    tl = Timeline(tabletop.load("lascaux").new(seed=1))
    tl.play(tl.state.legal_actions()[0])
    twin = copy.copy(tl)
    twin.back()
    twin.play(twin.state.legal_actions()[1])  # node 2 in the twin only
    tl.back()
    tl.play(tl.state.legal_actions()[2])  # node 2 here: another state
    assert len(tl) == len(twin) == 3
    assert tl.graph.nodes[2]["state"] != twin.graph.nodes[2]["state"]
    assert tl.line() == twin.line() == [0, 2]
    assert twin.graph.edges[0, 2]["action"] == tl.root.legal_actions()[1]
    assert tl.graph.edges[0, 2]["action"] == tl.root.legal_actions()[2]


def test_timelines_say_what_they_hold() -> None:
    tl = Timeline(tabletop.load("landlock").new(seed=1))
    tl.play(tl.state.legal_actions()[0])
    assert repr(tl) == "<Timeline of landlock: 2 nodes, 1 branch end, cursor at node 1>"
    assert repr(TimelineReader(tl)).startswith("<read-only Timeline of landlock: 2 nodes")


@pytest.mark.parametrize("node", [1.0, True, "1", None, (1,), 0.5])
def test_expand_takes_a_node_not_a_value_equal_to_one(node) -> None:
    graph = explore(tabletop.load("lascaux").new(seed=1), depth=1)
    before = graph.number_of_nodes()
    with pytest.raises(ValueError, match="expand needs a node of the graph"):
        expand(graph, node)
    assert graph.number_of_nodes() == before
    assert expand(graph, np.int64(1)) != []  # numpy's ints are ints


@pytest.mark.parametrize("junk", [5, None, "<svg/>", {"width": 1}])
def test_to_svg_draws_only_a_scene(junk) -> None:
    with pytest.raises(TypeError, match="to_svg draws a Scene"):
        to_svg(junk)


def test_to_svg_checks_what_was_set_on_a_scene_after_it_was_made() -> None:
    scene = Scene(10, 10)
    scene.shapes.append("circle")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a scene takes shapes"):
        to_svg(scene)
    scene = Scene(10, 10)
    scene.width = float("nan")
    with pytest.raises(ValueError, match="finite"):
        to_svg(scene)
    scene = Scene(10, 10)
    scene.height = -3
    with pytest.raises(ValueError, match="height should be at least 0"):
        to_svg(scene)


def test_naming_a_wrong_choice_among_choices_that_are_not_words() -> None:
    from tabletop.core.choices import nearest, unknown

    assert unknown("size", "3", [3, 5]) == "no size called '3'; known sizes: 3, 5"
    assert nearest("lascux", [None, 3, "lascaux"]) == "lascaux"


def test_the_tree_module_example_holds_for_every_game() -> None:
    from tabletop.core.tree import layer_counts, perft

    for name in tabletop.games():
        state = tabletop.load(name).new(seed=1)
        graph = explore(state, depth=2)
        assert graph.number_of_nodes() == 1 + len(state.legal_actions()) + perft(state, 2)
        assert layer_counts(graph) == [1, perft(state, 1), perft(state, 2)]


@pytest.mark.parametrize("x, y", [("5", 5), (None, None), (5, [5]), (True, 5), (5, 1j)])
def test_a_scene_is_hit_at_two_numbers(x, y) -> None:
    scene = Scene(10, 10)
    scene.rect(0, 0, 10, 10, target="all")
    with pytest.raises(ValueError, match="a click is at two numbers"):
        scene.hit(x, y)
    assert scene.hit(np.float32(5), np.int64(5)) == "all"
    assert scene.hit(float("nan"), 5) is None and scene.hit(10**400, 5) is None
