"""Clicks → Lacuna actions.

* set aside: the button ``("aside", colour)``;
* place: flower a, flower b (either order), then a spot — one of the offered dots
  ``("spot", a, b, k)``, or anywhere on the drawn line ``("line", a, b)``: ``finish`` maps
  that raw click to the nearest legal position on the segment;
* place free: a dot ``("free", x, y)``, or anywhere on the mat ``("mat",)`` (mapped to the
  nearest legal point).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, Any

from tabletop.core.game import Action
from tabletop.core.input import ClickInput, Point

from .actions import Place, PlaceFree, SetAside, colour_name
from .render import from_pixels

if TYPE_CHECKING:
    from .board import Board

Target = Hashable


def click_to_place(subject: Board, a: int, b: int, point: Point) -> Place | None:
    """The legal ``Place`` on the pair a-b nearest to a click at ``point`` (scene pixels)."""
    x, y = from_pixels(subject, *point)
    return subject.nearest_place(a, b, x, y)


class LacunaInput(ClickInput):
    """Click paths for Lacuna: see the module docstring."""

    def paths(self, action: Action) -> Iterable[tuple[Target, ...]]:
        if isinstance(action, SetAside):
            return ((("aside", action.colour),),)
        if isinstance(action, Place):
            spot = ("spot", action.a, action.b, action.k)
            fa, fb = ("flower", action.a), ("flower", action.b)
            return ((fa, fb, spot), (fb, fa, spot))
        if isinstance(action, PlaceFree):
            return ((("free", action.x, action.y),),)
        return ()

    def label(self, target: Target) -> str:
        if isinstance(target, tuple) and target and target[0] == "aside":
            return f"set aside {colour_name(target[1])}"
        return ClickInput.label(self, target)

    def finish(self, target: Target, point: Point | None) -> Action | None:
        if point is None or not isinstance(target, tuple) or not target:
            return None
        subject: Any = self.subject
        if target[0] == "line" and len(target) == 3:
            _, a, b = target
            chosen = {t[1] for t in self.selection if isinstance(t, tuple) and t[0] == "flower"}
            if len(self.selection) != 2 or chosen != {a, b}:
                return None
            found = click_to_place(subject, a, b, point)
            return found if found is not None and subject.is_legal(found) else None
        if target == ("mat",):
            x, y = from_pixels(subject, *point)
            free = subject.nearest_free(x, y)
            return free if free is not None and subject.is_legal(free) else None
        return None
