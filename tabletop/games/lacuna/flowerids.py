"""Flower ids as the public methods and the renderer take them: ints (numpy's too, no bool)
naming a flower of the position, checked when given."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.plain import plain
from tabletop.core.quoting import brief


def flower_ids(values: Sequence[object], count: int) -> tuple[int, ...] | None:
    """``values`` as flower ids if each is one of ``count`` flowers ``0 .. count - 1``
    (numpy's ints too, no bool); else ``None``.

    >>> import numpy as np
    >>> flower_ids((np.int64(3), 0), 48), flower_ids((3, 48), 48), flower_ids((True, 1), 48)
    ((3, 0), None, None)
    """
    found = tuple(plain(v) for v in values)
    return found if all(type(f) is int and 0 <= f < count for f in found) else None


def flowers_text(count: int) -> str:
    """The flowers there are, for a refusal: ``"flowers 0..47"``."""
    return f"flowers 0..{count - 1}" if count else "flowers (there are none)"


def pair_of(call: str, a: object, b: object, count: int) -> tuple[int, int]:
    """``a`` and ``b`` as flower ids if both are among ``count`` flowers; else a
    ``ValueError`` naming ``call`` and the flowers there are.

    >>> pair_of("positions", 3, 5, 48)
    (3, 5)
    """
    found = flower_ids((a, b), count)
    if found is None:
        raise ValueError(f"{call}(a, b): a and b should be {flowers_text(count)}, not "
                         f"{brief(a)}, {brief(b)}")
    return found[0], found[1]


def index_of(call: str, value: object, count: int, what: str) -> int:
    """``value`` as an index of one of ``count`` ``what`` (numpy's ints too, no bool); else
    a ``ValueError`` naming ``call`` and the range.

    >>> index_of("pawn_xy", 1, 3, "pawns")
    1
    """
    found = plain(value)
    if type(found) is not int or not 0 <= found < count:
        if not count:
            raise ValueError(f"{call}(): there are no {what} yet (asked for {brief(value)})")
        raise ValueError(f"{call}() takes one of the {what} 0..{count - 1}, not {brief(value)}")
    return found


def flower_of(call: str, value: object, count: int) -> int:
    """``value`` as one of ``count`` flowers; else a ``ValueError`` naming ``call``."""
    return index_of(call, value, count, "flowers")
