"""Lacuna's faster setup against plain references: the same draws, the same layouts."""

from __future__ import annotations

import random

import numpy as np

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


def ref_scatter(rng: random.Random, count: int, radius: int, spacing: float):
    """``scatter`` as it was: ``random()`` drawn one at a time, kept by ``adsorb``."""
    points = np.zeros((2, 0))
    while True:
        u = np.array([rng.random() for _ in range(4 * count)]).reshape(2, 2 * count)
        rad = radius * np.sqrt(u[0])
        ang = (2 * np.pi) * u[1]
        batch = np.rint((rad * np.cos(ang), rad * np.sin(ang)))
        points = np.concatenate((points, batch), axis=1) if points.size else batch
        points = points.take(kernels.adsorb(points, float(radius) ** 2, spacing * spacing,
                                            count), axis=1)
        if points.shape[1] == count:
            break
    xs, ys = points.take(np.argsort(points[0] - 65536 * points[1]), axis=1).astype(
        np.int64).tolist()
    return tuple(zip(xs, ys, strict=True))


def test_scatter_draws_as_before_and_leaves_the_generator_where_it_did():
    for seed in range(100):
        a, b = random.Random(seed), random.Random(seed)
        assert scatter(a, 48, 9690, 775.0) == ref_scatter(b, 48, 9690, 775.0)
        assert a.getstate() == b.getstate()
