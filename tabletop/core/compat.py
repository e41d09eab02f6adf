"""What differs between the Python versions tabletop runs on (3.10 and later), in one place.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Base:
...     tag: int = 0
>>> @dataclass(frozen=True, slots=True)
... class Derived(Base):
...     more: int = 0
>>> d = Derived()
>>> slot_setter(Base, "tag")(d, 7)
>>> d.tag
7
"""

from __future__ import annotations

import sys
from collections.abc import Callable

if sys.version_info >= (3, 11):
    from typing import dataclass_transform
else:  # the same decorator (it only informs type checkers)
    from typing_extensions import dataclass_transform

__all__ = ["dataclass_transform", "slot_setter"]


def slot_setter(cls: type, name: str) -> Callable[[object, object], None]:
    """How to write the field ``name`` of ``cls``'s instances, subclasses' too, past their
    frozen ``__setattr__``: through the slot's descriptor, which needs no lookup.

    Before Python 3.11 a slotted dataclass declares its bases' fields again as slots of its
    own (changed in 3.11), so a subclass's field is not in ``cls``'s slot: there it is
    set by name instead.
    """
    if sys.version_info >= (3, 11):
        setter: Callable[[object, object], None] = vars(cls)[name].__set__
        return setter
    return lambda obj, value: object.__setattr__(obj, name, value)
