"""OpenSpiel's information-set MCTS as a tabletop agent, so that it can enter ``arena``
(in this process or in workers), the widget or ``tabletop.play`` like any other agent.

The agent decides from the view it is handed: it wraps ``view.determinize(rng)`` in a
``TabletopState`` (whose information state is the view's) and lets a fresh ``ISMCTSBot``,
resampling through tabletop's ``determinize`` (``resampler``), search from it. It never sees
the true state, so it plays fair in every game. It pickles as its settings (the arena copies
an agent for every game by pickle); the OpenSpiel game it loads is cached per tabletop game.

>>> import tabletop
>>> from tabletop.arena import arena
>>> result = arena("lascaux", [ISMCTSAgent(simulations=5, seed=1), "random", "random"],
...                games=2, progress=False)
>>> len(result.games), [game.error for game in result.games]
(2, [None, None])
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from ..agents.base import as_view, legal_for
from ..agents.settings import seed_of, setting
from ..core.game import Action, Game, State, View
from ..core.plain import real, whole
from .openspiel import TabletopGame, TabletopState, load_game, resampler

__all__ = ["ISMCTSAgent"]

#: The most simulations a move may take (past it no search ends in a session).
MOST_SIMULATIONS = 10**7


class ISMCTSAgent:
    """OpenSpiel's ``ISMCTSBot`` (random rollouts) choosing for the view's player.

    ``simulations`` per move (1 to 10**7), ``uct_c`` the exploration constant (a finite
    number ≥ 0), ``seed`` for repeatable play (``None``: a fresh one). A wrong setting is
    refused at once with an ``InvalidOption`` naming it (a ``SettingError``, as every agent's).

    >>> ISMCTSAgent(simulations=20, seed=3)
    ISMCTSAgent(simulations=20, uct_c=2.0, seed=3)
    >>> ISMCTSAgent(simulations=0)
    Traceback (most recent call last):
    tabletop.agents.settings.SettingError: simulations must be an int from 1 to 10000000, not 0
    """

    name = "openspiel-ismcts"

    def __init__(self, simulations: int = 100, uct_c: float = 2.0,
                 seed: int | None = None) -> None:
        self.simulations = setting(lambda v: whole(
            v, 1, f"simulations must be an int from 1 to {MOST_SIMULATIONS}",
            most=MOST_SIMULATIONS))(simulations)
        self.uct_c = setting(lambda v: real(v, "uct_c must be a finite number ≥ 0",
                                            low=0.0))(uct_c)
        self.seed = seed_of(seed)
        self.rng = random.Random(self.seed)
        self._games: dict[Game, TabletopGame] = {}

    def act(self, view: View | State) -> Action:
        """The move ``ISMCTSBot`` picks for the view's player, after ``simulations``
        searches from states drawn from the view."""
        view = as_view(view)
        legal = legal_for(view)
        if len(legal) == 1:
            return legal[0]
        game = self._game_of(view.game)
        root = TabletopState(game, view.determinize(self.rng))
        seed = self.rng.randrange(2**32)
        search = ismcts.ISMCTSBot(
            game, mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(seed)),
            self.uct_c, self.simulations, random_state=np.random.RandomState(seed))
        search.set_resampler(resampler(seed=seed))
        return view.action_from_id(int(search.step(root)))

    def _game_of(self, game: Game) -> TabletopGame:
        """The OpenSpiel game of ``game`` (its name, players and options), loaded once."""
        found = self._games.get(game)
        if found is None:
            found = load_game(game.name, players=game.players, **dict(game.options))
            self._games[game] = found
        return found

    def __getstate__(self) -> dict[str, Any]:
        """Its settings and generator: the loaded OpenSpiel games are loaded again."""
        return {**self.__dict__, "_games": {}}

    def __repr__(self) -> str:
        return (f"ISMCTSAgent(simulations={self.simulations}, uct_c={self.uct_c}, "
                f"seed={self.seed})")
