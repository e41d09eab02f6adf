"""Lava Flows' ply cap [I18]: a position built at the cap is the same finished draw as a game
played up to it, whichever way the state was made (``apply`` or ``game.position``)."""

from __future__ import annotations

import pytest

import tabletop
from tabletop import InvalidOption

CELLS = {"b2": "w b", "a1": "[b:W] W", "c3": "[w:B] B"}


@pytest.mark.parametrize("cap", [1, 7, 200])
def test_a_position_built_at_the_cap_is_the_draw_a_played_game_reaches(cap):
    game = tabletop.load("lava-flows", ply_cap=cap)
    built = game.position(CELLS, to_move=0, plies=cap)
    played = game.position(CELLS, to_move=1, plies=cap - 1).apply("pass")
    for state in (built, played):
        assert state.is_terminal and state.outcome == "ply cap"
        assert state.current_player is None and state.winners == ()
        assert state.returns() == (0.0, 0.0) and state.legal_actions() == ()
        assert "draw (ply cap)" in str(state)
        for player in (0, 1):
            view = state.view(player)
            assert view.is_terminal and view.current_player is None
            assert view.determinize(0).is_terminal


def test_one_ply_short_of_the_cap_the_game_goes_on():
    game = tabletop.load("lava-flows", ply_cap=5)
    state = game.position(CELLS, to_move=0, plies=4)
    assert not state.is_terminal and state.current_player == 0
    assert "1 ply to a draw" in state.game_status()


def test_a_win_at_the_cap_is_a_win():
    """A position that is won and at the cap: the win, as ``apply`` decides it."""
    game = tabletop.load("lava-flows", ply_cap=5)
    won = game.position({"c3": "W w"}, cones={"a3": 0, "b3": 0}, plies=5)
    assert won.outcome == "win" and won.winners == (0,)
    last = game.position({"c2": "w", "c3": "W"}, cones={"a3": 0, "b3": 0}, plies=4)
    played = last.apply("move c2-c3")  # the third cone, on the cap's ply
    assert played.plies == 5 and played.outcome == "win" and played.winners == (0,)

@pytest.mark.parametrize("plies", [-1, 6, 10**6])
def test_plies_outside_zero_to_the_cap_are_refused(plies):
    game = tabletop.load("lava-flows", ply_cap=5)
    with pytest.raises(InvalidOption, match=r"from 0 to ply_cap \(5\); not -?\d+"):
        game.position(CELLS, plies=plies)


@pytest.mark.parametrize(("to_move", "plies", "first"),
                         [(0, 0, 0), (1, 0, 1), (1, 3, 0), (0, 5, 1)])
def test_the_first_player_follows_from_who_moves_and_the_plies(to_move, plies, first):
    """Players alternate, so a built position's first player is the one its plies imply,
    as in a played game; a ``first`` that disagrees is refused, not kept."""
    game = tabletop.load("lava-flows")
    assert game.position(CELLS, to_move=to_move, plies=plies).first == first
    assert game.position(CELLS, to_move=to_move, plies=plies, first=first).first == first
    with pytest.raises(InvalidOption, match=r"moved first \(players alternate\)"):
        game.position(CELLS, to_move=to_move, plies=plies, first=1 - first)


def test_a_played_game_and_its_built_position_agree_on_the_first_player():
    state = tabletop.load("lava-flows").new(seed=3, setup="random")
    while not state.is_terminal and state.plies < 5:
        state = state.apply(state.legal_actions()[0])
    built = state.game.position({}, to_move=state.to_move, plies=state.plies)
    assert built.first == state.first
