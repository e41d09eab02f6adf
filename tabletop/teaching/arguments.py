"""The teaching package's checks of what a notebook author passes: a wrong kind of argument
is refused when the exercise, example, task or picture is made, with a ``TypeError`` or
``ValueError`` naming it, not met later as an error from deep inside.

>>> texts(["White sees", "Black sees"], "captions")
('White sees', 'Black sees')
>>> texts("ab", "captions")
Traceback (most recent call last):
...
TypeError: captions should be a list of strings, not 'ab'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from ..core.drawing import drawing_options
from ..core.game import Game, State, View
from ..core.parts import part
from ..core.plain import listlike, player_of
from ..core.quoting import brief

P = TypeVar("P")


def position_of(value: P, name: str, views: bool = True) -> P:
    """``value`` if it is a ``State`` (or, with ``views``, a ``View``); else a ``TypeError``."""
    kinds = (State, View) if views else (State,)
    if not isinstance(value, kinds):
        wanted = "a State or a View" if views else "a State"
        raise TypeError(f"{name} should be {wanted}, not {brief(value)}")
    return value


def text_of(value: Any, name: str) -> str:
    """``value`` if it is a string; else a ``TypeError``."""
    if not isinstance(value, str):
        raise TypeError(f"{name} should be a string, not {brief(value)}")
    return value


def texts(values: Any, name: str) -> tuple[str, ...]:
    """``values`` as a tuple of strings: any iterable of strings but a bare string."""
    found = items(values, name, "a list of strings")
    for value in found:
        text_of(value, f"each of {name}")
    return found


def items(values: Any, name: str, wanted: str = "a list") -> tuple[Any, ...]:
    """``values`` as a tuple: any iterable but a bare string (whose letters are no list)."""
    if not listlike(values):
        raise TypeError(f"{name} should be {wanted}, not {brief(values)}")
    return tuple(values)


def function_of(value: Any, name: str, optional: bool = False) -> Any:
    """``value`` if it can be called (or is ``None``, when ``optional``); else a
    ``TypeError``."""
    if value is None and optional or callable(value):
        return value
    raise TypeError(f"{name} should be a function{' or None' if optional else ''}, not "
                    f"{brief(value)}")


def options_of(value: Any, name: str) -> dict[str, Any]:
    """``value`` (a mapping of drawing options, or ``None``) as a dict."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise TypeError(f"{name} should be a mapping of options, or None, not {brief(value)}")
    return dict(value)


def drawing_of(value: Any, name: str, game: Game) -> dict[str, Any]:
    """``value`` (a mapping of ``game``'s drawing options, or ``None``) as a dict, each
    option checked against the game's renderer as ``svg()`` checks it: an unknown option or a
    value of the wrong kind is met by the author, not by a learner drawing the picture."""
    options = options_of(value, name)
    renderer = part(type(game), "renderer")
    if renderer is not None:
        drawing_options(game, renderer, options)
    return options


def viewer_of(value: Any, state: State | View, name: str = "viewer") -> int | None:
    """``value`` if it is ``None`` or one of the game's players; else a ``ValueError``."""
    if value is None:
        return None
    players = state.game.players
    return player_of(value, players, f"{name} should be a player 0..{players - 1} or None")


