"""DESIGN.md, "States are values": ``apply`` returns a new state and shares what didn't
change. Round 62: a Lascaux pass with an empty pot copied every player's stones (and an
auction that claimed nothing the table and collections), a Lava Flows pass or a bubble
that left its stack as it was copied the whole board; ``check_sharing`` (run by
``check_game``) now holds every game to it."""

from __future__ import annotations

import pytest
from broken_sharing import CopyingNim
from toygame import SecretNim

import tabletop
from tabletop.core.testing import ConformanceError, check_sharing
from tabletop.core.testing.common import random_playout

CONFIGS = [(name, players) for name in tabletop.games()
           for players in tabletop.load(name).player_counts]


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_every_game_shares_what_an_action_leaves_unchanged(name, players):
    check_sharing(tabletop.load(name, players=players), seeds=range(4))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_lascaux_pass_with_an_empty_pot_keeps_the_stones_tuple(players):
    passes = 0
    for state in random_playout(tabletop.load("lascaux", players=players), 1):
        if state.is_legal("pass") and state.pot == 0:
            after = state.apply("pass")
            assert after.stones is state.stones
            passes += 1
    assert passes > 0


def test_a_lava_flows_pass_keeps_the_stacks_tuple():
    passes = 0
    for seed in range(3):
        for state in random_playout(tabletop.load("lava-flows"), seed):
            if state.is_legal("pass"):
                after = state.apply("pass")
                assert after.stacks is state.stacks and after.cones is state.cones
                passes += 1
    assert passes > 0


def test_the_check_names_the_copied_field_and_the_action(registered):
    with pytest.raises(ConformanceError, match=r"after 'take \d+': the new state's 'bonus' "
                                               r"equals the old state's .* but is a copy"):
        check_sharing(registered(CopyingNim), seeds=range(2))


def test_the_sound_toy_passes_and_check_game_runs_the_check(registered):
    check_sharing(registered(SecretNim), seeds=range(3))
    with pytest.raises(ConformanceError, match="is a copy of it"):
        tabletop.core.testing.check_game(registered(CopyingNim), seeds=range(2),
                                         package_seeds=0)
