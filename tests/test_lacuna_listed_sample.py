"""The listed sample of positions per legal pair is the one docs/rules/lacuna.md documents
(I9): the legal ones of 0, 1/4, 1/2, 3/4, 1, thinned so that neighbours stay a spot gap
g = R/12 (rounded down to the tick) apart — shorter than 4g: 0, 1/2, 1; shorter than 2g: the
ends; shorter than g: the middle — else the legal position nearest the middle.

Written from the page alone: lengths from ``flower_xy`` in ticks, legality from
``positions``. Pairs just under 4·R/12 but over 4g (0.3332 ≤ L < 0.33333) are where the
page's rule would disagree with the game if it left out the rounding.
"""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

import tabletop
from tabletop.games.lacuna.actions import Place


def _expected(state, a: int, b: int, gap: int) -> set[int]:
    (ax, ay), (bx, by) = state.flower_xy(a), state.flower_xy(b)
    length2 = round((bx - ax) * 10_000) ** 2 + round((by - ay) * 10_000) ** 2
    if length2 >= (4 * gap) ** 2:
        spots = [0, 256, 512, 768, 1024]
    elif length2 >= (2 * gap) ** 2:
        spots = [0, 512, 1024]
    elif length2 >= gap ** 2:
        spots = [0, 1024]
    else:
        spots = [512]
    legal = state.positions(a, b)
    listed = {k for k in spots if legal[k]}
    if listed:
        return listed
    ks = [k for k in range(1025) if legal[k]]
    best = min(abs(k - 512) for k in ks)
    return {k for k in ks if abs(k - 512) == best}


@pytest.mark.parametrize("options, seeds", [({}, range(101, 107)), ({}, (30, 49, 391, 441, 453)),
                                            ({"mat_radius": 2.0}, range(3))])
def test_listed_positions_follow_the_documented_sample(options, seeds):
    game = tabletop.load("lacuna", **options)
    gap = round(game.options["mat_radius"] * 10_000) // 12
    near_the_edge = 0
    for seed in seeds:
        rng = random.Random(seed)
        s = game.new(seed=seed)
        while not s.is_terminal:
            listed: dict[tuple[int, int], set[int]] = defaultdict(set)
            for action in s.legal_actions():
                if isinstance(action, Place):
                    listed[action.a, action.b].add(action.k)
            for (a, b), ks in listed.items():
                want = _expected(s, a, b, gap)
                assert ks == want or (len(ks) == 1 and ks < want), (seed, a, b, ks, want)
                (ax, ay), (bx, by) = s.flower_xy(a), s.flower_xy(b)
                length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
                near_the_edge += 4 * gap / 10_000 <= length < 4 / 12 * game.options["mat_radius"]
            s = s.apply(rng.choice(list(s.legal_actions())))
    if options == {} and 30 in seeds:
        assert near_the_edge  # the seeds meet a pair between 4g and 4R/12
