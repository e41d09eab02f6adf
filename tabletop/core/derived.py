"""Fields a position keeps for speed but works out from its other fields — whose turn it
is, a count, a memo one ply hands to the next — declared ``derived()``.

The constructor and ``dataclasses.replace`` neither take nor copy such a field: they work
it out (``Derives._derive``), so that a position made either way is what its other fields
say. (``core.position.evolve`` and ``maker``, a game's own fast paths, copy it unless
given.)

>>> import dataclasses, tabletop
>>> from tabletop.core.game import State
>>> @dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
... class Counted(State):
...     pile: tuple[int, ...]
...     total: int = derived()
...     def _derive(self) -> dict[str, int]:
...         return {"total": sum(self.pile)}
>>> before = Counted(game=tabletop.load("lascaux"), pile=(1, 2))
>>> before.total, dataclasses.replace(before, pile=(5,)).total
(3, 5)
"""

from __future__ import annotations

from dataclasses import MISSING, field
from typing import Any


def derived(*, default: Any = MISSING) -> Any:
    """A field worked out from the others: neither an argument of the constructor or of
    ``dataclasses.replace`` (the class's ``_derive`` gives it, or ``default``: a memo starts
    empty), nor compared, nor shown."""
    return field(default=default, init=False, compare=False, repr=False)


class Derives:
    """The base of every position: on construction, its ``derived()`` fields are set from
    ``_derive()``."""

    __slots__ = ()

    def __post_init__(self) -> None:
        for name, value in self._derive().items():
            object.__setattr__(self, name, value)

    def _derive(self) -> dict[str, Any]:
        """The values of this class's ``derived()`` fields without a default (none here),
        worked out from its other fields."""
        return {}
