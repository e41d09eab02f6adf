"""Clickable targets on the board: everything a person may click next is inside the picture.

The widget draws ``game.draw(subject, highlight=input.next_targets(), last=...)`` and turns
the targets the scene does not draw into buttons. A target the scene *does* draw must be
clickable, so every shape carrying it must lie inside ``0..width × 0..height``: a shape past
the edge is cut off by the canvas, in part or whole.

The check walks the steps of an input at seeded random positions, for the state and for the
mover's view: the targets offered before any click, then after each click along the paths
of a sample of legal actions (``input.paths(action)``, clicked target by target).

>>> import tabletop
>>> check_targets_on_board(tabletop.load("landlock"), seeds=[0])
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable

from ..game import Action, Game, State, View
from ..input import ClickInput
from .common import click_input, fail, input_steps, mover_subjects

#: How many legal actions' click paths are followed at each position.
SAMPLED_ACTIONS = 6

#: How far a shape may stick out of the picture, in picture units (rounding, not clipping).
TOLERANCE = 0.5


def check_targets_on_board(game: Game, seeds: Iterable[int] = range(2), every: int = 1,
                           sample: int = SAMPLED_ACTIONS) -> None:
    """Every drawn target of every input step lies inside the scene, at seeded positions.

    Checks every ``every``-th position of each seeded random game (a game without click
    input or a picture has nothing on the board to click, and passes).
    """
    make_input = click_input(game)
    if make_input is None:
        return
    for where, subject, last in mover_subjects(game, seeds, every):
        try:
            game.draw(subject)
        except NotImplementedError:
            return
        for inp in input_steps(make_input(subject), random.Random(where), sample, where):
            _check_step(game, inp, subject, last, where)


def _check_step(game: Game, inp: ClickInput, subject: State | View, last: Action | None,
                where: str) -> None:
    """The targets offered after ``inp.selection``: each drawn one inside the scene."""
    offered = inp.next_targets()
    scene = game.draw(subject, highlight=offered, last=last)
    wanted = set(offered)
    after = f" after clicking {' then '.join(map(repr, inp.selection))}" \
        if inp.selection else ""
    for shape in scene.shapes:
        if shape.target is None or shape.target not in wanted:
            continue
        x0, y0, x1, y1 = shape.bounds()
        inside = all(map(math.isfinite, (x0, y0, x1, y1))) and (
            x0 >= -TOLERANCE and y0 >= -TOLERANCE
            and x1 <= scene.width + TOLERANCE and y1 <= scene.height + TOLERANCE)
        if not inside:
            fail(where, f"target {shape.target!r}{after} is drawn at "
                        f"x {x0:g}..{x1:g}, y {y0:g}..{y1:g}, outside the "
                        f"{scene.width:g}×{scene.height:g} board, where it cannot be clicked")
