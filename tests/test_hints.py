"""Hints and refusals speak each game's words: a one-line hint at every input step, and no
raw tuple or index in any hint, button label or refused click (issue 16, point 3)."""

import pytest
from broken_targets import TargetNim
from broken_words import ChattyNim, IndexRefusalNim, RawLabelNim, SilentNim

import tabletop
from tabletop.core.errors import IllegalAction
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.abuse import CHECKS
from tabletop.core.testing.words import check_click_words
from tabletop.games.lava_flows.actions import Move
from tabletop.games.lava_flows.input import LavaFlowsInput, ordinal


def test_the_check_is_part_of_the_abuse_suite():
    """So every game and player count is checked by ``tests/test_abuse.py``."""
    assert check_click_words in CHECKS


def test_a_sound_toy_passes(registered):
    check_click_words(registered(TargetNim), seeds=range(3), every=1)


@pytest.mark.parametrize("broken, message", [
    (RawLabelNim, r"names a target by its raw form \('\('\) instead of the game's "
                  r"words: \"click \('counter', \d\)"),
    (SilentNim, r"after 1 click: the hint should be one non-empty line, not ''"),
    (ChattyNim, r"the hint should be one non-empty line, not 'click a counter\\nthen"),
    (IndexRefusalNim, r"the refusal of a stray click names a target by its raw form"),
])
def test_each_broken_toy_is_caught(registered, broken, message):
    with pytest.raises(ConformanceError, match=message):
        check_click_words(registered(broken), seeds=range(3), every=1)


def lava_in_play() -> tabletop.State:
    """A Lava Flows position after setup where the mover can move a top piece."""
    game = tabletop.load("lava-flows")
    s = game.new(seed=3, setup="random")
    while not any(isinstance(a, Move) for a in s.legal_actions()):
        s = s.apply(s.legal_actions()[0])
    return s


def test_lava_flows_hints_before_and_after_a_piece_is_clicked():
    s = lava_in_play()
    inp = LavaFlowsInput(s)
    assert inp.hint().startswith("click one of your top pieces to move it")
    assert "click an empty part of a cell to slide or bubble up there" in inp.hint() \
        or "click an empty part of a cell to bubble up there" in inp.hint()
    move = next(a for a in s.legal_actions() if isinstance(a, Move))
    assert inp.click(("piece", move.src, 0)) is None
    assert inp.hint() == "click a neighbouring cell to move it there"


def test_lava_flows_names_pieces_by_place_not_index():
    inp = LavaFlowsInput(lava_in_play())
    assert inp.label(("piece", "a1", 0)) == "the top piece of a1"
    assert inp.label(("piece", "b2", 2)) == "the 2nd piece below the top of b2"
    assert inp.label(("cell", "c3")) == "cell c3"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]


def test_lava_flows_refusal_names_the_pieces_it_offers():
    s = lava_in_play()
    inp = LavaFlowsInput(s)
    move = next(a for a in s.legal_actions() if isinstance(a, Move))
    inp.click(("piece", move.src, 0))
    with pytest.raises(IllegalAction, match=r"after the top piece of \w\d makes no legal "
                                            r"action; try cell \w\d"):
        inp.click(("oreo", "wbw"))


def test_the_widget_shows_the_hint_when_the_message_line_is_empty():
    widget = tabletop.play("lava-flows", seed=4, panel_delay=0, agent_delay=0)
    assert widget.message == ""
    assert widget.hint == "click the home cell where the black Medium hides"
    # alone on the line, the hint reads as a sentence, as it does after a move's news
    assert widget.message_html.value == ('<div class="tt-msg hint">Click the home cell where '
                                         'the black Medium hides.</div>')
    scene = widget.scene()
    (cell, shape) = next((t, sh) for t, sh in scene.targets().items()
                         if t in widget.session.input.next_targets())
    x0, y0, x1, y1 = shape.bounds()
    assert widget.click((x0 + x1) / 2, (y0 + y1) / 2) is None
    assert widget.message.startswith(f"Picked cell {cell[1]}: click the home cell where the "
                                     "white Medium hides")


def test_a_blocked_board_has_no_hint():
    widget = tabletop.play("lava-flows", seed=4, view=1, panel_delay=0, agent_delay=0)
    assert widget.hint == "" and widget.message_html.value == '<div class="tt-msg hint"></div>'


def test_the_hint_follows_the_news_of_a_move():
    widget = tabletop.play("lava-flows", seed=4, panel_delay=0, agent_delay=0)
    widget.play(widget.state.legal_actions()[0])
    assert widget.message.startswith("White played") and widget.hint
    assert widget.hint not in widget.message  # the text property is the news alone
    sentence = f"{widget.hint[0].upper()}{widget.hint[1:]}."
    assert widget.message_html.value.endswith(f'<span class="tt-hint">{sentence}</span></div>')
