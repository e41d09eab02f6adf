"""Landlock refuses text that is no action, and position() arguments out of range, saying
what is allowed (cells a1 … k11 or 0 .. 120, rotations r0..r3, kinds 0 .. 7, players,
points per team) rather than only "not legal" or an IndexError from a table."""

import pytest

import tabletop
from tabletop.core.errors import IllegalAction


@pytest.fixture(scope="module")
def game():
    return tabletop.load("landlock")


@pytest.fixture(scope="module")
def placing(game):
    state = game.new(seed=1)
    return state.apply(state.legal_actions()[0])  # the role chosen: a tile to place on f6


@pytest.mark.parametrize("text, said", [
    ("e6 r5", "rotation is r0, r1, r2 or r3 \\(quarter turns clockwise\\), not 'r5'"),
    ("f6 r4", "rotation is r0, r1, r2 or r3"),
    ("e6 r-1", "rotation is r0, r1, r2 or r3 .*not 'r-1'"),
    ("e6 x1", "rotation is r0, r1, r2 or r3 .*not 'x1'"),
    ("z9 r0", "no cell 'z9': cells are a1 … k11"),
    ("l6 r0", "no cell 'l6': cells are a1 … k11"),
    ("e12", "no cell 'e12': cells are a1 … k11"),
    ("bridge a0", "no cell 'a0': cells are a1 … k11"),
    ("bridge", "a bridge names the one cell it replaces, like 'bridge e5'"),
    ("bridge e6 r1", "a bridge names the one cell"),
    ("e6 r0 r1", "actions are 'land', 'water', a placement like 'f6 r1' \\(rotation r0..r3\\)"),
    ("hello", "actions are 'land', 'water'"),
])
def test_text_that_is_no_action_says_what_is_allowed(game, placing, text, said):
    with pytest.raises(IllegalAction, match=f"'{text}' is no action in The Legend of "
                                            f"Landlock: .*{said}.*; North may play: f6 r0"):
        placing.apply(text)


def test_well_formed_text_is_still_read(game, placing):
    assert str(game.parse_action(placing, "F6  R2")) == "f6 r2"
    for read in (lambda text: game.parse_action(placing, text), placing.apply):
        with pytest.raises(IllegalAction, match="'e6 r1' is not legal here \\(the first tile "
                                                "goes in the middle, f6\\); North may play"):
            read("e6 r1")  # well-formed but illegal here: parse_action refuses it as apply does


@pytest.mark.parametrize("arguments, said", [
    ({"tiles": [("f6", 99, 0)]}, "a tile kind's number is 0 .. 7, not 99"),
    ({"tiles": [("f6", -1, 0)]}, "a tile kind's number is 0 .. 7, not -1"),
    ({"tiles": [(500, "path", 0)]}, "a cell's number is 0 .. 120 \\(a1 … k11\\), not 500"),
    ({"tiles": [(-1, "path", 0)]}, "a cell's number is 0 .. 120"),
    ({"tiles": [(True, "path", 0)]}, "no cell 'True': cells are a1 … k11"),
    ({"pile": [99]}, "a tile kind's number is 0 .. 7, not 99"),
    ({"first": 5}, "first must be a player 0..1, not 5"),
    ({"to_move": 2}, "to_move must be a player 0..1, not 2"),
    ({"tussocks": (-1, 2)}, "tussocks must be two ints ≥ 0 \\(points per team\\)"),
    ({"gnome_bonus": (1,)}, "gnome_bonus must be two ints ≥ 0"),
    ({"gnome_bonus": (1, 2, 3)}, "gnome_bonus must be two ints ≥ 0"),
])
def test_position_numbers_out_of_range_are_refused_with_the_range(game, arguments, said):
    with pytest.raises(ValueError, match=said):
        game.position(**arguments)


def test_position_numbers_in_range_are_taken(game):
    s = game.position([(60, 0, 0), ("g6", 3, 0)], pile=[0, 3, "T"], first=1, to_move=0,
                      tussocks=(2, 0), gnome_bonus=(0, 1))
    assert (s.to_move, s.tussocks, s.gnome_bonus, s.count) == (0, (2, 0), (0, 1), 2)
    four = tabletop.load("landlock", players=4).position(first=3)
    assert four.first == 3
