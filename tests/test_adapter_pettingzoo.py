"""The PettingZoo adapter passes PettingZoo's own suites (``api_test``, ``seed_test``,
``render_test``) on every game at its smallest and largest player count, and plays random
games to the end with the rewards tabletop's returns say.

Without the ``[pettingzoo]`` extra these tests skip; in CI (``CI=true``) they must run.
"""

import importlib
import os
import random
import sys
import warnings

import numpy as np
import pytest

import tabletop

INSTALL = 'needs the [pettingzoo] extra: pip install "tabletop[pettingzoo]"'
if os.environ.get("CI") == "true":
    from pettingzoo.test import api_test, render_test, seed_test

    from tabletop.adapters import pettingzoo as adapter
else:
    try:
        from pettingzoo.test import api_test, render_test, seed_test

        from tabletop.adapters import pettingzoo as adapter
    except ImportError as error:
        pytest.skip(f"{INSTALL} ({error})", allow_module_level=True)


def _cases():
    for name in tabletop.games():
        counts = tabletop.load(name).player_counts
        for players in sorted({min(counts), max(counts)}):
            yield pytest.param(name, players, id=f"{name}-{players}")


CASES = list(_cases())

#: What api_test says of any Dict observation: PettingZoo exempts only its own classic games,
#: by name, from these two checks (``env_obs_dicts`` and ``env_obs_space`` in api_test.py).
DICT_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}


def _warnings_of(check, *args, **kwargs) -> set[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check(*args, **kwargs)
    return {str(w.message) for w in caught}


@pytest.mark.parametrize(("name", "players"), CASES)
def test_api_test_with_the_mask_in_the_observation(name, players):
    environment = adapter.env(name, players=players)
    said = _warnings_of(api_test, environment, num_cycles=1000, verbose_progress=False)
    assert said == DICT_WARNINGS  # nothing about what the observation holds


@pytest.mark.parametrize(("name", "players"), CASES)
def test_api_test_with_the_mask_in_the_infos_warns_of_nothing_else(name, players):
    environment = adapter.env(name, players=players, mask="info")
    said = _warnings_of(api_test, environment, num_cycles=1000, verbose_progress=False)
    assert said == set()


@pytest.mark.parametrize(("name", "players"), CASES)
def test_seed_test(name, players):
    seed_test(lambda: adapter.env(name, players=players), num_cycles=1000)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_render_test(name, players):
    def make(render_mode=None):
        return adapter.env(name, players=players, render_mode=render_mode)

    def is_the_view_picture(picture):
        colours = picture.astype(np.uint32) @ np.array([1 << 16, 1 << 8, 1], dtype=np.uint32)
        return len(np.unique(colours)) > 8  # a picture, not a blank canvas

    render_test(make, custom_tests={"rgb_array": is_the_view_picture})


@pytest.mark.parametrize(("name", "players"), CASES)
def test_a_random_game_to_the_end(name, players):
    environment = adapter.env(name, players=players)
    environment.reset(seed=7)
    game = environment.unwrapped.game
    rng = random.Random(7)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    plies = 0
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        assert not truncated
        if terminated:
            environment.step(None)
            continue
        state = environment.unwrapped.tabletop
        player = environment.possible_agents.index(agent)
        assert state.current_player == player
        assert observation["observation"] is state.view(player).observation()
        assert not observation["observation"].flags.writeable
        legal = np.flatnonzero(observation["action_mask"]).tolist()
        assert legal == list(state.legal_action_ids())
        environment.step(rng.choice(legal))
        plies += 1
    final = environment.unwrapped.tabletop
    assert final.is_terminal and plies == len(final.history) <= game.max_game_length
    assert tuple(totals.values()) == final.returns()
    if game.utility_sum is not None:
        assert sum(totals.values()) == game.utility_sum


def test_a_seed_is_the_games_seed_and_setup_choices_are_actions():
    environment = adapter.raw_env("lava-flows")
    environment.reset(seed=5)
    assert environment.tabletop == tabletop.load("lava-flows").new(seed=5)
    mask = environment.observe(environment.agent_selection)["action_mask"]
    assert set(np.flatnonzero(mask)) <= set(range(12))  # White's six arrangements
    environment = adapter.raw_env("lava-flows", setup="random")
    environment.reset(seed=5)
    assert environment.tabletop == tabletop.load("lava-flows").new(seed=5, setup="random")


def test_reset_without_a_seed_follows_the_last_seed():
    first, second = adapter.raw_env("landlock"), adapter.raw_env("landlock")
    for environment in (first, second):
        environment.reset(seed=1)
        environment.reset()
    assert first.tabletop == second.tabletop


def test_render_modes_and_errors():
    environment = adapter.env("lascaux", players=3, render_mode="ansi")
    environment.reset(seed=2)
    assert environment.render() == str(environment.unwrapped.tabletop.view(0))
    with pytest.raises(ValueError, match="render_mode 'video'"):
        adapter.raw_env("lascaux", render_mode="video")
    with pytest.raises(ValueError, match="mask 'both'"):
        adapter.raw_env("lascaux", mask="both")


def test_an_illegal_id_ends_the_game_with_a_loss_for_the_mover(caplog):
    environment = adapter.env("landlock")
    environment.reset(seed=1)
    environment.step(606)  # a bridge, before the roles are chosen
    assert "Illegal move" in caplog.text
    assert all(environment.terminations.values())
    assert environment.last()[1] == -1


def test_missing_extra_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    monkeypatch.delitem(sys.modules, "tabletop.adapters.pettingzoo")
    with pytest.raises(ImportError, match=r'pip install "tabletop\[pettingzoo\]"'):
        importlib.import_module("tabletop.adapters.pettingzoo")
