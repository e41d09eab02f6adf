"""A toy for ``tabletop.core.testing.notebookpictures``: a Nim whose states hand out their
legal actions as a plain tuple, which a notebook shows only as its repr."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple

from toygame import NimState, SecretNim


@dataclass(frozen=True, slots=True, kw_only=True)
class PlainListState(NimState):
    def legal_actions(self):
        return tuple(NimState.legal_actions(self))  # the bug: no picture, only a repr


class PlainListNim(SecretNim):
    """Plays as Nim does; only its states' legal-action lists have no notebook picture."""

    name = "plain-list-nim"
    state_class = PlainListState

    def _initial(self, rng: random.Random) -> PlainListState:
        return PlainListState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                              bonus=(None, None), taken_last=None)


class Totals(NamedTuple):
    totals: tuple[float, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlainBreakdownState(NimState):
    def score_breakdown(self):
        return Totals(self.scores)  # the bug: adds up, but a notebook shows only its repr


class PlainBreakdownNim(SecretNim):
    """Plays as Nim does; its score breakdown has totals but no notebook picture."""

    name = "plain-breakdown-nim"
    state_class = PlainBreakdownState

    def _initial(self, rng: random.Random) -> PlainBreakdownState:
        return PlainBreakdownState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                                   bonus=(None, None), taken_last=None)
