"""Every robustness check of the conformance suite, on every registered game and player count.

A game added to the registry is checked here without any new test code.
"""

import pytest

import tabletop
from tabletop.core.registry import game_class
from tabletop.core.testing.abuse import CHECKS

CONFIGS = [(name, players) for name in tabletop.games()
           for players in game_class(name).player_counts]


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__module__.rsplit(".", 1)[-1])
@pytest.mark.parametrize("name, players", CONFIGS, ids=[f"{n}-{p}" for n, p in CONFIGS])
def test_every_game_survives_abuse(check, name, players):
    check(tabletop.load(name, players=players), seeds=range(2))
