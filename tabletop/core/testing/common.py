"""What every conformance check shares: the error it raises, and seeded random positions.

>>> import tabletop
>>> from tabletop.core.testing.common import random_states
>>> game = tabletop.load("lascaux", players=3)
>>> where, state = next(random_states(game, seeds=[7]))
>>> where, state.history
('lascaux seed 7 ply 0', ())
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from ..game import Game, State


class ConformanceError(AssertionError):
    """A game broke the contract; the message says where (seed, ply) and how."""


def fail(where: str, message: str) -> None:
    """Raise ``ConformanceError`` for ``where`` (e.g. ``"lacuna seed 3 ply 12"``)."""
    raise ConformanceError(f"{where}: {message}")


def random_playout(game: Game, seed: int, setup: str = "decide",
                   max_steps: int = 5000) -> Iterator[State]:
    """Every state of one seeded random game, from ``new(seed)`` to its end.

    The moves come from ``random.Random(seed)``, so the same seed plays the same game.
    """
    state = game.new(seed=seed, setup=setup)
    rng = random.Random(seed)
    for _ in range(max_steps):
        yield state
        if state.is_terminal:
            return
        state = state.apply(rng.choice(state.legal_actions()))
    raise ConformanceError(f"{game.name} seed {seed}: not over after {max_steps} steps")


def random_states(game: Game, seeds: Iterable[int] = range(3), every: int = 1,
                  setup: str = "decide") -> Iterator[tuple[str, State]]:
    """``(where, state)`` for every ``every``-th state of seeded random games, and each end.

    ``where`` names the game, seed and ply, for error messages.
    """
    for seed in seeds:
        for ply, state in enumerate(random_playout(game, seed, setup)):
            if ply % every == 0 or state.is_terminal:
                yield f"{game.name} seed {seed} ply {ply}", state
