"""The tree inspector from the keyboard: arrows, Home, Space and Enter on the tree's canvas
(``tabletop.widgets.treekeys``), and the cursor that keeps the selection in view, for game
trees, explored graphs and search trees of every game."""

from __future__ import annotations

import pytest
from toygame import TakeAway

import tabletop
from tabletop.agents import MCTSAgent
from tabletop.core.tree import explore
from tabletop.widgets.tree import TreeWidget
from tabletop.widgets.treecursor import CURSOR_SIZE
from tabletop.widgets.treekeys import drawn_children, drawn_parent

GAMES = tabletop.games()


def _start(name: str) -> tabletop.State:
    return tabletop.load(name).new(seed=1, setup="random")


def _trees(name: str) -> list[TreeWidget]:
    """A game tree grown from a state, an explored graph and a bot's search tree."""
    state = _start(name)
    analysis = MCTSAgent(iterations=40, seed=1).analyse(state)
    return [TreeWidget(state, depth=1, max_children=4),
            TreeWidget(explore(state, depth=2, max_nodes=3000), depth=2, max_children=3),
            TreeWidget(analysis, depth=2, max_children=3)]


def _cursor_at(tree: TreeWidget) -> tuple[float, float]:
    """The scene point the cursor covers (its centre)."""
    top, _, _, left = _margins(tree)
    return left + CURSOR_SIZE / 2, top + CURSOR_SIZE / 2


def _margins(tree: TreeWidget) -> tuple[float, float, float, float]:
    parts = tree.cursor.widget.layout.margin.split()
    return tuple(float(p.removesuffix("px")) for p in parts)  # type: ignore[return-value]


def _assert_cursor_on_selection(tree: TreeWidget) -> None:
    pos, _ = tree.model.layout()
    assert tree.cursor.widget.layout.display is None
    assert _cursor_at(tree) == pytest.approx(pos[tree.selected])


@pytest.mark.parametrize("name", GAMES)
def test_arrows_follow_the_tree_as_drawn_in_every_game(name):
    for tree in _trees(name):
        kids = tree.model.children(0)[:3]
        assert tree.selected == 0 and len(kids) >= 2, (name, tree.model.kind)
        assert tree.press("ArrowRight") == kids[0]  # the first child drawn (most visited)
        _assert_cursor_on_selection(tree)
        assert tree.press("ArrowDown") == kids[1]
        _assert_cursor_on_selection(tree)
        assert tree.press("ArrowUp") == kids[0]
        assert tree.press("ArrowUp") == kids[0]  # nothing above the first: it stays
        assert tree.press("ArrowLeft") == 0
        assert tree.press("ArrowLeft") == 0  # the root has no parent
        _assert_cursor_on_selection(tree)
        assert tree.press("q") is None and tree.selected == 0  # not a key of the tree's
        tree.close()


def _walk(tree: TreeWidget) -> list[int]:
    """The nodes a walk by keys alone selects (→ to go down, ↓ to the next sibling, ← to
    come back up), from the root until it is back there."""
    seen = [tree.selected]
    for _ in range(100_000):
        node = tree.selected
        if tree.press("ArrowRight") != node:
            seen.append(tree.selected)
            continue
        while node != 0:  # a leaf: its next sibling, or up until there is one
            below = tree.press("ArrowDown")
            if below != node:
                seen.append(below)
                break
            node = tree.press("ArrowLeft")
        if tree.selected == 0:
            return seen
    raise AssertionError("the walk did not come back to the root")


@pytest.mark.parametrize("name", GAMES)
def test_down_goes_through_the_first_moves_in_order_in_every_game(name):
    """↓ selects the first moves top to bottom, past the "+k more" (which it opens), and
    stays on the last. (Each press redraws the tree: a dozen presses per tree here.)"""
    for tree in _trees(name):
        every = tree.model.children(0)
        kids = every[:12]
        seen = [tree.press("ArrowRight")]
        for _ in range(len(kids)):
            seen.append(tree.press("ArrowDown"))
        after = every[12] if len(every) > 12 else kids[-1]  # the last one: it stays
        assert seen == [*kids, after], (name, tree.model.kind)
        _assert_cursor_on_selection(tree)
        tree.close()


def test_every_node_is_reached_by_the_arrows_in_the_order_drawn(nim):
    for tree in (TreeWidget(nim.new(seed=3), depth=1, max_children=1),
                 TreeWidget(explore(nim.new(seed=3), depth=3), depth=1)):
        tree.max_depth = 3
        seen = _walk(tree)
        assert seen == tree.visible_nodes() and len(seen) == 1 + 2 + 4 + 8


def test_right_opens_a_closed_node_and_space_toggles_it():
    tree = TreeWidget(_start("lacuna"), depth=1, max_children=2)
    first = tree.model.children(0)[0]
    tree.press("ArrowRight")
    assert tree.selected == first and first not in tree.model.open
    grandchild = tree.press("ArrowRight")  # computes and opens it, then goes in
    assert first in tree.model.open and drawn_parent(tree.model, grandchild) == first
    assert tree.press("ArrowLeft") == first
    tree.press(" ")
    assert first not in tree.model.open and first not in tree.visible_nodes()[2:]
    tree.press(" ")
    assert first in tree.model.open
    assert tree.press("Home") == 0


def test_down_past_the_last_shown_child_shows_them_all():
    tree = TreeWidget(_start("lava-flows"), depth=1, max_children=2)
    kids = tree.model.children(0)
    assert len(kids) > 3
    tree.press("ArrowRight")
    tree.press("ArrowDown")
    assert tree.press("ArrowDown") == kids[2]  # behind "+k more" before the press
    assert drawn_children(tree.model, 0) == kids
    _assert_cursor_on_selection(tree)


def test_a_selection_hidden_by_the_depth_limit_comes_back_to_what_is_drawn():
    tree = TreeWidget(_start("lascaux"), depth=2, max_children=2)
    tree.press("ArrowRight")
    child = tree.selected
    grandchild = tree.press("ArrowRight")
    assert grandchild != child
    tree.max_depth = 1
    assert tree.cursor.widget.layout.display == "none"  # its node is not drawn
    assert tree.press("ArrowDown") == child  # first back to its drawn ancestor
    _assert_cursor_on_selection(tree)
    assert tree.press("ArrowRight") == child  # nothing is drawn below the limit
    assert tree.press("ArrowDown") != child


def test_enter_opens_the_selected_node_in_the_game():
    opened = []
    tree = TreeWidget(_start("landlock"), depth=1, opener=opened.append)
    tree.press("ArrowRight")
    tree._canvas_key("Enter", False)
    assert opened == [tree.state()]


def _send(canvas, event: str, **fields) -> None:
    """What the page sends when a key is pressed or a button pressed on ``canvas``."""
    canvas._handle_frontend_event(None, {"event": event, **fields}, [])


def _key(canvas, key: str, shift: bool = False) -> None:
    _send(canvas, "key_down", key=key, shift_key=shift, ctrl_key=False, meta_key=False)


def test_keys_on_the_cursor_or_the_canvas_do_the_same_and_tab_still_leaves():
    tree = TreeWidget(TakeAway().position(5), depth=1)
    board = tree.canvas.widget._canvases[-1]  # the top layer hears the keys
    _key(tree.cursor.widget, "ArrowRight")
    assert tree.selected == tree.model.children(0)[0]
    _key(board, "ArrowLeft")
    assert tree.selected == 0
    for canvas in (board, tree.cursor.widget):
        _key(canvas, "Tab")  # leaves: nothing selected changes
        _key(canvas, "Escape")
        _key(canvas, "Tab", shift=True)
        assert tree.selected == 0 and 0 in tree.model.open
    _send(tree.cursor.widget, "mouse_down", x=1.0, y=1.0)  # a press on it: on its node
    assert 0 not in tree.model.open


def test_the_cursor_is_in_the_canvas_frame_and_closed_with_the_tree():
    tree = TreeWidget(TakeAway().position(5), depth=1)
    for part in tree.cursor.parts:
        assert part in tree.canvas.frame.children
        assert part.layout.grid_area == tree.canvas.widget.layout.grid_area
    tree.close()
    assert all(part.comm is None for part in tree.cursor.parts)


def test_each_move_by_key_gives_the_focus_to_the_other_cursor_at_the_new_place():
    """A focused element given the focus again is not scrolled to: the two canvases take
    turns, the one shown always over the selection, the other hidden."""
    tree = TreeWidget(TakeAway().position(5), depth=1)
    shown = []
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft"):
        _key(tree.cursor.widget, key)
        shown.append(tree.cursor.widget)
        _assert_cursor_on_selection(tree)
        hidden = [p for p in tree.cursor.parts if p is not tree.cursor.widget]
        assert [p.layout.display for p in hidden] == ["none"]
    assert shown[0] is not shown[1] and shown[0] is shown[2]


def test_keys_faster_than_the_focus_move_the_part_waiting_for_it():
    """While the focus is on its way (``FOCUS_DELAY``), a further key moves the part that
    waits for it, which takes it after the last key: never the part that has it already
    (a browser does not scroll to an element focused again)."""
    import asyncio

    tree = TreeWidget(TakeAway().position(5), depth=1)
    cursor = tree.cursor

    async def quick() -> None:
        _key(cursor.widget, "ArrowRight")  # no loop wait: focus due on part A
        await asyncio.sleep(0.3)
        holder = cursor.widget  # A has the focus now
        _key(holder, "ArrowDown")  # B shown at the sibling, focus due on B
        waiting = cursor.widget
        assert waiting is not holder
        _key(holder, "ArrowUp")  # again before the focus came: B moves, still waits
        assert cursor.widget is waiting
        await asyncio.sleep(0.3)
        assert cursor._holder is waiting and holder.layout.display == "none"
        _assert_cursor_on_selection(tree)

    asyncio.run(quick())
