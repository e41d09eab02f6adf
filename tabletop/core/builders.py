"""A game's ``position(...)`` builder, safe to call from a notebook.

Teachers build puzzles with it, so its arguments come from people: numpy's numbers are taken
as the plain ones and numpy's arrays as tuples of them (``plain_inside``), each argument is
checked against its annotation's plain types (``str | None``, ``int``, an iterable), and a
builder that trips over an argument it cannot read deeper inside answers with a
``ValueError`` naming the call, never an ``AttributeError`` from its insides.
(``Game.__init_subclass__`` wraps every game's ``position``.)

>>> import tabletop
>>> tabletop.load("landlock").position(tile={"a1": 5})
Traceback (most recent call last):
ValueError: Landlock.position: tile should be str or None, not {'a1': 5}
"""

from __future__ import annotations

import functools
import inspect
import typing
from collections.abc import Callable
from typing import Any, TypeVar

from .composed import composed_from
from .plain import plain_inside
from .quoting import brief, cut
from .wellformed import fits, plain_types, type_names

R = TypeVar("R")

#: What a builder raises when it cannot read an argument it was given the right type of.
UNREADABLE = (AttributeError, TypeError, KeyError, IndexError)


def position_builder(method: Callable[..., R]) -> Callable[..., R]:
    """``method`` (a game's ``position``) with its arguments made plain, checked against
    their annotations, and its stumbles over them turned into a ``ValueError``."""
    signature = inspect.signature(method)
    try:
        hints = typing.get_type_hints(method)
    except Exception:  # noqa: BLE001 - an annotation that does not resolve: none checked
        hints = {}
    allowed = {name: kinds for name, hint in hints.items()
               if name in signature.parameters and (kinds := plain_types(hint))}

    @functools.wraps(method)
    def build(game: Any, *args: Any, **kwargs: Any) -> R:
        call = f"{type(game).__name__}.position"
        try:
            bound = signature.bind(game, *(plain_inside(a, arrays=True) for a in args),
                                   **{key: plain_inside(value, arrays=True)
                                      for key, value in kwargs.items()})
        except TypeError as error:  # a call Python itself would refuse: said as Python does
            raise TypeError(f"{call}() {error}") from None
        except ValueError as error:  # an argument nested too deep to be a position's
            raise ValueError(f"{call}: an argument {error}") from None
        for name, value in bound.arguments.items():
            kinds = allowed.get(name)
            if kinds is not None and not fits(value, kinds):
                raise ValueError(f"{call}: {name} should be {type_names(kinds)}, not "
                                 f"{brief(value)}")
        try:
            built = method(*bound.args, **bound.kwargs)
        except UNREADABLE as error:
            raise ValueError(f"{call} could not read its arguments: "
                             f"{type(error).__name__}: {cut(str(error), 160)}") from error
        # the call, kept as the composed game's start (its record's "position")
        object.__setattr__(built, "_origin", composed_from(call, bound))
        return built
    return build


def own_position(game: Any, **arguments: Any) -> Any:
    """``game.position(**arguments)`` without the checks of its arguments, for the game's
    own calls with values it made itself (a shuffled deck in ``_initial``), which the checks
    for people's arguments would only slow down.

    >>> import tabletop
    >>> game = tabletop.load("lascaux")
    >>> own_position(game, deck=list(range(54)), start=1) == game.position(
    ...     deck=list(range(54)), start=1)
    True
    """
    method = type(game).position
    return getattr(method, "__wrapped__", method)(game, **arguments)
