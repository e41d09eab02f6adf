"""A fast, impatient clicker, without a browser: presses from the page in quick succession
(the canvas's mouse handler and the choice buttons, as the page sends them), for every game.

After each storm the widget holds what the presses should have made: a double click is one
click whatever the first press did (a move, a pick, lifting the hot-seat cover), no move is
made twice or on a board its player never saw. The browser's version of these storms is
``tests/browser/test_click_storm_page.py``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from typing import Any

import awaiting
import pytest

import tabletop
from tabletop.render.scenecanvas import click_point
from tabletop.widgets import GameWidget

GAMES = list(tabletop.games())


def _press_at(widget: Any, x: float, y: float) -> None:
    """A mouse press on the canvas at scene point ``(x, y)``, as the page sends it."""
    cx, cy = widget.board.to_canvas(x, y)
    widget.board.canvases[-1]._handle_frontend_event(
        None, {"event": "mouse_down", "x": cx, "y": cy}, [])


def _press(widget: Any, target: Hashable) -> None:
    """A press from the page on ``target``: on the board, or its choice button."""
    scene = widget.scene()
    if target in scene.targets():
        _press_at(widget, *click_point(scene, target))
    else:
        widget._choice_buttons[target].click()


def _covered_widget(name: str) -> GameWidget:
    """A hot-seat widget of ``name`` whose cover is up for a human's turn (after a move)."""
    widget = tabletop.play(name, seed=3, hot_seat=True, agent_delay=0)
    widget.confirm()
    while not widget.session.covered():
        widget.play(widget.state.legal_actions()[0])
        widget.confirm() if not widget.session.covered() else None
    return widget


@pytest.mark.parametrize("name", GAMES)
def test_a_double_click_on_the_cover_only_lifts_it(name: str) -> None:
    """The cover is up; its player double-clicks the board where a target lies: the first
    press lifts the cover, the second (the same spot, at once) is its other half, not a
    move or pick on the board the player had not yet seen."""
    widget = _covered_widget(name)
    plies = len(widget.state.history)
    open_board = tabletop.play(widget.state, agent_delay=0, view=widget.state.current_player)
    inp = open_board.session.input
    assert inp is not None
    target = next(iter(inp.paths(widget.state.legal_actions()[0])))[0]
    scene = open_board.scene()
    if target not in scene.targets():  # a button's target: press the board's middle
        point = (scene.width / 2, scene.height / 2)
    else:
        point = click_point(scene, target)
    open_board.close()
    _press_at(widget, *point)
    assert not widget.session.covered()
    _press_at(widget, *point)  # the second half of the double click
    assert len(widget.state.history) == plies, name
    s = widget.session
    assert s.input is not None and s.input.selection == (), name
    assert "your turn" in widget.message, widget.message
    widget.presses.window = 0.0  # a press of its own, later: it counts
    _press_at(widget, *point)
    assert len(widget.state.history) > plies or s.input.selection or \
        widget.message.startswith("Nothing"), name
    widget.close()


def _pressable(widget: Any, target: Hashable) -> bool:
    return target in widget.scene().targets() or target in widget._choice_buttons


def _two_press_move(state: Any) -> tuple[Any, tuple[Hashable, ...]] | None:
    """A legal move of ``state`` made by two presses or more from the page, and its path
    (tried on a scratch widget: some paths go through targets no press reaches)."""
    probe = tabletop.play(state, agent_delay=0)
    inp = probe.session.input
    assert inp is not None
    found = None
    for action in state.legal_actions():
        path = tuple(next(iter(inp.paths(action))))
        if len(path) < 2 or not _pressable(probe, path[0]):
            continue
        probe.presses.window = 0.0
        for target in path:
            if not _pressable(probe, target):
                break
            _press(probe, target)
        if probe.state.history[len(state.history):] == (action,):
            found = action, path
            break
        probe.goto(0) if probe.state is not state else probe.cancel()
        probe.cancel()
    probe.close()
    return found


def _at_a_two_press_move(name: str) -> tuple[GameWidget, tuple[Any, tuple[Hashable, ...]]]:
    """A widget of ``name`` played on (seed 4) to a move of two presses, and that move and
    its path (skips the test if none comes in 60 plies)."""
    widget = tabletop.play(name, seed=4, agent_delay=0)
    for _ in range(60):
        if widget.state.is_terminal:
            break
        found = _two_press_move(widget.state)
        if found is not None:
            return widget, found
        widget.play(widget.state.legal_actions()[-1])
    widget.close()
    pytest.skip(f"{name}: no move of two presses in the first 60 plies")


@pytest.mark.parametrize("name", GAMES)
def test_a_double_click_on_a_pick_keeps_it_picked(name: str) -> None:
    """A pick double-clicked stays picked (the second press used to take it back: "click it
    again to undo"); a later press on it still undoes it; then the move's other presses,
    as fast as they come, make exactly the move."""
    widget, found = _at_a_two_press_move(name)
    action, path = found
    inp = widget.session.input
    assert inp is not None
    _press(widget, path[0])
    _press(widget, path[0])  # the second half of a double click
    assert inp.selection == (path[0],), (name, widget.message)
    widget.presses.window = 0.0  # later, a press of its own: "click it again to undo"
    _press(widget, path[0])
    assert inp.selection == (), name
    plies = len(widget.state.history)
    _press(widget, path[0])
    widget.presses.window = 0.5  # the move's other presses at once: each its own
    for target in path[1:]:
        _press(widget, target)
    assert len(widget.state.history) == plies + 1, name
    assert widget.state.history[-1] == action, (name, widget.state.history[-1], action)
    widget.close()


@pytest.mark.parametrize("name", GAMES)
def test_a_press_after_forget_is_its_own(name: str) -> None:
    """A pick, Forget pressed on the page, and the same spot pressed again at once: the
    board changed between the two presses, so the second is no double click's second half
    (a loaded kernel handles the three in a burst; test_layout lost the press so)."""
    widget, found = _at_a_two_press_move(name)
    _, path = found
    inp = widget.session.input
    assert inp is not None
    _press(widget, path[0])
    assert inp.selection == (path[0],), name
    widget._from_page(widget.cancel_button, widget.cancel)  # Forget, pressed on the page
    assert inp.selection == (), name
    _press(widget, path[0])
    assert inp.selection == (path[0],), (name, widget.message)
    widget.close()


@pytest.mark.parametrize("name", GAMES)
def test_bot_move_and_seat_storms_while_bots_think_leave_one_consistent_line(
        name: str) -> None:
    """In an event loop, bots in every seat but one: "Bot move" pressed five times in a row
    while a bot thinks, then the thinking seat's dropdown changed five times: one line (no
    move made twice, no branch), no bot left "thinking" after the runs end, no error."""
    state = tabletop.load(name).new(seed=2, setup="random")
    human = state.current_player
    bots = {p: "mcts-weak" for p in range(state.game.players) if p != human}

    async def storm() -> None:
        widget = tabletop.play(state, bots=bots, agent_delay=0.2, panel_delay=0.05)
        widget.play(state.legal_actions()[0])
        for _ in range(5):
            widget.agent_button.click()
            await asyncio.sleep(0)
        await awaiting.until(lambda: not widget.runner.running, "the bots' replies", 60)
        s = widget.session
        plies = len(widget.state.history)
        assert plies >= len(state.history) + 6 and len(s.graph) == plies + 1, name
        if not widget.state.is_terminal and s.agent_to_move() is None:
            widget.play(widget.state.legal_actions()[0])
        await asyncio.sleep(0.01)
        p = widget.state.current_player
        if p is not None and widget.runner.running:
            for spec in ["human", "random", "human", "mcts-weak", "human"]:
                widget.seat_pickers[p].value = spec
                await asyncio.sleep(0)
            await asyncio.sleep(0.5)
            assert widget.session.agent_to_move() is None and widget.state.current_player == p
        await awaiting.until(lambda: not widget.runner.running, "the bots' replies", 60)
        assert widget.runner.thinking is None and "thinking" not in widget.turn_html.value
        assert len(s.graph) == len(widget.state.history) + 1, name
        assert "failed" not in widget.message and "rror" not in widget.message, widget.message
        widget.close()

    asyncio.run(storm())
