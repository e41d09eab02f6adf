"""A toy whose states keep a field out of equality that changes what they answer, and its
sound twin (for ``tabletop.core.testing.transpositions``)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from toygame import NimState, SecretNim, Take


@dataclass(frozen=True, slots=True, kw_only=True)
class HabitState(NimState):
    """Each player's last take, kept out of equality: a player who last took 2 has the
    takes listed largest first. ``take 1 .. take 2`` and ``take 2 .. take 1`` reach equal
    states whose legal actions come in another order."""

    habits: tuple[int, int] = field(default=(0, 0), compare=False)

    def _legal_actions(self):
        legal = NimState._legal_actions(self)
        if None in self.bonus or self.habits[self.current_player] != 2:
            return legal
        return tuple(reversed(legal))

    def _apply(self, action):
        nxt = NimState._apply(self, action)
        if not isinstance(action, Take):
            return nxt
        habits = list(self.habits)
        habits[self.current_player] = action.count
        return replace(nxt, habits=tuple(habits))


@dataclass(frozen=True, slots=True, kw_only=True)
class ComparedHabitState(HabitState):
    """The same field, compared: the two move orders reach unequal states."""

    habits: tuple[int, int] = (0, 0)


class HabitNim(SecretNim):
    """Equal states (reached by swapped takes) list their legal actions differently."""

    name = "habit-nim"
    state_class: type[HabitState] = HabitState

    def _initial(self, rng: random.Random) -> HabitState:
        return self.state_class(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                                bonus=(None, None), taken_last=None)


class ComparedHabitNim(HabitNim):
    """The habit is part of the position: sound."""

    name = "compared-habit-nim"
    state_class = ComparedHabitState
