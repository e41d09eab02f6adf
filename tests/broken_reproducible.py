"""Toys whose seeded play cannot be repeated elsewhere, though each is consistent within
one process (for ``tabletop.core.testing.reproducible``): one draws the hidden bonuses in
the order of a set of names (another ``PYTHONHASHSEED``, another draw), one reseeds numpy's
global generator (the user's ``np.random`` stream changes under them), one draws from
Python's global ``random`` (the user's stream changes, and decides the draw), and one from a
copy of it (the user's stream is kept, but still decides the draw)."""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np
from broken_ids import _drawn_as, _Toy, _view_as
from toygame import NimState, NimView

#: Sixty-four names, half of each bonus: a set of them is in another order in another process.
_NAMES = frozenset(f"bonus {i % 2} #{i}" for i in range(64))


@dataclass(frozen=True, slots=True, kw_only=True)
class HashDrawState(NimState):
    def _view(self, player):
        return _view_as(HashDrawView, self, player)


@dataclass(frozen=True, slots=True, kw_only=True)
class HashDrawView(NimView):
    def determinize(self, rng):
        bonus = tuple(int(rng.choice(list(_NAMES)).split()[1]) if b == -1 else b
                      for b in self.bonus)  # a set's order: the hash seed's
        return HashDrawState(game=self.game, pile=self.pile, first=self.first, bonus=bonus,
                             taken_last=self.taken_last, takes=self.takes)


class HashDrawNim(_Toy):
    """Draws the hidden bonuses from a set of names, in the set's (hash) order."""

    name = "hash-draw-nim"
    state_class = HashDrawState


@dataclass(frozen=True, slots=True, kw_only=True)
class NumpyGlobalState(NimState):
    def _view(self, player):
        return _view_as(NumpyGlobalView, self, player)


@dataclass(frozen=True, slots=True, kw_only=True)
class NumpyGlobalView(NimView):
    def determinize(self, rng):
        np.random.seed(rng.randrange(2**32))  # repeatable here, but the user's stream is reset
        bonus = tuple(int(np.random.randint(2)) if b == -1 else b for b in self.bonus)
        return NumpyGlobalState(game=self.game, pile=self.pile, first=self.first, bonus=bonus,
                                taken_last=self.taken_last, takes=self.takes)


class NumpyGlobalNim(_Toy):
    """Draws the hidden bonuses from numpy's global generator, reseeded from ``rng``."""

    name = "numpy-global-nim"
    state_class = NumpyGlobalState


@dataclass(frozen=True, slots=True, kw_only=True)
class GlobalRandomState(NimState):
    def _view(self, player):
        return _view_as(GlobalRandomView, self, player)


@dataclass(frozen=True, slots=True, kw_only=True)
class GlobalRandomView(NimView):
    def determinize(self, rng):
        if -1 not in self.bonus:
            return _drawn_as(GlobalRandomState, self, rng)
        bonus = tuple(random.randrange(2) if b == -1 else b for b in self.bonus)
        return GlobalRandomState(game=self.game, pile=self.pile, first=self.first,
                                 bonus=bonus, taken_last=self.taken_last, takes=self.takes)


class GlobalRandomNim(_Toy):
    """Draws the hidden bonuses from Python's global ``random``, not from ``rng``."""

    name = "global-random-nim"
    state_class = GlobalRandomState


@dataclass(frozen=True, slots=True, kw_only=True)
class CopiedRandomState(NimState):
    def _view(self, player):
        return _view_as(CopiedRandomView, self, player)


@dataclass(frozen=True, slots=True, kw_only=True)
class CopiedRandomView(NimView):
    def determinize(self, rng):
        if -1 not in self.bonus:
            return _drawn_as(CopiedRandomState, self, rng)
        copy = random.Random()
        copy.setstate(random.getstate())  # the global stream left as it was, but read
        for _ in range(rng.randrange(16)):  # (a bit from further on: not always the first)
            copy.random()
        bonus = tuple(copy.randrange(2) if b == -1 else b for b in self.bonus)
        return CopiedRandomState(game=self.game, pile=self.pile, first=self.first,
                                 bonus=bonus, taken_last=self.taken_last, takes=self.takes)


class CopiedRandomNim(_Toy):
    """Draws the hidden bonuses from a copy of Python's global ``random``: the user's stream
    is untouched, but what they seeded decides the draw."""

    name = "copied-random-nim"
    state_class = CopiedRandomState
