"""``view.determinize(rng)`` takes a ``random.Random`` or an int seed, for every game, and
refuses anything else with a ``TypeError`` before the game's sampling reads it."""

from __future__ import annotations

import random

import numpy as np
import pytest

import tabletop
from tabletop.core.testing import random_states


@pytest.mark.parametrize("name", tabletop.games())
def test_a_seed_draws_what_a_generator_seeded_with_it_draws(name):
    game = tabletop.load(name)
    for _, state in random_states(game, seeds=range(2), every=5):
        if state.is_terminal:
            continue
        view = state.view(state.current_player)
        assert view.determinize(7) == view.determinize(random.Random(7))
        assert view.determinize(np.int64(7)) == view.determinize(7)
        assert view.determinize(random.SystemRandom()).view(view.player) == view


@pytest.mark.parametrize("name", tabletop.games())
@pytest.mark.parametrize("source", [None, "7", 2.5, True, np.random.default_rng(1), [1]])
def test_anything_else_is_refused_by_name(name, source):
    view = tabletop.load(name).new(seed=1).view(0)
    with pytest.raises(TypeError, match="determinize needs a random.Random or an int seed"):
        view.determinize(source)
