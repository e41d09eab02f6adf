"""``Action``: the base of every game's actions (``tabletop.core.game`` re-exports it)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from .hooks import wrap_own
from .quoting import brief
from .textformat import FormatsAsText


@dataclass(frozen=True, slots=True)
class Action(FormatsAsText):
    """A move, decision or claim. Subclasses are frozen dataclasses; ``str(a)`` is notation.

    ``str`` never fails or is empty: an action whose fields its game cannot name (built by
    hand, out of range) shows as its class and fields.

    >>> @dataclass(frozen=True)
    ... class Take(Action):
    ...     count: int
    ...     def __str__(self):
    ...         return ("take none", "take one")[self.count]
    >>> str(Take(1)), str(Take(7))
    ('take one', 'Take(count=7)')

    An action formats as its notation does, so it lines up in a table of moves:

    >>> f"{Take(1):>10}|{Take(1):.4}|{Take(0)}"
    '  take one|take|take none'
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super(Action, cls).__init_subclass__(**kwargs)  # (slots=True remade the class)
        own = cls.__dict__.get("__str__")
        if own is not None and not hasattr(own, "__wrapped__"):  # (as are slotted subclasses)
            wrap_own(cls, "__str__", _never_failing)

    def __str__(self) -> str:  # pragma: no cover - every game overrides
        return type(self).__name__.lower()


def _never_failing(own: Callable[[Action], str]) -> Callable[[Action], str]:
    @functools.wraps(own)
    def never_failing(action: Action) -> str:
        try:
            text = own(action)
        except Exception:  # a field the game's notation cannot name
            return fields_text(action)
        return text if isinstance(text, str) and text else fields_text(action)

    return never_failing


def notation(action: Action) -> str:
    """``action`` in its game's notation, as its class's own ``__str__`` writes it: unlike
    ``str``, this raises when the game cannot name the action (a ``ValueError`` if it gives
    no text).

    >>> @dataclass(frozen=True)
    ... class Take(Action):
    ...     count: int
    ...     def __str__(self):
    ...         return ("take none", "take one")[self.count]
    >>> notation(Take(1))
    'take one'
    >>> notation(Take(7))
    Traceback (most recent call last):
    IndexError: tuple index out of range
    """
    own = type(action).__str__
    text = getattr(own, "__wrapped__", own)(action)
    if not isinstance(text, str) or not text:
        raise ValueError(f"{fields_text(action)} has no notation")
    return text


def fields_text(action: Action) -> str:
    """``action`` as its class and fields, each quoted briefly (huge numbers, long texts)."""
    shown = ", ".join(f"{f.name}={brief(getattr(action, f.name), 40)}" for f in fields(action))
    return f"{type(action).__name__}({shown})"


def of_game(action: Action, game: Any) -> bool:
    """Whether ``action``'s class comes from the package of ``game``'s class, or of a game
    class it derives from: one of the game's own actions, not another game's."""
    package = type(action).__module__.rpartition(".")[0]
    for cls in type(game).__mro__:
        if cls.__module__.startswith("tabletop.core."):  # Game and what it derives from
            return False
        if cls.__module__.rpartition(".")[0] == package:
            return True
    return False
