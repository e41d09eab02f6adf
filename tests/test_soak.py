"""The soak: 200 seeded random games of every game and player count, every invariant checked
(``python benchmarks/soak.py --games 100000`` runs the same at length); and it reports what
breaks, game by game, without stopping."""

import re

import pytest
from broken_longgames import StaleCacheNim
from toygame import LeakyNim, SecretNim

import tabletop
from tabletop.core.registry import game_class
from tabletop.core.testing.soak import KEPT_FAILURES, SoakResult, soak

CONFIGS = [(name, players) for name in tabletop.games()
           for players in game_class(name).player_counts]
GAMES = 200


@pytest.mark.slow
@pytest.mark.parametrize("name, players", CONFIGS, ids=[f"{n}-{p}" for n, p in CONFIGS])
def test_every_game_survives_the_soak(name, players):
    result = soak(tabletop.load(name, players=players), games=GAMES)
    assert result.failures == [] and result.failed == 0
    assert result.games == GAMES and result.plies >= GAMES * 10


def test_a_sound_toy_passes(registered):
    result = soak(registered(SecretNim), games=50, first_seed=100)
    assert (result.games, result.failed) == (50, 0)


@pytest.mark.parametrize("broken, message", [
    (LeakyNim, r"leaky-nim seed \d+ ply \d+ view \d: a determinization's view differs"),
    (StaleCacheNim, r"stale-cache-nim seed \d+ ply \d+ copy.deepcopy: the restored object "
                    r"carries the original's cache"),
])
def test_each_broken_toy_fails_game_by_game(registered, broken, message):
    result = soak(registered(broken), games=40)
    assert result.games == 40 and result.failed > 0
    assert len(result.failures) == min(result.failed, KEPT_FAILURES)
    assert re.match(message, result.failures[0]), result.failures[0]


def test_results_add_up():
    total = SoakResult()
    total.add(SoakResult(games=3, plies=30, seconds=1.0, failed=1, failures=["a"]))
    total.add(SoakResult(games=2, plies=20, seconds=0.5, failed=6, failures=list("bcdefg")))
    assert (total.games, total.plies, total.seconds, total.failed) == (5, 50, 1.5, 7)
    assert total.failures == list("abcde")
