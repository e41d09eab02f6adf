"""What a game's renderer is given: the options it declares, each of a kind it can draw.

Every renderer takes the subject, then keyword-only options: ``highlight`` (the targets to
mark as clickable), ``last`` (the last action, to mark) and its own, each declared in its
signature. ``drawing_options`` checks a call's options against them before the renderer
runs, so a misspelt option is refused with the nearest name instead of being ignored, and a
``highlight`` or ``last`` of the wrong kind is refused instead of tripping the drawing up.

>>> import tabletop
>>> state = tabletop.load("landlock").new(seed=1)
>>> state.svg(network=True)
Traceback (most recent call last):
...
TypeError: landlock pictures have no option 'network'; did you mean 'networks'? options: ...
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from .action import Action
from .choices import did_you_mean
from .plain import listlike
from .quoting import brief

if TYPE_CHECKING:
    from .game import Game

_OPTIONS: dict[Callable[..., Any], tuple[str, ...] | None] = {}


def drawing_options(game: Game, renderer: Callable[..., Any],
                    options: Mapping[str, Any]) -> Mapping[str, Any]:
    """``options`` if ``renderer`` declares each of them, and ``highlight`` and ``last`` are
    of their kinds; else a ``TypeError`` naming what is wrong and what there is."""
    known = _declared(renderer)
    for key in options:
        if known is not None and key not in known:
            raise TypeError(f"{game.name} pictures have no option {brief(key)}; "
                            f"{did_you_mean(key, known)}options: {', '.join(known)}")
    highlight = options.get("highlight", ())
    if not listlike(highlight):
        raise TypeError(f"highlight should be a collection of targets, not {brief(highlight)}")
    last = options.get("last")
    if last is not None and not isinstance(last, Action):
        raise TypeError(f"last should be an action or None, not {brief(last)}")
    return options


def _declared(renderer: Callable[..., Any]) -> tuple[str, ...] | None:
    """The keyword options ``renderer`` declares (``None`` if it takes any: ``**options``)."""
    if renderer not in _OPTIONS:
        parameters = list(inspect.signature(renderer).parameters.values())[1:]
        takes_any = any(p.kind is p.VAR_KEYWORD for p in parameters)
        _OPTIONS[renderer] = None if takes_any else tuple(p.name for p in parameters)
    return _OPTIONS[renderer]
