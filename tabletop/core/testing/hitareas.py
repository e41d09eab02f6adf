"""Hit areas: every target a person may click next is big enough to hit, and hits itself.

A target the widget draws (``game.draw(subject, highlight=input.next_targets())``) must be
clickable by a person with a mouse or a finger: its hit area (the union of the shapes that
carry it, as ``Shape.contains`` says) holds a disc ``MIN_HIT`` = 16 CSS px across where a
laptop shows the picture (``min_hit``: 16 units in a picture up to 504 × 500, 20.3 in a
640 × 540 one, shown at ×0.79) and a click at that disc's centre lands on the target, not on
another one drawn over it. The disc is sought at the centre of each of its shapes (the
middle of a line's longest segment); a shape more than three discs wide, such as a board
region under pieces, may show it anywhere inside.

The check walks the same steps as ``check_targets_on_board`` (``common.input_steps``): at
seeded random positions, for the state and the mover's view, the targets offered before any
click and after each click along the paths of a sample of legal actions.

>>> import tabletop
>>> check_hit_areas(tabletop.load("lava-flows"), seeds=[0], every=10)
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Iterable, Iterator

from ...render.scene import MIN_HIT, Circle, Line, Polygon, Rect, Scene, Shape, min_hit
from ..game import Game, State, View
from ..input import ClickInput
from .common import click_input, fail, input_steps, mover_subjects

#: How many legal actions' click paths are followed at each position.
SAMPLED_ACTIONS = 6
#: Directions around a disc's rim that must lie in the hit area.
RIM_POINTS = 16
Point = tuple[float, float]


def check_hit_areas(game: Game, seeds: Iterable[int] = range(2), every: int = 1,
                    sample: int = SAMPLED_ACTIONS) -> None:
    """Every drawn target offered at every input step has a ``min_hit`` hit area of its own.

    Checks every ``every``-th position of each seeded random game (a game without
    ``input_class`` or ``draw`` has nothing to click, and passes).
    """
    make_input = click_input(game)
    if make_input is None:
        return
    for where, subject, _ in mover_subjects(game, seeds, every):
        for inp in input_steps(make_input(subject), random.Random(where), sample, where):
            _check_step(game, subject, inp, where)


def _check_step(game: Game, subject: State | View, inp: ClickInput, where: str) -> None:
    try:
        offered = inp.next_targets()
        scene = game.draw(subject, highlight=offered)
    except NotImplementedError:
        return
    carriers: dict[Hashable, list[Shape]] = {}
    for shape in scene.shapes:
        if shape.target is not None:
            carriers.setdefault(shape.target, []).append(shape)
    after = f" after clicking {' then '.join(map(repr, inp.selection))}" \
        if inp.selection else ""
    need = min_hit(scene.width, scene.height)
    for target in offered:
        shapes = carriers.get(target)
        if shapes and not any(_clickable(scene, target, shape, shapes, need)
                              for shape in shapes):
            fail(where, f"target {target!r}{after} {_problem(scene, target, shapes, need)}")


def _clickable(scene: Scene, target: Hashable, shape: Shape, shapes: list[Shape],
               need: float) -> bool:
    """Whether a disc ``need`` units across in ``shape`` lies in the target's hit area with
    a click at its centre landing on the target."""
    return any(_disc_inside(p, need / 2, shapes) and scene.hit(*p) == target
               for p in _centres(shape, need))


def _centres(shape: Shape, need: float) -> Iterator[Point]:
    """The shape's centre; for a shape over three discs wide, then a grid over it."""
    centre = _centre(shape)
    yield centre
    x0, y0, x1, y1 = shape.bounds()
    if min(x1 - x0, y1 - y0) <= 3 * need:
        return
    step = need / 2
    grid = [(x0 + step * i, y0 + step * j) for i in range(int((x1 - x0) / step) + 1)
            for j in range(int((y1 - y0) / step) + 1)]
    grid.sort(key=lambda p: (p[0] - centre[0]) ** 2 + (p[1] - centre[1]) ** 2)
    yield from grid


def _centre(shape: Shape) -> Point:
    if isinstance(shape, Circle):
        return (shape.x, shape.y)
    if isinstance(shape, Line) and len(shape.points) > 1:
        a, b = max(zip(shape.points, shape.points[1:], strict=False),
                   key=lambda ab: math.dist(*ab))
        return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    if isinstance(shape, Polygon) and shape.points:
        n = len(shape.points)
        return (sum(p[0] for p in shape.points) / n, sum(p[1] for p in shape.points) / n)
    x0, y0, x1, y1 = shape.bounds()  # Rect, Text
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def _disc_inside(p: Point, r: float, shapes: list[Shape]) -> bool:
    """Whether the centre and ``RIM_POINTS`` points at ``r`` (less a hair) around ``p`` all
    hit one of ``shapes``."""
    reach = r - 1e-6
    points = [p] + [(p[0] + reach * math.cos(2 * math.pi * i / RIM_POINTS),
                     p[1] + reach * math.sin(2 * math.pi * i / RIM_POINTS))
                    for i in range(RIM_POINTS)]
    return all(any(s.contains(x, y) for s in shapes) for x, y in points)


def _problem(scene: Scene, target: Hashable, shapes: list[Shape], need: float) -> str:
    """Why no centre of the target's shapes works: too small, or covered by another."""
    best = max(shapes, key=lambda s: _width_at(_centre(s), shapes, need))
    centre = _centre(best)
    width = _width_at(centre, shapes, need)
    if width < need:
        kind = "Rect" if isinstance(best, Rect) else type(best).__name__
        shown = "" if need == MIN_HIT else \
            f" ({MIN_HIT:g} px where a laptop shows this {scene.width:g}-unit-wide picture)"
        return (f"is hit only {width:g} units across ({kind} at {_xy(centre)}), less than "
                f"the {need:.3g} a click needs{shown}")
    return (f"is covered: a click at its centre {_xy(centre)} hits "
            f"{scene.hit(*centre)!r} instead")


def _width_at(p: Point, shapes: list[Shape], need: float) -> float:
    """The widest disc (to 0.5 units, up to ``need``) around ``p`` in the hit area."""
    width = 0.0
    while width < need and _disc_inside(p, (width + 0.5) / 2, shapes):
        width += 0.5
    return width


def _xy(p: Point) -> str:
    return f"({p[0]:.4g}, {p[1]:.4g})"
