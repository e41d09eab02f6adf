"""The bounds on the games' memos, and the knob that shrinks every bound at once.

A game keeps worked-out answers (a stack's moves, a layout's pawn columns) in per-process
memos that empty themselves when full, so that a long session never grows without end. Each
such memo reads its bound from a ``Bound`` made at import (``bound.size``: one attribute
read on a hot path). The conformance suite turns the knob (``small_memos``) so that every
memo fills and empties itself all the time: a memo that reads back an entry it kept before
emptying itself then fails at once, not after hours of search (``testing.memos``). A
function's memo is ``memo(bound)``, never ``functools.cache``/``lru_cache``, whose bounds the
knob cannot reach (``tests/test_idle_footprint.py`` refuses them).

>>> COLUMNS = Bound(4096)
>>> COLUMNS.size
4096
>>> with small_memos(2):
...     COLUMNS.size
2
>>> COLUMNS.size
4096
>>> @memo(COLUMNS)
... def square(n: int) -> int:
...     return n * n
>>> with small_memos(2):
...     [square(n) for n in range(5)], square.cache_info().currsize
([0, 1, 4, 9, 16], 1)
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, ParamSpec, Protocol, TypeVar, cast

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


P = ParamSpec("P")
R = TypeVar("R")
_MISSING: Any = object()
_KEYWORDS: Any = object()  # parts a key's positional arguments from its keyword ones


class MemoInfo(NamedTuple):
    """What a ``memo`` holds (named as ``functools``' ``cache_info()``): ``maxsize`` is its
    bound now, ``currsize`` its entries."""

    maxsize: int
    currsize: int


if TYPE_CHECKING:  # (a class only for the type checker: no ``cache_info`` of its own to
    # be taken for a memo's by whoever looks for memos among a module's names)

    class Memoized(Protocol, Generic[P, R]):
        """A function with a ``memo``: called as the function it wraps (``__wrapped__``)."""

        __wrapped__: Callable[P, R]
        bound: Bound

        def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R: ...

        def cache_info(self) -> MemoInfo: ...

        def cache_clear(self) -> None: ...


def memo(bound: Bound | int) -> Callable[[Callable[P, R]], Memoized[P, R]]:
    """A decorator keeping a pure function's answers by its (hashable) arguments, emptied
    when it holds ``bound.size`` of them (``bound``: a ``Bound``, or a declared size), so
    ``small_memos`` shrinks it with every other memo.

    >>> @memo(64)
    ... def double(n: int) -> int:
    ...     return 2 * n
    >>> double(21), double.cache_info(), double.bound
    (42, MemoInfo(maxsize=64, currsize=1), Bound(64))
    """
    if isinstance(bound, bool) or not isinstance(bound, Bound | int):
        raise TypeError(f"bound should be a Bound or an int, not {type(bound).__name__}")
    held = bound if isinstance(bound, Bound) else Bound(bound)

    def decorate(function: Callable[P, R]) -> Memoized[P, R]:
        table: dict[Hashable, R] = {}
        get = table.get

        def memoized(*args: P.args, **kwargs: P.kwargs) -> R:
            key: Hashable = (*args, _KEYWORDS, *kwargs.items()) if kwargs else args
            value = get(key, _MISSING)
            if value is _MISSING:
                value = function(*args, **kwargs)  # worked out whole before it is stored
                if len(table) >= held.size:
                    table.clear()
                table[key] = value
            return cast(R, value)

        functools.update_wrapper(memoized, function)
        vars(memoized).update(bound=held, cache_clear=table.clear,
                              cache_info=lambda: MemoInfo(held.size, len(table)))
        return cast("Memoized[P, R]", memoized)

    return decorate
