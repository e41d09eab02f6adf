"""Lascaux scoring: animal majorities (tied leaders all score) and 1 point per 6 stones.

>>> counts = ((3, 0, 0, 0, 0, 0), (3, 1, 0, 0, 0, 0), (1, 0, 0, 0, 0, 0))
>>> animal_points(counts)
((3, 0, 0, 0, 0, 0), (3, 1, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0))
>>> points((3, 0, 0, 0, 0, 0), stones=13)
5
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import ANIMAL, ANIMALS

#: Stones per point at the end.
STONES_PER_POINT = 6


def animal_counts(collection: Sequence[int]) -> tuple[int, ...]:
    """How many cards of each animal a collection holds."""
    counts = [0] * len(ANIMALS)
    for card in collection:
        counts[ANIMAL[card]] += 1
    return tuple(counts)


def animal_points(counts: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """Per player, per animal: the cards held if the player is among the most (and > 0)."""
    players = range(len(counts))
    best = [max(counts[p][a] for p in players) for a in range(len(ANIMALS))]
    return tuple(
        tuple(n if n == best[a] and n > 0 else 0 for a, n in enumerate(counts[p]))
        for p in players
    )


def points(animal_row: Sequence[int], stones: int) -> int:
    """A player's total: their animal points plus one point per six stones."""
    return sum(animal_row) + stones // STONES_PER_POINT


def scores(collections: Sequence[Sequence[int]], stones: Sequence[int]) -> tuple[int, ...]:
    """Every player's points for these collections and stones."""
    rows = animal_points([animal_counts(c) for c in collections])
    return tuple(points(row, s) for row, s in zip(rows, stones, strict=True))


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
