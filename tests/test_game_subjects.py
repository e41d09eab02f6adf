"""A game's own methods refuse a position of another game, or a player it does not have
(``core/subjects.py``), for every game."""

from __future__ import annotations

import numpy as np
import pytest

import tabletop


def _other(name):
    return "lascaux" if name != "lascaux" else "landlock"


@pytest.mark.parametrize("name", tabletop.games())
def test_draw_and_parse_action_take_the_games_own_positions(name):
    game = tabletop.load(name)
    state = game.new(seed=1, setup="random")
    alien = tabletop.load(_other(name)).new(seed=1)
    for subject, shown in ((alien, f"a {type(alien).__name__}"), (5, "5"), (None, "None")):
        with pytest.raises(TypeError, match=rf"{name}.draw\(\) takes a {name} state or view, "
                                            rf"not {shown}"):
            game.draw(subject)
        with pytest.raises(TypeError, match=rf"{name}.parse_action\(\) takes a {name} state "
                                            rf"or view, not {shown}"):
            game.parse_action(subject, "pass")
    move = str(state.legal_actions()[0])
    assert game.parse_action(state.view(state.current_player), move) == state.legal_actions()[0]
    assert game.draw(state.view(0)).width > 0


@pytest.mark.parametrize("name", tabletop.games())
def test_player_name_takes_one_of_the_games_players(name):
    game = tabletop.load(name)
    assert game.player_name(np.int64(1)) == game.player_name(1)
    for player in (game.players, -1, "0", None, 1.0, True):
        with pytest.raises(ValueError, match=rf"player_name\(\) takes a player "
                                             rf"0..{game.players - 1}"):
            game.player_name(player)
