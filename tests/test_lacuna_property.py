"""Lacuna's fast geometry (numpy and compiled kernels) against a slow, obviously-correct reference.

The reference works in exact integers: the point of the segment nearest a centre is the
projection clamped to the segment, ``t = clamp((C−A)·(B−A) / |B−A|², 0, 1)``; a disc blocks
when the squared distance to that point is below the squared radius (both sides multiplied by
the denominator squared). Positions come from
random layouts — many on a coarse lattice, where exact tangencies are frequent.
"""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core.testing import random_states
from tabletop.games.lacuna import STEPS, TICKS, Lacuna, Place
from tabletop.games.lacuna.geometry import blocked, hits

GAME = Lacuna(flower_radius=0.03, pawn_radius=0.02)  # 300 and 200 ticks


# --- the reference ------------------------------------------------------------------------
def ref_within(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int], r: int) -> bool:
    """Whether ``c`` is closer than ``r`` to the closed segment ``ab``, exactly.

    The nearest point of the segment is ``A + t·(B − A)`` with ``t = num / den`` clamped to
    [0, 1]; multiplying the distance by ``den`` keeps everything in integers.
    """
    dx, dy = b[0] - a[0], b[1] - a[1]
    num, den = (c[0] - a[0]) * dx + (c[1] - a[1]) * dy, dx * dx + dy * dy
    if den == 0:
        num, den = 0, 1
    num = min(max(num, 0), den)
    ex = den * (c[0] - a[0]) - num * dx
    ey = den * (c[1] - a[1]) - num * dy
    return ex * ex + ey * ey < r * r * den * den


def fine(state, f):
    x, y = state.points[f]
    return x * STEPS, y * STEPS


def radii(state):
    """Flower and pawn radii in fine units."""
    return state.params.flower * STEPS, state.params.pawn * STEPS


def ref_blockers(state, a, b):
    RF, RP = radii(state)
    out = []
    A, B = fine(state, a), fine(state, b)
    for f in state.flowers_on_mat():
        if f not in (a, b) and ref_within(A, B, fine(state, f), RF):
            out.append(("flower", f))
    for i, (x, y, _) in enumerate(state.pawns):
        if ref_within(A, B, (x, y), RP):
            out.append(("pawn", i))
    return out


def ref_open_pairs(state):
    on = state.flowers_on_mat()
    return [(a, b) for a in on for b in on
            if a < b and state.colors[a] == state.colors[b] and not ref_blockers(state, a, b)]


def ref_spot_ok(state, a, b, k):
    RF, RP = radii(state)
    (ax, ay), (bx, by) = state.points[a], state.points[b]
    x, y = ax * STEPS + k * (bx - ax), ay * STEPS + k * (by - ay)
    for f in state.flowers_on_mat():
        fx, fy = fine(state, f)
        if f not in (a, b) and (x - fx) ** 2 + (y - fy) ** 2 < (RF + RP) ** 2:
            return False
    return all((x - px) ** 2 + (y - py) ** 2 >= (2 * RP) ** 2 for px, py, _ in state.pawns)


# --- layouts --------------------------------------------------------------------------------
def build(rng: random.Random):
    """A random position: flowers (some on a 0.01 lattice), pawns, some flowers taken."""
    pick = rng.randint

    n = pick(2, 13)
    colours = pick(1, 3)
    lattice = pick(0, 2)  # 0: ticks anywhere; 1, 2: on a lattice of 100 ticks
    flowers = []
    for _ in range(n):
        if lattice:
            x, y = 100 * pick(-25, 25), 100 * pick(-25, 25)
        else:
            x, y = pick(-2500, 2500), pick(-2500, 2500)
        flowers.append((Fraction(x, TICKS), Fraction(y, TICKS), pick(0, colours - 1)))
    pawns = []
    for i in range(pick(0, 5)):
        kind = pick(0, 2)
        if kind == 0:  # a lattice point
            x, y = 100 * STEPS * pick(-25, 25), 100 * STEPS * pick(-25, 25)
        elif kind == 1:  # a point on a segment between two flowers
            a, b, k = pick(0, n - 1), pick(0, n - 1), pick(0, STEPS)
            (ax, ay, _), (bx, by, _) = flowers[a], flowers[b]
            x = int(ax * TICKS) * STEPS + k * int((bx - ax) * TICKS)
            y = int(ay * TICKS) * STEPS + k * int((by - ay) * TICKS)
        else:
            x, y = pick(-2500 * STEPS, 2500 * STEPS), pick(-2500 * STEPS, 2500 * STEPS)
        pawns.append((Fraction(x, TICKS * STEPS), Fraction(y, TICKS * STEPS), i % 2))
    taken = [f for f in range(n) if pick(0, 5) == 0]
    collected = (taken[::2], taken[1::2])
    return GAME.position(flowers, pawns, collected=collected)


def check(state, rng: random.Random) -> None:
    expected = ref_open_pairs(state)
    assert list(state.open_pairs()) == expected
    assert sorted(state.graph.edges) == expected
    on_mat = [(a, b) for a, b in state.geometry.pairs
              if (state.on_mat >> a) & 1 and (state.on_mat >> b) & 1]
    for a, b in rng.sample(on_mat, min(len(on_mat), 6)):
        assert list(state.blockers(a, b)) == ref_blockers(state, a, b), (a, b)
    places = [x for x in state.legal_actions() if isinstance(x, Place)]
    for action in places:
        assert (action.a, action.b) in expected
        assert ref_spot_ok(state, action.a, action.b, action.k), action
    offered = {(p.a, p.b) for p in places}
    for a, b in rng.sample(expected, min(len(expected), 4)):
        ok = state.positions(a, b)
        for k in {0, 256, 512, 768, STEPS, rng.randint(0, STEPS), rng.randint(0, STEPS)}:
            want = ref_spot_ok(state, a, b, k)
            assert bool(ok[k]) == want, (a, b, k)
            assert state.is_legal(Place(a, b, k)) == want, (a, b, k)
        assert ((a, b) in offered) == bool(ok.any())  # a pair with room is always offered


# --- the tests ------------------------------------------------------------------------------
def test_fast_open_pairs_agree_with_reference_on_thousands_of_random_layouts():
    rng = random.Random(2024)
    for _ in range(2000):
        check(build(rng), rng)


_COORD = st.integers(-25, 25).map(lambda i: 100 * i) | st.integers(-2500, 2500)
_FLOWER = st.tuples(_COORD, _COORD, st.integers(0, 2))
_PAWN = st.tuples(_COORD.map(lambda t: t * STEPS) | st.integers(-2500 * STEPS, 2500 * STEPS),
                  _COORD.map(lambda t: t * STEPS) | st.integers(-2500 * STEPS, 2500 * STEPS))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_FLOWER, min_size=2, max_size=12), st.lists(_PAWN, max_size=5),
       st.sets(st.integers(0, 11), max_size=3))
def test_open_pairs_agree_with_reference_hypothesis(flowers, pawns, taken):
    flowers = [(Fraction(x, TICKS), Fraction(y, TICKS), c) for x, y, c in flowers]
    pawns = [(Fraction(x, TICKS * STEPS), Fraction(y, TICKS * STEPS), i % 2)
             for i, (x, y) in enumerate(pawns)]
    taken = sorted(f for f in taken if f < len(flowers))
    state = GAME.position(flowers, pawns, collected=(taken[::2], taken[1::2]))
    check(state, random.Random(0))


def test_states_reached_by_play_agree_with_reference():
    """The incremental path (pawn effects carried from state to state) against the reference,
    on full games with the default sizes."""
    for _, state in random_states(Lacuna(), range(5), setup="random"):
        assert list(state.open_pairs()) == ref_open_pairs(state)
        for action in state.legal_actions():
            if isinstance(action, Place):
                assert ref_spot_ok(state, action.a, action.b, action.k), action


def test_blocked_agrees_with_integer_predicate_including_tangencies():
    rng = np.random.default_rng(7)
    ax, ay, bx, by, cx, cy = (rng.integers(-40, 41, 20000) * 97 for _ in range(6))
    r = rng.integers(1, 30, 20000) * 97
    # force many tangencies: centre at exactly r from an axis-parallel segment
    flat = slice(0, 5000)
    by[flat] = ay[flat]
    cy[flat] = ay[flat] + r[flat]
    fast = blocked(ax, ay, bx, by, cx, cy, r)
    slow = [hits(*map(int, v)) for v in zip(ax, ay, bx, by, cx, cy, r, strict=True)]
    assert fast.tolist() == slow
    big = 2**23  # magnitudes as large as fine coordinates get
    ax, ay, bx, by, cx, cy = (rng.integers(-big, big, 5000) for _ in range(6))
    r = rng.integers(1, big // 4, 5000)
    fast = blocked(ax, ay, bx, by, cx, cy, r)
    slow = [hits(*map(int, v)) for v in zip(ax, ay, bx, by, cx, cy, r, strict=True)]
    assert fast.tolist() == slow
