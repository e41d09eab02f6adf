"""The bound on the games' memos, and the knob that shrinks every bound at once.

A game keeps worked-out answers (a stack's moves, a layout's pawn columns) in per-process
memos that empty themselves when full, so that a long session never grows without end. Each
such memo asks ``limit(size)`` for its bound, where ``size`` is what it was declared with.
The conformance suite turns the knob (``small_memos``) so that every memo fills and empties
itself all the time: a memo that reads back an entry it kept before emptying itself then
fails at once, not after hours of search (``testing.memos``).

>>> limit(4096)
4096
>>> with small_memos(2):
...     limit(4096)
2
>>> limit(4096)
4096
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

_SMALL: list[int] = []  # the bounds ``small_memos`` set, innermost last


def limit(size: int) -> int:
    """The bound of a memo declared to hold ``size`` entries: ``size``, unless
    ``small_memos`` shrinks it."""
    return _SMALL[-1] if _SMALL else size


@contextmanager
def small_memos(size: int = 1) -> Iterator[None]:
    """Within the block every memo is bounded at ``size`` entries (for tests only: the
    knob is the whole process's)."""
    if size < 1:
        raise ValueError(f"a memo holds at least 1 entry, not {size}")
    _SMALL.append(size)
    try:
        yield
    finally:
        _SMALL.pop()
