"""The names, parameters, ``GameType`` and ``GameInfo`` of tabletop's games in OpenSpiel
(``tabletop.adapters.openspiel`` registers and loads them).

>>> from tabletop.games.lava_flows import LavaFlows
>>> kind = game_type(LavaFlows, 0.0, True)
>>> kind.short_name, kind.chance_mode, kind.utility
('tabletop_lava_flows', <ChanceMode.EXPLICIT_STOCHASTIC: 1>, <Utility.ZERO_SUM: 0>)
>>> split_params({"seed": -1, "seeds": 10, "ply_cap": 90})
(-1, 10, {'ply_cap': 90})
"""

from __future__ import annotations

from typing import Any

import pyspiel

import tabletop
from tabletop.core.errors import InvalidOption
from tabletop.core.game import Game
from tabletop.core.plain import plain
from tabletop.core.quoting import brief, either

#: The default number of chance outcomes (seeds ``0 .. SEEDS - 1``).
SEEDS = 1000
#: The ``seed`` parameter meaning "no fixed seed: a chance node draws it".
NO_SEED = -1
#: The largest fixed seed: OpenSpiel's integer parameters are 32-bit.
MAX_FIXED_SEED = 2**31 - 1
#: The most chance outcomes (``chance_outcomes()`` lists them all, for every game).
MAX_SEEDS = 100_000


def short_name(name: str) -> str:
    """The OpenSpiel name of tabletop's game ``name``.

    >>> short_name("lava-flows")
    'tabletop_lava_flows'
    """
    if not isinstance(name, str):
        raise TypeError(f"a game's name is a string (one of {either(tabletop.games())}), "
                        f"not {brief(name)}")
    return "tabletop_" + name.replace("-", "_")


def game_type(cls: type[Game], utility_sum: float | None, chance: bool) -> Any:
    """The ``GameType`` of a tabletop game class (its parameters and their defaults)."""
    spec = {"players": cls.player_counts[0], "seed": NO_SEED, "seeds": SEEDS,
            **cls.defaults}
    return pyspiel.GameType(
        short_name=short_name(cls.name), long_name=f"tabletop {cls.title or cls.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if utility_sum == 0.0
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(cls.player_counts), min_num_players=min(cls.player_counts),
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=spec, default_loadable=True)


def game_info(game: Game, chance_outcomes: int) -> Any:
    """The ``GameInfo`` of a tabletop game. ``max_game_length`` counts decisions only, as
    OpenSpiel's does: the chance node is ``max_chance_nodes_in_history()``."""
    return pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions, max_chance_outcomes=chance_outcomes,
        num_players=game.players, min_utility=game.min_utility,
        max_utility=game.max_utility, utility_sum=game.utility_sum,
        max_game_length=game.max_game_length)


def split_params(params: dict[str, Any]) -> tuple[int, int, dict[str, Any]]:
    """``(seed, seeds, the tabletop options)`` from OpenSpiel's parameters, checked."""
    options = dict(params)
    seed, seeds = plain(options.pop("seed")), plain(options.pop("seeds"))
    if isinstance(seed, bool) or not isinstance(seed, int) \
            or not (seed == NO_SEED or 0 <= seed <= MAX_FIXED_SEED):
        raise InvalidOption(f"seed must be from 0 to {MAX_FIXED_SEED} (or {NO_SEED}: a chance "
                            f"node draws it), not {brief(seed)}")
    if isinstance(seeds, bool) or not isinstance(seeds, int) or not 1 <= seeds <= MAX_SEEDS:
        raise InvalidOption(f"seeds (the number of chance outcomes) must be from 1 to "
                            f"{MAX_SEEDS:,}, not {brief(seeds)}")
    return seed, seeds, options
