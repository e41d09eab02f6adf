"""Toys for the position-builder check: Take-away whose ``position`` divides by its pile
(a ``ZeroDivisionError`` for an empty one, which no wrapper turns into a ``ValueError``), and
one whose builder, never wrapped by the core, refuses a numpy array of takes."""

from __future__ import annotations

from collections.abc import Iterable

from toygame import TakeAway

from tabletop.core.quoting import brief


class DividingTakeAway(TakeAway):
    """Sound in play; its builder trips over ``pile=0``."""

    name = "dividing-take-away"

    def position(self, pile: int, turn: int = 0):
        share = 10 // pile  # the bug: an empty pile is a ZeroDivisionError
        return TakeAway.position(self, pile + 0 * share, turn)


class _TakenBuilder:
    """A ``position`` builder on a mixin, outside any ``Game``: the core never wraps it."""

    def position(self, taken: Iterable[int] = ()):
        if isinstance(taken, str) or not isinstance(taken, Iterable):
            raise ValueError(f"taken is a list of takes 1..3, not {brief(taken)}")
        takes = list(taken)
        for take in takes:
            if type(take) is not int or not 1 <= take <= 3:  # the bug: np.int64(1) is no int
                raise ValueError(f"taken holds takes 1..3, not {brief(take)}")
        return TakeAway.position(self, max(0, 10 - sum(takes)))


class UnwrappedTakeAway(_TakenBuilder, TakeAway):
    """Sound in play; its builder refuses ``taken=np.array([1, 2])``, which holds takes."""

    name = "unwrapped-take-away"
