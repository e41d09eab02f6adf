"""Toys that mishandle an action of their own game under another setting or from another
position, one way each (for ``tabletop.core.testing.foreign``). Each plays Secret Nim, whose
variant takes up to 3 counters (``max_take=3``) where the default takes up to 2."""

from __future__ import annotations

from dataclasses import dataclass

from toygame import NimState, NimView, SecretNim, Take


def _loosely_legal(position, action):
    # The bug: "takes beyond the list" are checked by their kind and turn alone, so a take
    # of 3 (from the max_take=3 variant) is legal on a pile of 2, and the rules then fail
    # inside apply.
    if isinstance(action, Take) and None not in position.bonus:
        return action.count >= 1
    return action in position.legal_actions()


@dataclass(frozen=True, slots=True, kw_only=True)
class LooseTakeView(NimView):
    _is_legal = _loosely_legal


@dataclass(frozen=True, slots=True, kw_only=True)
class LooseTakeState(NimState):
    _is_legal = _loosely_legal

    def _view(self, player):
        shown = NimState._view(self, player)
        return LooseTakeView(game=self.game, player=player, pile=shown.pile,
                             first=shown.first, bonus=shown.bonus,
                             taken_last=shown.taken_last, takes=shown.takes)


class LooseTakeNim(SecretNim):
    """Its states call any take legal, whatever the pile and ``max_take``."""

    name = "loose-take-nim"

    def _initial(self, rng):
        return LooseTakeState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                              bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class TrustingState(NimState):
    def apply(self, action):
        # The bug: a fast path that trusts any Take object, as if it came from this
        # position's list: a take of 3 from the variant is played under max_take=2.
        if isinstance(action, Take) and not self._is_setup() and action.count <= self.pile:
            return self._apply(action)
        return NimState.apply(self, action)


class TrustingNim(SecretNim):
    """Its states play any take object they are handed that the pile can give."""

    name = "trusting-nim"

    def _initial(self, rng):
        return TrustingState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                             bonus=(None, None), taken_last=None)
