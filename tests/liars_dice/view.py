"""What one Liar's Dice player sees: the public position and their own dice (every die
once ``liar`` is called).

>>> import random, tabletop
>>> from tabletop.core.registry import register
>>> register("liars-dice", "liars_dice.rules:LiarsDice")
>>> s = tabletop.load("liars-dice").new(seed=1)
>>> s.view(1).own == s.dice[1], s.view(1).known_dice()[0]
(True, None)
>>> s.view(1).determinize(random.Random(0)).view(1) == s.view(1)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from tabletop.core import ranges
from tabletop.core.game import State, View
from tabletop.core.position import evolve

from .position import LiarPosition
from .tensor import observation


@dataclass(frozen=True, slots=True, kw_only=True)
class LiarView(LiarPosition, View):
    """One player's view: ``own`` their dice (sorted; ``None`` in the public view, an
    audience's, which owns no dice)."""

    own: tuple[int, ...] | None

    @ranges.per_game
    def _ranges(self) -> ranges.Ranges:
        hand = ranges.Row(ranges.Span(1, self.game.options["faces"]),
                          length=self.game.options["dice"])
        return {**LiarPosition._ranges(self), "own": hand}

    @property
    def viewer(self) -> int | None:
        return self.player

    def known_dice(self) -> tuple[tuple[int, ...] | None, ...]:
        if self.revealed:
            return self.revealed
        return tuple(self.own if p == self.player else None
                     for p in range(self.game.players))

    def determinize(self, rng: random.Random) -> State:
        """A full state: the others' dice rolled afresh (the shown dice, once called)."""
        faces, dice = self.game.options["faces"], self.game.options["dice"]
        hands = self.revealed or tuple(
            self.own if p == self.player
            else tuple(sorted(rng.randint(1, faces) for _ in range(dice)))
            for p in range(self.game.players))
        return evolve(self, self.game.state_class, dice=hands)

    def _observation(self) -> np.ndarray:
        """The tensor of ``tensor.py`` (``tensor.sections`` names its parts)."""
        return observation(self)
