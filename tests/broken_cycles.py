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


@dataclass(frozen=True, slots=True, kw_only=True)
class PickCycleState(NimState):
    def _pick(self, u):
        self._cache["picked"] = lambda: self  # a cycle through self, made by a rollout only
        return NimState._pick(self, u)


class RolloutCyclicNim(SecretNim):
    """Sound in every rule; a state a search's rollout draws from is caught in a cycle."""

    name = "rollout-cyclic-nim"

    def _initial(self, rng):
        return PickCycleState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                              bonus=(None, None), taken_last=None)
