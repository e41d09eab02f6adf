"""Toys whose lazy legal actions disagree with their built tuple, one way each (for
``tabletop.core.testing.lazy``)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from toygame import NimState, NimView, SecretNim

from tabletop.core.legal import LegalActions


@dataclass(frozen=True, slots=True, kw_only=True)
class LongState(NimState):
    def _legal_actions(self):
        built = NimState._legal_actions(self)
        # The bug: the length counts one action more than the list holds.
        return LegalActions(len(built) + 1, lambda i: built[min(i, len(built) - 1)],
                            lambda: built)


class _Toy(SecretNim):
    def _initial(self, rng: random.Random) -> NimState:
        return self.state_class(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                                bonus=(None, None), taken_last=None)


class LongNim(_Toy):
    """Its lazy ``legal_actions()`` claims one action more than its built tuple holds."""

    name = "long-nim"
    state_class = LongState


@dataclass(frozen=True, slots=True, kw_only=True)
class BackwardsState(NimState):
    def _legal_actions(self):
        built = NimState._legal_actions(self)
        # The bug: read by index, the actions come in the other order.
        return LegalActions(len(built), lambda i: built[-1 - i], lambda: built)


class BackwardsNim(_Toy):
    """Read by index, its legal actions come in the reverse order of its built tuple."""

    name = "backwards-nim"
    state_class = BackwardsState


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundingState(NimState):
    def _pick(self, u):
        legal = self._legal_actions()
        # The bug: rounds to the nearest index instead of taking the floor of u·n.
        return legal[min(round(u * len(legal)), len(legal) - 1)]


class RoundingNim(_Toy):
    """Its rollout hook ``_pick`` rounds ``u·n`` where the list takes its floor."""

    name = "rounding-nim"
    state_class = RoundingState


class _LooseIndex(LegalActions):
    def __getitem__(self, i):
        if isinstance(i, slice):
            return self.as_tuple()[i]
        # The bug: an index that is no integer fails inside, not as a tuple's TypeError.
        k = i.__index__()
        if not -self._length <= k < self._length:
            raise IndexError("legal action index out of range")
        return self._at(k % self._length)


@dataclass(frozen=True, slots=True, kw_only=True)
class LooseIndexState(NimState):
    def _legal_actions(self):
        built = NimState._legal_actions(self)
        return _LooseIndex(len(built), built.__getitem__, lambda: built)


class LooseIndexNim(_Toy):
    """Its lazy ``legal_actions()[1.0]`` raises an ``AttributeError``, not a ``TypeError``."""

    name = "loose-index-nim"
    state_class = LooseIndexState


class _Writable(LegalActions):
    # The bug: its attributes can be rebound, the action ``apply`` trusts among them.
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__


@dataclass(frozen=True, slots=True, kw_only=True)
class WritableState(NimState):
    def _legal_actions(self):
        built = NimState._legal_actions(self)
        return _Writable(len(built), built.__getitem__, lambda: built)


class WritableNim(_Toy):
    """Its ``legal_actions()._last`` can be set: ``apply`` would take what was put there."""

    name = "writable-nim"
    state_class = WritableState


@dataclass(frozen=True, slots=True, kw_only=True)
class BackwardsView(NimView):
    def _legal_actions(self):
        built = NimState._legal_actions(self)
        # The bug: the view's list, read by index, runs backwards (agents pick from views).
        return LegalActions(len(built), lambda i: built[-1 - i], lambda: built)

    def determinize(self, rng):
        state = NimView.determinize(self, rng)
        return BackwardsViewState(game=self.game, pile=state.pile, first=state.first,
                                  bonus=state.bonus, taken_last=state.taken_last,
                                  takes=state.takes)


@dataclass(frozen=True, slots=True, kw_only=True)
class BackwardsViewState(NimState):
    def _view(self, player):
        view = NimState._view(self, player)
        return BackwardsView(game=self.game, player=player, pile=view.pile, first=view.first,
                             bonus=view.bonus, taken_last=view.taken_last, takes=view.takes)


class BackwardsViewNim(_Toy):
    """Its states' lazy lists are right; its views', read by index, run backwards."""

    name = "backwards-view-nim"
    state_class = BackwardsViewState


class _TupleContains(LegalActions):
    # The bug: ``in`` answers as a tuple does, so ``"take 1" in legal`` (notation) and
    # ``0 in legal`` (an action id) are quietly ``False`` though both stand for legal actions.
    def __contains__(self, item):
        return item in self.as_tuple()


@dataclass(frozen=True, slots=True, kw_only=True)
class TupleContainsState(NimState):
    def _legal_actions(self):
        built = NimState._legal_actions(self)
        return _TupleContains(len(built), built.__getitem__, lambda: built)


class TupleContainsNim(_Toy):
    """``str(a) in state.legal_actions()`` is ``False`` for its legal actions, not refused."""

    name = "tuple-contains-nim"
    state_class = TupleContainsState
