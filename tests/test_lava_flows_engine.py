"""Lava Flows through the core contract: conformance, board tables, invariants over random
games, clicks, and pictures."""

from __future__ import annotations

import random

import networkx as nx
import pytest

import tabletop
from tabletop.core.testing import check_game, random_states
from tabletop.games.lava_flows.board import (
    ADJACENT,
    CELLS,
    GOAL_CELLS,
    HOME_CELLS,
    NEIGHBOURS,
    PUBLIC,
    build_grid,
    normalize,
    top_large,
)
from tabletop.render.scene import Scene

OPTIONS = [{}, {"memory": True}, {"slide": "empty"}, {"oreo": "top"}]


def states(options, seeds, setup="random"):
    """Every state of seeded random games with ``options``."""
    for _, state in random_states(tabletop.load("lava-flows", **options), seeds, setup=setup):
        yield state


# --- conformance --------------------------------------------------------------------------

#: Pictures and clicks at every other state of the first seed(s).
PACKAGE = {"pictures_every": 2, "clicks_every": 2}


def test_check_game_default_options():
    report = check_game(tabletop.load("lava-flows"), seeds=range(8), **PACKAGE)
    assert report.games == 8 and report.terminal == 8
    assert report.pictures and report.actions_clicked and report.hash_seed_pictures


@pytest.mark.parametrize("options", OPTIONS[1:], ids=["memory", "slide-empty", "oreo-top"])
def test_check_game_options(options):
    report = check_game(tabletop.load("lava-flows", **options), seeds=range(100, 104),
                        package_seeds=1, hash_seed_states=0, **PACKAGE)
    assert report.games == 4


def test_check_game_with_random_setup():
    report = check_game(tabletop.load("lava-flows"), seeds=range(200, 203), setup="random",
                        package_seeds=0)
    assert report.games == 3


# --- the board ----------------------------------------------------------------------------

def test_grid_graph_and_adjacency_tables_agree():
    """The networkx grid (shared by all states) and the hot-loop tables are the same board."""
    game = tabletop.load("lava-flows")
    grid = game.grid
    assert grid is game.grid is game.new(seed=1).graph  # built once, shared
    assert isinstance(grid, nx.Graph) and grid.number_of_nodes() == 9
    assert grid.number_of_edges() == 12
    for i, name in enumerate(CELLS):
        assert sorted(grid[name]) == sorted(CELLS[j] for j in NEIGHBOURS[i])
        assert grid.nodes[name]["index"] == i
    assert {(CELLS[a], CELLS[b]) for a, b in ADJACENT} == {
        (u, v) for u, v in grid.edges} | {(v, u) for u, v in grid.edges}
    assert nx.shortest_path_length(build_grid(), "a1", "c3") == 4
    for p in (0, 1):
        assert [grid.nodes[CELLS[c]]["goal"] for c in GOAL_CELLS[p]] == [p] * 3
        assert [grid.nodes[CELLS[c]]["home"] for c in HOME_CELLS[p]] == [p] * 3
        assert set(GOAL_CELLS[p]) == set(HOME_CELLS[1 - p])


# --- invariants over random play ----------------------------------------------------------

@pytest.mark.parametrize("options", OPTIONS[:3], ids=["default", "memory", "slide-empty"])
def test_random_play_keeps_the_physical_invariants(options):
    """Every piece stays on the board (12, cones included), what is in view is known to both,
    hiding places sit directly under a Large, and a cell holds at most one cone."""
    for state in states(options, range(6)):
        if state.phase < 2:
            continue
        pieces = "".join(state.stacks).translate(PUBLIC) + "".join(
            {-1: "", 0: "Ww", 1: "Bb"}[c] for c in state.cones)
        assert sorted(pieces) == sorted("WWWBBBwwwbbb"), str(state)
        for stack in state.stacks:
            assert normalize(stack) == stack
            for i, code in enumerate(stack):
                if code in "012345":
                    assert i + 1 < len(stack) and stack[i + 1] in "WB", stack
        for view in (state.view(0), state.view(1)):
            for stack, own in zip(view.stacks, state.stacks, strict=True):
                k = top_large(own)
                assert stack[max(k, 0):] == own[max(k, 0):] or k < 0 and stack == own


def test_views_never_show_a_secret_of_the_other_player():
    for options in ({}, {"memory": True}):
        for state in states(options, range(4)):
            for p in (0, 1):
                theirs = "345" if p == 0 else "012"
                joined = "".join(state.view(p).stacks)
                assert not set(joined) & set(theirs)
                if options:
                    assert not set(joined) & set("012345")


# --- clicks -------------------------------------------------------------------------------

def test_click_labels_and_refusals():
    game = tabletop.load("lava-flows")
    state = game.position({"b2": "w b", "a1": "[-:W] W", "a3": "B"}, to_move=0)
    clicks = game.input_class(state)
    assert clicks.click(("cell", "a1")) is None
    assert {clicks.label(t) for t in clicks.next_targets()} >= {
        "claim: nothing hidden", "claim: a black Medium is lowest"}
    assert clicks.click(("claim", "nothing")) == game.parse_action(state, "bubble a1 claim nothing")
    assert clicks.click(("piece", "a1", 0)) is None  # a move from a1 ...
    with pytest.raises(tabletop.IllegalAction, match="makes no legal action; try"):
        clicks.click(("cell", "c3"))  # ... not to a far cell
    assert clicks.click(("piece", "a2", 0)) == game.parse_action(state, "move a1-a2")


# --- pictures -----------------------------------------------------------------------------

def test_scene_marks_hidden_pieces_cones_goal_rows_and_targets():
    game = tabletop.load("lava-flows")
    state = game.position({"a1": "[b:W] W b", "b1": "[-:W] W", "b2": "w B w", "c3": "b"},
                          cones={"a3": 0}, to_move=1)
    scene = game.draw(state, highlight=[("cell", "b2"), ("piece", "a1", 0)],
                      last=game.parse_action(state, "move a1-a2"))
    assert isinstance(scene, Scene) and 480 <= scene.width <= 640
    titles = [s.title for s in scene.shapes if s.title]
    assert "hidden black Medium, known only to White" in titles
    assert "nothing hidden here (only White knows)" in titles
    assert "hidden white Medium, known to both" in titles
    assert "white Large, part of a Cinder Cone" in titles
    assert "a3: White's goal row" in titles and "a1: Black's goal row" in titles
    targets = scene.targets()
    for i in range(3):
        assert ("piece", "a1", i) in targets and ("piece", "b2", i) in targets
    assert all(("cell", c) in targets for c in CELLS)
    view = game.draw(state.view(1))
    view_titles = [s.title for s in view.shapes if s.title]
    assert "White's hiding place: maybe something" in view_titles
    assert not any("known only to White" in t for t in view_titles)
    # pieces under an unknown hiding place have no countable depth: no target
    assert ("piece", "a1", 1) in view.targets() and ("piece", "a1", 2) not in view.targets()
    assert state._repr_svg_().startswith("<svg") and state.view(0)._repr_svg_().startswith("<svg")


def test_memory_true_scene_shows_no_hidden_piece():
    game = tabletop.load("lava-flows", memory=True)
    state = game.position({"a1": "[b:W] W b", "b2": "w B"}, to_move=1)
    titles = [s.title for s in game.draw(state.view(0)).shapes if s.title]
    assert "a hidden Medium (not shown: this game is played from memory)" in titles
    assert not any("hidden black" in t or "hidden white" in t for t in titles)


def _colours(shape):
    return {c for c in (shape.style.fill, shape.style.stroke) if c}


@pytest.mark.parametrize("last", ["move b1-c1", "bubble b2 claim white"])
def test_each_mark_colour_has_one_meaning_and_tags_are_not_colour_letters(last):
    """Goal rows (one colour per player), cone rims, the last move, the lock and the
    clickable frame each have their own colour, used for nothing else on the board; the
    legend shows each with its meaning; no knowledge tag is a bare W or B."""
    from tabletop.games.lava_flows.render import MEANINGS

    game = tabletop.load("lava-flows")
    cells = {"a1": "[b:W] W b", "b1": "[-:W] W", "b2": "w B b", "c1": "[w:B] B"}
    before = game.position(cells, cones={"a3": 0}, to_move=0)  # White's move, then the lock
    state = game.position(cells, cones={"a3": 0}, to_move=1, lock="b2")
    for subject in (state, state.view(0), state.view(1)):
        scene = game.draw(subject, highlight=[("cell", "c2"), ("piece", "a1", 0)],
                          last=game.parse_action(before, last))
        kinds: dict[str, set[str]] = {}
        legend: dict[str, set[str]] = {}
        others = []
        for shape in scene.shapes:
            title = shape.title or ""
            if title.startswith("legend: "):
                legend[title.removeprefix("legend: ")] = {shape.style.fill}
            elif title.endswith("'s goal row"):
                kinds.setdefault(title.split(": ")[1], set()).add(shape.style.fill)
            elif "part of a Cinder Cone" in title:
                kinds.setdefault("Cinder Cone rim", set()).add(shape.style.stroke)
            elif shape.layer == 6:
                kinds.setdefault("last move", set()).update(_colours(shape))
            elif title.startswith("bubbled up last turn"):
                colour = shape.style.fill if shape.kind == "text" else shape.style.stroke
                kinds.setdefault("lock: no Bubble Up", set()).add(colour)
            elif shape.layer == 5:
                kinds.setdefault("may be clicked", set()).update(_colours(shape))
            else:
                others.append(shape)
        assert set(kinds) == {meaning for _, meaning in MEANINGS} == set(legend)
        assert all(len(colours) == 1 for colours in kinds.values()), kinds
        assert len(set().union(*kinds.values())) == len(kinds)  # pairwise distinct
        assert legend == kinds  # the legend says what each colour means
        marks = set().union(*kinds.values())
        reused = [(s.kind, s.title, _colours(s) & marks) for s in others if _colours(s) & marks]
        assert not reused
        texts = [s.text.strip() for s in scene.shapes if s.kind == "text"]
        assert not {"W", "B"} & set(texts)
        tags = [s.text for s in scene.shapes
                if s.kind == "text" and "known only to" in (s.title or "")]
        hider = {None: {"White", "Black"}, 0: {"White"}, 1: {"Black"}}[subject.viewer]
        assert {t.removesuffix(" knows") for t in tags} == hider


def _texts(scene):
    return [sh.text for sh in scene.shapes if hasattr(sh, "text")]


def test_picture_lists_the_last_announcements_and_counts_the_earlier_ones():
    """Under the board: the last four announcements, and how many earlier ones are not
    drawn and where to find them all (the position's text: ``str(state)``)."""
    game = tabletop.load("lava-flows")
    state = three = None
    for seed in range(50):
        rng = random.Random(seed)
        s = game.new(seed=seed, setup="random")
        while len(s.claims) < 7 and not s.is_terminal:
            s = s.apply(rng.choice(s.legal_actions()))
            if len(s.claims) == 3:
                three = s
        if len(s.claims) >= 7:
            state = s
            break
    assert state is not None and three is not None
    n = len(state.claims)
    texts = _texts(state.scene())
    assert f"Announcements ({n}): the last 4; {n - 4} earlier in the position's text" in texts
    # numbered as the move log numbers them (the two arrangements counted)
    assert [t for t in texts if any(t == str(c) for c in state.claims)] == [
        str(c) for c in state.claims[-4:]]
    view = _texts(state.view(1).scene())
    assert f"Announcements ({n}): the last 4; {n - 4} earlier in the position's text" in view
    assert not any(".claims" in t for t in texts + view)  # words, not Python
    few = _texts(three.scene())
    assert "Announcements (3)" in few and all(str(c) in few for c in three.claims)
    assert all(str(c) in str(state) for c in state.claims)  # the text lists them all


@pytest.mark.parametrize("module", ["", ".board", ".knowledge", ".actions", ".rules",
                                    ".findings", ".position", ".view", ".diagrams",
                                    ".input", ".render"])
def test_docstring_examples(module):
    import doctest
    import importlib

    found = importlib.import_module(f"tabletop.games.lava_flows{module}")
    result = doctest.testmod(found)
    assert result.failed == 0 and result.attempted > 0


def test_score_breakdown_counts_cones():
    game = tabletop.load("lava-flows")
    state = game.position({"b2": "w b"}, cones={"a3": 0, "c3": 0, "b1": 1}, to_move=1)
    breakdown = state.score_breakdown()
    assert breakdown.totals == state.scores == (2.0, 1.0)
    assert "a3 c3" in str(breakdown) and "Black to move" in str(breakdown)


def test_clicks_at_shape_centres_reach_every_action():
    """Clicking the drawn shapes where a person would (a piece; a stack by a corner of its
    cell; a destination cell anywhere, even on the pieces there) reaches every legal action;
    targets not drawn are pressed as buttons."""
    game = tabletop.load("lava-flows")
    checked = 0
    for _, state in random_states(game, range(3), every=3):
        if state.is_terminal:
            continue
        subject = state.view(state.current_player)
        scene = game.draw(subject)
        shapes = scene.targets()
        for action in subject.legal_actions():
            clicks = game.input_class(subject)
            (path,) = clicks.paths(action)
            result = None
            for i, target in enumerate(path):
                if target in shapes and target[0] == "cell" and i == 0:
                    x0, y0, x1, y1 = shapes[target].bounds()
                    hit = scene.hit(x0 + 6, y0 + 6)  # the stack: by its cell's corner
                elif target in shapes and target[0] == "cell":
                    x0, y0, x1, y1 = shapes[target].bounds()
                    hit = scene.hit((x0 + x1) / 2, y1 - 10)  # low in the cell: on its pieces
                elif target in shapes:
                    x0, y0, x1, y1 = shapes[target].bounds()
                    hit = scene.hit((x0 + x1) / 2, y1 - 2)
                else:
                    hit = target  # a button
                result = clicks.click(hit)
            assert result == action, (str(action), path)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("stack, viewer", [("W2", None), ("B5", None), ("W1", None),
                                           ("Bn", 0), ("Wm", 1), ("BhBn", 0), ("WWh", 1)])
def test_a_hidden_code_in_view_is_refused_when_the_position_is_made(stack, viewer):
    """A hiding place or hidden piece on top of a stack (no Large over it) cannot happen in
    play; a position given one by ``dataclasses.replace`` is refused at once, not left to
    raise ``KeyError`` from the game's insides at its first move (as it did; the suite's
    ``check_replace`` met it only with a short ``ply_cap``, whose games it samples early)."""
    import dataclasses

    game = tabletop.load("lava-flows", memory="h" in stack)
    state = game.new(seed=0, setup="random")
    subject = state if viewer is None else state.view(viewer)
    with pytest.raises(ValueError, match="every hidden code under a Large"):
        dataclasses.replace(subject, stacks=(stack,) + subject.stacks[1:])
    if viewer is None:  # (a view's pools count its unknowns: another stack changes them)
        assert dataclasses.replace(subject, stacks=(stack[::-1],) + subject.stacks[1:])
