"""A toy whose notation looks a field up in a table, so a malformed action prints as
another one (for the misnamed-action check)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from toygame import Bonus, NimState, SecretNim

from tabletop.core.ids import ActionTable


@dataclass(frozen=True, slots=True)
class TableBonus(Bonus):
    """A bonus named from a table of words (set after the class is made, past the wrapper
    ``Action`` gives a class's own ``__str__``): ``TableBonus(-1)`` reads ``bonus 1``."""


TableBonus.__str__ = lambda bonus: ("bonus 0", "bonus 1")[bonus.value]


class TableNim(SecretNim):
    """Secret Nim whose bonuses print by table: a refusal of ``TableBonus(-1)`` quotes
    ``'bonus 1'``, a legal action the caller did not build."""

    name = "table-nim"

    def _initial(self, rng: random.Random) -> TableState:
        return TableState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                          bonus=(None, None), taken_last=None)

    def _action_space(self):
        table = SecretNim._action_space(self)
        return ActionTable((TableBonus(0), TableBonus(1), *table.actions[2:]))


@dataclass(frozen=True, slots=True, kw_only=True)
class TableState(NimState):
    def _legal_actions(self):
        actions = NimState._legal_actions(self)
        return tuple(TableBonus(a.value) if isinstance(a, Bonus) else a for a in actions)
