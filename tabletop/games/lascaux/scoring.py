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

#: Per card, one in its animal's byte of a packed count: summed over a collection they give
#: the cards held of each animal, one byte per animal (little end first; 9 at most).
_UNIT: tuple[int, ...] = tuple(1 << (8 * a) for a in ANIMAL)
#: One in every animal's byte; the top bit of every byte (never set by a count); the shift
#: that brings the last byte down.
_ONES = int.from_bytes(b"\x01" * len(ANIMALS), "little")
_TOPS = _ONES << 7
_LAST = 8 * (len(ANIMALS) - 1)


def _majorities(packed: Sequence[int]) -> list[int]:
    """Per player, their packed animal counts (``_UNIT``) kept only in the animals they hold
    the most of (ties included): every animal at once, a byte each, in a few integer
    operations (the end of every search rollout scores).

    A byte's top bit is free (counts are below 128), so ``(a | tops) - b`` never borrows
    across bytes and keeps the top bit exactly where ``a ≥ b``; ``tops - (a ^ b)`` keeps it
    exactly where ``a == b``.

    >>> [hex(k) for k in _majorities([0x0203, 0x0301, 0x0003])]
    ['0x3', '0x300', '0x3']
    """
    best = packed[0]
    for count in packed[1:]:
        ahead = ((best | _TOPS) - count) & _TOPS  # the animals where best ≥ count
        best = count ^ ((best ^ count) & ((ahead >> 7) * 255))
    return [count & ((((_TOPS - (count ^ best)) & _TOPS) >> 7) * 255) for count in packed]


def animal_counts(collection: Sequence[int]) -> tuple[int, ...]:
    """How many cards of each animal a collection holds.

    >>> animal_counts((0, 1, 9, 53))
    (2, 1, 0, 0, 0, 1)
    """
    return tuple(sum(map(_UNIT.__getitem__, collection)).to_bytes(len(ANIMALS), "little"))


def animal_points(counts: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """Per player, per animal: the cards held if the player is among the most (and > 0);
    ``counts`` are below 128 (an animal has 9 cards)."""
    kept = _majorities([int.from_bytes(bytes(row), "little") for row in counts])
    return tuple(tuple(k.to_bytes(len(ANIMALS), "little")) for k in kept)


def points(animal_row: Sequence[int], stones: int) -> int:
    """A player's total: their animal points plus one point per six stones."""
    return sum(animal_row) + stones // STONES_PER_POINT


def scores(collections: Sequence[Sequence[int]], stones: Sequence[int]) -> tuple[int, ...]:
    """Every player's points for these collections and stones: as ``points`` of
    ``animal_points``, with the animal points summed in one multiplication (the packed
    bytes times ``_ONES`` add up in the last byte: at most 54, so nothing carries out).

    >>> scores(((0, 1, 9), (2, 53), ()), (12, 5, 30))
    (5, 1, 5)
    """
    unit = _UNIT.__getitem__
    kept = _majorities([sum(map(unit, c)) for c in collections])
    per = STONES_PER_POINT
    return tuple([(k * _ONES >> _LAST & 255) + s // per for k, s in zip(kept, stones, strict=True)])


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
