"""The keyboard's focus after a control pressed on the page is shut or hidden: a player with
no mouse finds it where they press next (``tabletop.widgets.keyfocus``), for every game.

The page's presses are made as ipywidgets makes them: the move box's ``submit`` message
(Enter), ``Button.click()``. Each focus the widget sends (``DOMWidget.focus()``) is recorded.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import ipywidgets as w
import pytest

import tabletop
from tabletop.widgets.game import GameWidget
from tabletop.widgets.keyfocus import RETURN_SECONDS, FocusKeeper, usable


@pytest.fixture
def focused(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[w.DOMWidget]]:
    """Every control the widget sends the focus to, in order; each must take it then."""
    sent: list[w.DOMWidget] = []

    def focus(self: w.DOMWidget) -> None:
        assert usable(self), f"focus sent to a shut or hidden control: {self!r}"
        sent.append(self)

    monkeypatch.setattr(w.DOMWidget, "focus", focus)
    yield sent


def enter(widget: GameWidget, text: str) -> None:
    """Type ``text`` in the move box and press Enter, as on the page."""
    box = widget.move_box
    box.value = text
    box._submitted(box, {"event": "submit"}, [])


@pytest.mark.parametrize("name", tabletop.games())
def test_a_typed_move_against_a_bot_gives_the_focus_back_to_the_move_box(
        name: str, focused: list[w.DOMWidget]) -> None:
    """Enter shuts the box while the bot replies (the page drops its focus); once the box
    opens again the focus is sent back to it, and at the end to "Step back"."""
    widget = tabletop.play(name, seed=4, bots={1: "random"}, agent_delay=0)
    rng = random.Random(4)
    try:
        while not widget.state.is_terminal:
            assert widget.state.current_player != 1
            focused.clear()
            ply = widget.session.ply()
            enter(widget, str(rng.choice(widget.state.legal_actions())))
            assert widget.move_box.value == "" and widget.session.ply() > ply
            if widget.state.is_terminal:
                assert focused[-1:] == [widget.back_button]
            elif widget.session.ply() == ply + 1:  # the human moves again: the box stayed open
                assert focused == []
            else:  # the bot replied
                assert focused == [widget.move_box], (widget.session.ply(), focused)
    finally:
        widget.close()


@pytest.mark.parametrize("name", tabletop.games())
def test_under_the_hot_seat_the_focus_goes_to_show_my_board_and_back_to_the_box(
        name: str, focused: list[w.DOMWidget]) -> None:
    widget = tabletop.play(name, seed=5, hot_seat=True, agent_delay=0)
    rng = random.Random(5)
    try:
        for _ in range(4):
            if widget.session.covered():
                widget.confirm_button.click()
                assert focused[-1] is widget.move_box
            before = widget.state.current_player
            focused.clear()
            enter(widget, str(rng.choice(widget.state.legal_actions())))
            if widget.state.current_player != before:
                assert widget.session.covered() and focused == [widget.confirm_button]
    finally:
        widget.close()


def test_a_step_button_shut_by_its_own_press_sends_the_focus_nowhere_else(
        focused: list[w.DOMWidget]) -> None:
    """A step button may be a finger's or a mouse's: a focus sent to another control could
    scroll the page under them (``tests/browser/test_touch.py``), so none is sent."""
    widget = tabletop.play("lacuna", seed=1, agent_delay=0)
    try:
        for _ in range(3):
            widget.agent_move()
        widget.first_button.click()
        widget.forward_button.click()
        widget.last_button.click()
        widget.back_button.click()
        assert focused == []
    finally:
        widget.close()


def test_a_call_from_python_never_moves_the_focus(focused: list[w.DOMWidget]) -> None:
    """A notebook cell's call (the focus is in the notebook): nothing is focused, even
    after a press on the page left a control to come back to."""
    widget = tabletop.play("lava-flows", seed=1, hot_seat=True, agent_delay=0)
    try:
        widget.play(widget.state.legal_actions()[0])
        widget.confirm()
        widget.start()
        assert focused == []
        widget.confirm_button.click()
        enter(widget, str(widget.state.legal_actions()[0]))
        assert focused[-1] is widget.confirm_button
        focused.clear()
        widget.confirm()  # from a cell: the box opens, but the focus stays in the notebook
        widget.end()
        assert focused == []
    finally:
        widget.close()


def test_a_control_open_again_long_after_its_press_does_not_take_the_focus() -> None:
    clock = [0.0]
    keeper = FocusKeeper(now=lambda: clock[0])
    box = w.Text()
    with keeper.from_page(box):
        box.disabled = True
    assert keeper.settle([]) is None
    clock[0] = RETURN_SECONDS + 1
    box.disabled = False
    assert keeper.settle([]) is None  # the player has moved on meanwhile


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_focus_ring_stands_out_on_every_background_of_the_panel(theme: str) -> None:
    """WCAG's 3:1 for what is not text; the ring is drawn by the widget's own CSS (the
    ipywidgets text box shows its focus only by a pale border, 2.1:1 on white)."""
    from tabletop.render.contrast import contrast
    from tabletop.widgets import panels

    colours = panels.THEMES[theme]
    for bg in ("page", "panel", "now", "line"):
        assert contrast(colours["focus"], colours[bg]) >= 3, (theme, bg)
    assert "var(--tt-focus)" in panels.CSS and ":focus-visible" in panels.CSS


def press_on_board(widget: GameWidget, key: str, shift: bool = False) -> None:
    """A key pressed while the board has the focus, as ipycanvas sends it to the kernel."""
    widget.board.canvases[-1]._handle_frontend_event(
        None, {"event": "key_down", "key": key, "shift_key": shift, "ctrl_key": False,
               "meta_key": False}, [])


@pytest.mark.parametrize("name", tabletop.games())
def test_the_board_is_no_trap_for_the_keyboard(
        name: str, focused: list[w.DOMWidget], monkeypatch: pytest.MonkeyPatch) -> None:
    """ipycanvas takes every key pressed on its canvas, Tab too: the page never moves the
    focus on from the board. The kernel does: Tab to the next open control, Shift-Tab and
    Escape off the board."""
    blurred: list[w.DOMWidget] = []
    monkeypatch.setattr(w.DOMWidget, "blur", lambda self: blurred.append(self))
    widget = tabletop.play(name, seed=1, bots={1: "random"}, agent_delay=0)
    try:
        press_on_board(widget, "Tab")
        assert focused == [widget.move_box]
        press_on_board(widget, "Tab", shift=True)
        press_on_board(widget, "Escape")
        assert len(blurred) >= 2 and widget.board.canvases[-1] in blurred
        press_on_board(widget, "a")  # any other key: nothing
        assert focused == [widget.move_box]
        while not widget.state.is_terminal:
            widget.agent_move()
        focused.clear()
        press_on_board(widget, "Tab")  # over: the box is shut, the next open control
        assert focused and focused[0] is not widget.move_box and usable(focused[0])
    finally:
        widget.close()


def test_the_tree_inspector_is_no_trap_for_the_keyboard(
        focused: list[w.DOMWidget], monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.widgets.tree import TreeWidget

    blurred: list[w.DOMWidget] = []
    monkeypatch.setattr(w.DOMWidget, "blur", lambda self: blurred.append(self))
    from tabletop.core.registry import game_class

    tree = TreeWidget(game_class("lava-flows")().new(seed=1), depth=1)
    try:
        layer = tree.canvas.canvases[-1]
        for key, shift in (("Tab", True), ("Tab", False), ("Escape", False)):
            layer._handle_frontend_event(None, {"event": "key_down", "key": key,
                                                "shift_key": shift, "ctrl_key": False,
                                                "meta_key": False}, [])
        # Shift-Tab: to Open in game; Tab and Esc: off the canvas, and past the cursor over
        # the selected node (focused then let go, so the next Tab goes on after the tree)
        assert focused == [tree.open_button, tree.cursor.widget, tree.cursor.widget]
        assert blurred.count(layer) == 2
        assert all(blurred.count(part) == 2 for part in tree.cursor.parts)
    finally:
        tree.close()
