"""Agents that choose actions from a player's view.

>>> import random
>>> from tabletop.core.agents import RandomAgent
>>> agent = RandomAgent(seed=1)
"""

from __future__ import annotations

import random
from typing import Protocol

from .game import Action, View


class Agent(Protocol):
    """Anything that picks an action for the player a view belongs to."""

    def act(self, view: View) -> Action: ...


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded RNG."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View) -> Action:
        legal = view.legal_actions()
        if not legal:
            raise ValueError("no legal action: it is not this player's turn, or the game is over")
        return self.rng.choice(legal)

    def __repr__(self) -> str:
        return "RandomAgent()"
