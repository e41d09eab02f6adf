"""The bounds on the games' memos, and the knob that shrinks every bound at once.

A game keeps worked-out answers (a stack's moves, a layout's pawn columns) in per-process
memos that empty themselves when full, so that a long session never grows without end. Each
such memo reads its bound from a ``Bound`` made at import (``bound.size``: one attribute
read on a hot path). The conformance suite turns the knob (``small_memos``) so that every
memo fills and empties itself all the time: a memo that reads back an entry it kept before
emptying itself then fails at once, not after hours of search (``testing.memos``).

>>> COLUMNS = Bound(4096)
>>> COLUMNS.size
4096
>>> with small_memos(2):
...     COLUMNS.size
2
>>> COLUMNS.size
4096
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from contextlib import contextmanager

_SMALL: list[int] = []  # the sizes ``small_memos`` set, innermost last
_BOUNDS: weakref.WeakSet[Bound] = weakref.WeakSet()


class Bound:
    """How many entries a memo holds before it empties itself: ``size``, which is the
    ``declared`` size unless ``small_memos`` shrinks it."""

    __slots__ = ("size", "declared", "__weakref__")

    def __init__(self, declared: int) -> None:
        self.declared = declared
        self.size = min(declared, _SMALL[-1]) if _SMALL else declared
        _BOUNDS.add(self)

    def __repr__(self) -> str:
        return f"Bound({self.declared})" + (f" (now {self.size})" if self.size != self.declared
                                            else "")


def _resize() -> None:
    for bound in _BOUNDS:
        bound.size = min(bound.declared, _SMALL[-1]) if _SMALL else bound.declared


@contextmanager
def small_memos(size: int = 1) -> Iterator[None]:
    """Within the block every memo holds at most ``size`` entries (for tests only: the knob
    is the whole process's)."""
    if size < 1:
        raise ValueError(f"a memo holds at least 1 entry, not {size}")
    _SMALL.append(size)
    _resize()
    try:
        yield
    finally:
        _SMALL.pop()
        _resize()
