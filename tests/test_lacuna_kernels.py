"""Lacuna's fast kernels against plain Python references, bit for bit.

* The dead mask of a position (every bit: each sample spot and each pair, whatever
  ``spot_bits`` offers) against a reference in Python integers, on thousands of random
  layouts (many on a coarse lattice, where exact tangencies are frequent) and on states
  reached by play (where the flowers' part is carried from state to state).
* The scatter against a plain random sequential adsorption, candidate by candidate.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import numpy as np

from tabletop.core.testing import random_states
from tabletop.games.lacuna import STEPS, TICKS, Lacuna
from tabletop.games.lacuna.geometry import GROUP, SAMPLE, hits, scatter
from tabletop.games.lacuna.kernels import set_bits
from tabletop.games.lacuna.plane import nearest_owner

SMALL = Lacuna(flower_radius=0.03, pawn_radius=0.02)  # 300 and 200 ticks


def ref_dead(state) -> int:
    """The dead mask, from its definition (``Geometry``), in Python integers."""
    geo = state.geometry
    rf, rp = state.params.flower * STEPS, state.params.pawn * STEPS
    on = state.on_mat
    flowers = [(f, x * STEPS, y * STEPS) for f, (x, y) in enumerate(state.points)
               if (on >> f) & 1]
    dead = 0
    for i, (a, b) in enumerate(geo.pairs):
        (ax, ay), (bx, by) = ((x * STEPS, y * STEPS) for x, y in (state.points[a],
                                                                 state.points[b]))
        gone = not (on >> a) & 1 or not (on >> b) & 1
        gone = gone or any(hits(ax, ay, bx, by, fx, fy, rf)
                           for f, fx, fy in flowers if f not in (a, b))
        gone = gone or any(hits(ax, ay, bx, by, px, py, rp) for px, py, _ in state.pawns)
        if gone:
            dead |= ((1 << GROUP) - 1) << (GROUP * i)
            continue
        for s, k in enumerate(SAMPLE):  # the spot k/STEPS of the way from a to b, exactly
            sx = ax + k * (bx - ax) // STEPS
            sy = ay + k * (by - ay) // STEPS
            if any((sx - fx) ** 2 + (sy - fy) ** 2 < (rf + rp) ** 2
                   for f, fx, fy in flowers if f not in (a, b)) or \
                    any((sx - px) ** 2 + (sy - py) ** 2 < (2 * rp) ** 2
                        for px, py, _ in state.pawns):
                dead |= 1 << (GROUP * i + s)
    return dead


def build(rng: random.Random):
    """A random hand-built position: flowers (some on a lattice), pawns, flowers taken."""
    pick = rng.randint
    n = pick(2, 14)
    lattice = pick(0, 2)
    flowers = []
    for _ in range(n):
        x, y = (100 * pick(-25, 25), 100 * pick(-25, 25)) if lattice else \
            (pick(-2500, 2500), pick(-2500, 2500))
        flowers.append((Fraction(x, TICKS), Fraction(y, TICKS), pick(0, 2)))
    pawns = []
    for p in range(pick(0, 6)):
        kind = pick(0, 2)
        if kind == 0:
            x, y = 100 * STEPS * pick(-25, 25), 100 * STEPS * pick(-25, 25)
        elif kind == 1:
            a, b, k = pick(0, n - 1), pick(0, n - 1), rng.choice(SAMPLE + (pick(0, STEPS),))
            (ax, ay, _), (bx, by, _) = flowers[a], flowers[b]
            x = int(ax * TICKS) * STEPS + k * int((bx - ax) * TICKS)
            y = int(ay * TICKS) * STEPS + k * int((by - ay) * TICKS)
        else:
            x, y = pick(-2500 * STEPS, 2500 * STEPS), pick(-2500 * STEPS, 2500 * STEPS)
        pawns.append((Fraction(x, TICKS * STEPS), Fraction(y, TICKS * STEPS), p % 2))
    taken = [f for f in range(n) if pick(0, 4) == 0]
    return SMALL.position(flowers, pawns, collected=(taken[::2], taken[1::2]))


def test_dead_masks_agree_with_the_reference_on_thousands_of_random_layouts():
    rng = random.Random(20)
    for _ in range(3000):
        state = build(rng)
        assert state._dead() == ref_dead(state)


def test_dead_masks_carried_along_a_game_agree_with_the_reference():
    """The flowers' counts and the pawns' kills carried by ``apply``, on full games."""
    for _, state in random_states(Lacuna(), range(4), setup="random"):
        if state.colors is not None and not state.is_terminal:
            assert state._dead() == ref_dead(state)
            geo = state.geometry
            assert geo.flower_kill(state.on_mat) | state._pawn_kill() == state._dead()


def ref_scatter(rng: random.Random, count: int, radius: int, spacing: float):
    """Random sequential adsorption, one candidate at a time: the same draws, the same
    rounding, the same order as ``scatter`` (batches of ``2 * count`` candidates)."""
    kept: list[tuple[float, float]] = []
    while len(kept) < count:
        u = np.array([rng.random() for _ in range(4 * count)]).reshape(2, 2 * count)
        rad = radius * np.sqrt(u[0])
        ang = (2 * math.pi) * u[1]
        xs, ys = np.rint(rad * np.cos(ang)).tolist(), np.rint(rad * np.sin(ang)).tolist()
        for x, y in zip(xs, ys, strict=True):
            if len(kept) == count:
                break
            if x * x + y * y <= radius * radius and all(
                    (x - kx) ** 2 + (y - ky) ** 2 >= spacing * spacing for kx, ky in kept):
                kept.append((x, y))
    kept.sort(key=lambda p: (-p[1], p[0]))
    return tuple((int(x), int(y)) for x, y in kept)


def test_scatter_agrees_with_one_candidate_at_a_time():
    for seed in range(150):  # a sparse mat (one batch) and crowded ones (several)
        for count, radius, spacing in ((48, 9690, 775.0), (48, 9400, 1500.0),
                                       (30, 3000, 700.0)):
            assert scatter(random.Random(seed), count, radius, spacing)[0] == \
                ref_scatter(random.Random(seed), count, radius, spacing)


def ref_claims(state) -> dict:
    """Each flower on the mat with its nearest pawn's owner, by ``nearest_owner``."""
    ids = state.flowers_on_mat()
    fx = np.array([state.points[f][0] * STEPS for f in ids], dtype=float)
    fy = np.array([state.points[f][1] * STEPS for f in ids], dtype=float)
    return dict(zip(ids, nearest_owner(fx, fy, state.pawns), strict=True))


def ref_tally(state) -> tuple:
    """The tally from its definition: aside, collected, and at the end the claims."""
    counts = [[0] * 7, [0] * 7]
    if state.aside is not None:
        counts[state.start][state.aside] += 1
    for p in (0, 1):
        for f in set_bits(state.collected[p]):
            counts[p][state.colors[f]] += 1
    if state.is_terminal and state.colors is not None:
        for f, owner in ref_claims(state).items():
            if owner is not None:
                counts[owner][state.colors[f]] += 1
    return tuple(counts[0]), tuple(counts[1])


def test_scoring_matches_the_reference_on_played_and_lattice_positions():
    """Claims and tally (one matrix product) against ``nearest_owner`` and plain counting:
    every state of random games, and hand-built lattice positions full of exact ties."""
    for game in (Lacuna(), SMALL):
        for _, state in random_states(game, range(40), every=1):
            assert dict(state.claims()) == ref_claims(state)
            assert state.tally() == ref_tally(state)
    game, ties = Lacuna(), 0
    for seed in range(600):
        rng = random.Random(seed)
        spots = {(rng.randint(-6, 6) / 10, rng.randint(-6, 6) / 10) for _ in range(12)}
        flowers = [(x, y, rng.randrange(7)) for x, y in sorted(spots)]
        pawns = [(rng.randint(-6, 6) / 10, rng.randint(-6, 6) / 10, rng.randrange(2))
                 for _ in range(rng.choice([0, 1, 3, 12]))]
        taken = rng.randrange(1 << len(flowers)) & rng.randrange(1 << len(flowers))
        state = game.position(flowers, pawns, start=seed % 2, aside=rng.choice([None, 2]),
                              collected=(set_bits(taken & 0x555), set_bits(taken & 0xAAA)))
        assert dict(state.claims()) == ref_claims(state)
        assert state.tally() == ref_tally(state)
        ties += sum(o is None for o in state.claims().values()) if pawns else 0
    assert ties > 100  # exact ties were exercised
