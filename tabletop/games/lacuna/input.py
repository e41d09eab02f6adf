"""Clicks → Lacuna actions.

* set aside: the button ``("aside", colour)``;
* place: flower a, flower b (either order), then a spot — one of the offered dots
  ``("spot", a, b, k)``, or anywhere on the drawn line ``("line", a, b)``;
* place free (no line is open): a dot ``("free", x, y)``, or anywhere on the mat ``("mat",)``.

Our design: a click on the chosen line (or near a dot) **snaps** to the nearest offered dot,
so the pawn stands where the player sees a dot and the move reads ``@1/4``. Once two flowers
are picked (or when a pawn must be placed freely) the input also offers the button
``PLACE_FREELY``: after it, a click places the pawn at the nearest legal point to the click
(to 1/1024 of the line, or to the tick on the mat); ``PLACE_ON_DOTS`` switches back. The
choice lasts until the move is made or a flower is un-picked (``picked()`` lists it after
the selection, for a server that replays the clicks so far).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, Any

from tabletop.core.game import Action
from tabletop.core.input import ClickInput, Point
from tabletop.core.plain import finite_point, point_of
from tabletop.core.quoting import brief

from .actions import Place, PlaceFree, SetAside, colour_name, fraction_text, tick_text
from .flowerids import pair_of
from .geometry import TICKS
from .render import from_pixels

if TYPE_CHECKING:
    from .position import LacunaPosition

Target = Hashable
PLACE_FREELY: Target = ("placement", "free")
"""The button that makes the next click place the pawn exactly where it lands."""
PLACE_ON_DOTS: Target = ("placement", "dots")
"""The button that makes clicks snap to the offered dots again (the default)."""


def click_to_place(subject: LacunaPosition, a: int, b: int, point: Point) -> Place | None:
    """The legal ``Place`` on the pair a-b nearest to a click at ``point`` (scene pixels),
    to 1/1024 of the line (free placement); ``None`` if the pair takes no pawn. A point that
    is no pair of finite numbers is refused with a ``ValueError`` saying so.

    >>> import tabletop
    >>> s = tabletop.load("lacuna").new(seed=1).apply("aside red")
    >>> click_to_place(s, 0, 1, (236, 37))  # a click near the middle of the line 0-1
    Place(a=0, b=1, k=519)
    >>> click_to_place(s, 0, 1, "x")
    Traceback (most recent call last):
    ...
    ValueError: click_to_place takes a point (x, y) of two finite numbers in scene pixels, not 'x'
    >>> click_to_place(tabletop.load("landlock").new(seed=1), 0, 1, (236, 37))
    Traceback (most recent call last):
    ...
    TypeError: click_to_place takes a lacuna state or view, not LandlockState
    """
    if getattr(getattr(subject, "game", None), "name", None) != "lacuna":  # no flowers to join
        shown = type(subject).__name__ if hasattr(subject, "game") else brief(subject)
        raise TypeError(f"click_to_place takes a lacuna state or view, not {shown}")
    pair_of("click_to_place", a, b, len(subject.points))
    try:
        px, py = finite_point(*point_of(point), "click_to_place")
    except ValueError:
        raise ValueError(f"click_to_place takes a point (x, y) of two finite numbers in scene "
                         f"pixels, not {brief(point)}") from None
    x, y = from_pixels(subject, px, py)
    return subject.nearest_place(a, b, x, y)


class LacunaInput(ClickInput):
    """Click paths for Lacuna: see the module docstring. ``free`` starts in free placement.

    >>> import tabletop
    >>> s = tabletop.load("lacuna").new(seed=1).apply("aside red")
    >>> clicks = LacunaInput(s)
    >>> clicks.click(("flower", 24)), clicks.click(("flower", 41))
    (None, None)
    >>> PLACE_FREELY in clicks.next_targets(), clicks.label(PLACE_FREELY)
    (True, 'place freely')
    """

    def __init__(self, subject: Any, *, free: bool = False) -> None:
        ClickInput.__init__(self, subject)
        self.free = free

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

    # --- the placement choice ---------------------------------------------------------------
    def _placing(self) -> bool:
        """Whether the next click places a pawn (two flowers picked, or a free placement)."""
        if len(self._flowers()) == 2:
            return True
        return not self.selection and any(isinstance(a, PlaceFree) for a in self.candidates())

    def next_targets(self) -> tuple[Target, ...]:
        """The dots, flowers or buttons to click next; while placing, the placement button."""
        found = ClickInput.next_targets(self)
        if self._placing():
            found += (PLACE_ON_DOTS if self.free else PLACE_FREELY,)
        return found

    def click(self, target: Target, point: Point | None = None) -> Action | None:
        """As ``ClickInput.click``; the placement buttons switch how the next click lands."""
        if target in (PLACE_FREELY, PLACE_ON_DOTS) and self._placing():
            self.free = target == PLACE_FREELY
            return None
        before = len(self.selection)
        made = ClickInput.click(self, target, point)
        if len(self.selection) < before and made is None:  # un-picked: back on the dots
            self.free = False
        return made

    def picked(self) -> tuple[Target, ...]:
        """The selection, then "place freely" while it is chosen: the clicks that bring a
        new input to this one."""
        return self.selection + (PLACE_FREELY,) if self.free and self._placing() \
            else self.selection

    # --- words ------------------------------------------------------------------------------
    def label(self, target: Target) -> str:
        """``set aside red``, ``red flower 12``, ``the spot @1/2 on line 12-30``, ``line
        12-30``, ``the free spot at 0.25, -0.5``, ``the mat``, ``place freely``."""
        if target == PLACE_FREELY:
            return "place freely"
        if target == PLACE_ON_DOTS:
            return "place on the dots"
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

    def _flowers(self) -> list[Any]:
        return [t[1] for t in self.selection if isinstance(t, tuple) and len(t) == 2
                and t[0] == "flower"]

    def hint(self) -> str:
        """What a click does now: a colour to set aside; a flower, a second flower of its
        colour, a spot on the line between them; or a free spot."""
        kinds = {type(a) for a in self.candidates()}
        if SetAside in kinds:
            return "choose the colour to set aside: press its button"
        flowers = self._flowers()
        if len(flowers) == 1:
            return (f"click another {self._colour(flowers[0])}flower in open line with "
                    f"flower {flowers[0]}")
        if len(flowers) == 2:
            a, b = sorted(flowers)
            if self.free:
                return (f"click anywhere on line {a}-{b}: your pawn goes exactly there, or to "
                        "the nearest legal point")
            return (f"click a dot on line {a}-{b} to place your pawn there; a click on the "
                    "line takes the nearest dot, or press “place freely” to place it exactly")
        if Place in kinds:
            return ("click a flower, then another of its colour in open line with it, then a "
                    "dot between them to place your pawn")
        if PlaceFree in kinds:
            if self.free:
                return "no line is open: click anywhere on the mat to place your pawn there"
            return ("no line is open: click a dot on the mat to place your pawn there, or "
                    "press “place freely” to place it exactly")
        return "nothing can be clicked here"

    # --- clicks between the dots --------------------------------------------------------------
    def finish(self, target: Target, point: Point | None) -> Action | None:
        """A click with a point on the chosen line, a dot, or the mat: the nearest offered
        dot to it, or (placing freely) the nearest legal position."""
        if point is None or not isinstance(target, tuple) or not target:
            return None
        subject: Any = self.subject
        x, y = from_pixels(subject, *point)
        if target[0] in ("line", "spot") and len(target) in (3, 4):
            a, b = target[1], target[2]
            if len(self.selection) != 2 or set(self._flowers()) != {a, b}:
                return None
            if self.free:
                found = subject.nearest_place(a, b, x, y)
                return found if found is not None and subject.is_legal(found) else None
            where = subject.along(min(a, b), max(a, b), x, y)
            return self._nearest([p for p in self.candidates() if isinstance(p, Place)],
                                 lambda p: abs(p.k - where))
        if target == ("mat",) or (target[0] == "free" and len(target) == 3):
            if self.selection:
                return None
            if self.free:
                free = subject.nearest_free(x, y)
                return free if free is not None and subject.is_legal(free) else None
            tx, ty = x * TICKS, y * TICKS
            return self._nearest([p for p in self.candidates() if isinstance(p, PlaceFree)],
                                 lambda p: (p.x - tx) ** 2 + (p.y - ty) ** 2)
        return None

    def _nearest(self, offered: list[Any], distance: Any) -> Action | None:
        """The offered action nearest by ``distance`` (first of equals), or ``None``."""
        return min(offered, key=distance) if offered else None
