"""The Legend of Landlock's symmetries: the map turned about its middle cell or reflected,
land and water traded (with the roles), and the seats renumbered (teams with them). None may
change the answer: legal placements and bridges, what they lead to, scores and winners, the
views' observation tensors.

A tile without a gnome looks the same in its two fitting rotations, and the game offers one
of them; the tests compare such placements by cell and rotation modulo 2.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.games.landlock import actions as A
from tabletop.games.landlock.board import SIZE
from tabletop.games.landlock.rules import LandlockState
from tabletop.games.landlock.tensor import PLANES
from tabletop.games.landlock.tiles import KINDS

MIDDLE = SIZE // 2
#: Land and water traded: each kind's twin, and the quarter turns that bring the twin's
#: corners where the kind's were (a bridge and a tussock show corner 0's terrain turned).
TWIN = {0: (3, 0), 1: (4, 0), 2: (5, 0), 3: (0, 0), 4: (1, 0), 5: (2, 0), 6: (6, 1), 7: (7, 1)}
MIRROR_CORNER = (1, 0, 3, 2)  # NW <-> NE, SE <-> SW


def turned(i: int, quarters: int) -> int:
    """Cell ``i`` after ``quarters`` quarter turns clockwise about the middle cell."""
    x, y = i % SIZE, i // SIZE
    for _ in range(quarters):
        x, y = MIDDLE - (y - MIDDLE), MIDDLE + (x - MIDDLE)
    return y * SIZE + x


def mirrored(i: int) -> int:
    return (i // SIZE) * SIZE + SIZE - 1 - i % SIZE


def _terrain(kind: int, rot: int, corner: int) -> str:
    first = KINDS[kind].corner0
    return first if (corner - rot) % 2 == 0 else ("W" if first == "L" else "L")


def _gnome(kind: int, rot: int) -> int | None:
    g = KINDS[kind].gnome
    return None if g is None else (g + rot) % 4


def mirrored_tile(code: int) -> int:
    """The tile ``code`` (``kind * 4 + rot``) reflected left to right: the same kind turned
    so that its corners and gnome are the reflected ones."""
    kind, rot = divmod(code, 4)
    for r in range(4):
        if all(_terrain(kind, r, c) == _terrain(kind, rot, MIRROR_CORNER[c]) for c in range(4)) \
                and (_gnome(kind, rot) is None
                     or _gnome(kind, r) == MIRROR_CORNER[_gnome(kind, rot)]):
            return kind * 4 + r
    raise AssertionError(code)


class Sym:
    """One symmetry: ``quarters`` turns, a reflection, land/water traded, seats moved on."""

    def __init__(self, quarters: int = 0, mirror: bool = False, twin: bool = False,
                 seats: int = 0) -> None:
        self.quarters, self.mirror, self.twin, self.seats = quarters, mirror, twin, seats

    def __repr__(self) -> str:
        return f"Sym({self.quarters}, mirror={self.mirror}, twin={self.twin}, {self.seats})"

    def cell(self, i: int) -> int:
        return turned(mirrored(i) if self.mirror else i, self.quarters)

    def kind(self, k: int) -> int:
        return TWIN[k][0] if self.twin else k

    def tile(self, code: int) -> int:
        if code < 0:
            return code
        if self.mirror:
            code = mirrored_tile(code)
        kind, rot = divmod(code, 4)
        if self.twin:
            kind, extra = TWIN[kind]
            rot += extra
        return kind * 4 + (rot + self.quarters) % 4

    def seat(self, p: int, players: int) -> int:
        return (p + self.seats) % players

    def state(self, s: LandlockState) -> LandlockState:
        board = [-1] * len(s.board)
        for i, code in enumerate(s.board):
            board[self.cell(i)] = self.tile(code)
        land = s.land_team
        if land is not None and self.twin != bool(self.seats % 2):
            land = 1 - land
        teams: Callable[[tuple[int, int]], tuple[int, int]] = \
            (lambda t: t[::-1]) if self.seats % 2 else (lambda t: t)
        n = s.game.players
        return LandlockState(
            game=s.game, first=self.seat(s.first, n), land_team=land, board=tuple(board),
            tile=None if s.tile is None else self.kind(s.tile), pending=s.pending,
            to_move=self.seat(s.to_move, n), tussocks=teams(s.tussocks),
            gnome_bonus=teams(s.gnome_bonus), pile=tuple(self.kind(k) for k in s.pile))

    def action(self, a: A.Action, s: LandlockState, image: LandlockState) -> A.Action:
        if isinstance(a, A.Place):
            assert s.tile is not None
            code = self.tile(s.tile * 4 + a.rot)
            placed = A.Place(self.cell(a.cell), code % 4)
            if not image.is_legal(placed):  # the other of a gnome-less tile's rotations
                placed = A.Place(placed.cell, (placed.rot + 2) % 4)
            return placed
        if isinstance(a, A.Bridge):
            return A.Bridge(self.cell(a.cell))
        return a


def same_tile(s: LandlockState, a: A.Action) -> object:
    if isinstance(a, A.Place) and s.tile is not None and KINDS[s.tile].symmetric:
        return ("place", a.cell, a.rot % 2)
    return str(a)


def states(seed: int, players: int) -> list[LandlockState]:
    game = tabletop.load("landlock", players=players, gnomes=("end", "placed")[seed % 2])
    rng = random.Random(seed)
    s = game.new(seed=seed, setup="random")
    out = []
    while True:
        if s.land_team is not None:
            out.append(s)
        if s.is_terminal:
            return out
        s = s.apply(rng.choice(s.legal_actions()))


def _agree(s: LandlockState, sym: Sym, rng: random.Random) -> None:
    base, image = Sym().state(s), sym.state(s)
    n = s.game.players
    mapped = sorted(map(repr, (same_tile(image, sym.action(a, base, image))
                               for a in base.legal_actions())))
    assert mapped == sorted(map(repr, (same_tile(image, a) for a in image.legal_actions()))), sym

    def answer(t: LandlockState, moved: bool) -> tuple[object, ...]:
        seat = (lambda p: sym.seat(p, n)) if moved else (lambda p: p)
        scores = [0.0] * n
        for p, score in enumerate(t.scores):
            scores[seat(p)] = score
        mover = t.current_player
        return (tuple(scores), tuple(sorted(seat(p) for p in t.winners)),
                None if mover is None else seat(mover), t.tile is None)

    assert answer(base, True) == answer(image, False), sym
    legal = base.legal_actions()
    for a in rng.sample(legal, min(3, len(legal))):
        assert answer(base.apply(a), True) == answer(
            image.apply(sym.action(a, base, image)), False), (sym, a)


SYMMETRIES = [Sym(1), Sym(2), Sym(3), Sym(mirror=True), Sym(1, mirror=True), Sym(twin=True),
              Sym(seats=1), Sym(3, twin=True, seats=1)]


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from((2, 4)))
def test_turned_mirrored_twinned_and_renumbered_maps_agree(seed: int, players: int) -> None:
    rng = random.Random(seed)
    for s in states(seed, players):
        for sym in SYMMETRIES:
            _agree(s, sym, rng)


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_observations_turn_with_the_map(seed: int) -> None:
    """A view's planes turn with the map, and each tile plane becomes the one of the tile
    turned as far."""
    for s in states(seed, 2)[::3]:
        base = Sym().state(s)
        for quarters in (1, 2, 3):
            image = Sym(quarters).state(s)
            moved = [PLANES.index(f"{n[:-1]}{(int(n[-1]) + quarters) % 4}")
                     if n[-3:-1] == " r" else k for k, n in enumerate(PLANES)]
            for p in (0, 1):
                ours = np.asarray(base.view(p).observation())
                expected = np.empty_like(ours)
                for k in range(len(PLANES)):
                    expected[moved[k]] = np.rot90(ours[k], k=-quarters)
                assert np.array_equal(expected, np.asarray(image.view(p).observation()))



def random_map(rng: random.Random, players: int = 2) -> LandlockState:
    """A finished map of random tiles (each turned to fit the checkerboard), or a smaller
    rectangle of one: scoring reads only the tiles, so no game need be played to reach it."""
    game = tabletop.load("landlock", players=players)
    width, height = rng.choice(((6, 6), (6, 6), (6, 6), (4, 5), (6, 3), (2, 2)))
    x0, y0 = rng.randrange(MIDDLE - width + 1, MIDDLE + 1), rng.randrange(MIDDLE - height + 1,
                                                                           MIDDLE + 1)
    box = [k for k, kind in enumerate(KINDS) for _ in range(kind.count)]
    rng.shuffle(box)
    board = [-1] * (SIZE * SIZE)
    land_nw = rng.randrange(2)  # the checkerboard: cells whose NW corner is land
    for n, (x, y) in enumerate((x, y) for x in range(x0, x0 + width)
                               for y in range(y0, y0 + height)):
        kind = box[n]
        rot = next(r for r in range(4)
                   if (_terrain(kind, r, 0) == "L") == ((x + y) % 2 == land_nw))
        board[y * SIZE + x] = kind * 4 + (rot + 2 * rng.randrange(2)) % 4
    full = width * height == 36
    return LandlockState(game=game, first=0, land_team=rng.randrange(2), board=tuple(board),
                         tile=None if full else box[width * height], pending=False, to_move=0,
                         tussocks=(0, 0), gnome_bonus=(0, 0),
                         pile=tuple(box[width * height + (0 if full else 1):]))


def test_scores_of_many_random_maps_agree() -> None:
    """Scores alone (the best network's sides and corners, islands, ponds, facing gnomes)
    of many random maps under every symmetry of the square and land/water traded: a network
    that ends in a map corner is what a one-sided slip shows up in (1 game in 100)."""
    rng = random.Random(57)
    flips = [Sym(q, mirror=m) for q in range(4) for m in (False, True)][1:]
    for n in range(600):
        s = random_map(rng)
        scores = tuple(s.scores)
        for sym in [*flips, Sym(twin=True), Sym(2, mirror=True, twin=True)]:
            assert tuple(sym.state(s).scores) == scores, (n, sym)
