"""A toy for the builder-words check: Take-away whose ``position`` reads its pile with
``int()``, so a wrong pile is refused in Python's words (``invalid literal for int()``)."""

from __future__ import annotations

from toygame import TakeAway


class LiteralTakeAway(TakeAway):
    """Sound in play; its builder lets ``int('zz')`` speak for it."""

    name = "literal-take-away"

    def position(self, pile, turn=0):  # (unannotated: the core checks no type for it)
        return TakeAway.position(self, int(pile), turn)  # the bug: no word of its own
