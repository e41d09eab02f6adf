"""Toys for the long-games check: a sound Secret Nim that lasts thousands of plies, and
deliberately broken ones whose copies recurse over their history or keep stale caches."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields, replace
from typing import Any

from toygame import NimState, SecretNim

from tabletop.core.game import Game


class LongNim(SecretNim):
    """Secret Nim on a pile of ``pile`` counters (3,000 by default), taking 1 to 3: a legal
    game of about 1,500 plies, sound in every other way."""

    name = "long-nim"
    defaults = {"max_take": 3, "pile": 3000}

    def _check_option(self, key, value):
        Game._check_option(self, key, value)

    def _initial(self, rng):
        return self._state_class(game=self, pile=self.options["pile"], first=rng.randrange(2),
                                 bonus=(None, None), taken_last=None)

    _state_class: Any = NimState


@dataclass(frozen=True, slots=True, kw_only=True)
class DeepState(NimState):
    past: tuple | None = field(default=None, compare=False)

    def _apply(self, action):
        return replace(NimState._apply(self, action), past=(self.past, action))


class DeepNim(LongNim):
    """Each state keeps its own history as nested tuples, which copies recurse through."""

    name = "deep-nim"
    defaults = {"max_take": 3, "pile": 300}
    _state_class = DeepState


def _restore(cls, values):
    obj = object.__new__(cls)
    for name, value in values.items():
        object.__setattr__(obj, name, value)
    return obj


@dataclass(frozen=True, slots=True, kw_only=True)
class StaleCacheState(NimState):
    """Copies and pickles carry every field, the cache included (Python's default)."""

    def _every_field(self):
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def __reduce__(self):
        return (_restore, (type(self), self._every_field()))

    def __deepcopy__(self, memo):
        return _restore(type(self), copy.deepcopy(self._every_field(), memo))


class StaleCacheNim(LongNim):
    """A restored state keeps the original's cache: ids of the original's action objects."""

    name = "stale-cache-nim"
    defaults = {"max_take": 2, "pile": 20}
    _state_class = StaleCacheState


@dataclass(frozen=True, slots=True, kw_only=True)
class PinnedIdsState(NimState):
    pinned: frozenset[int] = field(default=frozenset(), compare=False)

    def _apply(self, action):
        return replace(NimState._apply(self, action), pinned=frozenset())

    def _legal_ids(self, legal):
        if not self.pinned:  # the bug: id()s kept in a field, which pickles carry along
            object.__setattr__(self, "pinned", frozenset(map(id, legal)))
        return self.pinned


class PinnedIdsNim(LongNim):
    """The ids of the legal action objects live in a field, and survive a pickle."""

    name = "pinned-ids-nim"
    defaults = {"max_take": 2, "pile": 20}
    _state_class = PinnedIdsState
