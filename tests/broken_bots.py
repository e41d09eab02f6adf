"""A toy whose views draw the true hidden parts (for the bots' secrecy check): every view
surface hides the other player's bonus, but ``determinize`` reads it from a field left out
of the view's equality, so a searching bot plays, and shows its seat, the secret."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from toygame import NimState, NimView, SecretNim


class PeekingNim(SecretNim):
    """Secret Nim whose views determinize to the true state."""

    name = "peeking-nim"

    def _initial(self, rng: random.Random) -> PeekingState:
        return PeekingState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                            bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class PeekingState(NimState):
    def _view(self, player):
        plain = NimState._view(self, player)
        return PeekingView(game=self.game, player=player, pile=plain.pile, first=plain.first,
                           bonus=plain.bonus, taken_last=plain.taken_last, takes=plain.takes,
                           _truth=self.bonus)


@dataclass(frozen=True, slots=True, kw_only=True)
class PeekingView(NimView):
    _truth: tuple = field(compare=False, repr=False)  # the bug: the full state's secrets
    # (private: a public field is read by check_secrecy, through the view's attributes)

    def determinize(self, rng):
        rng.random()  # (draws, as a sampler would)
        return PeekingState(game=self.game, pile=self.pile, first=self.first,
                            bonus=self._truth, taken_last=self.taken_last, takes=self.takes)
