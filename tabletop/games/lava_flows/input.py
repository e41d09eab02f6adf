"""Clicks to actions for Lava Flows.

* arrange (setup): the home cell for the black Medium, then the one for the white Medium;
* move: the top piece of a stack, then the destination cell;
* slide: the cell (outside its pieces), then the destination cell;
* bubble up: the cell, then the ``bubble up`` button or the claim (black, white, nothing);
* ejection: the Oreo's middle piece, the destination cell, and for an announced Oreo the
  announcement button (``wbw`` / ``bwb``);
* pass: the ``pass`` button.

>>> from tabletop.games.lava_flows.actions import Move
>>> LavaFlowsInput.paths(None, Move("b1", "b2"))  # type: ignore[arg-type]
((('piece', 'b1', 0), ('cell', 'b2')),)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from tabletop.core.game import Action
from tabletop.core.input import ClickInput

from .actions import Arrange, Bubble, Eject, Move, Slide

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
        if target in _LABELS:
            return _LABELS[target]  # type: ignore[index]
        if isinstance(target, tuple) and target[0] == "piece":
            return f"{target[1]}: the piece {target[2]} below the top"
        return ClickInput.label(self, target)
