"""A toy for the position-builder check: Take-away whose ``position`` divides by its pile
(a ``ZeroDivisionError`` for an empty one, which no wrapper turns into a ``ValueError``)."""

from __future__ import annotations

from toygame import TakeAway


class DividingTakeAway(TakeAway):
    """Sound in play; its builder trips over ``pile=0``."""

    name = "dividing-take-away"

    def position(self, pile: int, turn: int = 0):
        share = 10 // pile  # the bug: an empty pile is a ZeroDivisionError
        return TakeAway.position(self, pile + 0 * share, turn)
