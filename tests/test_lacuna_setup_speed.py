"""Lacuna's faster setup against plain references: the same draws, the same layouts, the
same dead masks."""

from __future__ import annotations

import random

import numpy as np
import pytest

import tabletop
from tabletop.games.lacuna import LacunaState, draws
from tabletop.games.lacuna.draws import Draws
from tabletop.games.lacuna.geometry import GROUP, SAMPLE, STEPS, Geometry, scatter
from tabletop.games.lacuna.kernels import hits


class HalfDraws(random.Random):
    """A ``random.Random`` subclass: ``Draws`` must take its ``random()`` as it is."""

    def random(self) -> float:
        return super().random() / 2


def test_draws_take_uniforms_as_random_does_and_leave_the_same_state():
    assert draws._FAST
    for seed in range(200):
        for count in (1, 2, 7, 192):
            a, b = random.Random(seed), random.Random(seed)
            assert Draws(a).uniforms(count).tolist() == [b.random() for _ in range(count)]
            assert a.getstate() == b.getstate()


def test_draws_of_a_subclass_call_its_methods():
    a, b = HalfDraws(3), HalfDraws(3)
    mine, theirs = list(range(20)), list(range(20))
    d = Draws(a, ahead=50)
    assert d.uniforms(5).tolist() == [b.random() for _ in range(5)]
    d.shuffle(mine)
    b.shuffle(theirs)
    assert mine == theirs and a.getstate() == b.getstate()


@pytest.mark.parametrize("ahead", [0, 3, 100, 1000])
def test_draws_shuffle_as_random_does_and_go_on_where_it_stopped(ahead):
    """Whatever was drawn ahead (none, too few: more is drawn, and the shuffle again), the
    orders are the standard library's and the draws after them too."""
    for seed in range(60):
        for n in (0, 1, 2, 3, 49, 300):
            d, b = Draws(random.Random(seed), ahead), random.Random(seed)
            mine, theirs = list(range(n)), list(range(n))
            first = d.uniforms(3).tolist()
            d.shuffle(mine)
            b_first = [b.random() for _ in range(3)]
            b.shuffle(theirs)
            assert (first, mine) == (b_first, theirs)
            assert d.uniforms(4).tolist() == [b.random() for _ in range(4)]


def plain_initial(game, rng: random.Random) -> tuple:
    """``Lacuna._initial``'s draws one call at a time: the start player, the scatter, the
    pour order of the colours (a shuffle of the 49 flowers), which flower of the set-aside
    colour the start player takes (``taken``)."""
    start = rng.randrange(2)
    p = game.params
    points, _ = scatter(rng, 48, p.mat - p.flower, 2.5 * p.flower)
    order = list(range(49))
    rng.shuffle(order)
    return start, points, tuple(t // 7 for t in order), rng.randrange(7)


@pytest.mark.parametrize("options", [{}, {"mat_radius": 0.5, "flower_radius": 0.025,
                                          "pawn_radius": 0.025}])
def test_initial_draws_what_the_plain_calls_draw(options):
    """The generator's outputs drawn ahead in one call give the same first state (the
    crowded mat needs several batches of candidates, and more outputs for the shuffle)."""
    game = tabletop.load("lacuna", **options)
    for seed in range(300):
        s = game._initial(random.Random(seed))
        assert (s.start, s.points, s.tokens, s.taken) == plain_initial(game,
                                                                        random.Random(seed))
        assert s.pour == s.tokens and s.current_player == s.start and s._geo is None
        assert s.start_taken == s.taken
        assert s == LacunaState(game=game, start=s.start, points=s.points, colors=None,
                                tokens=s.tokens, aside=None, pawns=(), collected=(0, 0),
                                taken=s.taken)


def test_a_geometry_given_scattered_centres_is_the_geometry_of_the_points():
    """``scatter``'s centres handed to ``Geometry`` (as a new game's set-aside move does) are
    the points in fine units: the same geometry as one reading the points afresh."""
    points, centres = scatter(random.Random(3), 48, 9690, 775.0)
    handed = Geometry(points, [i % 7 for i in range(48)], flower_r=310, pawn_r=290,
                      centres=centres)
    afresh = Geometry(points, [i % 7 for i in range(48)], flower_r=310, pawn_r=290)
    assert np.shares_memory(handed.x, centres) and not centres.flags.writeable
    assert handed.x.tolist() == afresh.x.tolist() == [x * STEPS for x, _ in points]
    assert handed.y.tolist() == afresh.y.tolist() == [y * STEPS for _, y in points]
    assert handed._kills == afresh._kills
    state = tabletop.load("lacuna").new(seed=4)
    geo = state.apply(state.legal_actions()[0]).geometry
    assert np.shares_memory(geo.x, state._cache["centres"])  # the new layout took them
    replayed = tabletop.replay(state.apply(state.legal_actions()[0]).to_record())
    assert replayed.geometry.x.tolist() == geo.x.tolist()


class OneAtATime(random.Random):
    """A subclass that keeps ``random()``: ``Draws`` draws from it one call at a time."""


def test_scatter_draws_as_one_at_a_time_and_leaves_the_generator_where_it_did():
    for seed in range(100):
        a, b = random.Random(seed), OneAtATime(seed)
        assert scatter(a, 48, 9690, 775.0)[0] == scatter(b, 48, 9690, 775.0)[0]
        assert a.getstate() == b.getstate()


def ref_kills(geo: Geometry) -> tuple[list[int], tuple[int, ...]]:
    """A layout's dead-mask rows and count planes read plainly, in integers: for every
    flower and every pair not its own, the sample spots it overlaps, or every bit when it
    blocks the pair; a collected flower's row holds every bit of its own pairs."""
    n, whole = geo.n, (1 << GROUP) - 1
    fine = [(x * STEPS, y * STEPS) for x, y in geo.points]
    rf, reach = int(geo.rf), int(geo.rf + geo.rp)
    rows = [0] * (2 * n)
    for i, (a, b) in enumerate(geo.pairs):
        (ax, ay), (bx, by) = geo.points[a], geo.points[b]
        spots = [(ax * STEPS + k * (bx - ax), ay * STEPS + k * (by - ay)) for k in SAMPLE]
        rows[n + a] |= whole << GROUP * i
        rows[n + b] |= whole << GROUP * i
        for f, (fx, fy) in enumerate(fine):
            if f in (a, b):
                continue
            if hits(*fine[a], *fine[b], fx, fy, rf):
                rows[f] |= whole << GROUP * i
            for s, (sx, sy) in enumerate(spots):
                if (sx - fx) ** 2 + (sy - fy) ** 2 < reach * reach:
                    rows[f] |= 1 << GROUP * i + s
    counts = [sum(row >> bit & 1 for row in rows[:n]) for bit in range(GROUP * len(geo.pairs))]
    planes = tuple(sum((c >> j & 1) << bit for bit, c in enumerate(counts))
                   for j in range(max(counts, default=0).bit_length()))
    return rows, planes


def kills_of(geo: Geometry) -> tuple[list[int], tuple[int, ...]]:
    raw, width, planes = geo._kills
    return [int.from_bytes(raw[j * width:(j + 1) * width], "little")
            for j in range(2 * geo.n)], planes


@pytest.mark.parametrize("options", [{}, {"mat_radius": 2, "flower_radius": 0.05,
                                          "pawn_radius": 0.1}])
def test_layout_kills_are_the_plain_rule_on_seeded_layouts(options):
    game = tabletop.load("lacuna", **options)
    for seed in range(3):
        geo = game.new(seed=seed, setup="random").geometry
        assert kills_of(geo) == ref_kills(geo)


def test_layout_kills_are_the_plain_rule_near_tangency():
    """Small integer layouts, many of them tangent or nearly so (``hits`` decides those)."""
    rng = random.Random(1)
    for _ in range(300):
        n = rng.randrange(2, 12)
        points = [(rng.randrange(-20, 21), rng.randrange(-20, 21)) for _ in range(n)]
        geo = Geometry(points, [rng.randrange(3) for _ in range(n)],
                       flower_r=rng.randrange(1, 8), pawn_r=rng.randrange(1, 8))
        assert kills_of(geo) == ref_kills(geo)


def test_layout_kills_are_the_plain_rule_on_crowded_and_odd_layouts():
    """Flowers on top of one another and on a pair's ends, 64 flowers of one colour (counts
    of many bits), colours beyond a byte (compared as they are) and no pair at all."""
    grid = [(100 * (i % 8), 100 * (i // 8)) for i in range(64)]
    cases = [(grid, [0] * 64, 40, 20), (grid, [i % 3 for i in range(64)], 60, 60),
             ([(0, 0), (0, 0), (10, 0), (5, 0), (10, 0)], [1, 1, 1, 2, 1], 3, 2),
             ([(0, 0), (30, 0), (15, 2), (15, 0)], [300, 300, -1, -1], 2, 1),
             ([(0, 0), (9, 9)], [0, 1], 3, 3)]
    for points, colours, rf, rp in cases:
        geo = Geometry(points, colours, flower_r=rf, pawn_r=rp)
        n = len(points)
        assert geo.pairs == tuple((a, b) for a in range(n) for b in range(a + 1, n)
                                  if colours[a] == colours[b])
        assert kills_of(geo) == ref_kills(geo)
