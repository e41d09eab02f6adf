"""The conformance suite every game's tests call.

* ``check_game(game)`` plays seeded random games and checks the contract at every step
  (legality, immutability, notation and records, determinism, views);
* ``check_abuse(game)`` tries what a hostile but ordinary user would: secrets through every
  surface, mutating returned data, malformed actions, fuzzed notation and records, very
  long games, click targets drawn where they cannot be clicked or too small to hit;
* ``soak(game, games)`` plays many seeded random games with every invariant checked
  (``benchmarks/soak.py`` runs it at length).

Each check raises ``ConformanceError`` saying where (game, seed, ply) and what broke.

>>> from tabletop.core.testing import check_abuse, check_game
"""

from .abuse import check_abuse
from .common import ConformanceError, random_playout, random_states
from .contract import Report, check_game
from .soak import SoakResult, soak

__all__ = [
    "ConformanceError", "Report", "SoakResult", "check_abuse", "check_game", "random_playout",
    "random_states", "soak",
]
