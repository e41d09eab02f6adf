"""No stale text: every message in the widget is cleared or replaced by the next action.

A warning about the seats, the view or the hot seat is about how things were; once the
person changes them, it goes.
"""

from html import escape

import tabletop
from tabletop.agents import make_agent
from tabletop.widgets import GameWidget
from tabletop.widgets.panels import as_sentence


def lava(**options) -> GameWidget:
    """Lava Flows at its first decision (White arranges), with no delays."""
    options.setdefault("agent_delay", 0)
    options.setdefault("panel_delay", 0)
    return tabletop.play("lava-flows", seed=4, **options)


def refused_click(widget: GameWidget) -> str:
    """Click the middle of the board while clicking is blocked; the warning it leaves."""
    scene = widget.scene()
    assert widget.click(scene.width / 2, scene.height / 2) is None
    assert widget.message
    assert escape(widget.message) in widget.message_html.value  # as the HTML writes it
    return widget.message


def assert_cleared(widget: GameWidget) -> None:
    """Nothing left to tell: the line shows only the hint of what a click does now (none
    while clicking is blocked)."""
    assert widget.message == ""
    assert f'<div class="tt-msg hint">{as_sentence(widget.hint)}</div>' == \
        widget.message_html.value


def test_the_other_players_view_warning_goes_when_the_view_is_switched_back():
    widget = lava(view=1)
    assert widget.state.current_player == 0
    assert "you are seeing Black's view: switch the view to play" in refused_click(widget)
    widget.view = 0
    assert_cleared(widget)
    widget.view = 1  # and the other way: a warning made in one view is not shown in another
    refused_click(widget)
    widget.view = "full"
    assert_cleared(widget)


def test_the_bot_seat_warning_goes_when_the_seat_is_made_human():
    widget = lava()
    widget.session.seats[0] = make_agent("random")  # a bot seat whose move is not made yet
    widget.session._input_key = None
    widget._syncing = True  # (the picker shows it, as if chosen there)
    widget.seat_pickers[0].value = "random"
    widget._syncing = False
    assert "White is played by the random bot" in refused_click(widget)
    widget.seat_pickers[0].value = "human"
    assert_cleared(widget)


def test_a_warning_goes_when_the_hot_seat_is_turned_on_or_off():
    widget = lava(view=1)
    refused_click(widget)
    widget.hot_seat = True
    assert_cleared(widget)
    widget.confirm()
    assert widget.message == "White, your turn."
    widget.hot_seat = False
    assert_cleared(widget)


def test_a_refused_click_is_replaced_by_the_next_click_or_step():
    widget = lava()
    assert widget.click(-5, -5) is None  # off the board
    assert widget.message.startswith("Nothing to play there")
    widget.play(widget.state.legal_actions()[0])
    assert widget.message.startswith("White played")
    widget.back()
    assert_cleared(widget)
