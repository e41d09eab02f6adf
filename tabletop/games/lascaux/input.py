"""Clicks to Lascaux actions: a colour of the legend means ``choose``; two buttons bid.

>>> import tabletop
>>> s = tabletop.load("lascaux").new(seed=2)
>>> clicks = LascauxInput(s)
>>> str(clicks.click(("colour", "blue")))
'choose blue'
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from ...core.game import Action
from ...core.input import ClickInput
from .actions import Choose, Pay
from .cards import COLOURS

#: The targets the renderer draws: ``("colour", name)`` on the legend, ``"pay"``, ``"pass"``.
PAY_TARGET, PASS_TARGET = "pay", "pass"


def colour_target(colour: int) -> tuple[str, str]:
    """The legend swatch of a colour: ``("colour", "blue")``."""
    return ("colour", COLOURS[colour])


class LascauxInput(ClickInput):
    """One click per action: a colour swatch to choose it, or the pay / pass button."""

    def paths(self, action: Action) -> Iterable[tuple[Hashable, ...]]:
        if isinstance(action, Choose):
            return ((colour_target(action.colour),),)
        return ((PAY_TARGET if isinstance(action, Pay) else PASS_TARGET,),)

    def label(self, target: Hashable) -> str:
        if isinstance(target, tuple) and target[:1] == ("colour",):
            return f"choose {target[1]}"
        if target == PAY_TARGET:
            return "pay 1 stone"
        if target == PASS_TARGET:
            return "pass: take the pot"
        return ClickInput.label(self, target)

    def hint(self) -> str:
        """What a click does now: choose a colour, or pay / pass in the auction."""
        kinds = {type(a) for a in self.candidates()}
        parts = []
        if Choose in kinds:
            parts.append("click a colour in the legend to choose it")
        if Pay in kinds:
            parts.append("press pay 1 stone to stay in the bidding")
        if kinds - {Choose, Pay}:
            parts.append("pass to take the pot" if parts else "press pass to take the pot")
        return ", or ".join(parts) or "nothing can be clicked here"
