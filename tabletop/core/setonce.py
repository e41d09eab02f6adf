"""``SetOnce``: a base for values whose attributes are each set once, while they are made.

A game is a value shared by every state of it: rebinding one of its attributes afterwards
(``game.strict = False``, ``game._options = ...``) would change the rules under states and
records already made. ``SetOnce`` lets ``__init__`` (and a lazy cache) set each attribute
the first time, and refuses every later ``setattr`` or ``delattr`` with an error saying so.

>>> class Point(SetOnce):
...     __slots__ = ("x",)
...     def __init__(self, x: int) -> None:
...         self.x = x
>>> p = Point(1)
>>> p.x = 2
Traceback (most recent call last):
...
AttributeError: a Point is immutable: its 'x' is set once, when it is made
"""

from __future__ import annotations

from typing import Any, NoReturn


class SetOnce:
    """Each attribute can be set once; none can be rebound or deleted."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        try:
            object.__getattribute__(self, name)
        except AttributeError:
            pass  # not set yet (an empty slot): this is its first and only setting
        else:
            _refuse(self, name)
        try:
            object.__setattr__(self, name, value)
        except AttributeError:
            raise AttributeError(f"a {type(self).__name__} is immutable: it has no "
                                 f"attribute {name!r} to set") from None

    def __delattr__(self, name: str) -> None:
        _refuse(self, name)


def _refuse(value: SetOnce, name: str) -> NoReturn:
    raise AttributeError(f"a {type(value).__name__} is immutable: its {name!r} is set "
                         "once, when it is made")
