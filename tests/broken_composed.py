"""Toy for the composed-records check: Take-away whose ``position`` fills a pile left out
at random, so the record of a puzzle built without a pile replays to another pile."""

from __future__ import annotations

import random

from toygame import TakeAway


class DrawnPileTakeAway(TakeAway):
    """Sound in play; ``position()`` with no pile draws one (a replay draws again)."""

    name = "drawn-pile-take-away"

    def position(self, pile: int | None = None, turn: int = 0):
        if pile is None:
            pile = random.randint(5, 50)  # the bug: not from the call, so not in the record
        return TakeAway.position(self, pile, turn)


class NegativePileTakeAway(TakeAway):
    """Sound in play; its builder accepts a negative pile, where no one can take and the
    game is not over."""

    name = "negative-pile-take-away"

    def position(self, pile: int, turn: int = 0):
        from toygame import TakeState

        return TakeState(game=self, pile=pile, turn=turn, last=None)  # the bug: pile=-1
