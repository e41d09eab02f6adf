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

from .actions import Place, PlaceFree, SetAside, colour_name, fraction_text, tick_text
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
        """``set aside red``, ``red flower 12``, ``the spot @0.5 on line 12-30``, ``line
        12-30``, ``the free spot at 0.25, -0.5``, ``the mat``."""
        if not isinstance(target, tuple) or not target:
            return ClickInput.label(self, target)
        kind, rest = target[0], target[1:]
        if kind == "aside" and len(rest) == 1:
            return f"set aside {colour_name(rest[0])}"
        if kind == "flower" and len(rest) == 1:
            return f"{self._colour(rest[0])}flower {rest[0]}"
        if kind == "spot" and len(rest) == 3:
            return f"the spot @{fraction_text(rest[2])} on line {rest[0]}-{rest[1]}"
        if kind == "line" and len(rest) == 2:
            return f"line {rest[0]}-{rest[1]}"
        if kind == "free" and len(rest) == 2:
            return f"the free spot at {tick_text(rest[0])}, {tick_text(rest[1])}"
        if target == ("mat",):
            return "the mat"
        return ClickInput.label(self, target)

    def _colour(self, flower: Any) -> str:
        """``red `` for a flower of a known colour, else nothing."""
        colours = getattr(self.subject, "colors", None)
        if colours is None or not isinstance(flower, int) or not 0 <= flower < len(colours):
            return ""
        return f"{colour_name(colours[flower])} "

    def hint(self) -> str:
        """What a click does now: a colour to set aside; a flower, a second flower of its
        colour, a spot on the line between them; or a free spot."""
        kinds = {type(a) for a in self.candidates()}
        if SetAside in kinds:
            return "choose the colour to set aside: press its button"
        flowers = [t[1] for t in self.selection if isinstance(t, tuple) and t[0] == "flower"]
        if len(flowers) == 1:
            return (f"click another {self._colour(flowers[0])}flower in open line with "
                    f"flower {flowers[0]}")
        if len(flowers) == 2:
            a, b = sorted(flowers)
            return f"click a spot on line {a}-{b} to place your pawn there"
        if Place in kinds:
            return ("click a flower, then another of its colour in open line with it, then a "
                    "spot between them to place your pawn")
        if PlaceFree in kinds:
            return "no line is open: click anywhere on the mat to place your pawn there"
        return "nothing can be clicked here"

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
