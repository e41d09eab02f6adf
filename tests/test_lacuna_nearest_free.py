"""``state.nearest_free(x, y)`` promises the legal free placement nearest a point, to the tick.

Touching is allowed (docs/rules/lacuna.md, I3): a pawn whose centre is exactly
r_flower + r_pawn from a flower's, 2·r_pawn from another pawn's, or exactly r_mat − r_pawn
from the mat's centre is legal, so the nearest legal tick point is often the touching one.
These tests compare the helper with an exhaustive search of every tick point nearer the
click than the helper's answer.
"""

from __future__ import annotations

import math
import random

import numpy as np

import tabletop
from tabletop.games.lacuna.actions import PlaceFree

GAME = tabletop.load("lacuna")
FLOWER, PAWN, RIM = 310, 290, 10_000 - 290  # ticks


def _position():
    """No pair is open (one flower per colour), so free placements are the legal moves."""
    return GAME.position([(0, 0, "red"), (0.07, 0, "blue"), (0.5, 0.5, "green"),
                          (-0.6, -0.6, "white")], pawns=[(-0.3, 0.3, 0), (0.2, -0.7, 1)])


def _legal_grid(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Which tick points are legal free spots in ``_position()`` (exact integers)."""
    ok = xs * xs + ys * ys <= RIM * RIM
    for fx, fy in ((0, 0), (700, 0), (5000, 5000), (-6000, -6000)):
        ok &= (xs - fx) ** 2 + (ys - fy) ** 2 >= (FLOWER + PAWN) ** 2
    for px, py in ((-3000, 3000), (2000, -7000)):
        ok &= (xs - px) ** 2 + (ys - py) ** 2 >= (2 * PAWN) ** 2
    return ok


def _nearer_legal(qx: float, qy: float, got: PlaceFree) -> list[tuple[int, int]]:
    """Every legal tick point strictly nearer ``(qx, qy)`` (ticks) than ``got``."""
    d = math.dist((qx, qy), (got.x, got.y))
    span = np.arange(-math.ceil(d) - 1, math.ceil(d) + 2)
    xs, ys = np.meshgrid(span + round(qx), span + round(qy))
    xs, ys = xs.astype(np.int64), ys.astype(np.int64)
    nearer = (xs - qx) ** 2 + (ys - qy) ** 2 < d * d - 1e-9
    hit = nearer & _legal_grid(xs, ys)
    return list(zip(xs[hit].tolist(), ys[hit].tolist(), strict=True))


def test_the_legal_grid_is_the_games():
    s = _position()
    assert s.open_pairs() == ()
    rng = random.Random(1)
    for _ in range(300):
        x, y = rng.randint(-10_000, 10_000), rng.randint(-10_000, 10_000)
        want = bool(_legal_grid(np.array([x]), np.array([y]))[0])
        assert s.is_legal(PlaceFree(x, y)) == want, (x, y)


def test_touching_spots_are_the_nearest():
    """A click on a flower, a pawn or off the mat lands touching it, not one tick further."""
    near = _position().nearest_free
    assert near(0.5, 0.49) == PlaceFree(5000, 4400)  # flower reach 310 + 290 = 600
    assert near(-0.3, 0.31) == PlaceFree(-3000, 3580)  # pawn reach 2·290 = 580
    assert near(1.2, 0) == PlaceFree(RIM, 0)  # back onto the mat, on its rim
    assert near(0.3, -0.2) == PlaceFree(3000, -2000)  # already legal: kept


def test_no_legal_tick_point_is_nearer_than_the_answer():
    s = _position()
    rng = random.Random(7)
    clicks = [(0.035, 0.0), (0.0, 0.0), (0.02, 0.03), (0.5, 0.5), (0.53, 0.52),
              (-0.3, 0.3), (-0.29, 0.32), (0.7, 0.7), (0.69, -0.705), (-0.61, -0.58)]
    centres = [(0, 0), (0.07, 0), (0.5, 0.5), (-0.6, -0.6), (-0.3, 0.3), (0.2, -0.7)]
    for cx, cy in centres:  # clicks scattered on and just around every piece
        for _ in range(6):
            a, r = rng.uniform(0, 2 * math.pi), rng.uniform(0, 0.07)
            clicks.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    for _ in range(8):  # and just off the mat
        a = rng.uniform(0, 2 * math.pi)
        clicks.append((0.975 * math.cos(a), 0.975 * math.sin(a)))
    for x, y in clicks:
        got = s.nearest_free(x, y)
        assert got is not None and s.is_legal(got), (x, y, got)
        assert _nearer_legal(x * 10_000, y * 10_000, got) == [], (x, y, got)
