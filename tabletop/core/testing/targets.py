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
from collections.abc import Hashable, Iterable
from typing import Any

from ..errors import IllegalAction
from ..game import Action, Game, State, View
from ..input import ClickInput
from .common import fail, random_states

#: How many legal actions' click paths are followed at each position.
SAMPLED_ACTIONS = 6

#: How far a shape may stick out of the picture, in picture units (rounding, not clipping).
TOLERANCE = 0.5


def check_targets_on_board(game: Game, seeds: Iterable[int] = range(2), every: int = 1,
                           sample: int = SAMPLED_ACTIONS) -> None:
    """Every drawn target of every input step lies inside the scene, at seeded positions.

    Checks every ``every``-th position of each seeded random game (a game without
    ``input_class`` or ``draw`` has nothing on the board to click, and passes).
    """
    make_input: Any = getattr(game, "input_class", None)
    if not isinstance(make_input, type) or not issubclass(make_input, ClickInput):
        return
    for where, state in random_states(game, seeds, every):
        mover = state.current_player
        if mover is None:
            continue
        step = state._steps()[-1] if state.history else None
        subjects: list[tuple[str, State | View, Action | None]] = [
            (where, state, step[0] if step else None),
            (f"{where}, {game.player_name(mover)}'s view", state.view(mover),
             _seen_last(game, step, mover)),
        ]
        rng = random.Random(where)
        for at, subject, last in subjects:
            _check_input(game, make_input, subject, last, at, rng, sample)


def _seen_last(game: Game, step: tuple[Action, int | None] | None,
               viewer: int) -> Action | None:
    """The last action as the widget marks it for ``viewer``: only if nothing of it is hidden."""
    if step is None:
        return None
    action, actor = step
    same = game.describe(action, actor, viewer) == game.describe(action, actor, None)
    return action if same else None


def _check_input(game: Game, make_input: Any, subject: State | View, last: Action | None,
                 where: str, rng: random.Random, sample: int) -> None:
    """The targets before any click, then after each click along sampled actions' paths."""
    try:
        game.draw(subject)
    except NotImplementedError:
        return
    checked: set[tuple[Hashable, ...]] = set()
    inp: ClickInput = make_input(subject)
    _check_step(game, inp, subject, last, where, checked)
    legal = list(subject.legal_actions())
    for action in rng.sample(legal, min(sample, len(legal))):
        for path in list(inp.paths(action))[:2]:
            inp.reset()
            for target in tuple(path)[:-1]:
                try:
                    done = inp.click(target)
                except IllegalAction as err:
                    fail(where, f"clicking {target!r} on the way to {action} was refused: "
                                f"{err}")
                if done is not None:
                    break
                _check_step(game, inp, subject, last, where, checked)


def _check_step(game: Game, inp: ClickInput, subject: State | View, last: Action | None,
                where: str, checked: set[tuple[Hashable, ...]]) -> None:
    """The targets offered after ``inp.selection``: each drawn one inside the scene."""
    if inp.selection in checked:
        return
    checked.add(inp.selection)
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
