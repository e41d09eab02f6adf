"""Toys for ``tabletop.core.testing.annotated``: Secret Nim whose answers break their own
type hints, as a user's type checker reads them (``py.typed``)."""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np
from toygame import NimState, SecretNim


@dataclass(frozen=True, slots=True, kw_only=True)
class NumpyScoresState(NimState):
    def _scores(self):
        # the bug: numpy's floats, which pass ``isinstance(x, float)`` but not a type checker
        return tuple(np.asarray(NimState._scores(self), dtype=np.float64))


@dataclass(frozen=True, slots=True, kw_only=True)
class NumpyPlayerState(NimState):
    @property
    def current_player(self):
        player = NimState.current_player.fget(self)
        return None if player is None else np.int64(player)  # the bug: no ``int``


@dataclass(frozen=True, slots=True, kw_only=True)
class ListPilesState(NimState):
    def counters(self) -> tuple[int, ...]:
        """The counters left, one number each."""
        return list(range(self.pile))  # the bug: a list where a tuple is promised


def _nim(name: str, state_class: type[NimState]) -> type[SecretNim]:
    def _initial(self, rng: random.Random) -> NimState:
        return state_class(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                           bonus=(None, None), taken_last=None)
    return type(name.title().replace("-", ""), (SecretNim,),
                {"name": name, "state_class": state_class, "_initial": _initial})


NumpyScoresNim = _nim("numpy-scores-nim", NumpyScoresState)
NumpyPlayerNim = _nim("numpy-player-nim", NumpyPlayerState)
ListPilesNim = _nim("list-piles-nim", ListPilesState)


class ListShapeNim(SecretNim):
    """Its ``observation_shape``, a property's stand-in, is a list, not the promised tuple."""

    name = "list-shape-nim"
    observation_shape = [6]  # the bug
