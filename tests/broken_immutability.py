"""Secret Nim variants that hand out their own data: each must fail the immutability check.

* ``HandingNim``: ``may_take()`` returns the state's cached list, which its text then reads;
* ``NotingNim``: ``notes()`` returns the state's cached dict (nothing else reads it, but a
  second read shows the change);
* ``UnlockableNim``: ``pile_marks()`` returns a cached numpy array made read-only with
  ``flags.writeable = False`` only, so that a user can make it writeable again.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from toygame import NimState, SecretNim


def _start(game: SecretNim, cls: type[NimState], rng) -> NimState:
    return cls(game=game, pile=rng.randint(5, 9), first=rng.randrange(2), bonus=(None, None),
               taken_last=None)


class HandingNim(SecretNim):
    name = "handing-nim"

    def _initial(self, rng):
        return _start(self, HandingState, rng)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandingState(NimState):
    def may_take(self) -> list[int]:
        """How many counters may be taken now: the cached list itself (the bug)."""
        most = min(self.game.options["max_take"], self.pile)
        return self._cached("takes", lambda: list(range(1, most + 1)))

    def _text(self):
        return NimState._text(self) + f", may take {self.may_take()}"


class NotingNim(SecretNim):
    name = "noting-nim"

    def _initial(self, rng):
        return _start(self, NotingState, rng)


@dataclass(frozen=True, slots=True, kw_only=True)
class NotingState(NimState):
    def notes(self) -> dict[str, int]:
        """A summary of the position: the cached dict itself (the bug)."""
        return self._cached("notes", lambda: {"pile": self.pile, "takes": self.takes})


class UnlockableNim(SecretNim):
    name = "unlockable-nim"

    def _initial(self, rng):
        return _start(self, UnlockableState, rng)


@dataclass(frozen=True, slots=True, kw_only=True)
class UnlockableState(NimState):
    def pile_marks(self) -> np.ndarray:
        """One flag per counter left: cached, read-only by its flag only (the bug: a user
        may set ``flags.writeable = True`` again)."""
        def compute() -> np.ndarray:
            marks = np.ones(self.pile, dtype=bool)
            marks.flags.writeable = False
            return marks
        return self._cached("marks", compute)  # type: ignore[no-any-return]

    def _text(self):
        return NimState._text(self) + f", marks {int(self.pile_marks().sum())}"
