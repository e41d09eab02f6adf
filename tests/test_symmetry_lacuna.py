"""Lacuna's symmetries: the disc turned by quarter turns or reflected (exact on the tick
grid), the flower colours permuted, the seats swapped with the start player, and the order in
which flowers and pawns are listed. None may change the answer.

Flower ids stay with their flowers, so a placement ``place a-b @k`` is the same action in the
image (ids relabelled: the pair's order and ``k`` turn round when ``a`` and ``b`` swap); a
free placement moves with the disc.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.games.lacuna import STEPS
from tabletop.games.lacuna import actions as A
from tabletop.games.lacuna.rules import LacunaState

Map = Callable[[int, int], tuple[int, int]]
TURNS: dict[str, Map] = {
    "quarter turn": lambda x, y: (-y, x),
    "half turn": lambda x, y: (-x, -y),
    "mirror": lambda x, y: (-x, y),
    "diagonal": lambda x, y: (y, x),
}
OPTIONS = ({}, {"flower_radius": 0.045, "pawn_radius": 0.05},
           {"mat_radius": 2.0, "flower_radius": 0.1, "pawn_radius": 0.02})


def image(s: LacunaState, turn: str | None = None, colours: list[int] | None = None,
          seats: bool = False, ids: list[int] | None = None,
          pawn_order: list[int] | None = None) -> LacunaState:
    """``s`` with its disc turned, its colours permuted (``colours[c]``: the new colour of
    colour ``c``), its seats swapped, its flowers renumbered (``ids[old]`` is the new id) or
    its pawns listed in another order; ``s`` itself when nothing is given."""
    move: Map = TURNS[turn] if turn else (lambda x, y: (x, y))
    n = len(s.points)
    new = ids or list(range(n))
    points: list[tuple[int, int]] = [(0, 0)] * n
    hues = [0] * n
    for i, (x, y) in enumerate(s.points):
        points[new[i]] = move(x, y)
        hues[new[i]] = colours[s.colors[i]] if colours else s.colors[i]
    pawns = [(*move(x, y), 1 - o if seats else o) for x, y, o in s.pawns]
    if pawn_order:
        pawns = [pawns[i] for i in pawn_order]
    collected = tuple(sum(1 << new[i] for i in range(n) if mask >> i & 1)
                      for mask in s.collected)
    aside = colours[s.aside] if colours and s.aside is not None else s.aside
    return LacunaState(game=s.game, start=1 - s.start if seats else s.start,
                       points=tuple(points), colors=tuple(hues), tokens=(), aside=aside,
                       pawns=tuple(pawns),
                       collected=collected[::-1] if seats else collected)


def action(a: A.Action, turn: str | None = None, ids: list[int] | None = None) -> A.Action:
    if isinstance(a, A.PlaceFree) and turn:
        return A.PlaceFree(*TURNS[turn](a.x, a.y))
    if isinstance(a, A.Place) and ids:
        x, y = ids[a.a], ids[a.b]
        return A.Place(x, y, a.k) if x < y else A.Place(y, x, STEPS - a.k)
    return a


def answer(s: LacunaState, seats: bool = False) -> tuple[object, ...]:
    def seat(p: int | None) -> int | None:
        return 1 - p if seats and p is not None else p
    scores = tuple(s.scores)
    return (scores[::-1] if seats else scores, tuple(sorted(seat(p) for p in s.winners)),
            seat(s.current_player), s.is_terminal)


def states(seed: int) -> list[LacunaState]:
    """Every position of a random game once the colours are known, its end included."""
    game = tabletop.load("lacuna", **OPTIONS[seed % len(OPTIONS)])
    rng = random.Random(seed)
    s = game.new(seed=seed, setup="random")
    out = []
    while True:
        if s.colors is not None:
            out.append(s)
        if s.is_terminal:
            return out
        s = s.apply(rng.choice(s.legal_actions()))


def _agree(base: LacunaState, other: LacunaState, rng: random.Random, *,
           turn: str | None = None, seats: bool = False, ids: list[int] | None = None) -> None:
    legal = base.legal_actions()
    assert sorted(str(action(a, turn, ids)) for a in legal) == \
        sorted(str(a) for a in other.legal_actions())
    assert answer(base) == answer(other, seats)
    for a in rng.sample(legal, min(4, len(legal))):
        t, u = base.apply(a), other.apply(action(a, turn, ids))
        assert answer(t) == answer(u, seats), a
        took = t.collected[::-1] if seats else t.collected
        assert bin(took[0]).count("1") == bin(u.collected[0]).count("1")


SEEDS = st.integers(0, 10**6)


@settings(max_examples=4, deadline=None)
@given(seed=SEEDS)
def test_turned_and_reflected_discs_agree(seed: int) -> None:
    rng = random.Random(seed)
    for s in states(seed):
        for turn in TURNS:
            _agree(image(s), image(s, turn), rng, turn=turn)


@settings(max_examples=4, deadline=None)
@given(seed=SEEDS)
def test_colours_permuted_and_seats_swapped_agree(seed: int) -> None:
    """The flowers each placement collects are the same ids; the tallies follow the colours;
    swapping the seats (the start player with them) swaps the scores and winners."""
    rng = random.Random(seed)
    for s in states(seed):
        colours = list(range(7))
        rng.shuffle(colours)
        _agree(image(s), image(s, colours=colours), rng)
        _agree(image(s), image(s, seats=True), rng, seats=True)
        _agree(image(s), image(s, "quarter turn", colours, seats=True), rng,
               turn="quarter turn", seats=True)


@settings(max_examples=4, deadline=None)
@given(seed=SEEDS)
def test_listing_order_of_flowers_and_pawns_changes_nothing(seed: int) -> None:
    rng = random.Random(seed)
    for s in states(seed):
        ids = list(range(len(s.points)))
        rng.shuffle(ids)
        _agree(image(s), image(s, ids=ids), rng, ids=ids)
        order = list(range(len(s.pawns)))
        rng.shuffle(order)
        shuffled = image(s, pawn_order=order)
        assert shuffled.legal_actions() == image(s).legal_actions()
        assert answer(shuffled) == answer(image(s))


def test_free_placements_turn_with_the_disc() -> None:
    """With no pair of one colour on the mat, every free placement offered turns with it."""
    game = tabletop.load("lacuna")
    for seed in range(12):
        rng = random.Random(seed)
        flowers: list[tuple[float, float, int]] = []
        while len(flowers) < 7:
            x, y = rng.uniform(-0.9, 0.9), rng.uniform(-0.9, 0.9)
            if x * x + y * y < 0.8:
                flowers.append((round(x, 3), round(y, 3), len(flowers)))
        pawns = [(round(x, 3), round(y, 3), i % 2) for i, (x, y) in enumerate(
            (rng.uniform(-0.6, 0.6), rng.uniform(-0.6, 0.6)) for _ in range(rng.randrange(5)))]
        s = game.position(flowers, pawns)
        assert s.legal_actions() and all(isinstance(a, A.PlaceFree) for a in s.legal_actions())
        for turn in TURNS:
            _agree(image(s), image(s, turn), rng, turn=turn)


def test_end_scoring_on_a_coarse_lattice_agrees() -> None:
    """Finished positions with flowers and pawns on a coarse lattice, where a flower is often
    exactly as near to a pawn of each player (nobody's): the claims, colours won and winners
    agree under every turn, reflection, colour permutation and seat swap."""
    game = tabletop.load("lacuna")
    rng = random.Random(57)
    ties = 0
    for _ in range(150):
        spots = [(x / 10, y / 10) for x in range(-8, 9) for y in range(-8, 9)
                 if x * x + y * y <= 64]
        rng.shuffle(spots)
        flowers = [(x, y, i % 7) for i, (x, y) in enumerate(spots[:35])]
        pawns = [(x, y, i % 2) for i, (x, y) in enumerate(spots[35:47])]
        s = game.position(flowers, pawns)
        assert s.is_terminal
        claims = dict(s.claims())
        ties += None in claims.values()
        colours = list(range(7))
        rng.shuffle(colours)
        for other, seats in [*((image(s, turn), False) for turn in TURNS),
                             (image(s, colours=colours), False), (image(s, seats=True), True)]:
            assert answer(image(s)) == answer(other, seats)
            swapped = {f: None if p is None else 1 - p for f, p in other.claims().items()}
            assert claims == (swapped if seats else dict(other.claims()))
    assert ties > 20
