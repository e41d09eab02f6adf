"""Toys whose views differ where their information states or tensors do not: each player is
dealt a private card that their view holds, but the text (so ``information_state()``) or
the tensor leaves it out (for ``observations.Distinct``). ``DealtNim`` is the sound one."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
from toygame import NimState, NimView, SecretNim

CARDS = (1, 2, 3)


@dataclass(frozen=True, slots=True, kw_only=True)
class DealtView(NimView):
    """A Nim view that also holds its player's own card."""

    card: int

    def determinize(self, rng: random.Random) -> DealtState:
        other = rng.choice([c for c in CARDS if c != self.card])
        cards = (self.card, other) if self.player == 0 else (other, self.card)
        plain = NimView.determinize(self, rng)
        return self.game.state_class(game=self.game, pile=plain.pile, first=plain.first,
                                     bonus=plain.bonus, taken_last=plain.taken_last,
                                     takes=plain.takes, cards=cards)

    def _text(self) -> str:
        return NimView._text(self) + f", my card {self.card}"

    def _observation(self) -> np.ndarray:
        return np.append(NimView._observation(self), self.card)


@dataclass(frozen=True, slots=True, kw_only=True)
class ForgetfulView(DealtView):
    """The bug: the text, so the information state, leaves out the card."""

    def _text(self) -> str:
        return NimView._text(self)


@dataclass(frozen=True, slots=True, kw_only=True)
class FlatView(DealtView):
    """The bug: the tensor leaves out the card (a 0 in its place)."""

    def _observation(self) -> np.ndarray:
        return np.append(NimView._observation(self), 0)


@dataclass(frozen=True, slots=True, kw_only=True)
class DealtState(NimState):
    """Secret Nim with a card dealt to each player from the seed."""

    cards: tuple[int, int]
    view_class: ClassVar[type[DealtView]] = DealtView

    def _view(self, player: int) -> DealtView:
        plain = NimState._view(self, player)
        return self.view_class(game=self.game, player=player, pile=plain.pile,
                               first=plain.first, bonus=plain.bonus,
                               taken_last=plain.taken_last, takes=plain.takes,
                               card=self.cards[player])


@dataclass(frozen=True, slots=True, kw_only=True)
class ForgetfulState(DealtState):
    view_class: ClassVar[type[DealtView]] = ForgetfulView


@dataclass(frozen=True, slots=True, kw_only=True)
class FlatState(DealtState):
    view_class: ClassVar[type[DealtView]] = FlatView


class DealtNim(SecretNim):
    """Secret Nim with a private card each: sound."""

    name = "dealt-nim"
    state_class: type[DealtState] = DealtState
    observation_shape = (7,)

    def _initial(self, rng: random.Random) -> DealtState:
        deck = list(CARDS)
        rng.shuffle(deck)
        return self.state_class(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                                bonus=(None, None), taken_last=None,
                                cards=(deck[0], deck[1]))


class ForgetfulNim(DealtNim):
    """Its information state leaves out the player's own card."""

    name = "forgetful-nim"
    state_class = ForgetfulState


class FlatNim(DealtNim):
    """Its observation tensor leaves out the player's own card."""

    name = "flat-nim"
    state_class = FlatState
