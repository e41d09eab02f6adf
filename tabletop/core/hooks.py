"""How a base class wraps what a subclass defines itself, from ``__init_subclass__``.

``wrap_own(cls, name, wrap)`` puts ``wrap(f)`` in place of ``f``, ``cls``'s own ``name``:
what ``cls.name = wrap(f)`` does, written so that a type checker lets a method be replaced
(mypy refuses an assignment to a method, ``method-assign``, though Python means it here).

>>> class Base:
...     def __init_subclass__(cls):
...         if "greet" in vars(cls):
...             wrap_own(cls, "greet", lambda f: lambda self: f(self).upper())
>>> class Loud(Base):
...     def greet(self):
...         return "hello"
>>> Loud().greet()
'HELLO'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def wrap_own(cls: type, name: str, wrap: Callable[[Any], object]) -> None:
    """Replace ``cls``'s own attribute ``name`` (in its ``__dict__``) by ``wrap`` of it."""
    setattr(cls, name, wrap(vars(cls)[name]))
