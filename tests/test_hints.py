"""Hints and refusals speak each game's words: a one-line hint at every input step, and no
raw tuple or index in any hint, button label or refused click (issue 16, point 3)."""

import random
import re

import pytest

import tabletop
from tabletop.core.errors import IllegalAction
from tabletop.core.input import ClickInput
from tabletop.core.testing.common import random_states
from tabletop.games.lava_flows.actions import Move
from tabletop.games.lava_flows.input import LavaFlowsInput, ordinal

#: What a raw target looks like in text: a tuple's brackets or quotes, or a numbered piece.
RAW = re.compile(r"[()\[\]\"]|'\w+'|\bpiece -?\d")

GAMES = [(name, players) for name in tabletop.games()
         for players in tabletop.load(name).player_counts]


def assert_words(text: str, where: str) -> None:
    assert text and "\n" not in text, f"{where}: {text!r}"
    assert not RAW.search(text), f"{where}: raw target in {text!r}"


def walk(game, subject, rng: random.Random, where: str) -> int:
    """Check the hint, labels and a refused click at every step of a few actions' paths."""
    checked = 0
    inp: ClickInput = game.input_class(subject)
    legal = list(subject.legal_actions())
    for action in rng.sample(legal, min(4, len(legal))):
        inp.reset()
        path = tuple(next(iter(inp.paths(action))))
        for i, target in enumerate(path):
            at = f"{where} {action} step {i}"
            assert_words(inp.hint(), at)
            for offered in inp.next_targets()[:30]:
                assert_words(inp.label(offered), at)
            with pytest.raises(IllegalAction) as refused:
                inp.click(("nowhere", 99))
            assert_words(str(refused.value).replace("nowhere 99", "nowhere"), at)
            checked += 1
            if inp.click(target) is not None:
                break
    return checked


@pytest.mark.parametrize("name, players", GAMES)
def test_every_step_has_a_one_line_hint_in_the_games_words(name, players):
    game = tabletop.load(name, players=players)
    checked = 0
    for where, state in random_states(game, range(2), every=3):
        mover = state.current_player
        if mover is None:
            continue
        rng = random.Random(where)
        checked += walk(game, state, rng, where)
        checked += walk(game, state.view(mover), rng, f"{where}, view")
    assert checked > 20


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
    widget = tabletop.play("lava-flows", seed=4, panel_delay=0, bot_delay=0)
    assert widget.message == ""
    assert widget.hint == "click the home cell where the black Medium hides"
    assert widget.hint in widget.message_html.value and "hint" in widget.message_html.value
    scene = widget.scene()
    (cell, shape) = next((t, sh) for t, sh in scene.targets().items()
                         if t in widget.session.input.next_targets())
    x0, y0, x1, y1 = shape.bounds()
    assert widget.click((x0 + x1) / 2, (y0 + y1) / 2) is None
    assert widget.message.startswith(f"Picked cell {cell[1]}: click the home cell where the "
                                     "white Medium hides")


def test_a_blocked_board_has_no_hint():
    widget = tabletop.play("lava-flows", seed=4, view=1, panel_delay=0, bot_delay=0)
    assert widget.hint == "" and widget.message_html.value == '<div class="tt-msg hint"></div>'


def test_the_hint_follows_the_news_of_a_move():
    widget = tabletop.play("lava-flows", seed=4, panel_delay=0, bot_delay=0)
    widget.play(widget.state.legal_actions()[0])
    assert widget.message.startswith("White played") and widget.hint
    assert widget.hint not in widget.message  # the text property is the news alone
    sentence = f"{widget.hint[0].upper()}{widget.hint[1:]}."
    assert widget.message_html.value.endswith(f'<span class="tt-hint">{sentence}</span></div>')
