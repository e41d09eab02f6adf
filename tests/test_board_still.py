"""The still picture under a board's canvas: what a page rebuilt from saved widget state shows.

ipycanvas' drawings are messages, not widget state, so a notebook saved with its widget state
(``jupyter nbconvert --execute``, JupyterLab's "save widget state") reopens with a blank
canvas. ``SceneCanvas`` keeps the scene it draws as an SVG ``Image`` in the same grid cell,
under the canvas; ``tests/browser/test_front_ends.py`` measures it in Notebook 7.
"""

from __future__ import annotations

import tabletop
from tabletop.render.scene import Scene
from tabletop.render.scenecanvas import STILL_SHAPES, SceneCanvas
from tabletop.render.svg import to_svg
from tabletop.widgets.tree import TreeWidget


def test_the_still_is_the_scene_drawn_and_follows_every_draw() -> None:
    for name in tabletop.games():
        widget = tabletop.play(name, seed=3, agent_delay=0)
        board = widget.board
        assert board.frame.children == (board.still, board.widget), name
        assert board.still.format == "svg+xml" and board.still.layout.display is None
        assert board.still.value == to_svg(board.scene).encode("utf-8"), name
        widget.play(widget.state.legal_actions()[0])
        assert board.still.value == to_svg(board.scene).encode("utf-8"), name
        widget.back()
        assert board.still.value == to_svg(board.scene).encode("utf-8"), name


def test_under_the_hot_seat_cover_the_still_is_the_cover() -> None:
    """The still shows what the canvas shows, never more: the cover between turns."""
    widget = tabletop.play("lava-flows", seed=3, hot_seat=True, agent_delay=0)
    cover = widget.session.scene()
    assert widget.board.still.value == to_svg(cover).encode("utf-8")
    widget.session.confirm()
    widget._refresh(full=True)
    assert widget.board.still.value != to_svg(cover).encode("utf-8")


def test_a_tree_keeps_its_still_and_a_giant_scene_hides_it() -> None:
    tree = TreeWidget(tabletop.load("lacuna").new(seed=1), depth=1, max_children=4)
    assert tree.canvas.still.value == to_svg(tree.scene()).encode("utf-8")
    board = SceneCanvas()
    scene = Scene(200, 200)
    for i in range(STILL_SHAPES + 1):
        scene.circle(i % 200, i // 200, 1, fill="red")
    board.draw(scene)
    assert board.still.layout.display == "none"
    small = Scene(20, 20, background="white")
    board.draw(small)
    assert board.still.layout.display is None
    assert board.still.value == to_svg(small).encode("utf-8")
    board.close()
    assert board.still.comm is None


def test_a_hidden_still_holds_no_earlier_picture() -> None:
    """A giant scene hides the still; the picture drawn before stays out of the widget state
    (a saved notebook kept it, hidden: an earlier position, or another view's)."""
    board = SceneCanvas()
    small = Scene(20, 20, background="white")
    board.draw(small)
    giant = Scene(200, 200)
    for i in range(STILL_SHAPES + 1):
        giant.circle(i % 200, i // 200, 1, fill="red")
    board.draw(giant)
    assert board.still.layout.display == "none" and board.still.value == b""
    board.close()
