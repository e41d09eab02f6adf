"""Toys that trust the fields of the actions they are given (for the malformed-action
check)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from toygame import NimState, SecretNim, Take


class LaxNim(SecretNim):
    """Secret Nim whose legality test takes any ``Take`` no bigger than the pile,
    so ``Take(True)`` or ``Take(-2**70)`` are accepted."""

    name = "lax-nim"

    def _initial(self, rng: random.Random) -> LaxState:
        return LaxState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                        bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class LaxState(NimState):
    def _is_legal(self, action):
        return None not in self.bonus and isinstance(action, Take) and action.count <= self.pile


class ListingNim(SecretNim):
    """Secret Nim that explains a typed ``take 9`` with the legal list inside its reason,
    as Lava Flows and Lacuna once did (a notebook could not show the reason alone)."""

    name = "listing-nim"

    def _parse(self, state, text):
        from tabletop import IllegalAction

        action = SecretNim._parse(self, state, text)
        if action is not None and not state.is_legal(action):
            raise IllegalAction(f"{text!r} takes too many; {state._legal_summary()}")
        return action


@dataclass(frozen=True, slots=True)
class WordTake(Take):
    """A take whose notation is a word from a table (set after the class is made, past the
    wrapper ``Action`` gives a class's own ``__str__``): ``WordTake(999)`` is an IndexError."""


WordTake.__str__ = lambda take: ("take none", "take one", "take two", "take three")[take.count]


class WordyNim(SecretNim):
    """Secret Nim whose takes are ``WordTake``: its notation fails on a malformed take."""

    name = "wordy-nim"

    def _initial(self, rng: random.Random) -> WordyState:
        return WordyState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                          bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class WordyState(NimState):
    def _legal_actions(self):
        takes = NimState._legal_actions(self)
        return tuple(WordTake(a.count) if isinstance(a, Take) else a for a in takes)


class NamelessNim(SecretNim):
    """Names a take by a table of words, trusting its count: ``Take(999)`` is an IndexError
    (set after the class is made, past the check ``Game`` gives a game's own ``describe``)."""

    name = "nameless-nim"


def _describe_by_table(game, action, actor, viewer):
    if isinstance(action, Take):
        return ("take none", "take one", "take two", "take three")[action.count]
    return str(action)


NamelessNim.describe = _describe_by_table

