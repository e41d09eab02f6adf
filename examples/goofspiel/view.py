"""What one Goofspiel player sees: the public position, how many prizes are face down (not
their order), and their own bid this round (not the other's).

>>> import random, tabletop
>>> from tabletop.core.registry import register
>>> register("goofspiel", "goofspiel.rules:Goofspiel")
>>> s = tabletop.load("goofspiel").new(seed=1).apply("bid 2")
>>> s.view(0).own_bid, s.view(1).own_bid, s.view(1).laid
(2, None, (True, False))
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

from .cards import deal
from .position import GoofPosition
from .tensor import observation


@dataclass(frozen=True, slots=True, kw_only=True)
class GoofView(GoofPosition, View):
    """One player's view: ``pile_size`` prizes face down, ``own_bid`` this round's own bid
    (``None`` until laid)."""

    pile_size: int
    own_bid: int | None

    @ranges.per_game
    def _ranges(self) -> ranges.Ranges:
        n = self.game.options["cards"]
        return {**GoofPosition._ranges(self), "pile_size": ranges.Span(0, n),
                "own_bid": ranges.Span(1, n)}

    @property
    def pile_count(self) -> int:
        return self.pile_size

    @property
    def viewer(self) -> int | None:
        return self.player

    def shown_bids(self) -> tuple[int | None, ...]:
        return tuple(self.own_bid if p == self.player else None for p in range(2))

    def determinize(self, rng: random.Random) -> State:
        """A full state: the unseen prizes shuffled into the pile, and a laid bid of
        another player (for the public view, of either) drawn from their hand."""
        seen = {self.prize, *(prize for prize, _, _ in self.rounds)}
        pile = [c for c in deal(self.game.options["cards"]) if c not in seen]
        rng.shuffle(pile)
        bids = [self.own_bid if p == self.player else None for p in range(2)]
        for p in range(2):
            if p != self.player and self.laid[p]:
                bids[p] = rng.choice(self.hands[p])
        return evolve(self, self.game.state_class, pile=tuple(pile), bids=tuple(bids))

    def _observation(self) -> np.ndarray:
        """The tensor of ``tensor.py`` (``tensor.sections`` names its parts)."""
        return observation(self)
