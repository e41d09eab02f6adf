"""Liar's Dice's fixed tables: the bounds of the options and the players' names.

>>> NAMES[:3], total_dice(3, 2)
(('Ann', 'Bo', 'Cy'), 6)
"""

from __future__ import annotations

#: The option ``dice`` (dice per player) runs from ``FEWEST_DICE`` to ``MOST_DICE``.
FEWEST_DICE, MOST_DICE = 1, 3
#: The option ``faces`` (faces of a die) runs from ``FEWEST_FACES`` to ``MOST_FACES``.
FEWEST_FACES, MOST_FACES = 2, 6

#: The players' names, by seat.
NAMES = ("Ann", "Bo", "Cy", "Di")


def total_dice(players: int, dice: int) -> int:
    """How many dice are on the table: the highest quantity a bid may name."""
    return players * dice
