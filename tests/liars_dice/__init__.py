"""Liar's Dice, one round for three or four: a game package written from
``docs/adding-a-game.md`` alone, as a fixture that exercises what the four shipped games and
Goofspiel do not (more than two players, options, hidden hands, two-part actions, draws,
scores other than 0/1).

>>> import tabletop
>>> from tabletop.core.registry import register
>>> register("liars-dice", "liars_dice.rules:LiarsDice")
>>> tabletop.load("liars-dice", players=4).new(seed=1).legal_actions()[:2]
(Bid(quantity=1, face=1), Bid(quantity=1, face=2))
"""

from .actions import Bid, Call
from .rules import LiarsDice, LiarState
from .view import LiarView

__all__ = ["Bid", "Call", "LiarState", "LiarView", "LiarsDice"]
