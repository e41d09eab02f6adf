"""Toys for ``tabletop.core.testing.values``: a state that skips the core's field checks, and
a memo that reads back what it stored after letting other threads run (with a sound twin)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from broken_memos import ForgetfulNim, ForgetfulState
from toygame import NimState, SecretNim, Take

from tabletop.core.memos import Bound


@dataclass(frozen=True, slots=True, kw_only=True)
class UncheckedState(NimState):
    def __post_init__(self) -> None:
        pass  # the bug: its own set-up, without the core's (``super().__post_init__()``)


class UncheckedNim(SecretNim):
    """Its states take any field value: ``replace(state, pile=None)`` fails only later."""

    name = "unchecked-nim"
    state_class = UncheckedState

    def _initial(self, rng: random.Random) -> UncheckedState:
        return UncheckedState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                              bonus=(None, None), taken_last=None)


#: The takes open at each pile size, shared by every thread, and their bound.
_TAKES: dict[int, tuple[Take, ...]] = {}
_HELD = Bound(4096)


def _takes(pile: int, most: int, careful: bool) -> tuple[Take, ...]:
    found = _TAKES.get(pile)
    if found is None:
        if len(_TAKES) >= _HELD.size:
            _TAKES.clear()
        found = _TAKES[pile] = tuple(Take(n) for n in range(1, min(pile, most) + 1))
        time.sleep(0.0002)  # (work that lets other threads run, as a long computation does)
        if not careful:
            return _TAKES[pile]  # the bug: read back what another thread may have emptied
    return found


@dataclass(frozen=True, slots=True, kw_only=True)
class SharedMemoState(ForgetfulState):
    open_takes = staticmethod(_takes)


@dataclass(frozen=True, slots=True, kw_only=True)
class CarefulMemoState(SharedMemoState):
    careful = True


class SharedMemoNim(ForgetfulNim):
    """Sound in one thread; in several, its memo of takes is emptied under another's feet."""

    name = "shared-memo-nim"
    state_class = SharedMemoState


class CarefulMemoNim(SharedMemoNim):
    """The same memo, answering what it worked out: safe to share between threads."""

    name = "careful-memo-nim"
    state_class = CarefulMemoState
