"""Clicks to Liar's Dice actions: a bid is two clicks, its quantity then its face;
``liar`` is one.

>>> import tabletop
>>> from tabletop.core.registry import register
>>> register("liars-dice", "liars_dice.rules:LiarsDice")
>>> s = tabletop.load("liars-dice").new(seed=1)
>>> clicks = LiarInput(s)
>>> clicks.click(quantity_target(2)), str(clicks.click(face_target(5)))
(None, 'bid 2x5')
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from tabletop.core.game import Action
from tabletop.core.input import ClickInput

from .actions import Bid

#: The target of the ``liar`` button.
CALL = ("liar",)


def quantity_target(quantity: int) -> tuple[str, int]:
    """The target of a quantity on the bidding strip: ``("quantity", 3)``."""
    return ("quantity", quantity)


def face_target(face: int) -> tuple[str, int]:
    """The target of a face on the bidding strip: ``("face", 5)``."""
    return ("face", face)


class LiarInput(ClickInput):
    """A bid: its quantity, then its face. ``liar``: the liar button."""

    def paths(self, action: Action) -> Iterable[tuple[Hashable, ...]]:
        if isinstance(action, Bid):
            return ((quantity_target(action.quantity), face_target(action.face)),)
        return ((CALL,),)

    def label(self, target: Hashable) -> str:
        if target == CALL:
            return "call liar"
        if isinstance(target, tuple) and len(target) == 2 and target[0] == "quantity":
            return f"{target[1]} dice"
        if isinstance(target, tuple) and len(target) == 2 and target[0] == "face":
            return f"showing {target[1]}"
        return ClickInput.label(self, target)

    def hint(self) -> str:
        if not self.candidates():
            return "nothing can be clicked here"
        if self.selection:
            return "click a face to finish the bid"
        return "click a quantity, then a face, to bid; or call liar"
