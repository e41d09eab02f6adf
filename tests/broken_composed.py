"""Toys for the composed-records check: Take-away whose ``position`` fills a pile left out
from outside the call (a count of its calls, as a puzzle book numbering its puzzles might),
so the record of a puzzle built without a pile replays to another pile; and one whose
builder accepts a pile no one can take from."""

from __future__ import annotations

import itertools

from toygame import TakeAway

#: How many puzzles the toy below has built (what its builder wrongly reads).
_BUILT = itertools.count()


class DrawnPileTakeAway(TakeAway):
    """Sound in play; ``position()`` with no pile takes the next one of a count (a replay
    takes the next again)."""

    name = "drawn-pile-take-away"

    def position(self, pile: int | None = None, turn: int = 0):
        if pile is None:
            pile = 5 + next(_BUILT) % 40  # the bug: not from the call, so not in the record
        return TakeAway.position(self, pile, turn)


class NegativePileTakeAway(TakeAway):
    """Sound in play; its builder accepts a negative pile, where no one can take and the
    game is not over."""

    name = "negative-pile-take-away"

    def position(self, pile: int, turn: int = 0):
        from toygame import TakeState

        return TakeState(game=self, pile=pile, turn=turn, last=None)  # the bug: pile=-1
