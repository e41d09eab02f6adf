"""The conformance suite's own entry points refuse arguments they cannot check with, at once
and naming the call: a check given no seeds would check nothing and pass."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core.testing import (
    check_abuse,
    check_ending,
    check_endings,
    check_game,
    check_variants,
    soak,
)

GAME = tabletop.load("lava-flows")


@pytest.mark.parametrize("call, error, message", [
    (lambda: check_game("landlock"), TypeError,
     "check_game checks a Game \\(tabletop.load\\(name\\)\\), not 'landlock'"),
    (lambda: check_abuse(None), TypeError, "check_abuse checks a Game"),
    (lambda: soak(tabletop.load, 2), TypeError, "soak checks a Game"),
    (lambda: check_game(GAME, seeds=[]), ValueError, "check_game was given no seeds"),
    (lambda: check_abuse(GAME, seeds=range(0)), ValueError, "check_abuse was given no seeds"),
    (lambda: check_game(GAME, seeds=5), TypeError, "seeds should be an iterable of ints"),
    (lambda: check_game(GAME, seeds="01"), TypeError, "seeds should be an iterable of ints"),
    (lambda: check_game(GAME, seeds=[1.5]), ValueError,
     "check_game's seeds should be whole numbers from 0 to 2\\*\\*64 - 1, not 1.5"),
    (lambda: check_game(GAME, seeds=[-1]), ValueError, "not -1"),
    (lambda: check_game(GAME, max_steps=0), ValueError,
     "check_game's max_steps should be a whole number ≥ 1, not 0"),
    (lambda: check_game(GAME, views_every=0), ValueError, "views_every should be"),
    (lambda: check_game(GAME, package_seeds=-1), ValueError, "package_seeds should be"),
    (lambda: soak(GAME, games=-1), ValueError, "soak's games should be a whole number ≥ 1"),
    (lambda: soak(GAME, 0), ValueError, "soak's games should be a whole number ≥ 1, not 0"),
    (lambda: soak(GAME, 2, first_seed=-1), ValueError, "soak's seeds should be whole numbers"),
    (lambda: soak(GAME, 2, every=0), ValueError, "soak's every should be"),
    (lambda: check_endings("lava-flows"), TypeError, "check_endings checks a Game"),
    (lambda: check_endings(GAME, seeds=[]), ValueError, "check_endings was given no seeds"),
    (lambda: check_ending(GAME.new(seed=1), GAME.new(seed=1)), ValueError,
     "check_ending needs a finished game's last state"),
    (lambda: check_ending("end", None), TypeError, "check_ending's state should be a State"),
    (lambda: check_variants("lava-flows"), TypeError, "check_variants checks a Game"),
    (lambda: check_variants(GAME, seeds=[]), ValueError, "check_variants was given no seeds"),
    (lambda: check_variants(GAME, rules_only="no"), TypeError,
     "check_variants's rules_only should be True or False, not 'no'"),
])
def test_the_suite_refuses_what_it_cannot_check_with(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_numpy_seeds_and_counts_are_taken():
    np = pytest.importorskip("numpy")
    result = soak(GAME, np.int64(1), first_seed=np.int64(3))
    assert result.games == 1 and result.failed == 0
