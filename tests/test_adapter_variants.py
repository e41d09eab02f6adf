"""The OpenSpiel and PettingZoo adapters under every game's declared ``variants`` (option
sets off the defaults, ``check_variants``): the options reach the wrapped game, the
metadata follows them (Lava Flows' length from its ``ply_cap``, Lascaux's tensor from its
player count), and each framework's own suite passes."""

import warnings

import pytest

import tabletop
from tabletop.core.registry import game_class

pyspiel = pytest.importorskip("pyspiel")
pettingzoo_test = pytest.importorskip("pettingzoo.test")

from tabletop.adapters import openspiel, pettingzoo  # noqa: E402

CASES = [pytest.param(name, dict(options), id=f"{name}-{i}")
         for name in tabletop.games() for i, options in enumerate(game_class(name).variants)]


@pytest.mark.parametrize("name, options", CASES)
def test_openspiel_takes_the_options_and_passes_its_random_simulation(name, options):
    mine = tabletop.load(name, **options)
    game = openspiel.load_game(name, **options)
    params = game.get_parameters()
    assert {k: params[k] for k in mine.options} == dict(mine.options)
    assert game.num_players() == mine.players
    assert game.max_game_length() == mine.max_game_length
    assert game.num_distinct_actions() == mine.num_distinct_actions
    assert game.observation_tensor_shape() == list(mine.observation_shape)
    text = ",".join(f"{k}={v}" for k, v in sorted(params.items()))  # OpenSpiel's own string
    assert pyspiel.load_game(f"{game.get_type().short_name}({text})").get_parameters() == params
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name, options", CASES)
def test_pettingzoo_takes_the_options_and_passes_its_api_test(name, options):
    environment = pettingzoo.env(name, **options)
    assert environment.unwrapped.game == tabletop.load(name, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (what api_test says of a Dict observation)
        pettingzoo_test.api_test(environment, num_cycles=300, verbose_progress=False)
    agent = environment.possible_agents[0]
    assert environment.observation_space(agent)["observation"].shape == \
        tabletop.load(name, **options).observation_shape
