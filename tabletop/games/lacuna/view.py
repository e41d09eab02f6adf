"""What one Lacuna player sees: the whole mat, but not the pour order of the colours before
the start player sets one aside.

>>> import random, tabletop
>>> s = tabletop.load("lacuna").new(seed=7)
>>> v = s.view(1 - s.start)
>>> v.colors is None, v.determinize(random.Random(0)).view(v.player) == v
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from tabletop.core import ranges
from tabletop.core.game import State, View
from tabletop.core.position import evolve

from .board import FLOWERS, NCOLOURS, PAWNS_EACH, player_name
from .geometry import MAX_FLOWERS
from .position import LacunaPosition
from .tensor import observation


def position_ranges(position: LacunaPosition) -> dict[str, ranges.Allowed]:
    """What ``LacunaPosition``'s fields may hold beyond their types (``core.ranges``): its
    ``_ranges``, kept here (``position.py`` is full)."""
    colour, player = ranges.Span(0, NCOLOURS - 1), ranges.Span(0, 1)
    coloured = 0 if position.colors is None else len(position.points)  # collected: of these
    return {"start": player,
            "points": ranges.Row(ranges.Items((None, None)), longest=MAX_FLOWERS),
            "colors": ranges.Row(colour, length=len(position.points)), "aside": colour,
            "pawns": ranges.Row(ranges.Items((None, None, player)), longest=2 * PAWNS_EACH),
            "collected": ranges.Row(ranges.Span(0, (1 << coloured) - 1), length=2)}


#: The cached parts of the dead mask (``LacunaPosition._dead``) a determinized state shares.
_CARRIED = ("flowers", "pawn_kill", "dead")


@dataclass(frozen=True, slots=True, kw_only=True)
class LacunaView(LacunaPosition, View):
    """What a player sees: everything but the pour order before the set-aside choice."""

    _ranges = position_ranges

    def determinize(self, rng: random.Random) -> State:
        if self.colors is None:  # the pour order is hidden: sample it
            order = [c for c in range(NCOLOURS) for _ in range(FLOWERS // NCOLOURS)]
            rng.shuffle(order)
            return self._state(tuple(order))
        # Nothing is hidden: the one state this view stands for, made once (a search asks
        # at every iteration, and knows it again by identity).
        found = self._cache.get("determinized")
        if found is None:
            found = self._cache["determinized"] = self._state(())
        return found

    def _state(self, tokens: tuple[int, ...]) -> State:
        """The full state of this position with the pour order ``tokens``."""
        state = evolve(self, self.game.state_class, tokens=tokens, pour=())
        # The same public position: the parts of the dead mask the view worked out carry over.
        mine, theirs = self._cache, state._cache
        for key in _CARRIED:
            found = mine.get(key)
            if found is not None:
                theirs[key] = found
        return state

    def _observation(self) -> np.ndarray:
        return observation(self)

    def _text(self) -> str:
        return f"(view of {player_name(self.player)})\n" + self._board_text()
