"""A toy for ``tabletop.core.testing.sharing``: a Nim whose takes copy the bonus tuple that
they leave unchanged, so every state after a take holds its own equal copy of it."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from toygame import NimState, SecretNim, Take


@dataclass(frozen=True, slots=True, kw_only=True)
class CopyingState(NimState):
    def _apply(self, action):
        child = NimState._apply(self, action)
        if isinstance(action, Take):  # the bug: an equal copy where the old tuple would do
            return replace(child, bonus=tuple(list(self.bonus)))
        return child


class CopyingNim(SecretNim):
    """Plays as Nim does; only its states stop sharing the bonus with their parents."""

    name = "copying-nim"
    state_class = CopyingState

    def _initial(self, rng: random.Random) -> CopyingState:
        return CopyingState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                            bonus=(None, None), taken_last=None)
