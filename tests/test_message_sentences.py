"""Every text the widget's message line shows is a sentence — a capital first, a full stop
last — the refusal of a click or a typed move and an agent's failure too, which the game or
the agent words for a program ("clicking … makes no legal action; try …")."""

import pytest

import tabletop
from tabletop.widgets.messages import sentence

GAMES = tabletop.games()


def is_sentence(text: str) -> bool:
    """A capital first (or a quoted move, as typed), a full stop (or ! ? …) last."""
    first = text[:1]
    return (bool(text) and (first in "'\"“" or first == first.upper())
            and text.endswith((".", "!", "?", "…")))


def test_sentence_capitalises_and_ends_with_a_full_stop():
    assert sentence("clicking x makes no legal action; try y") == \
        "Clicking x makes no legal action; try y."
    assert sentence("Pass the board.") == "Pass the board."
    assert sentence("'pass' is not legal here (bidding)") == "'pass' is not legal here (bidding)."
    assert sentence("") == ""


@pytest.mark.parametrize("name", GAMES)
def test_a_refused_click_reads_as_a_sentence(name):
    widget = tabletop.play(name, seed=1)
    widget.choose(("no", "such", "target"))
    assert widget.session.message.kind == "error"
    assert "makes no legal action" in widget.message and is_sentence(widget.message), \
        widget.message
    assert widget.message.startswith("Clicking ")


@pytest.mark.parametrize("name", GAMES)
def test_a_refused_typed_move_reads_as_a_sentence(name):
    widget = tabletop.play(name, seed=1)
    with pytest.raises(tabletop.IllegalAction):
        widget.play("no such move")
    assert is_sentence(widget.message), widget.message


def test_a_failed_agent_reads_as_a_sentence():
    class Raises:
        def act(self, view):
            raise RuntimeError("out of ideas")

    game = tabletop.load("lava-flows")
    first = game.new(seed=1).current_player
    widget = tabletop.play("lava-flows", seed=1, bots={first: Raises()}, agent_delay=0)
    assert widget.message == "Bot failed: out of ideas (RuntimeError)."
