"""Toys that break the integer-action, metadata and observation contract, one way each
(for ``tabletop.core.testing.actionids`` and ``observations``)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np
from toygame import Bonus, NimState, NimView, SecretNim, Take

from tabletop.core.errors import IllegalAction
from tabletop.core.ids import ActionSpace, ActionTable
from tabletop.core.readonly import readonly_array


def _start(game, cls):
    def initial(rng: random.Random):
        return cls(game=game, pile=rng.randint(5, 9), first=rng.randrange(2),
                   bonus=(None, None), taken_last=None)
    return initial


class _Toy(SecretNim):
    state_class = NimState

    def _initial(self, rng):
        return _start(self, self.state_class)(rng)


# --- ids ---------------------------------------------------------------------------------

def _view_as(cls, state, player):
    """``state``'s view for ``player``, made a ``cls`` (a toy's own view class)."""
    plain = NimState._view(state, player)
    return cls(game=state.game, player=player, pile=plain.pile, first=plain.first,
               bonus=plain.bonus, taken_last=plain.taken_last, takes=plain.takes)


def _drawn_as(cls, view, rng):
    """A state of ``cls`` drawn from ``view`` (the hidden bonuses at random)."""
    bonus = tuple(rng.randrange(2) if b == -1 else b for b in view.bonus)
    return cls(game=view.game, pile=view.pile, first=view.first, bonus=bonus,
               taken_last=view.taken_last, takes=view.takes)


class _Positional:
    """Ids are places in the legal list, which lists the takes backwards on an odd pile:
    ``take 1`` is id 0 on a pile of 6 and id 1 on a pile of 7."""

    __slots__ = ()

    def action_id(self, action):
        try:
            return self.legal_actions().index(action)
        except ValueError:
            raise IllegalAction(f"no id for {action!r}") from None

    def action_from_id(self, i):
        legal = self.legal_actions()
        if type(i) is int and 0 <= i < len(legal):
            return legal[i]
        raise IllegalAction("no such action")

    def legal_action_ids(self):
        return tuple(range(len(self.legal_actions())))

    def legal_mask(self):
        mask = np.zeros(self.game.num_distinct_actions, dtype=bool)
        mask[:len(self.legal_actions())] = True
        return readonly_array(mask)


@dataclass(frozen=True, slots=True, kw_only=True)
class PositionalState(_Positional, NimState):
    def _legal_actions(self):
        legal = NimState._legal_actions(self)
        return legal[::-1] if self.pile % 2 and None not in self.bonus else legal

    def _view(self, player):
        return _view_as(PositionalView, self, player)


@dataclass(frozen=True, slots=True, kw_only=True)
class PositionalView(_Positional, NimView):
    def determinize(self, rng):
        return _drawn_as(PositionalState, self, rng)


class PositionalNim(_Toy):
    """Each action's id is its place in the legal list, so it depends on the position."""

    name = "positional-nim"
    state_class = PositionalState


class _Short(ActionSpace):
    size = 3

    def __init__(self):
        self.table = ActionTable((Bonus(0), Bonus(1), Take(1), Take(2)))

    def id_of(self, action):
        return self.table.id_of(action)

    def action_at(self, i):
        return self.table.action_at(i)


class ShortNim(_Toy):
    """Declares 3 distinct actions, but ``take 2`` has id 3."""

    name = "short-nim"

    def _action_space(self):
        return _Short()


@dataclass(frozen=True, slots=True, kw_only=True)
class MaskState(NimState):
    def legal_mask(self):
        mask = np.array(NimState.legal_mask(self))
        mask[0] = True  # the bug: ``bonus 0`` always marked legal
        return readonly_array(mask)


class MaskNim(_Toy):
    """The mask marks ``bonus 0`` legal even after the bonuses are chosen."""

    name = "mask-nim"
    state_class = MaskState


@dataclass(frozen=True, slots=True, kw_only=True)
class LaxState(NimState):
    def action_from_id(self, i):
        if type(i) is int and 0 <= i < self.game.num_distinct_actions:
            return NimState.action_from_id(self, i)
        return self.legal_actions()[0]  # the bug: an id out of range is the first action


class LaxIdNim(_Toy):
    """``action_from_id`` accepts any number at all."""

    name = "lax-id-nim"
    state_class = LaxState


@dataclass(frozen=True, slots=True, kw_only=True)
class IndexingState(NimState):
    def apply(self, action):
        if isinstance(action, int):  # the bug: an int is taken as a place in the legal list
            legal = self.legal_actions()
            action = legal[action % len(legal)]
        return NimState.apply(self, action)


class IndexingNim(_Toy):
    """``apply`` takes an int for a place in the legal list: a bot returning an action id
    plays another move than the id names, unseen."""

    name = "indexing-nim"
    state_class = IndexingState


class _Aliased(ActionSpace):
    """The table's ids, and a spare id 4 that names ``take 1`` (whose id is 2)."""

    size = 5

    def __init__(self):
        self.table = ActionTable((Bonus(0), Bonus(1), Take(1), Take(2)))

    def id_of(self, action):
        return self.table.id_of(action)

    def action_at(self, i):
        return Take(1) if i == 4 else self.table.action_at(i)


class AliasedNim(_Toy):
    """An id names an action that has another id."""

    name = "aliased-nim"

    def _action_space(self):
        return _Aliased()


class _AnyTake(ActionSpace):
    """Bonuses 0 and 1, then id 2 for whichever take the list offers (it names none)."""

    size = 3
    bonuses = ActionTable((Bonus(0), Bonus(1)))

    def id_of(self, action):
        return 2 if type(action) is Take else self.bonuses.id_of(action)

    def action_at(self, i):
        return self.bonuses.action_at(i)


class _Greedy:
    """One take at a time, as many as allowed; and any take gets the id of the one listed."""

    __slots__ = ()

    def _legal_actions(self):
        legal = super()._legal_actions()
        return legal if None in self.bonus else legal[-1:]

    def action_id(self, action):
        if type(action) is Take and type(action.count) is int:
            return 2  # the bug: the listed take's id, given to a take not listed
        return super().action_id(action)


@dataclass(frozen=True, slots=True, kw_only=True)
class GreedyState(_Greedy, NimState):
    def _view(self, player):
        return _view_as(GreedyView, self, player)


@dataclass(frozen=True, slots=True, kw_only=True)
class GreedyView(_Greedy, NimView):
    def determinize(self, rng):
        return _drawn_as(GreedyState, self, rng)


class GreedyNim(_Toy):
    """A position-dependent id is given to every take, the listed one or not."""

    name = "greedy-nim"
    state_class = GreedyState

    def _action_space(self):
        return _AnyTake()


@dataclass(frozen=True, slots=True, kw_only=True)
class FragileState(NimState):
    def action_id(self, action):
        if type(action) is Take:
            return 1 + action.count  # the bug: a malformed take raises TypeError
        return NimState.action_id(self, action)


class FragileNim(_Toy):
    """``action_id`` of a malformed take raises ``TypeError``."""

    name = "fragile-nim"
    state_class = FragileState


@dataclass(frozen=True, slots=True, kw_only=True)
class ChattyState(NimState):
    def action_from_id(self, i):
        if type(i) is int and not 0 <= i < self.game.num_distinct_actions:
            raise IllegalAction(f"no id {i}")  # the bug: 5,000 digits are no text
        return NimState.action_from_id(self, i)


class ChattyNim(_Toy):
    """``action_from_id`` quotes an id out of range in full."""

    name = "chatty-nim"
    state_class = ChattyState


# --- metadata ----------------------------------------------------------------------------

class HastyNim(_Toy):
    """Claims no game lasts more than 4 plies."""

    name = "hasty-nim"
    max_game_length = 4


@dataclass(frozen=True, slots=True, kw_only=True)
class BigWinState(NimState):
    def returns(self):
        return tuple(2.0 * r for r in NimState.returns(self))


class BigWinNim(_Toy):
    """A win is worth 2, beyond ``max_utility``."""

    name = "big-win-nim"
    state_class = BigWinState


# --- observations ------------------------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class PeekingView(NimView):
    secret: tuple = field(default=(), compare=False)  # the bug: every bonus, carried along

    def determinize(self, rng):
        bonus = tuple(rng.randrange(2) if b == -1 else b for b in self.bonus)
        return PeekingState(game=self.game, pile=self.pile, first=self.first, bonus=bonus,
                            taken_last=self.taken_last, takes=self.takes)

    def _observation(self):
        bonus = [-2 if b is None else b for b in self.secret]
        return np.array([self.pile, self.takes, self.first, -1, *bonus])


@dataclass(frozen=True, slots=True, kw_only=True)
class PeekingState(NimState):
    def _view(self, player):
        plain = NimState._view(self, player)
        return PeekingView(game=self.game, player=player, pile=plain.pile,
                           first=plain.first, bonus=plain.bonus, taken_last=plain.taken_last,
                           takes=plain.takes, secret=self.bonus)


class PeekingNim(_Toy):
    """The observation tensor holds the opponent's secret bonus."""

    name = "peeking-nim"
    state_class = PeekingState


class SquashedNim(_Toy):
    """Declares observations of shape (4,), but makes them of shape (6,)."""

    name = "squashed-nim"
    observation_shape = (4,)
