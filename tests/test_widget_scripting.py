"""A notebook's own code around the game widget: observers of ``state`` that raise, that play
a move themselves, that take their time; ``set_trait``, ``link``/``dlink`` (docs/widget.md,
"Scripting the widget")."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import ipywidgets as w
import pytest
import traitlets
from awaiting import until

import tabletop
from tabletop.widgets import GameWidget, observers


class Broken(RuntimeError):
    """The notebook author's own error."""


def in_step(widget: GameWidget) -> None:
    """The widget shows what its session holds: trait, slider, log, turn line."""
    s = widget.session
    assert widget.state is s.state
    line = s.line()
    assert widget.slider.max == len(line) - 1
    assert widget.slider.value == line.index(s.timeline.cursor)
    moves = widget.log_html.value.count("<li")
    assert moves == len(s.graph.nodes[line[-1]]["state"].history)
    assert "thinking" not in widget.turn_html.value or widget.runner.running


def first_human_move(widget: GameWidget) -> Any:
    return widget.state.legal_actions()[0]


@pytest.mark.parametrize("game", tabletop.games())
def test_an_observer_that_raises_is_heard_after_the_widget_followed_the_move(game):
    widget = tabletop.play(game, seed=5, bots={1: "random"}, view=None, agent_delay=0)
    heard: list[int] = []

    def broken(change: dict[str, Any]) -> None:
        heard.append(len(change["new"].history))
        raise Broken("my observer broke")

    widget.observe(broken, "state")
    before = len(widget.state.history)
    with pytest.raises(Broken, match="my observer broke"):
        widget.play(first_human_move(widget))
    in_step(widget)  # the panels followed the move, and the bot (seat 1) replied
    assert len(widget.state.history) > before and heard[0] == before + 1
    assert widget.session.agent_to_move() is None or widget.state.is_terminal
    widget.unobserve(broken, "state")
    widget.back()  # nothing pending: the next call raises nothing
    in_step(widget)
    widget.close()


def test_the_message_line_says_an_observer_failed():
    widget = tabletop.play("lascaux", players=3, seed=1, view=None, agent_delay=0)
    widget.observe(lambda change: (_ for _ in ()).throw(Broken("secret words")), "state")
    with pytest.raises(Broken):
        widget.play(first_human_move(widget))
    assert "observer you hooked on the widget raised Broken: secret words" in widget.message
    widget.view = 0  # no change of state: the observer hears nothing, nothing is raised
    widget.close()


def test_the_message_line_keeps_an_observers_words_from_a_seat():
    widget = tabletop.play("lascaux", players=3, seed=1, view=0, agent_delay=0)
    widget.observe(lambda change: (_ for _ in ()).throw(Broken("secret words")), "state")
    with pytest.raises(Broken):
        widget.play(first_human_move(widget))
    assert "raised Broken" in widget.message and "secret words" not in widget.message
    assert "secret words" not in widget.message_html.value
    widget.close()


def test_a_move_played_inside_an_observer_is_told_to_every_observer_in_order():
    widget = tabletop.play("lacuna", seed=3, agent_delay=0)
    first: list[int] = []
    last: list[int] = []

    def replies(change: dict[str, Any]) -> None:  # answers the first move with another
        first.append(len(change["new"].history))
        if len(change["new"].history) == 1:
            widget.play(change["new"].legal_actions()[0])

    widget.observe(replies, "state")
    widget.observe(lambda change: last.append(len(change["new"].history)), "state")
    widget.play(first_human_move(widget))
    assert first == [1, 2] and last == [1, 2]  # (a nested set_trait told ``last`` 2, then 1)
    assert len(widget.state.history) == 2 and len(widget.timeline) == 3  # played once each
    in_step(widget)
    widget.close()


def test_an_illegal_move_inside_an_observer_raises_from_the_call_that_made_the_move():
    widget = tabletop.play("landlock", seed=3, agent_delay=0)
    widget.observe(lambda change: widget.play("nonsense"), "state")
    with pytest.raises(tabletop.IllegalAction):
        widget.play(first_human_move(widget))
    assert len(widget.state.history) == 1
    in_step(widget)
    widget.close()


def test_observers_undoing_each_other_stop_instead_of_hanging(monkeypatch):
    monkeypatch.setattr(observers, "MAX_ROUNDS", 20)
    widget = tabletop.play("lacuna", seed=3, agent_delay=0)
    widget.play(first_human_move(widget))
    widget.observe(lambda c: widget.back() if c["new"].history else widget.forward(), "state")
    with pytest.raises(RuntimeError, match="changed the state 20 times in a row"):
        widget.back()
    in_step(widget)
    widget.close()


def test_set_trait_cannot_put_another_state_on_show():
    widget = tabletop.play("lava-flows", seed=2, agent_delay=0)
    shown = widget.state
    with pytest.raises(traitlets.TraitError, match="play\\(\\), goto\\(\\)"):
        widget.set_trait("state", shown.game.new(seed=9))
    with pytest.raises(traitlets.TraitError, match="read-only"):
        widget.state = shown
    assert widget.state is shown and widget.session.state is shown
    widget.set_trait("state", shown)  # the state on show itself: nothing changes
    in_step(widget)
    widget.close()


def test_links_follow_the_state_and_the_ply():
    a = tabletop.play("lacuna", seed=3, agent_delay=0)
    b = tabletop.play("lacuna", seed=4, agent_delay=0)
    for widget in (a, b):
        for _ in range(3):
            widget.play(first_human_move(widget))
    ply = w.HTML()
    w.dlink((a, "state"), (ply, "value"), transform=lambda s: f"ply {len(s.history)}")
    w.link((a.slider, "value"), (b.slider, "value"))
    a.start()
    assert ply.value == "ply 0" and b.session.ply() == 0
    b.end()
    assert a.session.ply() == 3 and ply.value == "ply 3"
    in_step(a)
    in_step(b)
    for widget in (a, b):
        widget.close()


def test_bots_go_on_after_an_observer_raises_in_the_event_loop(capsys):
    """A bot's move told to a broken observer: no call to raise it from, so the message line
    says it and the traceback is shown; the bots play on, the widget in step."""

    async def scenario() -> GameWidget:
        widget = tabletop.play("lava-flows", seed=3, bots={0: "random", 1: "random"},
                               agent_delay=0.01, panel_delay=0, paused=True)
        heard: list[int] = []

        def broken(change: dict[str, Any]) -> None:
            heard.append(len(change["new"].history))
            if len(change["new"].history) == 3:
                raise Broken("broke at ply 3")

        widget.observe(broken, "state")
        widget.paused = False
        await until(lambda: len(heard) >= 6, "the bots' moves after the broken observer")
        widget.paused = True
        await until(lambda: not widget.runner.running, "the bots to stop")
        assert heard == list(range(1, len(heard) + 1))  # each move heard once, in order
        return widget

    widget = asyncio.run(scenario())
    in_step(widget)
    assert "Broken: broke at ply 3" in capsys.readouterr().err
    widget.close()


def test_a_slow_observer_delays_the_bots_but_plays_nothing_twice():
    async def scenario() -> GameWidget:
        widget = tabletop.play("lacuna", seed=3, bots={1: "random"}, agent_delay=0.01,
                               panel_delay=0)
        widget.observe(lambda change: time.sleep(0.3), "state")
        widget.play(first_human_move(widget))
        await until(lambda: widget.session.agent_to_move() is None
                    and not widget.runner.running, "the bot's reply")
        return widget

    widget = asyncio.run(scenario())
    assert len(widget.timeline) == len(widget.state.history) + 1  # one line, no repeats
    in_step(widget)
    widget.close()


def test_an_observer_of_a_control_that_raises_stops_none_of_the_others():
    widget = tabletop.play("landlock", seed=3, bots={1: "random"}, view=None, agent_delay=0)
    said: list[str] = []

    def broken(change: dict[str, Any]) -> None:
        said.append(change["new"])
        raise Broken("message observer broke")

    widget.message_html.observe(broken, "value")
    widget.slider.observe(broken, "value")
    with pytest.raises(Broken, match="message observer broke"):
        widget.play(first_human_move(widget))
    in_step(widget)  # the slider, log and turn line were set after the message's observer
    assert said and "observer you hooked on the widget raised Broken" in widget.message
    widget.close()


def test_a_turn_line_observer_that_raises_does_not_stop_the_bots(capsys):
    async def scenario() -> GameWidget:
        widget = tabletop.play("lava-flows", seed=3, bots={0: "random", 1: "random"},
                               agent_delay=0.01, panel_delay=0, paused=True)

        def broken(change: dict[str, Any]) -> None:
            if "thinking" in change["new"]:
                raise Broken("turn observer broke")

        widget.turn_html.observe(broken, "value")
        widget.paused = False
        await until(lambda: len(widget.state.history) >= 4, "the bots to play on")
        widget.paused = True
        await until(lambda: not widget.runner.running, "the bots to stop")
        return widget

    widget = asyncio.run(scenario())
    in_step(widget)
    assert "Broken: turn observer broke" in capsys.readouterr().err
    widget.close()


def test_a_fault_of_the_widgets_own_is_never_taken_for_an_observers():
    widget = tabletop.play("lacuna", seed=3, agent_delay=0)

    def faulty() -> None:
        raise ZeroDivisionError("ours")

    with pytest.raises(ZeroDivisionError, match="ours"):
        widget.observers.guarded(widget, faulty)
    assert widget.observers.errors == [] and "ours" not in widget.message
    widget.close()


def test_a_closed_tree_refuses_changes_and_opens_no_game_widget():
    from tabletop.widgets import TreeWidget

    tree = TreeWidget(tabletop.load("lava-flows").new(seed=3), depth=1)
    opened = tree.open_in_game(1)
    tree.close()
    assert tree.closed and opened.closed  # the game it opened closed with it
    selected, graph = tree.selected, tree.graph.number_of_nodes()
    for change in (lambda: tree.select(1), lambda: tree.expand(1), lambda: tree.press("Home"),
                   lambda: tree.open_in_game(0), lambda: setattr(tree, "max_depth", 2),
                   lambda: setattr(tree, "player", 0), tree.collapse_all, tree.refresh):
        with pytest.raises(ValueError, match="this TreeWidget is closed"):
            change()
    assert tree.game_widget is opened  # no new, unseen game widget (with its bots) was made
    assert tree.selected == selected and tree.graph.number_of_nodes() == graph
    assert tree.state(0) is not None and tree.svg().startswith("<svg")  # still read


def test_a_double_click_whose_move_an_observer_failed_on_plays_once():
    from tabletop.widgets.presses import press

    widget = tabletop.play("lacuna", seed=3, agent_delay=0)
    widget.observe(lambda change: (_ for _ in ()).throw(Broken("observer")), "state")
    where = ("board", 10.0, 10.0)

    def first_move() -> Any:
        return widget.play(first_human_move(widget))

    with pytest.raises(Broken):
        press(widget, where, first_move)  # the page's first press: the move, then the error
    press(widget, where, first_move)  # its double click's second half: dropped
    assert len(widget.state.history) == 1
    widget.close()


def test_a_seat_picked_on_the_page_never_shows_an_observers_words_as_its_refusal(capsys):
    mover = tabletop.load("lascaux", players=3).new(seed=1).current_player
    widget = tabletop.play("lascaux", players=3, seed=1, view=(mover + 1) % 3, agent_delay=0)
    widget.observe(lambda change: (_ for _ in ()).throw(ValueError("secret words")), "state")
    widget.seat_pickers[mover].value = "random"  # the page's pick: the bot moves
    assert widget.session.seats[mover] is not None and len(widget.state.history) == 1
    assert "secret words" not in widget.message and "raised ValueError" in widget.message
    assert "secret words" in capsys.readouterr().err  # its traceback, for the author
    widget.close()
