"""Toys for the check that records mean the same to other languages' JSON readers
(``core/testing/jsonreaders.py``): Secret Nim whose records keep start data, one breaking
each way a record can stop meaning the same in JavaScript."""

from __future__ import annotations

from dataclasses import dataclass, replace

from toygame import NimState, SecretNim

from tabletop.core.errors import InvalidRecord


@dataclass(frozen=True, slots=True, kw_only=True)
class TaggedState(NimState):
    def _start_data(self):
        # the bug: a 64-bit number in the record, which JavaScript's JSON.parse rounds
        return {"pile": self.pile + self.takes, "tag": 2**60 + 1}


class TaggedNim(SecretNim):
    """Sound in Python; its record's start holds an integer beyond 2**53 - 1."""

    name = "tagged-nim"

    def _initial(self, rng):
        return TaggedState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                           bonus=(None, None), taken_last=None)

    def _initial_from(self, rng, start):
        if start.get("tag") != 2**60 + 1:
            raise InvalidRecord(f"record 'start' tag is {start.get('tag')!r}")
        state = self._initial(rng)
        return state


@dataclass(frozen=True, slots=True, kw_only=True)
class WeightedState(NimState):
    def _start_data(self):
        return {"weight": 1.0}


class WeightedNim(SecretNim):
    """Sound in Python; reading its record back wants the float ``1.0`` that JavaScript
    writes as ``1``."""

    name = "weighted-nim"

    def _initial(self, rng):
        return WeightedState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                             bonus=(None, None), taken_last=None)

    def _initial_from(self, rng, start):
        if type(start.get("weight")) is not float:  # the bug: 1 is the same number as 1.0
            raise InvalidRecord(f"record 'start' weight should be a float, not "
                                f"{start.get('weight')!r}")
        return self._initial(rng)


@dataclass(frozen=True, slots=True, kw_only=True)
class KeptWeightState(NimState):
    weight: float = 0.5

    def _start_data(self):
        return {"weight": self.weight}


class KeptWeightNim(SecretNim):
    """Reads its record's start weight back, but keeps it as given: ``1.0`` comes back from
    JavaScript as ``1``, an equal state whose record is written otherwise."""

    name = "kept-weight-nim"

    def _initial(self, rng):
        return KeptWeightState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                               bonus=(None, None), taken_last=None, weight=1.0)

    def _initial_from(self, rng, start):
        weight = start.get("weight")
        if not isinstance(weight, int | float) or isinstance(weight, bool):
            raise InvalidRecord(f"record 'start' weight should be a number, not {weight!r}")
        return replace(self._initial(rng), weight=weight)  # the bug: not float(weight)
