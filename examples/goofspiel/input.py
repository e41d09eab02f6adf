"""Clicks to Goofspiel actions: a card of the mover's hand means ``bid`` that card.

>>> import tabletop
>>> from tabletop.core.registry import register
>>> register("goofspiel", "goofspiel.rules:Goofspiel")
>>> s = tabletop.load("goofspiel").new(seed=1)
>>> str(GoofInput(s).click(card_target(4)))
'bid 4'
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from tabletop.core.game import Action
from tabletop.core.input import ClickInput

from .actions import Bid


def card_target(card: int) -> tuple[str, int]:
    """The target of a card in the mover's hand: ``("card", 4)``."""
    return ("card", card)


class GoofInput(ClickInput):
    """One click per bid: the card of the hand to lay face down."""

    def paths(self, action: Action) -> Iterable[tuple[Hashable, ...]]:
        assert isinstance(action, Bid)
        return ((card_target(action.card),),)

    def label(self, target: Hashable) -> str:
        if isinstance(target, tuple) and target[:1] == ("card",):
            return f"bid the {target[1]}"
        return ClickInput.label(self, target)

    def hint(self) -> str:
        return ("click a card of your hand to bid it face down" if self.candidates()
                else "nothing can be clicked here")
