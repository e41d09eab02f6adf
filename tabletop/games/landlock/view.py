"""What one Landlock player sees: the whole map and the tile to place, and the draw pile's
size but not its order.

>>> import random, tabletop
>>> v = tabletop.load("landlock").new(seed=1).apply("land").view(1)
>>> v.pile_count, v.legal_actions()           # North places first: South has nothing to do
(39, ())
>>> v.determinize(random.Random(0)).pile_count
39
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import chain, repeat

import numpy as np

from ...core import ranges
from ...core.game import State, View
from ...core.position import evolve
from ...core.shuffling import shuffle
from .board import box_cells
from .position import LandlockPosition
from .tensor import observation
from .tiles import KIND_COUNTS


@dataclass(frozen=True, slots=True, kw_only=True)
class LandlockView(LandlockPosition, View):
    """What one player sees: everything but the pile's order (only its size)."""

    pile_size: int

    @ranges.per_game
    def _ranges(self) -> ranges.Ranges:
        return {**LandlockPosition._ranges(self), "pile_size": ranges.Span(0, sum(KIND_COUNTS))}

    @property
    def pile_count(self) -> int:
        return self.pile_size

    def determinize(self, rng: random.Random) -> State:
        """A state with the unseen tiles shuffled into a pile of the same size."""
        rest = list(self._cached("unseen", self._unseen))
        shuffle(rest, rng)  # (as ``rng.shuffle``: the same draws, faster)
        return evolve(self, self.game.state_class, pile=tuple(rest[:self.pile_size]))

    def _unseen(self) -> tuple[int, ...]:
        """The tiles neither on the map nor in hand, in kind order (a search determinizes
        one view again and again: they are counted once)."""
        left = list(KIND_COUNTS)
        board = self.board
        if self.box is not None:
            for cell in box_cells(self.box):
                code = board[cell]
                if code >= 0:
                    left[code >> 2] -= 1
        if self.tile is not None:
            left[self.tile] -= 1
        return tuple(chain.from_iterable(map(repeat, range(len(left)), left)))

    def _observation(self) -> np.ndarray:
        return observation(self)
