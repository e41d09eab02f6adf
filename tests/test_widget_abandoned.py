"""A widget a notebook let go of is closed: a re-run cell's old boards (``widgets.abandoned``).

The page's view count is simulated: ``_view_count`` goes to 1 when a cell shows the widget
and back to 0 when the cell runs again (its output cleared); the cell runs are simulated with
``started``/``ended`` (IPython's ``pre_run_cell``/``post_run_cell``) and the sweep runs with
the notebook's variables, as the ``post_run_cell`` hook does.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w
import pytest

import tabletop
from tabletop.widgets import abandoned
from tabletop.widgets.tree import TreeWidget

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def shown_then_dropped(widget: Any) -> Any:
    widget._view_count = 1
    widget._view_count = 0
    return widget


def gallery(cell: str = "gallery-cell") -> list[Any]:
    """The widgets the cell ``cell`` makes when it runs (once more)."""
    abandoned.started(cell)
    try:
        made = [tabletop.play(name, seed=1, bots={1: "random"}, paused=True)
                for name in tabletop.games()]
        return [*made, TreeWidget(made[0].state, depth=1)]
    finally:
        abandoned.ended()


def run_again(cell: str = "gallery-cell") -> None:
    abandoned.started(cell)
    abandoned.ended()


def board_of(cell: str | None) -> Any:
    """A board the cell ``cell`` makes (``None``: a console or a callback, no cell id)."""
    abandoned.started(cell)
    try:
        return tabletop.play("lacuna", seed=1)
    finally:
        abandoned.ended()


def test_a_widget_whose_own_cell_did_not_run_again_stays_open() -> None:
    """A widget shown nowhere and reached by no variable is kept unless the cell that made it
    ran again: its cell deleted (and maybe undone), its notebook's tab closed, its output in
    an ``Output`` shown again, a console's or a callback's widget."""
    kept = shown_then_dropped(board_of("deleted-cell"))
    loose = shown_then_dropped(board_of(None))
    run_again("another-cell")
    run_again(None)
    assert abandoned.sweep({}) == []
    assert kept.comm is not None and loose.comm is not None
    abandoned.started("deleted-cell")  # while its own cell runs again: not yet
    assert abandoned.sweep({}) == []
    abandoned.ended()
    assert abandoned.sweep({}) == [kept]
    assert kept.closed and loose.comm is not None
    loose.close()


def test_a_rerun_cells_old_widgets_no_variable_reaches_are_closed() -> None:
    registry = w.widgets.widget._instances
    before = len(registry)
    old = gallery()
    made = len(registry) - before  # every model one gallery makes (some 460)
    for widget in old:
        shown_then_dropped(widget)
    namespace = {"gallery": gallery(), "Out": {3: old}, "_": old, "_3": old}  # history
    closed = abandoned.sweep(namespace)
    assert {id(x) for x in closed} == {id(x) for x in old}
    assert all(x.comm is None for x in old)
    assert all(x.closed for x in old[:-1])  # the game widgets: their bots stop too
    # every part of each old widget was closed: the registry is back to what it was
    assert made > 400 and len(registry) == before + made
    for widget in namespace["gallery"]:
        widget.close()


@pytest.mark.parametrize("keep", [
    lambda ws: {"shown": ws},                              # a list the user keeps
    lambda ws: {"a": ws[0], "b": ws[1], "rest": tuple(ws[2:])},
    lambda ws: {"d": {"boards": {i: x for i, x in enumerate(ws)}}},
    lambda ws: {"box": w.VBox([w.HBox(ws)])},              # inside the user's own layout
])
def test_a_widget_a_variable_reaches_stays_open(keep: Any) -> None:
    old = gallery()
    for widget in old:
        shown_then_dropped(widget)
    run_again()
    assert abandoned.sweep(keep(old)) == []
    assert all(x.comm is not None for x in old)
    old[0]._view_count = 1  # shown again in a later cell
    closed = abandoned.sweep({})  # then the variables let go of them all
    assert {id(x) for x in closed} == {id(x) for x in old[1:]}
    assert old[0].comm is not None
    old[0].close()


def test_a_widget_never_shown_or_still_shown_stays_open() -> None:
    made = gallery()
    made[1]._view_count = 2
    made[1]._view_count = 1  # one of its two views left
    assert abandoned.sweep({}) == []  # (made[0] was never shown: a cell showing it now)
    assert all(x.comm is not None for x in made)
    for widget in made:
        widget.close()


def test_a_widget_displayed_whose_view_never_came_is_closed_after_a_rerun() -> None:
    """A page that failed to draw a board (its view never came) does not keep it open once
    its cell has run again; a widget made and never displayed is kept (a callback may show
    it later)."""
    broken, unshown = board_of("broken-cell"), board_of("broken-cell")
    broken._repr_mimebundle_()  # displayed: the page was sent its view
    run_again("broken-cell")
    assert abandoned.sweep({}) == [broken]
    assert broken.comm is None and unshown.comm is not None
    shown = board_of("shown-cell")
    shown._repr_mimebundle_()
    shown._view_count = 1  # its view came, and stays
    run_again("shown-cell")
    assert abandoned.sweep({}) == []
    for widget in (unshown, shown):
        widget.close()


def test_the_user_objects_attributes_are_followed() -> None:
    class Lesson:  # a class a notebook defines
        __module__ = "__main__"

        def __init__(self, board: Any) -> None:
            self.board = board

    board = shown_then_dropped(board_of("lesson-cell"))
    run_again("lesson-cell")
    assert abandoned.sweep({"lesson": Lesson(board)}) == []
    assert board.comm is not None
    assert abandoned.sweep({}) == [board]
    assert board.comm is None and board.closed


def test_a_namespace_too_large_to_walk_closes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    board = shown_then_dropped(board_of("big-cell"))
    run_again("big-cell")
    monkeypatch.setattr(abandoned, "MOST_OBJECTS", 10)
    assert abandoned.sweep({"numbers": list(range(100))}) == []
    assert board.comm is not None
    monkeypatch.undo()
    assert abandoned.sweep({}) == [board]
