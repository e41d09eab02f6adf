"""A toy whose view is equal across secrets but whose text tells them apart
(for the secrecy check)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from toygame import NimState, NimView, SecretNim


class TellingNim(SecretNim):
    """Secret Nim whose view text prints every bonus, from a field left out of equality."""

    name = "telling-nim"

    def _initial(self, rng: random.Random) -> TellingState:
        return TellingState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                            bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class TellingState(NimState):
    def _view(self, player):
        plain = NimState._view(self, player)
        return TellingView(game=self.game, player=player, pile=plain.pile, first=plain.first,
                           bonus=plain.bonus, taken_last=plain.taken_last, takes=plain.takes,
                           every_bonus=self.bonus)


@dataclass(frozen=True, slots=True, kw_only=True)
class TellingView(NimView):
    every_bonus: tuple = field(compare=False)  # the bug: the full state's secrets

    def _text(self):
        return NimView._text(self) + f", really {self.every_bonus}"
