"""A toy for the reference-cycle check: Secret Nim whose states keep, in their own cache, a
function that refers back to the state (a state freed only by the garbage collector)."""

from __future__ import annotations

from dataclasses import dataclass

from toygame import NimState, SecretNim


@dataclass(frozen=True, slots=True, kw_only=True)
class SelfRefState(NimState):
    def _legal_actions(self):
        self._cache["recount"] = lambda: len(self.legal_actions())  # a cycle through self
        return NimState._legal_actions(self)


class CyclicNim(SecretNim):
    """Sound in every rule; each state it lists actions for is caught in a cycle."""

    name = "cyclic-nim"

    def _initial(self, rng):
        return SelfRefState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                            bonus=(None, None), taken_last=None)
