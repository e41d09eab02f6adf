"""A toy whose memo stores an entry before it is complete (an Interrupt mid-fill leaves it
half-filled for good), and its sound twin (for ``tabletop.core.testing.interrupts``)."""

from __future__ import annotations

from dataclasses import dataclass

from broken_memos import ForgetfulNim, ForgetfulState
from toygame import Take

from tabletop.core.memos import Bound

#: The takes open at each pile size, as the toy works them out, and their bound.
_TAKES: dict[int, list[Take]] = {}
_HELD = Bound(4096)


def _takes(pile: int, most: int, careful: bool = False) -> tuple[Take, ...]:
    found = _TAKES.get(pile)
    if found is None:
        if len(_TAKES) >= _HELD.size:
            _TAKES.clear()
        if careful:  # worked out whole, then stored
            found = _TAKES[pile] = [Take(n) for n in range(1, min(pile, most) + 1)]
        else:
            found = _TAKES[pile] = []  # the bug: stored first, then filled
            for n in range(1, min(pile, most) + 1):
                found.append(Take(n))
    return tuple(found)


@dataclass(frozen=True, slots=True, kw_only=True)
class HalfFilledState(ForgetfulState):
    open_takes = staticmethod(_takes)


@dataclass(frozen=True, slots=True, kw_only=True)
class WholeFilledState(HalfFilledState):
    careful = True


class HalfFilledNim(ForgetfulNim):
    """Interrupted while its memo of takes is filled, it offers fewer takes ever after."""

    name = "half-filled-nim"
    state_class = HalfFilledState


class WholeFilledNim(HalfFilledNim):
    """The same memo, each entry stored once worked out: sound whenever it is interrupted."""

    name = "whole-filled-nim"
    state_class = WholeFilledState
