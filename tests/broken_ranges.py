"""Toys for the out-of-range check (``check_out_of_range``, run by ``check_replace``):
Secret Nim whose text names the first player from a table by ``first`` and whose fields'
ranges are not declared, so that ``dataclasses.replace(state, first=10**6)`` is accepted and
its text then fails with an ``IndexError`` (``UncheckedNim``); the same game declaring them
(``CheckedNim``) refuses the value at once."""

from __future__ import annotations

from dataclasses import dataclass

from toygame import NimState, SecretNim, nim_ranges

NAMES = ("Ann", "Bob")


@dataclass(frozen=True, slots=True, kw_only=True)
class UncheckedState(NimState):
    def _ranges(self):
        return {}  # the bug: nothing beyond the types is checked

    def _text(self):
        return f"pile {self.pile}, {NAMES[self.first]} first, bonus {self.bonus}"


class UncheckedNim(SecretNim):
    """Sound in every rule it plays; ``replace`` takes any ``first``, which its text indexes."""

    name = "unchecked-nim"

    def _initial(self, rng):
        return UncheckedState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                              bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckedState(UncheckedState):
    def _ranges(self):
        return nim_ranges(self)


class CheckedNim(SecretNim):
    """The same text, the fields' ranges declared: ``replace`` refuses ``first=10**6``."""

    name = "checked-nim"

    def _initial(self, rng):
        return CheckedState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                            bonus=(None, None), taken_last=None)
