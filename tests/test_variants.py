"""The conformance suite under every game's non-default options (``check_variants``): each
registered game declares variants that give every option a value other than its default,
and each is played through ``check_game`` and the option-sensitive robustness checks.

A game added to the registry is checked here without any new test code.
"""

import pytest
from broken_variants import (
    DefaultTableNim,
    DefaultVariantNim,
    OneAtATimeDice,
    StaleVariantNim,
    UndeclaredNim,
)
from toygame import SecretNim

import tabletop
from tabletop.core.testing import ConformanceError, check_game, check_variants


@pytest.mark.slow
@pytest.mark.parametrize("name", tabletop.games())
def test_every_game_passes_the_suite_under_its_variants(name):
    games = check_variants(tabletop.load(name))
    assert games and all(g.options != g.defaults or g.players != type(g)().players
                         for g in games)


def test_a_sound_toy_passes(registered):
    """(The rules only: the toy is not built to pass every robustness check.)"""
    assert [dict(g.options) for g in check_variants(registered(SecretNim), range(3),
                                                    rules_only=True)] == [{"max_take": 3}]


def test_a_bug_that_shows_only_off_the_default_option_is_caught(registered):
    """The table is built from the defaults: ``check_game`` at the defaults passes, the
    variant ``max_take=3`` fails."""
    game = registered(DefaultTableNim)
    check_game(game, seeds=range(3))
    for rules_only in (True, False):
        with pytest.raises(ConformanceError, match=r"default-table-nim variant players=2, "
                                                   r"max_take=3: .*'take 3' has no id"):
            check_variants(game, rules_only=rules_only)


@pytest.mark.parametrize("broken, message", [
    (UndeclaredNim, r"no variant gives max_take a value other than its default: declare "
                    r"UndeclaredNim\.variants"),
    (DefaultVariantNim, r"variant \{'max_take': 2\} is the defaults"),
    (StaleVariantNim, r"variant \{'max_take': 4\} does not load: option max_take=4"),
    (OneAtATimeDice, r"no variant changes two settings at once \(options, or the player "
                     r"count\)"),
])
def test_variants_that_check_nothing_are_refused(registered, broken, message):
    with pytest.raises(ConformanceError, match=message):
        check_variants(registered(broken), rules_only=True)
    if broken is OneAtATimeDice:  # each variant alone is sound
        for options in broken.variants:
            check_game(broken(**options), seeds=range(2), package_seeds=0)
