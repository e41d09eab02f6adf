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
from collections import Counter
from dataclasses import dataclass

import numpy as np

from ...core.game import State, View
from ...core.position import evolve
from .position import LandlockPosition
from .tensor import observation
from .tiles import TILE_SET


@dataclass(frozen=True, slots=True, kw_only=True)
class LandlockView(LandlockPosition, View):
    """What one player sees: everything but the pile's order (only its size)."""

    pile_size: int

    @property
    def pile_count(self) -> int:
        return self.pile_size

    def determinize(self, rng: random.Random) -> State:
        """A state with the unseen tiles shuffled into a pile of the same size."""
        unseen = Counter(TILE_SET) - Counter(code >> 2 for code in self.board if code >= 0)
        if self.tile is not None:
            unseen[self.tile] -= 1
        rest = sorted(unseen.elements())
        rng.shuffle(rest)
        return evolve(self, self.game.state_class, pile=tuple(rest[:self.pile_size]))

    def _observation(self) -> np.ndarray:
        return observation(self)
