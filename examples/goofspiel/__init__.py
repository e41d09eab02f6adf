"""Goofspiel, the worked example of ``docs/adding-a-game.md``: a game package written outside
the library, by following that page. Register it to play it:

>>> import tabletop
>>> from tabletop.core.registry import register
>>> register("goofspiel", "goofspiel.rules:Goofspiel")
>>> tabletop.load("goofspiel").new(seed=1).legal_actions()[:2]
(Bid(card=1), Bid(card=2))
"""

from .actions import Bid
from .rules import Goofspiel, GoofState
from .view import GoofView

__all__ = ["Bid", "GoofState", "GoofView", "Goofspiel"]
