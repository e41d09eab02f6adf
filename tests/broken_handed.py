"""Toys that hand a player more than their view shows (for ``check_handed_objects`` and the
repr, hash and tries surfaces of ``check_secrecy``): each shows nothing wrong in its text,
picture, legal actions, observation or information state."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from toygame import Bonus, NimState, NimView, SecretNim


def _shown(state: NimState, player: int) -> dict:
    plain = NimState._view(state, player)
    return dict(game=state.game, player=player, pile=plain.pile, first=plain.first,
                bonus=plain.bonus, taken_last=plain.taken_last, takes=plain.takes)


def _redrawn(view: NimView, state_class: type, rng) -> NimState:
    """``view.determinize(rng)`` as a state of the toy's own class."""
    drawn = NimView.determinize(view, rng)
    return state_class(game=view.game, pile=drawn.pile, first=drawn.first, bonus=drawn.bonus,
                       taken_last=drawn.taken_last, takes=drawn.takes)


class HoardingNim(SecretNim):
    """Secret Nim whose view keeps its full state in its cache (to draw faster, say): in
    no field (``check_game`` looks at those), no text, no repr."""

    name = "hoarding-nim"

    def _initial(self, rng: random.Random) -> HoardingState:
        return HoardingState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                             bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class HoardingState(NimState):
    def _view(self, player):
        view = NimView(**_shown(self, player))
        view._cache["drawn from"] = self  # the bug
        return view


class WhisperingNim(SecretNim):
    """Secret Nim whose refusal of a bonus once both are chosen says what they are."""

    name = "whispering-nim"

    def _initial(self, rng: random.Random) -> WhisperingState:
        return WhisperingState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                               bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class WhisperingState(NimState):
    def _view(self, player):
        return WhisperingView(**_shown(self, player))

    def _why_illegal(self, action):
        if isinstance(action, Bonus) and None not in self.bonus:
            return f"the bonuses are chosen: {self.bonus[0]} and {self.bonus[1]}"  # the bug
        return NimState._why_illegal(self, action)


@dataclass(frozen=True, slots=True, kw_only=True)
class WhisperingView(NimView):
    def determinize(self, rng):
        return _redrawn(self, WhisperingState, rng)


class SaltedNim(SecretNim):
    """Secret Nim whose view's hash mixes in the hidden bonuses (its equality does not)."""

    name = "salted-nim"

    def _initial(self, rng: random.Random) -> SaltedState:
        return SaltedState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                           bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class SaltedState(NimState):
    def _view(self, player):
        return SaltedView(**_shown(self, player), salt=hash(self.bonus))


@dataclass(frozen=True, slots=True, kw_only=True)
class SaltedView(NimView):
    salt: int = field(default=0, compare=False, repr=False)

    def __hash__(self):
        return hash((self.pile, self.takes, self.bonus, self.salt))  # the bug

    def determinize(self, rng):
        return _redrawn(self, SaltedState, rng)


class TattlingNim(SecretNim):
    """Secret Nim whose view's repr names every bonus."""

    name = "tattling-nim"

    def _initial(self, rng: random.Random) -> TattlingState:
        return TattlingState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                             bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class TattlingState(NimState):
    def _view(self, player):
        return TattlingView(**_shown(self, player), every=self.bonus)


@dataclass(frozen=True, slots=True, kw_only=True, repr=False)
class TattlingView(NimView):
    every: tuple = field(default=(), compare=False)

    def __repr__(self):
        return f"TattlingView(pile={self.pile}, bonus={self.every})"  # the bug

    def determinize(self, rng):
        return _redrawn(self, TattlingState, rng)


class NosyNim(SecretNim):
    """Secret Nim whose view answers ``view.bonuses`` from a field left out of equality:
    no text, picture or tensor shows it, but a player's code reads it."""

    name = "nosy-nim"

    def _initial(self, rng: random.Random) -> NosyState:
        return NosyState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                         bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class NosyState(NimState):
    def _view(self, player):
        return NosyView(**_shown(self, player), _every=self.bonus)


@dataclass(frozen=True, slots=True, kw_only=True)
class NosyView(NimView):
    _every: tuple = field(default=(), compare=False, repr=False)

    @property
    def bonuses(self):
        return self._every  # the bug

    def determinize(self, rng):
        drawn = _redrawn(self, NimState, rng)
        return NosyState(game=self.game, pile=drawn.pile, first=drawn.first, bonus=drawn.bonus,
                         taken_last=drawn.taken_last, takes=drawn.takes)
