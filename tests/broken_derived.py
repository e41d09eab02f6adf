"""Toys for the ``dataclasses.replace`` check: Secret Nim whose states keep the takes still
allowed as a field set by every move — carried over by ``replace`` (``StaleNim``), or
declared ``derived()`` and worked out again (``DerivedNim``)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from toygame import NimState, SecretNim, Take

from tabletop.core.derived import derived


def _open_takes(state: NimState) -> tuple[int, ...]:
    return tuple(n for n in range(1, state.game.options["max_take"] + 1) if n <= state.pile)


@dataclass(frozen=True, slots=True, kw_only=True)
class StaleState(NimState):
    takes_open: tuple[int, ...] = field(default=(1, 2), compare=False)  # the bug: copied

    def _legal_actions(self):
        if None in self.bonus:
            return NimState._legal_actions(self)
        return tuple(Take(n) for n in self.takes_open)

    def _apply(self, action):
        after = NimState._apply(self, action)
        return replace(after, takes_open=_open_takes(after))


class StaleNim(SecretNim):
    """Sound in every rule it plays; ``replace`` carries a stale list of takes over."""

    name = "stale-nim"

    def _initial(self, rng):
        return StaleState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                          bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class DerivedState(NimState):
    takes_open: tuple[int, ...] = derived()

    def _derive(self) -> dict[str, Any]:
        return {"takes_open": _open_takes(self)}

    def _legal_actions(self):
        if None in self.bonus:
            return NimState._legal_actions(self)
        return tuple(Take(n) for n in self.takes_open)


class DerivedNim(SecretNim):
    """The same list of takes, declared ``derived()``: ``replace`` works it out again."""

    name = "derived-nim"

    def _initial(self, rng):
        return DerivedState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                            bonus=(None, None), taken_last=None)
