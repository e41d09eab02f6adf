"""Lascaux pictures and clicks: the scene draws what it should, hides what it must, and
every click target is on the board (that every legal action is reached by clicking, and that
the pictures are the same under any hash seed, ``check_game`` checks in test_lascaux.py)."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core.errors import IllegalAction
from tabletop.core.testing import playout, random_states
from tabletop.games.lascaux import Lascaux
from tabletop.games.lascaux.cards import COLOURS, describe
from tabletop.games.lascaux.input import LascauxInput
from tabletop.render.svg import to_svg


def test_input_class_is_declared():
    assert Lascaux.input_class is LascauxInput


@pytest.mark.parametrize("players,strict", [(3, False), (4, True), (5, False)])
def test_every_click_target_is_drawn_on_the_board(players, strict):
    """Lascaux needs no buttons: every target its input offers is a shape of the picture."""
    game = tabletop.load("lascaux", players=players, strict_colour=strict)
    for _, state in random_states(game, range(2), every=3):
        if state.is_terminal:
            continue
        view = state.view(state.current_player)
        offered = LascauxInput(view).next_targets()
        assert offered and set(offered) <= set(view.scene(highlight=offered).targets())


def test_wrong_click_explains():
    s = tabletop.load("lascaux").new(seed=4)
    clicks = LascauxInput(s)
    with pytest.raises(IllegalAction, match="makes no legal action; try choose brown"):
        clicks.click("pay")
    assert clicks.label(("colour", "blue")) == "choose blue"
    assert clicks.label("pass") == "pass: take the pot"


def test_scene_shows_table_cards_legend_and_buttons():
    s = tabletop.load("lascaux", players=4).new(seed=8)
    svg = s.svg()
    for card in s.table:
        assert describe(card) in svg  # each card's tooltip names animal and colours
    for colour in COLOURS:
        assert f'data-target="colour {colour}"' in svg
    assert 'data-target="pay"' not in svg  # bidding buttons only while bidding
    while s.phase != "bid":
        s = s.apply(s.legal_actions()[0])
    svg = s.svg(highlight=("pay", "pass"), last=s.history[-1])
    assert 'data-target="pay"' in svg and 'data-target="pass"' in svg
    assert "last action: a colour token was laid face down" in svg
    assert 400 <= s.scene().width <= 640


def test_view_picture_hides_other_tokens():
    """No player's view shows another's choice until it is revealed (pictures too)."""
    s = tabletop.load("lascaux").new(seed=2)
    first = s.current_player
    a, b = s.apply("choose blue"), s.apply("choose green")
    for viewer in range(3):
        if viewer != first:
            assert a.view(viewer).svg() == b.view(viewer).svg()
    assert a.view(first).svg() != b.view(first).svg()  # own token is shown to its owner
    assert a.svg() == b.svg()  # a full state draws tokens face down by default
    assert a.svg(reveal=True) != b.svg(reveal=True)


def test_game_over_picture_names_the_winner():
    s = playout(tabletop.load("lascaux").new(seed=1), seed=1)
    assert s.is_terminal
    names = [s.game.player_name(p) for p in s.winners]
    svg = s.svg()
    assert "Game over" in svg and all(n in svg for n in names)


def test_scene_draws_the_stack_and_last_resolution():
    s = playout(tabletop.load("lascaux", players=4).new(seed=3), seed=3,
                until=lambda s: s.phase == "bid" and len(s.stack) == 2 and bool(s.resolved))
    names = [s.game.player_name(p) for p in s.stack]
    svg = to_svg(s.scene())
    assert f"{names[1]} · passed 2nd" in svg and f"{names[0]} · passed 1st" in svg
    assert "auction winner" in svg
