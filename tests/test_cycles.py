"""The reference-cycle check (``core/testing/cycles.py``): sound games pass, a state that
refers back to itself through its cache is caught, and the collector's state is restored."""

import gc

import pytest
from broken_cycles import CyclicNim, RolloutCyclicNim
from toygame import SecretNim

import tabletop
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.cycles import check_cycles


def test_a_sound_toy_passes(registered):
    check_cycles(registered(SecretNim), seeds=range(3))


@pytest.mark.parametrize("name", tabletop.games())
def test_every_game_frees_what_it_makes_without_the_collector(name):
    check_cycles(tabletop.load(name), seeds=range(2))


def test_a_state_caught_in_a_cycle_is_caught_and_the_collector_is_left_as_it_was(registered):
    assert gc.isenabled()
    with pytest.raises(ConformanceError,
                       match=r"left objects in reference cycles \(freed only by the garbage "
                             r"collector\): \d+ "):
        check_cycles(registered(CyclicNim), seeds=range(2))
    assert gc.isenabled() and not gc.get_debug() & gc.DEBUG_SAVEALL


def test_a_cycle_made_only_by_a_search_s_rollout_hook_is_caught(registered):
    with pytest.raises(ConformanceError, match=r"left objects in reference cycles"):
        check_cycles(registered(RolloutCyclicNim), seeds=range(2))
