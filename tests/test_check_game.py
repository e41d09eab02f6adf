"""check_game passes a sound game and catches a deliberately broken one for each invariant."""

import pytest
from toygame import LeakyNim, MutatingNim, RejectingNim, SecretNim, UnseededNim

from tabletop.core.testing import ConformanceError, check_game


def test_a_sound_game_passes_and_the_report_says_what_was_checked(registered):
    report = check_game(registered(SecretNim), seeds=range(15))
    assert report.games == 15 == report.terminal
    assert report.actions_applied > report.steps > 15 * 5
    assert report.illegal_tried > 0 and report.views_checked == 2 * report.steps


def test_the_random_setup_path_passes_too(registered):
    assert check_game(registered(SecretNim), seeds=range(5), setup="random").games == 5


@pytest.mark.parametrize("broken, message", [
    (MutatingNim, "an earlier state changed"),
    (LeakyNim, r"sees 'bonus \d' only as 'bonus \?', yet it shows in their view"),
    (UnseededNim, "two games from the same seed differ"),
    (RejectingNim, "legal action 'take 2' was rejected by apply"),
])
def test_each_broken_toy_is_caught(registered, broken, message):
    with pytest.raises(ConformanceError, match=message):
        check_game(registered(broken), seeds=range(10))


def test_malformed_actions_pass_on_a_sound_game_and_catch_a_lax_one(registered):
    from broken_malformed import LaxNim

    from tabletop.core.testing.malformed import check_malformed_actions

    check_malformed_actions(registered(SecretNim), seeds=range(5), every=1)
    with pytest.raises(ConformanceError, match=r"is_legal\(Take\(count=.*\)\) answered True"):
        check_malformed_actions(registered(LaxNim), seeds=range(5), every=1)


def test_secrecy_passes_on_a_sound_game_and_catches_a_telling_one(registered):
    from broken_secrecy import TellingNim

    from tabletop.core.testing.secrecy import check_secrecy

    check_secrecy(registered(SecretNim), seeds=range(5), every=1)
    with pytest.raises(ConformanceError, match="can tell hidden information apart by the "
                                               "view text"):
        check_secrecy(registered(TellingNim), seeds=range(5), every=1)


def test_options_pass_on_a_sound_game_and_catch_a_loose_one(registered):
    from broken_options import LooseNim

    from tabletop.core.testing.options import check_options

    check_options(registered(SecretNim))
    with pytest.raises(ConformanceError, match=r"loose-nim with max_take=nan: the value was "
                                               r"accepted, then the game broke: TypeError"):
        check_options(registered(LooseNim))
