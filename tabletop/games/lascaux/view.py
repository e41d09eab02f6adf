"""What one Lascaux player sees: the public position, the deck's size (not its order), who has
laid a token, and their own token's colour.

>>> import tabletop
>>> s = tabletop.load("lascaux").new(seed=1).apply("choose blue")
>>> v = s.view(1)
>>> v.own, v.chosen, v.deck_count == len(s.deck)
(None, (True, False, False), True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ...core.game import State, View
from ...core.position import evolve
from .cards import CARD_COUNT, COLOURS, colours_of, mask_of
from .position import LascauxPosition
from .tensor import observation


@dataclass(frozen=True, slots=True, kw_only=True)
class LascauxView(LascauxPosition, View):
    """What one player sees: everything but the deck order and the others' hidden tokens.

    ``chosen`` says who has laid a token this round; ``own`` is the player's own colour.
    """

    deck_size: int
    chosen: tuple[bool, ...]
    own: int | None

    @property
    def deck_count(self) -> int:
        return self.deck_size

    @property
    def tokens_laid(self) -> int:
        return sum(self.chosen)

    @property
    def laid(self) -> tuple[bool, ...]:
        return self.chosen

    @property
    def viewer(self) -> int | None:
        return self.player

    def shown_tokens(self, reveal: bool = False) -> tuple[int | None, ...]:
        return tuple(self.own if p == self.player else None for p in range(len(self.chosen)))

    @property
    def scores(self) -> tuple[int, ...]:
        """Everyone's points as things stand (public)."""
        return self.points

    def determinize(self, rng: random.Random) -> State:
        """A full state: the unseen cards shuffled into the deck, others' tokens sampled."""
        seen = set(self.table).union(*self.collections)
        unseen = [c for c in range(CARD_COUNT) if c not in seen]
        deck = tuple(rng.sample(unseen, self.deck_size))
        allowed = (colours_of(mask_of(self.table)) if self.game.options["strict_colour"]
                   else tuple(range(len(COLOURS))))
        choices = tuple(
            self.own if p == self.player
            else rng.choice(allowed) if done else None
            for p, done in enumerate(self.chosen)
        )
        return evolve(self, self.game.state_class, deck=deck, choices=choices)

    def _observation(self) -> np.ndarray:
        return observation(self)

    def _token_words(self) -> Sequence[str]:
        return [(COLOURS[self.own] if p == self.player and self.own is not None
                 else "?" if done else "-")
                for p, done in enumerate(self.chosen)]
