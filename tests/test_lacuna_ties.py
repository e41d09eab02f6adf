"""Lacuna on the ties: layouts built by hand (a record's ``start``) whose flowers sit exactly
on each other's lines, touch each other, or lie on a lattice, and the same layouts mirrored
and turned. Legality is checked against a plain reference in Python integers (fractions of
the grid, no floating point), and a mirrored or turned layout plays the same game."""

from __future__ import annotations

import copy
import random

import pytest

import tabletop
from tabletop.games.lacuna.actions import Place
from tabletop.games.lacuna.geometry import STEPS

GAME = tabletop.load("lacuna")
RF, RP = GAME.params.flower * STEPS, GAME.params.pawn * STEPS  # fine units


def _disc_cuts(ax, ay, bx, by, cx, cy, r):
    """The disc (c, r) reaches strictly inside the closed segment ab (integers)."""
    dx, dy, wx, wy = bx - ax, by - ay, cx - ax, cy - ay
    s = wx * dx + wy * dy
    if s <= 0:
        return wx * wx + wy * wy < r * r
    if s >= dx * dx + dy * dy:
        return (cx - bx) ** 2 + (cy - by) ** 2 < r * r
    return (wx * dy - wy * dx) ** 2 < r * r * (dx * dx + dy * dy)


def _legal(state, a, b, k):
    """Whether a pawn may stand at k/1024 from flower a to b, from the rules alone."""
    on = state.on_mat
    if state.colors[a] != state.colors[b] or not (on >> a) & 1 or not (on >> b) & 1:
        return False
    fine = [(x * STEPS, y * STEPS) for x, y in state.points]
    others = [fine[f] for f in range(len(fine)) if f not in (a, b) and (on >> f) & 1]
    if any(_disc_cuts(*fine[a], *fine[b], *c, RF) for c in others):
        return False
    if any(_disc_cuts(*fine[a], *fine[b], x, y, RP) for x, y, _ in state.pawns):
        return False
    (ax, ay), (bx, by) = state.points[a], state.points[b]
    px, py = ax * STEPS + k * (bx - ax), ay * STEPS + k * (by - ay)
    if any((px - x) ** 2 + (py - y) ** 2 < (2 * RP) ** 2 for x, y, _ in state.pawns):
        return False
    return all((px - x) ** 2 + (py - y) ** 2 >= (RF + RP) ** 2 for x, y in others)


def _lattice(step, shift):
    """48 points of a square lattice ``step`` ticks apart, nearest the centre: rows, columns
    and diagonals of flowers exactly in line (``step`` 620: neighbours touch)."""
    reach = GAME.params.mat - GAME.params.flower
    points = [(i * step + shift[0], j * step + shift[1]) for i in range(-16, 17)
              for j in range(-16, 17)]
    points = sorted((p for p in points if p[0] ** 2 + p[1] ** 2 <= reach ** 2),
                    key=lambda p: (p[0] ** 2 + p[1] ** 2, p))
    return [list(p) for p in points[:48]]


def _with_layout(seed, layout):
    record = GAME.new(seed=seed).to_record()
    record["start"]["layout"] = layout
    return tabletop.replay(record)


@pytest.mark.parametrize("seed, step, shift", [(0, 620, (0, 0)), (1, 700, (350, 0)),
                                                (2, 1240, (620, 620)), (3, 930, (310, 0))])
def test_lattice_layouts_agree_with_the_rules_at_every_position(seed, step, shift):
    state = _with_layout(seed, _lattice(step, shift))
    rng = random.Random(seed)
    state = state.apply(rng.choice(state.legal_actions()))
    while not state.is_terminal:
        for a in range(len(state.points)) if len(state.pawns) % 3 == 1 else ():
            for b in range(a + 1, len(state.points)):
                if state.colors[a] != state.colors[b]:
                    continue
                for k in (0, 1, 512, 1023, 1024, rng.randrange(STEPS + 1)):
                    assert state.is_legal(Place(a, b, k)) == _legal(state, a, b, k), (a, b, k)
        state = state.apply(rng.choice(state.legal_actions()))
    again = tabletop.replay(state.to_record())
    assert again == state and again.scores == state.scores


TURNS = {"mirrored left-right": lambda x, y: (-x, y), "mirrored top-bottom": lambda x, y: (x, -y),
         "turned a quarter": lambda x, y: (-y, x), "turned a half": lambda x, y: (-x, -y),
         "mirrored on the diagonal": lambda x, y: (y, x)}


@pytest.mark.parametrize("turn", TURNS)
def test_a_mirrored_or_turned_layout_plays_the_same_game(turn):
    """Flower ids kept, every coordinate mirrored or turned (exactly, on the tick grid): the
    same legal moves at every ply, and the same end."""
    for seed in range(3):
        state = GAME.new(seed=seed)
        record = copy.deepcopy(state.to_record())
        record["start"]["layout"] = [list(TURNS[turn](x, y))
                                     for x, y in record["start"]["layout"]]
        turned = tabletop.replay(record)
        rng = random.Random(seed)
        while not state.is_terminal:
            assert set(state.legal_actions()) == set(turned.legal_actions())
            action = rng.choice(state.legal_actions())
            state, turned = state.apply(action), turned.apply(action)
        assert (state.scores, state.winners) == (turned.scores, turned.winners)
        assert state.claims() == turned.claims()
