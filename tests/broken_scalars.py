"""A toy for the numpy-scalar check: Secret Nim that keeps its player count as it was given
and starts its piles from it, so that a game made with ``np.int64(2)`` players holds numpy
scalars in its states."""

from __future__ import annotations

from toygame import NimState, SecretNim

from tabletop.core.position import evolve


class RawNim(SecretNim):
    """Sound with plain numbers; its piles are ``players`` plus 3 to 7, as given."""

    name = "raw-nim"

    def __init__(self, players=None, **options):
        super().__init__(players, **options)
        self.given = 2 if players is None else players  # the bug: kept as given, not plain

    def _initial(self, rng):
        start = NimState(game=self, pile=3, first=rng.randrange(2), bonus=(None, None),
                         taken_last=None)  # (the constructor would make a numpy pile plain)
        return evolve(start, pile=self.given + rng.randint(3, 7))  # a fast path keeps it
