"""Is an action object well formed? Its fields against its class's annotations.

A game's rules index tables with an action's fields; an action built by hand with a field of
the wrong type (``Choose(None)``, ``Place(0, 1, 512.0)``, a list where a string belongs) must
be refused with a clear reason before any rule looks at it.

>>> from dataclasses import dataclass
>>> from tabletop.core.game import Action
>>> @dataclass(frozen=True)
... class Take(Action):
...     count: int
>>> field_problem(Take(2)) is None
True
>>> field_problem(Take(None))
"field 'count' should be int, not None"
>>> field_problem(Take(True))
"field 'count' should be int, not True"
"""

from __future__ import annotations

import math
import types
import typing
from dataclasses import fields, is_dataclass
from numbers import Rational
from typing import TYPE_CHECKING, Any

from .memos import memo
from .quoting import brief
from .registry import stranger_problem

if TYPE_CHECKING:
    from .game import Game


@memo(256)  # classes are few
def _field_types(cls: type) -> tuple[tuple[str, tuple[type, ...] | None], ...]:
    """Each dataclass field of ``cls`` with the plain types its annotation allows
    (``None`` when the annotation is too rich to check here); ``()`` for other classes."""
    if not is_dataclass(cls):
        return ()
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # an annotation that doesn't resolve: nothing to check against
        hints = {}
    return tuple((f.name, plain_types(hints.get(f.name))) for f in fields(cls))


def plain_types(hint: Any) -> tuple[type, ...] | None:
    if hint is None:
        return None
    origin = typing.get_origin(hint)
    if origin is None and isinstance(hint, type):
        return (hint,)  # (Python 3.10 takes ``tuple[int, ...]`` for a type too)
    if origin in (typing.Union, types.UnionType):
        parts = [plain_types(arg) for arg in typing.get_args(hint)]
        plain = [p for p in parts if p is not None]
        if len(plain) < len(parts):
            return None
        return tuple(t for p in plain for t in p)
    if isinstance(origin, type):
        return (origin,)  # tuple[int, ...] -> tuple, frozenset[str] -> frozenset
    return None


def fits(value: Any, allowed: tuple[type, ...]) -> bool:
    if value is None:
        return type(None) in allowed
    if isinstance(value, bool):
        return bool in allowed
    if isinstance(value, float):
        return float in allowed and math.isfinite(value)
    if isinstance(value, int) and int not in allowed:
        return float in allowed or (Rational in allowed)
    return isinstance(value, allowed)


def type_names(kinds: tuple[type, ...]) -> str:
    """The kinds a value may be, for a message: ``"int or None"``."""
    return " or ".join("None" if kind is type(None) else kind.__name__ for kind in kinds)


def field_problem(action: Any) -> str | None:
    """Why ``action``'s fields don't fit its class's annotations, or ``None`` if they do.

    Checks plain types only (``int`` is not ``bool``, floats are finite, ``tuple[int, ...]``
    is a tuple); ranges are the rules' business.
    """
    cls: type = type(action)
    for name, allowed in _field_types(cls):
        if allowed is None:
            continue
        value = getattr(action, name)
        kind = type(value)
        if kind in allowed and kind is not float:  # the common case, decided at once
            continue
        if not fits(value, allowed):
            return f"field {name!r} should be {type_names(allowed)}, not {brief(value)}"
    return None


def action_problem(action: Any, game: Game) -> str | None:
    """Why ``action`` can be no action of ``game``: it is another registered game's
    (``stranger_problem``), or its fields don't fit its class (``field_problem``)."""
    return stranger_problem(action, game) or field_problem(action)


def action_text(action: Any) -> str:
    """An action's notation for an error message; its repr if it has no usable notation."""
    try:
        return str(action)
    except Exception:
        return brief(action)
