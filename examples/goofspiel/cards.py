"""Goofspiel's cards: each player's hand and the prize pile are the cards 1 … ``cards``.

>>> deal(4)
(1, 2, 3, 4)
"""

from __future__ import annotations

#: The option ``cards`` (cards per suit) runs from ``FEWEST_CARDS`` to ``MOST_CARDS``.
FEWEST_CARDS, MOST_CARDS = 2, 13

#: The players' names.
NAMES = ("North", "South")


def deal(cards: int) -> tuple[int, ...]:
    """One suit: a hand, or the prize pile before it is shuffled."""
    return tuple(range(1, cards + 1))
