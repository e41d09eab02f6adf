"""Goofspiel's one action and its notation: ``bid 3`` lays card 3 face down.

>>> str(Bid(3)), parse("bid 3"), parse("pass")
('bid 3', Bid(card=3), None)
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.game import Action
from tabletop.core.ids import ActionTable
from tabletop.core.notation import integer

from .cards import MOST_CARDS


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Lay the card of value ``card`` from your hand face down as this round's bid."""

    card: int

    def __str__(self) -> str:
        return f"bid {self.card}"


def parse(text: str) -> Bid | None:
    """The bid ``text`` (normalised notation) denotes, legal or not; ``None`` if it is no
    bid. A card number out of every hand is refused with ``IllegalAction``."""
    word, _, number = text.partition(" ")
    if word != "bid":
        return None
    return Bid(integer(number, "a card", 1, MOST_CARDS))


def action_table(cards: int) -> ActionTable:
    """Every bid's integer id: ``bid c`` is ``c - 1``, for the ``cards`` cards of a suit.

    >>> action_table(3).id_of(Bid(3)), action_table(3).size
    (2, 3)
    """
    return ActionTable(tuple(Bid(c) for c in range(1, cards + 1)))
