"""Clicks from outside a notebook: a point on a picture shown at any size, to an action.

A web page shows a player their view's SVG (``picture``) at whatever size its layout gives
it and sends back where it was clicked. ``click_at`` turns that point into the action it
completes, or into the targets picked so far (``Clicked.selection``), which a server that
keeps nothing between requests hands to the page and gets back with the next click.
``press`` does the same for a target shown as a button (``Clicked.buttons``: the targets
that may be clicked next but are not drawn on the board). Nothing here needs a widget
library; the game's own ``ClickInput`` decides what every click means.

>>> import tabletop
>>> state = tabletop.load("lava-flows").new(seed=1)
>>> view = state.view(state.current_player)
>>> scene = picture(view)
>>> from tabletop.render.scenecanvas import click_point
>>> x, y = click_point(scene, ("cell", "a1"))
>>> clicked = click_at(view, x, y)
>>> clicked.action, clicked.selection
(None, (('cell', 'a1'),))
>>> click_at(view, x / 2, y / 2, shown=(scene.width / 2, scene.height / 2)) == clicked
True
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import IllegalAction
from ..core.game import Action, State, View
from ..core.input import ClickInput, Target, input_for
from ..core.plain import coordinates
from ..core.quoting import brief
from .picks import mark_picked
from .scene import Scene

Point = tuple[float, float]

#: The most targets a selection holds (no game's action takes more clicks than this).
MAX_SELECTION = 16


@dataclass(frozen=True, slots=True)
class Clicked:
    """What a click did: the ``action`` it completes (``None`` while more clicks are needed),
    the targets picked so far (send them back with the next click), the next targets shown
    as buttons with their labels, and one line saying what to click next."""

    action: Action | None
    selection: tuple[Target, ...]
    buttons: tuple[tuple[Target, str], ...]
    hint: str


def picture_point(scene: Scene, x: object, y: object,
                  shown: Sequence[float] | None = None) -> Point:
    """The scene point under ``(x, y)`` on the picture shown ``shown = (width, height)``
    pixels large (``None``: at the scene's own size), as a browser fits an SVG into its
    box: scaled by the same factor both ways and centred (``preserveAspectRatio``'s
    default, ``xMidYMid meet``, which ``to_svg`` leaves as it is).

    >>> scene = Scene(200, 100)
    >>> picture_point(scene, 50, 25, shown=(100, 50)), picture_point(scene, 50, 50, (100, 100))
    ((100.0, 50.0), (100.0, 50.0))
    >>> picture_point(scene, 1, 1, shown=(0, 50))
    Traceback (most recent call last):
    ...
    ValueError: shown should be the picture's width and height on screen, ... not (0, 50)
    """
    px, py = coordinates(x, y)
    if shown is None:
        return px, py
    width, height = _size(shown)
    scale = min(width / scene.width, height / scene.height)
    left = (width - scene.width * scale) / 2
    top = (height - scene.height * scale) / 2
    return (px - left) / scale, (py - top) / scale


def _size(shown: object) -> Point:
    pair = tuple(shown) if isinstance(shown, Sequence) and not isinstance(shown, str) else ()
    if len(pair) == 2 and all(isinstance(v, numbers.Real) and not isinstance(v, bool)
                              for v in pair):
        width, height = float(pair[0]), float(pair[1])
        if all(math.isfinite(v) and 0 < v < 1e9 for v in (width, height)):
            return width, height
    raise ValueError(f"shown should be the picture's width and height on screen, two "
                     f"numbers above 0, not {brief(shown)}")


def resumed(subject: State | View, selection: object = ()) -> ClickInput:
    """The click input of ``subject`` after the clicks ``selection`` (what
    ``Clicked.selection`` handed the page: ``ClickInput.picked()``), replayed and so
    checked; targets are read as the game names them, lists as tuples (as JSON gives them
    back). Clicks that are no start of a legal action's clicks, or that make a whole
    action already, are refused with ``IllegalAction``.

    >>> import tabletop
    >>> state = tabletop.load("landlock").new(seed=1)
    >>> resumed(state, [["cell", "z9"]])
    Traceback (most recent call last):
    ...
    tabletop.core.errors.IllegalAction: the targets picked so far, cell z9, start no legal ...
    """
    inp = input_for(subject.game, subject)
    if isinstance(selection, (str, bytes)) or not isinstance(selection, Sequence) \
            or len(selection) > MAX_SELECTION:
        raise IllegalAction(f"the targets picked so far should be a list of at most "
                            f"{MAX_SELECTION} targets, not {brief(selection)}")
    chosen = tuple(target_of(t) for t in selection)
    for target in chosen:
        try:
            made = inp.click(target)
        except IllegalAction:
            break
        if made is not None:
            raise IllegalAction(f"the targets picked so far, {_names(inp, chosen)}, make a "
                                f"whole move ({made}): send it as a move, or pick again")
    else:
        return inp
    inp.reset()
    firsts = ", ".join(inp._named(t) for t in inp.next_targets()[:12])
    raise IllegalAction(f"the targets picked so far, {_names(inp, chosen)}, start no legal "
                        f"action: pick again from {firsts or 'nothing (nothing can be played)'}")


def _names(inp: ClickInput, targets: tuple[Target, ...]) -> str:
    return " then ".join(inp._named(t) for t in targets)


def target_of(value: object, depth: int = 0) -> Target:
    """A target sent as JSON, as the game names it: lists as tuples, at any depth.

    >>> target_of(["cell", "a1"]), target_of("mat")
    (('cell', 'a1'), 'mat')
    """
    if isinstance(value, list | tuple):
        if depth >= 4:
            raise IllegalAction(f"a target nests at most 4 lists deep, not {brief(value)}")
        return tuple(target_of(v, depth + 1) for v in value)
    if value is None or isinstance(value, str | int | float):
        return value
    raise IllegalAction(f"a target is text, numbers and lists of them, not {brief(value)}")


def picture(subject: State | View, selection: object = (), **drawing: Any) -> Scene:
    """The picture a click on ``subject`` is read against: the targets that may be clicked
    next highlighted, those in ``selection`` outlined (``drawing``: the renderer's other
    options, such as ``last``). ``to_svg(picture(...))`` is what to send the page."""
    return _drawn(resumed(subject, selection), drawing)


def _drawn(inp: ClickInput, drawing: dict[str, Any]) -> Scene:
    scene = inp.subject.scene(highlight=inp.next_targets(), **drawing)
    return mark_picked(scene, inp.selection) if inp.selection else scene


def click_at(subject: State | View, x: object, y: object, *, selection: object = (),
             shown: Sequence[float] | None = None, **drawing: Any) -> Clicked:
    """A click at ``(x, y)`` on ``picture(subject, selection, **drawing)`` shown ``shown``
    pixels large: the action it completes, or the targets picked so far. A click that
    means nothing legal (off the board, on nothing clickable, in another player's turn)
    raises ``IllegalAction`` saying what may be clicked; clicking the last picked target
    again un-picks it."""
    inp = resumed(subject, selection)
    scene = _drawn(inp, drawing)
    px, py = picture_point(scene, x, y, shown)
    target = scene.hit(px, py) if 0 <= px <= scene.width and 0 <= py <= scene.height else None
    if target is None:
        finished = inp.finish(None, (px, py))
        if finished is None:
            raise IllegalAction(_nothing_there(inp, x, y))
        return _done(inp, finished, scene)
    return _done(inp, inp.click(target, (px, py)), scene)


def press(subject: State | View, target: object, *, selection: object = ()) -> Clicked:
    """A click on ``target`` (one of ``Clicked.buttons``, or any target as JSON gives it
    back): the action it completes, or the targets picked so far."""
    inp = resumed(subject, selection)
    return _done(inp, inp.click(target_of(target)), subject.scene())


def _done(inp: ClickInput, action: Action | None, scene: Scene) -> Clicked:
    if action is not None:
        return Clicked(action, (), (), "")
    drawn = set(scene.targets())
    buttons = tuple((t, inp.label(t)) for t in inp.next_targets() if t not in drawn)
    return Clicked(None, inp.picked(), buttons, inp.hint())


def _nothing_there(inp: ClickInput, x: object, y: object) -> str:
    options = inp.next_targets()
    if not options:
        return f"nothing can be played: {inp.subject._legal_summary()}"
    shown = ", ".join(inp._named(t) for t in options[:12])
    more = f" … {len(options)} in all" if len(options) > 12 else ""
    return f"nothing to play at {brief(x)}, {brief(y)}; try {shown}{more}"
