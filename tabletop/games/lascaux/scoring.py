"""Lascaux scoring: animal majorities (tied leaders all score) and 1 point per 6 stones.

>>> counts = ((3, 0, 0, 0, 0, 0), (3, 1, 0, 0, 0, 0), (1, 0, 0, 0, 0, 0))
>>> animal_points(counts)
((3, 0, 0, 0, 0, 0), (3, 1, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0))
>>> points((3, 0, 0, 0, 0, 0), stones=13)
5
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import eq, mul

from .cards import ANIMAL, ANIMALS

#: Stones per point at the end.
STONES_PER_POINT = 6


#: Per card, one in its animal's byte of a packed count: summed over a collection and read
#: as bytes (little end first), they give the cards held of each animal (9 at most, < 256).
_UNIT: tuple[int, ...] = tuple(1 << (8 * a) for a in ANIMAL)


def _packed(collection: Sequence[int]) -> bytes:
    """How many cards of each animal a collection holds, one byte per animal (in C loops:
    the end of every search rollout scores)."""
    return sum(map(_UNIT.__getitem__, collection)).to_bytes(len(ANIMALS), "little")


def animal_counts(collection: Sequence[int]) -> tuple[int, ...]:
    """How many cards of each animal a collection holds.

    >>> animal_counts((0, 1, 9, 53))
    (2, 1, 0, 0, 0, 1)
    """
    return tuple(_packed(collection))


def animal_points(counts: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """Per player, per animal: the cards held if the player is among the most (and > 0)."""
    best = tuple(map(max, zip(*counts, strict=True)))
    return tuple(tuple(map(mul, row, map(eq, row, best))) for row in counts)


def points(animal_row: Sequence[int], stones: int) -> int:
    """A player's total: their animal points plus one point per six stones."""
    return sum(animal_row) + stones // STONES_PER_POINT


def scores(collections: Sequence[Sequence[int]], stones: Sequence[int]) -> tuple[int, ...]:
    """Every player's points for these collections and stones."""
    rows = animal_points([_packed(c) for c in collections])
    return tuple(map(points, rows, stones))


def winners(scored: Sequence[float], stones: Sequence[int]) -> tuple[int, ...]:
    """Highest score wins; ties go to most stones left, then are shared ([I]).

    If every player is still tied the game is a draw: ``()``.

    >>> winners((5, 5, 3), (2, 4, 9))
    (1,)
    >>> winners((5, 5, 3), (4, 4, 9))
    (0, 1)
    >>> winners((5, 5), (4, 4))
    ()
    """
    best = max(scored)
    top = [p for p, s in enumerate(scored) if s == best]
    most = max(stones[p] for p in top)
    top = [p for p in top if stones[p] == most]
    return () if len(top) == len(scored) else tuple(top)
