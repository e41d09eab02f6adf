"""A server that keeps nothing between clicks replays the clicks an input says it has
picked (``ClickInput.picked``): ``check_clicks`` (in ``check_game``) checks that this brings
a new input to where the old one was, for every game and every selection."""

import pytest
from broken_resume import FAST, ForgetfulNim, SwitchNim

import tabletop
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.clicks import check_clicks
from tabletop.games.lacuna.input import PLACE_FREELY
from tabletop.render.pointing import resumed


def test_a_toy_that_lists_its_switch_passes(registered):
    game = registered(SwitchNim)
    assert check_clicks(game, seeds=range(2)) > 0
    state = game.new(seed=0)
    while ("counter", 0) not in resumed(state).next_targets():
        state = state.apply(state.legal_actions()[0])
    inp = resumed(state, [("counter", 0), FAST])
    assert inp.fast and inp.picked() == (("counter", 0), FAST)


def test_a_toy_that_forgets_its_switch_is_caught(registered):
    with pytest.raises(ConformanceError, match=r"after clicking \('mode', 'fast'\) after "
                       r"\('counter', \d\), a new input given its picked\(\) clicks "
                       r"\(\('counter', \d\),\) is elsewhere: hint 'after counter"):
        check_clicks(registered(ForgetfulNim), seeds=range(2))


@pytest.mark.parametrize("name", tabletop.games())
def test_every_game_resumes_its_clicks(name):
    assert check_clicks(tabletop.load(name), seeds=[0], every=6) > 0


def test_lacunas_place_freely_is_replayed_and_forgotten_with_a_flower():
    """Before, ``picked()`` did not exist and a resumed Lacuna input dropped "place freely":
    the next click on the line snapped to a dot instead of landing where it fell."""
    state = tabletop.load("lacuna").new(seed=1).apply("aside red")
    inp = resumed(state, [("flower", 24), ("flower", 41), PLACE_FREELY])
    assert inp.free and inp.picked() == (("flower", 24), ("flower", 41), PLACE_FREELY)
    inp.click(("flower", 41))  # un-picked: the next pair starts on the dots again
    assert not inp.free and inp.picked() == (("flower", 24),)
