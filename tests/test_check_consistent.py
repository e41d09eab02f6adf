"""``observations.Consistent``: two equal views hand out the same tensor, text, private move
log and information state (``check_observations``; ``check_game`` checks all but the
private log, which needs the state the view came from)."""

from __future__ import annotations

import pytest

from tabletop.core.testing import ConformanceError, check_game
from tabletop.core.testing.observations import check_observations

STARTED = (r"started-nim seed \d+ ply \d+ view \d: str\(\) differs from the one at "
           r"started-nim seed \d+ ply \d+ view \d, yet the views are equal \(==\) \(line 1: "
           r"'pile \d.*started at \d' != 'pile \d.*started at \d'\): it tells apart what the "
           r"view's equality merges")
REMEMBERING = (r"remembering-nim seed \d+ ply \d+ view \d: the private move log \(the steps "
               r"the player saw otherwise than another player did\) differs from the one at "
               r"remembering-nim seed \d+ ply \d+ view \d, yet the views are equal \(==\) "
               r"\(entry \d: 'bonus \d' != 'bonus \d'\)")


def test_a_field_left_out_of_equality_but_shown_in_the_text_is_caught(registered):
    """Two equal views whose texts (so information states) differ: one state, two strings."""
    from broken_consistent import StartedNim

    game = registered(StartedNim)
    with pytest.raises(ConformanceError, match=STARTED):
        check_game(game, seeds=range(10), package_seeds=0)
    with pytest.raises(ConformanceError, match=STARTED):
        check_observations(game, seeds=range(10))


def test_a_log_that_remembers_a_secret_the_view_forgets_is_caught(registered):
    """The player's own secret choice, forgotten by their view, still in their move log."""
    from broken_consistent import RememberingNim

    with pytest.raises(ConformanceError, match=REMEMBERING):
        check_observations(registered(RememberingNim), seeds=range(10))


def test_views_that_forget_with_logs_that_forget_too_pass(registered):
    """The sound twin of ``RememberingNim``; and public steps a view does not keep (the
    takes that led to a pile) may differ between equal views."""
    from broken_consistent import ForgetAllNim
    from toygame import SecretNim

    report = check_game(registered(ForgetAllNim), seeds=range(10), package_seeds=0)
    assert report.games == 10
    check_observations(registered(ForgetAllNim), seeds=range(10))
    check_observations(registered(SecretNim), seeds=range(15))
