"""Toys for the chance checks (``tabletop.core.testing.chance``): Secret Nim with a card
dealt to each player (``broken_infostates.DealtNim``, sound) broken two ways."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import ClassVar

from broken_infostates import CARDS, DealtNim, DealtState, DealtView


@dataclass(frozen=True, slots=True, kw_only=True)
class SkewedView(DealtView):
    """The bug: the other player's card is always the lowest one this player does not hold
    (a sampler that keeps the unseen cards in order and takes the first)."""

    def determinize(self, rng: random.Random) -> DealtState:
        drawn = DealtView.determinize(self, rng)
        other = min(c for c in CARDS if c != self.card)
        cards = (self.card, other) if self.player == 0 else (other, self.card)
        return replace(drawn, cards=cards)


@dataclass(frozen=True, slots=True, kw_only=True)
class SkewedState(DealtState):
    view_class: ClassVar[type[DealtView]] = SkewedView


class SkewedNim(DealtNim):
    """Its determinizations deal the other card with a bias."""

    name = "skewed-nim"
    state_class = SkewedState


class SteppingNim(DealtNim):
    """The bug: the deal steps with the seed (the cards rotate by ``seed % 3``), so the
    deal of ``seed + 1`` follows from the deal of ``seed``."""

    name = "stepping-nim"

    def new(self, seed=None, setup="decide", start=None):
        state = DealtNim.new(self, seed=seed, setup=setup, start=start)
        k = state.seed % len(CARDS)
        deck = CARDS[k:] + CARDS[:k]
        return replace(state, cards=(deck[0], deck[1]))
