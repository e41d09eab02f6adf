"""Click targets on the board: the conformance check, its broken toys, and Landlock's fix."""

import pytest
from broken_targets import CrampedNim, ShiftedNim, TakeInput, TargetNim, ViewShiftedNim
from toygame import SecretNim

import tabletop
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.abuse import CHECKS
from tabletop.core.testing.targets import check_targets_on_board
from tabletop.games.landlock import render as landlock_render
from tabletop.games.landlock.input import LandlockInput


def test_the_check_is_part_of_the_abuse_suite():
    assert check_targets_on_board in CHECKS


def test_a_sound_toy_passes_and_its_buttons_are_not_on_the_board(registered):
    game = registered(TargetNim)
    check_targets_on_board(game, seeds=range(3))
    first = game.new(seed=0)
    offered = TakeInput(first).next_targets()
    assert offered == (("bonus", 0), ("bonus", 1))
    assert not set(offered) & set(game.draw(first, highlight=offered).targets())


def test_a_game_without_click_input_passes(registered):
    check_targets_on_board(registered(SecretNim), seeds=range(2))


@pytest.mark.parametrize("broken, message", [
    (CrampedNim, r"target \('counter', \d\) is drawn at x \d+\.\.\d+, y 15\.\.45, outside "
                 r"the 380×90 board, where it cannot be clicked"),
    (ShiftedNim, r"target \('take',\) after clicking \('counter', \d\) is drawn at "
                 r"x 370\.\.420, y 60\.\.84, outside the 380×90 board"),
    (ViewShiftedNim, r"ply 2, Player \d's view: target \('counter', \d\) is drawn at "
                     r"x \d+\.\.\d+, y 15\.\.45, outside"),
])
def test_each_broken_toy_is_caught(registered, broken, message):
    with pytest.raises(ConformanceError, match=message):
        check_targets_on_board(registered(broken), seeds=range(3))


def first_gnome_tile():
    """A Landlock position whose first tile has a gnome: all four turns fit the middle."""
    game = tabletop.load("landlock")
    for seed in range(20):
        s = game.new(seed=seed, setup="random")
        while s.land_team is None:
            s = s.apply(s.legal_actions()[0])
        if len(s.legal_actions()) == 4:
            return s
    raise AssertionError("no first gnome tile in 20 seeds")


def test_landlock_draws_all_four_turns_of_a_first_tile_inside_the_board():
    s = first_gnome_tile()
    clicker = LandlockInput(s)
    (cell,) = clicker.next_targets()
    clicker.click(cell)
    turns = clicker.next_targets()
    assert turns == (("rot", 0), ("rot", 1), ("rot", 2), ("rot", 3))
    scene = s.scene(highlight=turns)
    for target in turns:
        x0, y0, x1, y1 = scene.targets()[target].bounds()
        assert 0 <= x0 and x1 <= scene.width and 0 <= y0 and y1 <= scene.height
        assert scene.hit((x0 + x1) / 2, (y0 + y1) / 2) == target
    assert clicker.click(turns[3]) == s.legal_actions()[3]


def test_the_check_catches_landlocks_old_single_row_of_turns(monkeypatch):
    def one_row(x, y, i):  # the layout before the fix: every turn right of the last
        return x + 72 + i * 56, y + 36

    monkeypatch.setattr(landlock_render, "_preview_xy", one_row)
    with pytest.raises(ConformanceError, match=r"target \('rot', 2\) after clicking "
                                               r"\('cell', 'f6'\) is drawn at x 610\.\.656"):
        check_targets_on_board(tabletop.load("landlock"), seeds=range(2))
