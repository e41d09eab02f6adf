"""PettingZoo's other tools on the adapter, each where it applies (docs/pettingzoo.md,
"PettingZoo's tools"): the turn-based conversion to the parallel API with
``parallel_api_test``, ``parallel_seed_test`` and ``state_test``; PettingZoo's wrappers
stacked by hand on ``raw_env``; ``random_demo``, ``performance_benchmark``,
``CaptureStdoutWrapper``; gymnasium's ``contains``, ``sample`` and ``flatten`` on every
observation, mask and global state of a game; and the tools that do not apply refusing
or declining as the page says (``aec_to_parallel``, ``max_cycles_test``, ``test_save_obs``).

Without the ``[pettingzoo]`` extra these tests skip; in CI (``CI=true``) they must run.
"""

from __future__ import annotations

import importlib
import itertools
import os
import warnings

import numpy as np
import pytest

import tabletop
from tabletop.core.errors import InvalidOption

INSTALL = 'needs the [pettingzoo] extra: pip install "tabletop[pettingzoo]"'
if os.environ.get("CI") != "true":
    pytest.importorskip("pettingzoo", reason=INSTALL)

import gymnasium.spaces as spaces  # noqa: E402
from pettingzoo.test import (  # noqa: E402
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
    state_test,
)
from pettingzoo.test.save_obs_test import test_save_obs as save_obs  # noqa: E402
from pettingzoo.utils import random_demo, wrappers  # noqa: E402
from pettingzoo.utils.conversions import (  # noqa: E402
    aec_to_parallel,
    parallel_to_aec,
    turn_based_aec_to_parallel,
)
from test_adapter_pettingzoo import CASES  # noqa: E402  (every game at both ends of its counts)

from tabletop.adapters.pettingzoo import env, raw_env  # noqa: E402

#: The module, whose ``time`` a test replaces (the package exports the function by its name).
benchmark_module = importlib.import_module("pettingzoo.test.performance_benchmark")


MASKS = ("observation", "info")


def _quietly(check, *args, **kwargs):
    """Runs one of PettingZoo's checks without its prints' warnings drowning the log."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return check(*args, **kwargs)


@pytest.mark.parametrize("mask", MASKS)
@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_turn_based_parallel_env_passes_pettingzoos_parallel_suites(name, players, mask):
    def parallel():
        return turn_based_aec_to_parallel(env(name, players=players, mask=mask))

    _quietly(parallel_api_test, parallel(), num_cycles=60)
    _quietly(parallel_seed_test, parallel, num_cycles=30)
    _quietly(state_test, env(name, players=players, mask=mask), parallel(), num_cycles=5)


def test_the_parallel_env_converts_back_to_an_aec_env_that_passes_api_test():
    back = parallel_to_aec(turn_based_aec_to_parallel(env("lascaux", players=3)))
    _quietly(api_test, back, num_cycles=60)


def test_a_parallel_game_plays_to_the_end_with_tabletops_returns():
    parallel = turn_based_aec_to_parallel(env("landlock", players=4, mask="info"))
    observations, infos = parallel.reset(seed=5)
    rewards: dict[str, float] = {}
    while parallel.agents:
        mover = next(agent for agent in parallel.agents if infos[agent]["action_mask"].any())
        action = int(np.flatnonzero(infos[mover]["action_mask"])[0])
        observations, rewards, terminations, truncations, infos = parallel.step(
            {agent: action for agent in parallel.agents})
    finished = parallel.unwrapped.tabletop
    assert finished.is_terminal
    assert [rewards[f"player_{p}"] for p in range(4)] == list(finished.returns())


def test_aec_to_parallel_refuses_as_the_page_says():
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(env("lacuna"))


@pytest.mark.parametrize("mask", MASKS)
@pytest.mark.parametrize(("name", "players"), CASES)
def test_pettingzoos_wrappers_stacked_by_hand_pass_api_test_and_seed_test(name, players, mask):
    def wrapped():
        bare = raw_env(name, players=players, mask=mask)
        return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(
            wrappers.TerminateIllegalWrapper(wrappers.BaseWrapper(bare), illegal_reward=-1)))

    _quietly(api_test, wrapped(), num_cycles=60)
    _quietly(seed_test, wrapped, num_cycles=30)


def test_assert_out_of_bounds_wrapper_raises_its_own_assertion_on_raw_env():
    guarded = wrappers.AssertOutOfBoundsWrapper(raw_env("landlock", players=4))
    guarded.reset(seed=0)
    before = guarded.unwrapped.tabletop
    with pytest.raises(AssertionError, match="action is not in action space"):
        guarded.step(guarded.action_space(guarded.agent_selection).n)
    assert guarded.unwrapped.tabletop is before


@pytest.mark.parametrize("name", tabletop.games())
def test_capture_stdout_wrapper_returns_the_human_render_as_text(name):
    captured = wrappers.CaptureStdoutWrapper(raw_env(name, render_mode="human"))
    captured.reset(seed=3)
    mover = captured.unwrapped.tabletop.current_player
    assert captured.render().rstrip("\n") == str(captured.unwrapped.tabletop.view(mover))


@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_demo_plays_a_game_to_the_end(name, players, capsys):
    environment = env(name, players=players)
    total = random_demo(environment, render=False, episodes=1)
    assert environment.unwrapped.tabletop.is_terminal
    assert total == sum(environment.unwrapped.tabletop.returns())
    assert "Average total reward" in capsys.readouterr().out


def test_performance_benchmark_runs_through_its_loop(monkeypatch, capsys):
    """The benchmark runs until its clock says 5 s; a clock ticking 10 ms a call runs its
    own loop over a few hundred steps (and through resets) in well under a second."""
    ticks = itertools.count()
    monkeypatch.setattr(benchmark_module.time, "time", lambda: next(ticks) * 0.01)
    benchmark_module.performance_benchmark(env("lava-flows"))
    printed = capsys.readouterr().out
    assert "turns per second" in printed and "Finished performance benchmark" in printed


@pytest.mark.parametrize("mask", MASKS)
@pytest.mark.parametrize(("name", "players"), CASES)
def test_every_observation_mask_and_state_lies_in_its_gymnasium_space(name, players, mask):
    environment = env(name, players=players, mask=mask)
    environment.reset(seed=11)
    observation_space = environment.observation_space("player_0")
    flat_space = spaces.flatten_space(observation_space)
    assert observation_space.contains(observation_space.sample())
    state_space = environment.unwrapped.state_space
    for agent in environment.agent_iter():
        observation, _, terminated, truncated, info = environment.last()
        for other in environment.agents:
            seen = environment.observe(other)
            assert environment.observation_space(other).contains(seen), (other, "observation")
            assert flat_space.contains(spaces.flatten(observation_space, seen))
        action_mask = observation["action_mask"] if mask == "observation" else info["action_mask"]
        assert action_mask.dtype == np.int8 and action_mask.shape == (
            environment.action_space(agent).n,)
        state = environment.unwrapped.state()
        assert state.dtype == np.float32 and state_space.contains(state)
        if terminated or truncated:
            environment.step(None)
            continue
        action = environment.action_space(agent).sample(action_mask)
        assert environment.action_space(agent).contains(action)
        assert action_mask[action] == 1
        environment.step(action)
    assert environment.unwrapped.tabletop.is_terminal


def test_max_cycles_test_does_not_apply_and_says_why():
    """No game takes ``max_cycles``: each ends by its proven ``max_game_length``, so there
    is no truncation to test; the option is refused by name."""

    class Module:
        @staticmethod
        def env(**options):
            return env("lacuna", **options)

        @staticmethod
        def parallel_env(**options):
            return turn_based_aec_to_parallel(env("lacuna", **options))

    with pytest.raises(InvalidOption, match="max_cycles"):
        max_cycles_test(Module)


def test_save_obs_declines_observations_that_are_no_images(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    save_obs(env("landlock", mask="info"))
    assert "Observations must be 0 to 255 to save as image" in capsys.readouterr().out
    assert not list(tmp_path.iterdir())
