"""The end of a game through the OpenSpiel adapter (round 56, the endgame angle): a
finished game's history can be named, the usual way, with the one-argument
``action_to_string`` (whose player is the player to move, ``TERMINAL`` at the end) and
with ``action_to_string(state.current_player(), a)``; a pseudo-player other than the one
to move is still refused. Skips without OpenSpiel, unless ``CI`` is ``"true"``."""

import os
import random

import pytest

if os.environ.get("CI") == "true":
    import pyspiel
else:
    pyspiel = pytest.importorskip(
        "pyspiel", reason='OpenSpiel is an optional extra: pip install "tabletop[openspiel]"')

import tabletop
from tabletop.adapters import openspiel
from tabletop.core.registry import game_class

CASES = [(name, n) for name in tabletop.games()
         for n in sorted({min(game_class(name).player_counts),
                          max(game_class(name).player_counts)})]


def _finished(name, players, seed=None):
    """An OpenSpiel state played by random moves to the end (and the ids it played)."""
    game = openspiel.load_game(name, players=players, seed=seed)
    state, rng = game.new_initial_state(), random.Random(5)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[3][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{n}-{p}" for n, p in CASES])
def test_a_finished_games_moves_are_named(name, players):
    state = _finished(name, players)
    played = [step.action for step in state.full_history() if step.player >= 0]
    expected = [str(a) for a in state.tabletop.history]
    assert [state.action_to_string(a) for a in played] == expected
    assert [state.action_to_string(state.current_player(), a) for a in played] == expected
    assert [state.action_to_string(step.player, step.action)
            for step in state.full_history() if step.player >= 0] == expected


@pytest.mark.parametrize("name", tabletop.games())
def test_a_finished_game_refuses_a_move_saying_it_is_over(name):
    state = _finished(name, min(game_class(name).player_counts), seed=3)
    first = state.full_history()[0].action
    with pytest.raises(tabletop.IllegalAction, match="the game is over"):
        state.apply_action(first)
    with pytest.raises(pyspiel.SpielError, match=r"illegal action \(\d+\): \S"):
        state.apply_action_with_legality_check(first)  # OpenSpiel's own check, named
    assert state.is_terminal() and state.returns() == list(state.tabletop.returns())


@pytest.mark.parametrize("pseudo", [pyspiel.PlayerId.TERMINAL, -4, -2, -3, -5])
def test_a_pseudo_player_not_to_move_is_still_refused(pseudo):
    game = openspiel.load_game("lava-flows", seed=3)
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="player must be"):
        state.action_to_string(pseudo, 0)
    over = _finished("lava-flows", 2, seed=3)
    if int(pseudo) != int(pyspiel.PlayerId.TERMINAL):
        with pytest.raises(ValueError, match="player must be"):
            over.action_to_string(pseudo, 0)


@pytest.mark.parametrize("name", tabletop.games())
def test_string_to_action_at_the_end_says_the_game_is_over(name):
    state = _finished(name, min(game_class(name).player_counts), seed=3)
    text = state.action_to_string(state.full_history()[-1].action)
    for args in ((text,), (0, text), (state.current_player(), text)):
        with pytest.raises(tabletop.IllegalAction,
                           match=r"names no legal action here; legal: none \(the game is "
                                 r"over\)$"):
            state.string_to_action(*args)


def test_string_to_action_for_a_player_not_to_move_says_whose_turn_it_is():
    state = openspiel.load_game("lascaux", players=3, seed=3).new_initial_state()
    mover = state.current_player()
    other = (mover + 1) % 3
    with pytest.raises(tabletop.IllegalAction, match=rf"names no legal action here; legal: none "
                                                     rf"\(player {other} is not to move: "
                                                     rf"player {mover} is\)$"):
        state.string_to_action(other, "pass")
