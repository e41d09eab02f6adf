"""Lacuna's faster setup against plain references: the same draws, the same layouts."""

from __future__ import annotations

import random

from tabletop.games.lacuna import kernels
from tabletop.games.lacuna.geometry import scatter
from tabletop.games.lacuna.kernels import uniforms


class Draws(random.Random):
    """A ``random.Random`` subclass: ``uniforms`` must take its ``random()`` as it is."""

    def random(self) -> float:
        return super().random() / 2


def test_uniforms_draw_what_random_draws_and_leave_the_same_state():
    assert kernels._FAST_DRAWS
    for seed in range(200):
        for count in (1, 2, 7, 192):
            a, b = random.Random(seed), random.Random(seed)
            assert uniforms(a, count).tolist() == [b.random() for _ in range(count)]
            assert a.getstate() == b.getstate()


def test_uniforms_of_a_subclass_call_its_random():
    a, b = Draws(3), Draws(3)
    assert uniforms(a, 5).tolist() == [b.random() for _ in range(5)]


class OneAtATime(random.Random):
    """A subclass that keeps ``random()``: ``uniforms`` draws from it one call at a time."""


def test_scatter_draws_as_one_at_a_time_and_leaves_the_generator_where_it_did():
    for seed in range(100):
        a, b = random.Random(seed), OneAtATime(seed)
        assert scatter(a, 48, 9690, 775.0) == scatter(b, 48, 9690, 775.0)
        assert a.getstate() == b.getstate()
