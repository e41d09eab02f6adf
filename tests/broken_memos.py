"""A toy whose memo reads back an entry it kept before emptying itself, and its sound twin
(for ``tabletop.core.testing.memos``)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from toygame import NimState, SecretNim, Take

from tabletop.core.memos import Bound

#: The takes open at each pile size, as the toy works them out, and their bound.
_TAKES: dict[int, tuple[Take, ...]] = {}
_HELD = Bound(4096)


def _takes(pile: int, most: int, careful: bool = False) -> tuple[Take, ...]:
    """The takes from ``pile``: those from ``pile - 1`` and one more (a memo of each size)."""
    if careful and len(_TAKES) + pile + 1 > _HELD.size:
        _TAKES.clear()  # emptied first: then whatever it reads is what it just stored
    need = [p for p in range(pile + 1) if p not in _TAKES]
    # The bug (unless careful): it chooses what is missing, then empties itself when full,
    # and then reads back the entries it kept before the clear.
    if len(_TAKES) + len(need) > _HELD.size:
        _TAKES.clear()
    for p in need:
        _TAKES[p] = tuple(Take(n) for n in range(1, min(p, most) + 1))
    return _TAKES[pile] if pile < 1 else _TAKES[pile - 1] + _TAKES[pile][len(_TAKES[pile - 1]):]


@dataclass(frozen=True, slots=True, kw_only=True)
class ForgetfulState(NimState):
    careful = False  # (class constants, not fields: a careful twin, another memo)
    open_takes = staticmethod(_takes)

    def _legal_actions(self):
        if None in self.bonus:
            return NimState._legal_actions(self)
        return self.open_takes(self.pile, self.game.options["max_take"], self.careful)


@dataclass(frozen=True, slots=True, kw_only=True)
class CarefulState(ForgetfulState):
    careful = True


class ForgetfulNim(SecretNim):
    """Its memo of takes per pile size reads back entries from before it emptied itself."""

    name = "forgetful-nim"
    state_class: type[ForgetfulState] = ForgetfulState

    def _initial(self, rng: random.Random) -> ForgetfulState:
        return self.state_class(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                                bonus=(None, None), taken_last=None)


class CarefulNim(ForgetfulNim):
    """The same memo, emptied before it chooses what it is missing: sound at any size."""

    name = "careful-nim"
    state_class = CarefulState
