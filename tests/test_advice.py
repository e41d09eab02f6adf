"""Advice taken literally: every action a refusal lists is accepted when typed back, and
every repr that reads as a constructor call rebuilds what it shows (``check_advice``)."""

import pytest
from broken_advice import CommaNim, RoundedReprNim, ShortReprNim, StaleExampleNim, StaleRangeNim
from toygame import SecretNim

import tabletop
from tabletop.core.errors import InvalidOption
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.abuse import CHECKS
from tabletop.core.testing.advice import (
    check_advice,
    check_option_ranges,
    check_refusal_examples,
    check_refusal_lists,
    check_reprs,
)
from tabletop.games.landlock import LandlockState
from tabletop.games.lascaux import LascauxState, LascauxView


def test_the_check_is_part_of_the_abuse_suite():
    """So every game and player count is checked by ``tests/test_abuse.py``."""
    assert check_advice in CHECKS


def test_a_sound_toy_passes(registered):
    check_advice(registered(SecretNim), seeds=range(3), every=1)


@pytest.mark.parametrize("broken, check, message", [
    (ShortReprNim, check_reprs, r"reads as a constructor call, but evaluated .* raises "
                                r"TypeError: .*missing 1 required keyword-only argument: "
                                r"'first'"),
    (RoundedReprNim, check_reprs, r"which is not equal to the RoundedReprState"),
    (CommaNim, check_refusal_lists, r"a refusal lists 4 texts for 2 legal actions \(does "
                                    r"an action's notation hold ', '\?\): 'take, 1, take, 2'"),
    (StaleExampleNim, check_refusal_examples, r"the refusal of 'bonus \d' gives the example "
                                              r"'bonus \d', which is refused in turn"),
])
def test_each_broken_toy_is_caught(registered, broken, check, message):
    with pytest.raises(ConformanceError, match=message):
        check(registered(broken), seeds=range(3), every=1)


def test_an_option_range_that_is_not_the_accepted_range_is_caught(registered):
    with pytest.raises(ConformanceError, match=r"option max_take=5, a bound its refusal "
                                               r"names, is refused"):
        check_option_ranges(registered(StaleRangeNim))


@pytest.mark.parametrize("name, option, value, says, then", [
    ("lava-flows", "ply_cap", 0, "must be a whole number from 1 to 100000", 1),
    ("lacuna", "flower_radius", 0.00015, "a multiple of 0.0001", 0.0002),
    ("lacuna", "mat_radius", 0.4, "at least 20 times flower_radius and pawn_radius (0.62 "
                                  "with their defaults)", 0.62),
    ("lacuna", "flower_radius", 0.2, "at most 5% of mat_radius (0.05 with its default)", 0.05),
])
def test_an_option_refusal_names_everything_a_value_must_be(name, option, value, says, then):
    """Each used to name only a range (``from 0.0001 to 0.1``, ``a number from 1 to
    100000``), and a value in it was then refused for a reason it had not said."""
    with pytest.raises(InvalidOption) as refused:
        tabletop.load(name, **{option: value})
    assert says in str(refused.value)
    tabletop.load(name, **{option: then}).new(seed=0)  # what it says is allowed


@pytest.mark.parametrize("name, players", [("lascaux", 3), ("lascaux", 5), ("landlock", 2),
                                           ("landlock", 4)])
def test_a_state_and_its_views_are_rebuilt_from_their_reprs(name, players):
    """Lascaux's mover and Landlock's pile were left out of the reprs, so copying a repr
    from a notebook into a cell raised ``TypeError`` (a required argument missing)."""
    names = {"tabletop": tabletop, "LascauxState": LascauxState, "LascauxView": LascauxView,
             "LandlockState": LandlockState}
    state = tabletop.load(name, players=players).new(seed=4)
    for _ in range(9):
        state = state.apply(state.legal_actions()[-1])
    for subject in (state, state.view(0)):
        if type(subject).__name__ in names:
            assert eval(repr(subject), names) == subject  # noqa: S307
