"""Toys whose advice fails when taken literally (for ``tabletop.core.testing.advice``), built
on the sound ``SecretNim``: a state whose repr leaves out a field its constructor needs (as
Lascaux left out its mover and Landlock its pile), one whose repr names a value the
constructor does not rebuild, and a notation holding ``", "``, which makes the list of legal
actions in a refusal unreadable; an option whose refusal names a range it does not accept;
and a refusal whose example is no legal action (as Lava Flows offered ``claim wbw`` where
only ``claim bwb`` could be announced).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from toygame import Bonus, NimState, SecretNim, Take

from tabletop.core.errors import InvalidOption


@dataclass(frozen=True, slots=True, kw_only=True)
class ShortReprState(NimState):
    """Keeps ``first`` out of its repr, though the constructor needs it."""

    first: int = field(repr=False)


class ShortReprNim(SecretNim):
    name = "short-repr-nim"
    state_class = ShortReprState

    def _initial(self, rng: random.Random) -> ShortReprState:
        return ShortReprState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                              bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundedReprState(NimState):
    """Shows its pile one less than it is: the call its repr reads as is another state."""

    def __repr__(self) -> str:
        return NimState.__repr__(replace(self, pile=max(self.pile - 1, 0)))


class RoundedReprNim(SecretNim):
    name = "rounded-repr-nim"
    state_class = RoundedReprState

    def _initial(self, rng: random.Random) -> RoundedReprState:
        return RoundedReprState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                                bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True)
class CommaTake(Take):
    """``take, 2``: notation that parses back, but splits the refusal's list in two."""

    def __str__(self) -> str:
        return f"take, {self.count}"


@dataclass(frozen=True, slots=True, kw_only=True)
class CommaState(NimState):
    def _legal_actions(self):
        return tuple(CommaTake(a.count) if isinstance(a, Take) else a
                     for a in NimState._legal_actions(self))

    def _apply(self, action):
        if isinstance(action, CommaTake):
            action = Take(action.count)
        return NimState._apply(self, action)


class CommaNim(SecretNim):
    name = "comma-nim"
    state_class = CommaState

    def _initial(self, rng: random.Random) -> CommaState:
        return CommaState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                          bonus=(None, None), taken_last=None)

    def _parse(self, state, text):
        words = text.replace(",", " ").split()
        if len(words) == 2 and words[0] == "take" and words[1].isdigit():
            return CommaTake(int(words[1]))
        return None


class StaleRangeNim(SecretNim):
    """Says ``max_take`` runs to 5, but takes at most 4 (a bound changed in one place)."""

    name = "stale-range-nim"

    def _check_option(self, key, value):
        SecretNim._check_option(self, key, 1)  # (the type)
        if not 1 <= value <= 4:
            raise InvalidOption(f"option {key}={value!r} of {self.name} must be a whole "
                                f"number from 1 to 5")


@dataclass(frozen=True, slots=True, kw_only=True)
class StaleExampleState(NimState):
    """Refuses a late bonus with an example of the same, illegal, bonus."""

    def _why_illegal(self, action):
        if isinstance(action, Bonus) and None not in self.bonus:
            return f"bonuses are chosen at the start, e.g. 'bonus {action.value}'"
        return NimState._why_illegal(self, action)


class StaleExampleNim(SecretNim):
    name = "stale-example-nim"
    state_class = StaleExampleState

    def _initial(self, rng: random.Random) -> StaleExampleState:
        return StaleExampleState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                                 bonus=(None, None), taken_last=None)

    def _parse(self, state, text):
        words = text.split()
        if len(words) == 2 and words[0] == "bonus" and words[1] in ("0", "1"):
            return Bonus(int(words[1]))
        return SecretNim._parse(self, state, text)
