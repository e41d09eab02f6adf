"""A remote hub over a slow link: what the kernel sends the page per interaction.

Byte counts, never times (``benchmarks/comm_bytes.py`` prints the figures per game). The
still SVG under a board's canvas was re-sent with every draw, the larger half of every
click's bytes (Lascaux: 25 KB of 54 KB a click); while an event loop runs it now follows at
most once per ``STILL_DELAY``, and every cell's draws reach the notebook when the cell ends.
"""

from __future__ import annotations

import asyncio
import base64
import random
from collections.abc import Callable
from typing import Any

import pytest
from awaiting import until
from commbytes import Meter

import tabletop
from tabletop.render import scenecanvas
from tabletop.render.scene import Scene
from tabletop.render.scenecanvas import SceneCanvas, click_point, flush_stills
from tabletop.render.svg import to_svg


def _scene(i: int) -> Scene:
    scene = Scene(100, 50, background="white")
    scene.circle(10 + i, 25, 8, fill="red", target=("spot", i))
    return scene


def _still_messages(meter: Meter) -> int:
    return sum(1 for part, _ in meter.messages if part == "Image.value")


def test_a_boards_first_still_goes_at_once_so_no_board_is_without_one() -> None:
    """A board first drawn outside a cell (a game the tree opens on a click) had no still
    for ``STILL_DELAY``: a notebook saved then reopened it blank."""
    async def run() -> None:
        board = SceneCanvas()
        board.still_delay = 30.0
        with Meter() as meter:
            board.draw(_scene(0))
            assert _still_messages(meter) == 1
            assert board.still.value == to_svg(_scene(0)).encode("utf-8")
            board.draw(_scene(1))  # later draws wait
            assert _still_messages(meter) == 1
        board.close()

    asyncio.run(run())


def test_quick_draws_send_one_still_of_the_last_scene() -> None:
    async def run() -> None:
        board = SceneCanvas()
        board.still_delay = 0.05
        board.draw(_scene(100))  # the first still goes at once
        with Meter() as meter:
            for i in range(10):
                board.draw(_scene(i))
            assert _still_messages(meter) == 0  # the frames went, the still waits
            assert board.frames == 11
            await until(lambda: _still_messages(meter) >= 1, "the still after the draws")
            await asyncio.sleep(0.2)  # and no other still after it
            assert _still_messages(meter) == 1
            assert board.still.value == to_svg(_scene(9)).encode("utf-8")
            board.draw(_scene(9))  # the same scene again: nothing new to send
            await asyncio.sleep(0.2)
            assert _still_messages(meter) == 1
        board.close()

    asyncio.run(run())


def test_a_board_closed_with_its_still_due_sends_nothing() -> None:
    async def run() -> None:
        board = SceneCanvas()
        board.still_delay = 0.05
        board.draw(_scene(0))  # sent at once
        board.draw(_scene(1))  # due
        assert board in scenecanvas._WAITING
        board.close()
        await asyncio.sleep(0.15)
        assert board.still.comm is None and board not in scenecanvas._WAITING

    asyncio.run(run())


class _Events:
    def __init__(self) -> None:
        self.hooks: list[tuple[str, Any]] = []

    def register(self, event: str, hook: Any) -> None:
        self.hooks.append((event, hook))


class _Shell:
    def __init__(self) -> None:
        self.events = _Events()


def test_a_cells_draws_reach_the_notebook_when_the_cell_ends(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """nbconvert and papermill keep what a cell sent before the kernel went idle."""
    shell = _Shell()
    monkeypatch.setattr("IPython.get_ipython", lambda: shell)
    monkeypatch.setattr(scenecanvas, "_hooked", [])

    async def run() -> None:
        boards = [SceneCanvas(), SceneCanvas()]
        for i, board in enumerate(boards):
            board.draw(_scene(i))
            board.draw(_scene(i + 5))
        assert shell.events.hooks == [("post_run_cell", flush_stills)]  # hooked once
        shell.events.hooks[0][1](None)  # the cell ends
        for i, board in enumerate(boards):
            assert board.still.value == to_svg(_scene(i + 5)).encode("utf-8")
            board.close()

    asyncio.run(run())


@pytest.mark.parametrize("name", tabletop.games())
def test_a_widgets_clicks_in_a_row_send_one_still(name: str) -> None:
    """Steps pressed quickly in a notebook send a frame each and one still for them all."""
    async def run() -> None:
        widget = tabletop.play(name, seed=3, agent_delay=0)
        widget.board.still_delay = 0.05
        for action in widget.state.legal_actions()[:1]:
            widget.play(action)
        flush_stills()
        with Meter() as meter:
            for _ in range(3):
                widget.back()
                widget.forward()
            widget.back()  # the still follows to where the steps ended
            frames = sum(1 for part, _ in meter.messages if part.endswith(":custom"))
            assert frames >= 7 and _still_messages(meter) == 0, name
            await until(lambda: _still_messages(meter) >= 1, f"{name}'s still after the steps")
            await asyncio.sleep(0.2)  # and no other still after it
            assert _still_messages(meter) == 1, name
        assert widget.board.still.value == to_svg(widget.board.scene).encode("utf-8"), name
        widget.close()

    asyncio.run(run())


def _press(widget: Any, target: Any) -> Callable[[], None]:
    """A press from the page on ``target`` (the canvas's mouse handler, or the button); what
    presses the same spot or button again."""
    scene = widget.scene()
    if target in scene.targets():
        x, y = widget.board.to_canvas(*click_point(scene, target))

        def again() -> None:
            widget.board.canvases[-1]._handle_frontend_event(
                None, {"event": "mouse_down", "x": x, "y": y}, [])
    else:
        again = widget._choice_buttons[target].click
    again()
    return again


@pytest.mark.parametrize("name", tabletop.games())
def test_a_double_click_on_the_press_that_moves_makes_one_move(name: str) -> None:
    """Each move of a game made by clicks, its last press doubled: one move each (Lascaux's
    "pay" double-clicked paid for the next player too, over a slow link and locally)."""
    widget = tabletop.play(name, seed=5, setup="random", agent_delay=0)
    rng = random.Random(5)
    doubled = 0
    while not widget.state.is_terminal and doubled < 25:
        plies = len(widget.state.history)
        inp = widget.session.input
        assert inp is not None, widget.session.blocked()
        path = next(iter(inp.paths(rng.choice(widget.state.legal_actions()))))
        for target in path[:-1]:
            _press(widget, target)
        _press(widget, path[-1])()  # again at once: the second half of a double click
        assert len(widget.state.history) == plies + 1, (name, path)
        doubled += 1
    widget.close()


def test_presses_apart_in_time_or_place_and_calls_from_python_each_count() -> None:
    widget = tabletop.play("lascaux", seed=3, agent_delay=0)
    state = widget.state
    while "pay" not in widget.scene().targets():
        widget.play(state.legal_actions()[0])
        state = widget.state
    again = _press(widget, "pay")
    widget.presses.window = 0.0  # the second press comes later than a double click's
    again()
    assert [str(a) for a in widget.state.history[-2:]] == ["pay", "pay"]
    widget.presses.window = 60.0
    x, y = click_point(widget.scene(), "pay")
    plies = len(widget.state.history)
    widget.click(x, y)
    widget.click(x, y)  # Python's clicks are never taken for a double click
    assert len(widget.state.history) == plies + 2
    widget.close()


def test_draws_that_keep_coming_send_a_still_after_the_longest_wait(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A person clicking every 50 ms (under ``still_delay``) keeps the still waiting, but for
    no more than ``STILL_MAX_WAIT``."""
    monkeypatch.setattr(scenecanvas, "STILL_MAX_WAIT", 1.0)

    async def run() -> None:
        board = SceneCanvas()
        board.still_delay = 0.5  # ten times the draws' spacing: a busy machine's slack
        board.draw(_scene(100))  # the first still goes at once
        with Meter() as meter:
            for i in range(10):  # 0.5 s of draws: under the longest wait
                board.draw(_scene(i))
                await asyncio.sleep(0.05)
            assert _still_messages(meter) == 0
            for i in range(10, 22):  # past it: one still, of a scene drawn by then
                board.draw(_scene(i))
                await asyncio.sleep(0.05)
            assert _still_messages(meter) == 1
            await asyncio.sleep(1.0)  # the draws stop: the last scene follows
            assert _still_messages(meter) == 2
            assert board.still.value == to_svg(_scene(21)).encode("utf-8")
        board.close()

    asyncio.run(run())


def test_a_notebook_executed_by_nbclient_keeps_each_boards_last_position(
        tmp_path: Any) -> None:
    """The stills wait in a kernel (its event loop runs), so a cell's last draws go when it
    ends: without that, nbconvert saved the position before the cell's moves."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    moves = ["arrange black a1 white b1", "arrange black a3 white b3"]
    widget = tabletop.play("lava-flows", seed=3, agent_delay=0)
    for move in moves:
        widget.play(move)
    wanted = to_svg(widget.scene()).encode("utf-8")
    widget.close()
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_code_cell("import tabletop\n"
                                  "w = tabletop.play('lava-flows', seed=3, agent_delay=0)\nw"),
        nbformat.v4.new_code_cell(f"for move in {moves!r}:\n    w.play(move)")]
    nbclient.NotebookClient(notebook, kernel_name="python3", store_widget_state=True,
                            resources={"metadata": {"path": str(tmp_path)}}).execute()
    state = notebook.metadata.widgets["application/vnd.jupyter.widget-state+json"]["state"]
    stills = [base64.b64decode(buffer["data"]) for model in state.values()
              if model["model_name"] == "ImageModel" for buffer in model.get("buffers", ())]
    assert stills == [wanted]


@pytest.mark.parametrize("name", tabletop.games())
def test_the_hot_seat_cover_reaches_the_still_at_once(name: str) -> None:
    """The still under the canvas lagged the board by ``STILL_DELAY``: after a hot-seat move
    it kept the last player's view while the next sat down (readable in the page's DOM, or
    in a notebook saved then). A cover is sent at once."""
    async def run() -> None:
        widget = tabletop.play(name, seed=3, hot_seat=True, agent_delay=0)
        widget.board.still_delay = 30.0
        widget.confirm()  # the first player sits down and sees their view
        flush_stills()
        shown = widget.board.still.value
        while not widget.session.covered():  # until the seat changes hands
            widget.play(widget.state.legal_actions()[0])
        assert widget.board.still.value != shown, name
        assert widget.board.still.value == to_svg(widget.board.scene).encode("utf-8"), name
        widget.close()

    asyncio.run(run())
