"""Clicks to actions: a cell (and, for a gnome tile, which way round), or a role.

* a role: click ``("role", "land")`` or ``("role", "water")``;
* a bridge: click the cell of the tile it replaces;
* a tile: click its cell; when both fitting rotations differ (the tile has a gnome), then
  click ``("rot", k)`` — the renderer draws the tile both ways round beside the map.

>>> import tabletop
>>> s = tabletop.load("landlock").new(seed=1)
>>> str(LandlockInput(s).click(role_target("water")))
'water'
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from ...core.game import Action
from ...core.input import ClickInput
from .actions import Bridge, Place, Role
from .board import CELL_NAMES

# The targets the renderer draws and a click names.


def cell_target(cell: int) -> tuple[str, str]:
    """A cell of the map (empty, or holding the tile a bridge may replace): ``("cell", "f6")``."""
    return ("cell", CELL_NAMES[cell])


def role_target(role: str) -> tuple[str, str]:
    """The button of a role: ``("role", "land")``."""
    return ("role", role)


def turn_target(rot: int) -> tuple[str, int]:
    """The preview of the tile to place turned ``rot`` quarter-turns: ``("rot", 2)``."""
    return ("rot", rot)


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
            return ((role_target(action.role),),)
        if isinstance(action, Bridge):
            return ((cell_target(action.cell),),)
        if isinstance(action, Place):
            cell = cell_target(action.cell)
            if self._per_cell().get(action.cell, 0) > 1:
                return ((cell, turn_target(action.rot)),)
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
