"""Toys whose finished games say different things through different doors, one way each
(for ``tabletop.core.testing.endings``)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from toygame import NimState, NimView, SecretNim


class _Toy(SecretNim):
    def _initial(self, rng: random.Random) -> NimState:
        return self.state_class(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                                bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class SharedWinState(NimState):
    def _winners(self):
        # The bug: a game with no loser names every player, where a draw is ().
        return (0, 1)


class SharedWinNim(_Toy):
    """Its winners name every player: the result line says both win, ``returns`` a draw."""

    name = "shared-win-nim"
    state_class = SharedWinState


@dataclass(frozen=True, slots=True, kw_only=True)
class BackwardsReturnsState(NimState):
    def returns(self):
        # The bug: the returns listed by turn from the last mover, not by seat.
        return NimState.returns(self)[::-1]


class BackwardsReturnsNim(_Toy):
    """Its ``returns()`` reward the loser: they are listed in the wrong order."""

    name = "backwards-returns-nim"
    state_class = BackwardsReturnsState


@dataclass(frozen=True, slots=True, kw_only=True)
class BlindView(NimView):
    @property
    def winners(self):
        # The bug: the view never learns the outcome, even once the game is over.
        return ()


@dataclass(frozen=True, slots=True, kw_only=True)
class BlindViewState(NimState):
    def _view(self, player):
        view = NimState._view(self, player)
        return BlindView(game=view.game, player=player, pile=view.pile, first=view.first,
                         bonus=view.bonus, taken_last=view.taken_last, takes=view.takes)


class BlindViewNim(_Toy):
    """Its views' ``winners`` stay ``()`` at the end, where the state names the winner."""

    name = "blind-view-nim"
    state_class = BlindViewState
