"""Advice taken literally: every action a refusal lists is accepted when typed back, and
every repr that reads as a constructor call rebuilds what it shows (``check_advice``)."""

import pytest
from broken_advice import CommaNim, RoundedReprNim, ShortReprNim
from toygame import SecretNim

import tabletop
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.abuse import CHECKS
from tabletop.core.testing.advice import check_advice, check_refusal_lists, check_reprs
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
])
def test_each_broken_toy_is_caught(registered, broken, check, message):
    with pytest.raises(ConformanceError, match=message):
        check(registered(broken), seeds=range(3), every=1)


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
