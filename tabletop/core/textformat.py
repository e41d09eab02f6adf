"""Objects that write their own text format as that text: a format spec applies to it, as on
a ``str`` (Python's default refuses any spec but the empty one).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Score(FormatsAsText):
...     points: int
...     def __str__(self) -> str:
...         return f"{self.points} points"
>>> f"[{Score(3):>10}] [{Score(12):.2}]"
'[  3 points] [12]'
"""

from __future__ import annotations


class FormatsAsText:
    """A mixin: ``format(x, spec)`` is ``format(str(x), spec)``."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)
