"""Tournaments: play many seeded games between agents — here, on any
``concurrent.futures.Executor`` or on a Dask cluster — stream them to a dataset on disk, and
say who is stronger and how sure that is.

>>> import tabletop
>>> from tabletop.arena import arena
>>> result = arena("landlock", ["mcts", "random"], games=4, seed=0)    # doctest: +SKIP
>>> result.summary()                                                  # doctest: +SKIP
>>> result.ratings()               # Elo-scale, with bootstrap intervals # doctest: +SKIP
>>> result.to_dataframe()          # pandas, when installed              # doctest: +SKIP
>>> result.plot()                  # matplotlib, when installed          # doctest: +SKIP
>>> from dask.distributed import Client                                # doctest: +SKIP
>>> arena("landlock", ["mcts", "random"], games=10_000, executor=Client(),
...       save="landlock-runs/")                                       # doctest: +SKIP

Agents are given as specs, so that each game builds fresh agents (seeded from the tournament
seed, the game and the seat) in whichever process plays it:

* a name, ``"mcts"`` or ``"random"`` (see ``tabletop.agents.make_agent``);
* a name with options, ``("mcts", {"iterations": 200})``;
* an agent class (built with ``seed=`` if it takes one), or a factory ``f(seed) -> agent``
  (or ``f()``, ``functools.partial(MyAgent, depth=2)``: called with the seed where it takes
  one; module-level, to be picklable) — ``tabletop.agents.resolve_agent`` reads every spec;
* an agent object, copied for every game (by pickle): each game starts from it as it is;
* or a mapping ``{label: spec}`` to name the entrants yourself (one label, one agent).

Game ``i`` uses seed ``seed + i`` and rotates the seats, so that every agent plays every seat
equally often: agent ``j`` sits at seat ``(j + i) % players``. The same call gives the same
games, game by game, wherever they are played — if every agent's budget is iterations
alone: ``"mcts"`` and ``"mcts-strong"`` also stop at 1 s and 5 s, which a slow or busy
worker reaches first (give ``("mcts", {"iterations": 300})`` for games anyone can repeat).

``tabletop.arena`` is this package and, called, ``arena`` itself: after ``import tabletop``,
``tabletop.arena("landlock", ["mcts", "random"], games=4)`` plays, and
``tabletop.arena.load(path)`` reopens a dataset.

The modules: ``run`` (``arena``: executors, batches, resubmission, progress), ``entrants``
(labels, descriptions, copies), ``play`` (one game and its forfeits), ``clock`` (time
limits), ``results`` (``ArenaResult``), ``dataset`` (``save=`` and ``load``), ``ratings``
(Wilson intervals, head-to-head tables, Bradley–Terry) and ``plots``.
"""

from __future__ import annotations

import sys
import types

from ..core.exports import package_dir
from .dataset import load
from .play import MoveTimeout, agent_seed, play_game
from .plots import plot
from .ratings import Pairwise, Ratings, bradley_terry, pairwise, ratings, win_rates
from .results import AgentSummary, ArenaResult, GameResult, combine, results_table
from .run import arena

__all__ = ["AgentSummary", "ArenaResult", "GameResult", "MoveTimeout", "Pairwise",
           "Ratings", "agent_seed", "arena", "bradley_terry", "combine", "load", "pairwise",
           "play_game", "plot", "ratings", "results_table", "win_rates"]
__dir__ = package_dir(globals())


class _Arena(types.ModuleType):
    """The package's class: a module that plays a tournament when called."""

    __call__ = staticmethod(arena)


sys.modules[__name__].__class__ = _Arena
