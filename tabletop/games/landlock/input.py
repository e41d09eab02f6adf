"""Clicks to actions: a cell (and, for a gnome tile, which way round), or a role.

* a role: click ``("role", "land")`` or ``("role", "water")``;
* a bridge: click the cell of the tile it replaces;
* a tile: click its cell; when both fitting rotations differ (the tile has a gnome), then
  click ``("rot", k)`` — the renderer draws the tile both ways round beside the map.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from tabletop.core.game import Action
from tabletop.core.input import ClickInput

from .actions import Bridge, Place, Role
from .board import CELL_NAMES


class LandlockInput(ClickInput):
    """The targets a person clicks for each Landlock action."""

    def _per_cell(self) -> dict[int, int]:
        """How many legal placements use each cell (computed once per input)."""
        counts: dict[int, int] | None = getattr(self, "_counts", None)
        if counts is None:
            counts = {}
            for action in self.subject.legal_actions():
                if isinstance(action, Place):
                    counts[action.cell] = counts.get(action.cell, 0) + 1
            self._counts = counts
        return counts

    def paths(self, action: Action) -> Iterable[tuple[Hashable, ...]]:
        if isinstance(action, Role):
            return ((("role", action.role),),)
        if isinstance(action, Bridge):
            return ((("cell", CELL_NAMES[action.cell]),),)
        if isinstance(action, Place):
            cell = ("cell", CELL_NAMES[action.cell])
            if self._per_cell().get(action.cell, 0) > 1:
                return ((cell, ("rot", action.rot)),)
            return ((cell,),)
        return ()

    def label(self, target: Hashable) -> str:
        """``turn r1``, ``Land``, ``cell f6``."""
        if isinstance(target, tuple) and target[:1] == ("rot",):
            return f"turn r{target[1]}"
        if isinstance(target, tuple) and target[:1] == ("role", ):
            return str(target[1]).title()
        if isinstance(target, tuple) and len(target) == 2 and target[0] == "cell":
            return f"cell {target[1]}"
        return ClickInput.label(self, target)

    def hint(self) -> str:
        """What a click does now: a role, a cell for the tile or bridge, then a turn."""
        kinds = {type(a) for a in self.candidates()}
        if self.selection:
            return "click one of the turned tiles beside the map to place it that way round"
        if Role in kinds:
            return "choose your team: press Land or Water"
        parts = []
        if Place in kinds:
            parts.append("click a highlighted cell to place your tile there")
        if Bridge in kinds:
            parts.append("click a placed tile to replace it with your bridge")
        return "; or ".join(parts) or "nothing can be clicked here"
