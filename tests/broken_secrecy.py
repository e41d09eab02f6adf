"""A toy whose view is equal across secrets but whose text tells them apart
(for the secrecy check)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from toygame import NimState, NimView, SecretNim, draw_pile


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


#: What ``MemoNim``'s views remember of the states they were made from, by public position:
#: the bug, a memo one view fills and another's picture reads.
_BONUSES: dict[tuple, tuple] = {}


class MemoNim(SecretNim):
    """Secret Nim whose pictures read every bonus from a module's memo that making a view
    fills, keyed by what the view shows (found from outside: a game whose views were equal,
    and whose pictures were compared after both views were made, passed)."""

    name = "memo-nim"
    renderer = "broken_secrecy:draw_remembered"

    def _initial(self, rng: random.Random) -> MemoState:
        return MemoState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                         bonus=(None, None), taken_last=None)


def _public(position) -> tuple:
    return position.pile, position.first, position.taken_last, position.takes


@dataclass(frozen=True, slots=True, kw_only=True)
class MemoState(NimState):
    def _view(self, player):
        _BONUSES[_public(self)] = self.bonus
        return NimState._view(self, player)


def draw_remembered(subject, **how):
    scene = draw_pile(subject, **how)
    scene.text(10, 10, f"bonuses {_BONUSES.get(_public(subject))}")
    return scene
