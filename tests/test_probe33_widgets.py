"""Probe 33, the widgets from Python: ``close()`` stops the bots at once (a tree's game widget's
too), ends the widget and leaves none of its parts open; junk driven into a widget is refused,
the widget unchanged."""

from __future__ import annotations

import asyncio
import math
import threading
from typing import Any

import pytest

import tabletop
from tabletop.widgets import GameWidget, TreeWidget

GAMES = [("lascaux", 3), ("lava-flows", 2), ("landlock", 2), ("lacuna", 2)]


class Gated:
    """A bot that plays the first legal move once ``gate`` opens (noting each search)."""

    name = "gated"

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.started = threading.Event()

    def act(self, view: Any) -> Any:
        self.started.set()
        assert self.gate.wait(10), "the test never opened the gate"
        return view.legal_actions()[0]


@pytest.fixture
def thread_errors(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The exceptions raised in threads during the test (``threading.excepthook``; the
    hook as it was afterwards)."""
    errors: list[Any] = []
    monkeypatch.setattr(threading, "excepthook", errors.append)
    return errors


def run(scenario: Any) -> None:
    hook = threading.excepthook
    try:
        asyncio.run(scenario())
    finally:
        threading.excepthook = hook


@pytest.mark.parametrize("name, players", GAMES)
def test_closing_stops_bots_playing_each_other_at_once(name, players, thread_errors):
    errors = thread_errors

    async def scenario() -> None:
        widget = tabletop.play(name, players=players, seed=1,
                               bots=dict.fromkeys(range(players), "random"),
                               agent_delay=0.01, panel_delay=0)
        await asyncio.sleep(0.15)
        states, state = len(widget.timeline), widget.state
        widget.close()
        await asyncio.sleep(0.5)
        assert (len(widget.timeline), widget.state) == (states, state)
        assert widget.closed and not widget.runner.running

    run(scenario)
    assert errors == []


def test_a_search_under_way_when_closing_is_dropped_and_nothing_raises_afterwards(thread_errors):
    errors = thread_errors
    bot = Gated()

    async def scenario() -> None:
        widget = tabletop.play("lava-flows", seed=2, bots={1: bot}, agent_delay=0.01,
                               panel_delay=0)
        widget.agent_move()  # a random move for the human seat; the bot replies
        while not bot.started.is_set():
            await asyncio.sleep(0.01)
        record = widget.save()
        widget.close()
        bot.gate.set()  # the search ends in its thread after the close
        await asyncio.sleep(0.3)
        assert widget.save() == record
        assert widget.runner.thinking is None

    run(scenario)
    assert errors == []


class Closing:
    """A bot that closes its widget as it makes its ``last``-th move."""

    name = "closing"

    def __init__(self, widget: list[GameWidget], last: int) -> None:
        self.widget, self.last, self.calls = widget, last, 0

    def act(self, view: Any) -> Any:
        self.calls += 1
        if self.calls == self.last:
            self.widget[0].close()
        return view.legal_actions()[0]


def test_without_an_event_loop_the_bots_stop_once_the_widget_closes():
    shell: list[GameWidget] = []
    bot = Closing(shell, last=5)
    widget = GameWidget(tabletop.load("lascaux", players=3).new(seed=1), start_bots=False,
                        bots=dict.fromkeys(range(3), bot))
    shell.append(widget)
    widget.agent_move()
    assert widget.closed and bot.calls == 5 and widget.session.ply() <= 5


def test_a_closed_widget_refuses_every_change_and_stays_readable():
    widget = tabletop.play("lascaux", players=3, seed=1, bots={1: "random", 2: "random"})
    widget.play(widget.state.legal_actions()[0])
    record, message = widget.save(), widget.message
    widget.close()
    widget.close()  # twice is fine
    changes = [lambda: widget.play(widget.state.legal_actions()[0]),
               lambda: widget.click(10, 10), lambda: widget.choose("x"),
               widget.agent_move, widget.back, widget.forward, widget.start, widget.end,
               lambda: widget.goto(0), lambda: widget.set_seat(0, "random"),
               lambda: widget.load(record), widget.cancel, widget.confirm,
               lambda: setattr(widget, "paused", True), lambda: setattr(widget, "view", 0),
               lambda: setattr(widget, "hot_seat", True)]
    for change in changes:
        with pytest.raises(ValueError, match="GameWidget is closed"):
            change()
    assert widget.save() == record and widget.message == message
    assert widget.closed and repr(widget).startswith("<GameWidget lascaux")


def test_closing_closes_every_control_the_widget_holds():
    widget = tabletop.play("lascaux", players=3, seed=1)
    inner = [widget.board.widget, *widget.board.canvases, widget.slider, widget.pause_button,
             widget.turn_html, *widget.seat_pickers, widget.slider.layout, widget.slider.style]
    widget.close()
    assert widget.comm is None and all(part.comm is None for part in inner)


def _open_widgets() -> int:
    from ipywidgets.widgets import widget as ipywidget

    # every widget whose comm is open (ipywidgets' own registry: Widget._active_widgets in 8.0)
    return len(getattr(ipywidget, "_instances", None) or ipywidget.Widget._active_widgets)


@pytest.mark.parametrize("make", [
    lambda: tabletop.play("lascaux", players=3, seed=2, bots={1: "random"}),
    lambda: TreeWidget(tabletop.load("lava-flows").new(seed=1), depth=2)],
    ids=["game", "tree"])
def test_a_closed_widget_leaves_no_widget_open(make):
    make().close()  # the first one may open ipycanvas' shared manager
    before = _open_widgets()
    for _ in range(3):
        make().close()
    assert _open_widgets() == before


def test_closing_a_tree_stops_the_bots_of_the_game_it_opened(thread_errors):
    errors = thread_errors

    async def scenario() -> None:
        tree = TreeWidget(tabletop.load("lascaux", players=3).new(seed=1), opener=lambda s, **k:
                          tabletop.play(s, bots=dict.fromkeys(range(3), "random"),
                                        agent_delay=0.01, panel_delay=0, **k))
        game = tree.open_in_game()
        await asyncio.sleep(0.1)
        states = len(game.timeline)
        tree.close()
        await asyncio.sleep(0.4)
        assert game.closed and len(game.timeline) == states

    run(scenario)
    assert errors == []


@pytest.mark.parametrize("x, y", [(math.nan, 1.0), (1.0, math.inf), (1e308, -1e308),
                                  (-math.inf, math.nan)])
def test_a_click_at_a_point_that_is_no_number_or_far_off_hits_nothing(x, y):
    widget = tabletop.play("lava-flows", seed=1)
    before = widget.save()
    assert widget.click(x, y) is None
    assert widget.save() == before


@pytest.mark.parametrize("x, y", [("1", 2), (None, 1), (1, [2]), (True, 1)])
def test_a_click_at_a_point_that_is_not_a_number_is_refused(x, y):
    widget: GameWidget = tabletop.play("lava-flows", seed=1)
    before = widget.save()
    with pytest.raises(ValueError, match="a click is at two numbers"):
        widget.click(x, y)
    assert widget.save() == before
