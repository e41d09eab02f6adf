"""Liar's Dice's two actions and their notation: ``bid 3x5`` (at least three dice show
five) and ``liar`` (call the last bid a lie).

>>> str(Bid(3, 5)), parse("bid 3x5"), parse("liar"), parse("pass")
('bid 3x5', Bid(quantity=3, face=5), Call(), None)
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.game import Action
from tabletop.core.ids import ActionTable
from tabletop.core.notation import NotationProblem, integer

from .dice import MOST_DICE, MOST_FACES, NAMES


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Claim that at least ``quantity`` dice on the table show ``face``."""

    quantity: int
    face: int

    def __str__(self) -> str:
        return f"bid {self.quantity}x{self.face}"


@dataclass(frozen=True, slots=True)
class Call(Action):
    """Call the last bid a lie: every die is shown and someone loses."""

    def __str__(self) -> str:
        return "liar"


def parse(text: str) -> Action | None:
    """The action ``text`` (normalised notation) denotes, legal or not; ``None`` if it is
    none. Numbers out of every game's range are refused with ``IllegalAction``."""
    if text == "liar":
        return Call()
    word, _, rest = text.partition(" ")
    if word != "bid":
        return None
    quantity, x, face = rest.partition("x")
    if not x:
        raise NotationProblem("a bid is a quantity and a face, like 'bid 3x5'")
    most = len(NAMES) * MOST_DICE
    return Bid(integer(quantity, "a bid's quantity", 1, most),
               integer(face, "a bid's face", 1, MOST_FACES))


def action_table(total: int, faces: int) -> ActionTable:
    """Every action's integer id: the bids in rising order, then ``liar``.

    >>> t = action_table(6, 6)
    >>> t.id_of(Bid(1, 1)), t.id_of(Bid(1, 2)), t.id_of(Call()), t.size
    (0, 1, 36, 37)
    """
    bids = tuple(Bid(q, f) for q in range(1, total + 1) for f in range(1, faces + 1))
    return ActionTable((*bids, Call()))
