"""Clicks to actions for Lava Flows.

* arrange (setup): the home cell for the black Medium, then the one for the white Medium;
* move: the top piece of a stack, then the destination cell;
* slide: the cell (outside its pieces), then the destination cell;
* bubble up: the cell, then the ``bubble up`` button or the claim (black, white, nothing);
* ejection: the Oreo's middle piece, the destination cell, and for an announced Oreo the
  announcement button (``wbw`` / ``bwb``);
* pass: the ``pass`` button.

>>> from tabletop.games.lava_flows.actions import Move
>>> LavaFlowsInput.paths(None, Move("b1", "b2"))
((('piece', 'b1', 0), ('cell', 'b2')),)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from tabletop.core.game import Action
from tabletop.core.input import ClickInput

from .actions import Arrange, Bubble, Eject, Move, Pass, Slide

_LABELS = {
    ("bubble",): "bubble up",
    ("claim", "black"): "claim: a black Medium is lowest",
    ("claim", "white"): "claim: a white Medium is lowest",
    ("claim", "nothing"): "claim: nothing hidden",
    ("oreo", "wbw"): "announce a W-B-W Oreo",
    ("oreo", "bwb"): "announce a B-W-B Oreo",
    ("pass",): "pass",
}


class LavaFlowsInput(ClickInput):
    """The target paths of each Lava Flows action (targets as drawn by ``render.draw``)."""

    def paths(self, action: Action) -> Iterable[tuple[Hashable, ...]]:
        if isinstance(action, Move):
            return ((("piece", action.src, 0), ("cell", action.dst)),)
        if isinstance(action, Slide):
            return ((("cell", action.src), ("cell", action.dst)),)
        if isinstance(action, Bubble):
            last = ("claim", action.claim) if action.claim else ("bubble",)
            return ((("cell", action.cell), last),)
        if isinstance(action, Eject):
            path: tuple[Hashable, ...] = (("piece", action.cell, action.depth),
                                          ("cell", action.dst))
            if action.claim:
                path += (("oreo", action.claim),)
            return (path,)
        if isinstance(action, Arrange):
            return ((("cell", action.black), ("cell", action.white)),)
        return ((("pass",),),)

    def click(self, target: Hashable, point: tuple[float, float] | None = None
              ) -> Action | None:
        """As ``ClickInput.click``, but a click that lands on a piece when only its cell
        makes sense (a destination) counts for the cell, and a click on a cell when only its
        top piece makes sense (a move) counts for that piece."""
        if isinstance(target, tuple) and target and target[0] in ("piece", "cell"):
            wanted = self.next_targets()
            if target not in wanted:
                cell = ("cell", target[1])
                top = ("piece", target[1], 0)
                if target[0] == "piece" and cell in wanted:
                    target = cell
                elif target[0] == "cell" and top in wanted:
                    target = top
        return ClickInput.click(self, target, point)

    def label(self, target: Hashable) -> str:
        """``the top piece of a1``, ``the 2nd piece below the top of b2``, ``cell c3``."""
        if target in _LABELS:
            return _LABELS[target]
        if isinstance(target, tuple) and len(target) == 3 and target[0] == "piece":
            _, cell, depth = target
            if depth == 0:
                return f"the top piece of {cell}"
            return f"the {ordinal(depth)} piece below the top of {cell}"
        if isinstance(target, tuple) and len(target) == 2 and target[0] == "cell":
            return f"cell {target[1]}"
        return ClickInput.label(self, target)

    def hint(self) -> str:
        """What a click does now, in the game's words (see the module docstring)."""
        kinds = {type(a) for a in self.candidates()}
        picked = self.selection
        if not picked:
            return _first_hint(kinds)
        first = picked[0]
        if Arrange in kinds:
            return "click the home cell where the white Medium hides"
        if len(picked) == 2 and Eject in kinds:
            return "announce the Oreo: press its button"
        if isinstance(first, tuple) and first[0] == "piece":
            if first[2] == 0 and Move in kinds:
                return "click a neighbouring cell to move it there"
            return "click a neighbouring cell to eject it there"
        parts = []
        if Slide in kinds:
            parts.append("click a neighbouring cell to slide the stack there")
        if Bubble in kinds:
            claims = any(isinstance(a, Bubble) and a.claim for a in self.candidates())
            parts.append("press a claim to bubble up, naming the lowest piece" if claims
                         else "press bubble up to bring the lowest piece to the top")
        return "; or ".join(parts) or "click again to undo"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` … ``11th``, ``12th``, ``13th``."""
    teen = 10 <= n % 100 <= 20
    suffix = "th" if teen else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _first_hint(kinds: set[type]) -> str:
    """The hint before any click, from the kinds of move on offer."""
    if Arrange in kinds:
        return "click the home cell where the black Medium hides"
    parts = []
    if Move in kinds:
        parts.append("click one of your top pieces to move it")
    if Eject in kinds:
        parts.append("click the middle piece of an Oreo to eject it")
    ways = [w for kind, w in ((Slide, "slide"), (Bubble, "bubble up")) if kind in kinds]
    if ways:
        parts.append(f"click an empty part of a cell to {' or '.join(ways)} there")
    if Pass in kinds and not parts:  # (its button is always in view; named when alone)
        parts.append("press pass: no move is open")
    return "; ".join(parts) or "nothing can be clicked here"
