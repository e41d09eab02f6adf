"""``step``'s argument in the PettingZoo adapter, for every game, wrapped (``env``) and bare
(``raw_env``): anything that is no action id of the space (a bool, float, string, ``None``,
an array that is not a 0-d integer, an id out of range) is an ``IllegalAction`` saying what
``step`` takes, and changes nothing; numpy's integers are ids.

Without the ``[pettingzoo]`` extra these tests skip; in CI (``CI=true``) they must run.
"""

import os

import numpy as np
import pytest

import tabletop
from tabletop.core.errors import IllegalAction

if os.environ.get("CI") == "true":
    from tabletop.adapters import pettingzoo as adapter
else:
    adapter = pytest.importorskip(
        "tabletop.adapters.pettingzoo",
        reason='needs the [pettingzoo] extra: pip install "tabletop[pettingzoo]"')

MAKERS = {"env": adapter.env, "raw_env": adapter.raw_env}
NOT_IDS = [True, False, np.bool_(True), 1.0, np.float64(0), "1", None, b"\x01", [0],
           np.array([0]), np.array([0, 1]), np.array(0.0), np.array(True), -1, 2**70]


def _snapshot(environment):
    raw = environment.unwrapped
    return (raw.tabletop, raw.agent_selection, dict(raw.rewards), dict(raw.terminations),
            dict(raw.truncations), dict(raw._cumulative_rewards))


@pytest.mark.parametrize("maker", list(MAKERS))
@pytest.mark.parametrize("name", tabletop.games())
def test_an_argument_that_is_no_action_id_is_refused_and_changes_nothing(name, maker):
    environment = MAKERS[maker](name)
    environment.reset(seed=3)
    size = environment.unwrapped.game.num_distinct_actions
    before = _snapshot(environment)
    for action in [*NOT_IDS, size, np.int64(size)]:
        with pytest.raises(IllegalAction, match=rf"step needs an action id, an int from 0 to "
                                                rf"{size - 1} .* marks \(now \d"):
            environment.step(action)
        assert _snapshot(environment) == before, action
    legal = environment.unwrapped.tabletop.legal_action_ids()[0]
    environment.step(np.array(legal, dtype=np.int16))  # a 0-d integer array is in Discrete
    assert len(environment.unwrapped.tabletop.history) == 1
    environment.step(np.int32(environment.unwrapped.tabletop.legal_action_ids()[0]))
    assert len(environment.unwrapped.tabletop.history) == 2


def test_the_wrapped_env_still_ends_the_game_on_an_illegal_id_after_a_refusal(caplog):
    environment = adapter.env("lava-flows")
    environment.reset(seed=1)
    with pytest.raises(IllegalAction, match="not True"):
        environment.step(True)
    environment.step(900)  # in range, not legal: PettingZoo's classic rule
    assert "Illegal move" in caplog.text
    assert all(environment.terminations.values())
    assert environment.last()[1] == -1
    with pytest.raises(ValueError, match="only valid action is None"):
        environment.step(0)  # a finished agent steps with None, as PettingZoo says
    environment.step(None)


def _played_out(environment):
    """Every agent of ``environment`` plays its first legal id, then steps out with None."""
    while environment.agents:
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
        else:
            environment.step(int(np.flatnonzero(observation["action_mask"])[0]))


@pytest.mark.parametrize("maker", list(MAKERS))
@pytest.mark.parametrize("name", tabletop.games())
def test_once_every_agent_has_stepped_out_any_step_is_refused(name, maker):
    """Was: ``env`` took any argument then (PettingZoo's ``OrderEnforcingWrapper`` logs a
    warning and plays nothing), while ``raw_env`` raised ``IllegalAction``."""
    environment = MAKERS[maker](name)
    environment.reset(seed=3)
    _played_out(environment)
    before = _snapshot(environment)
    for action in ["x", 10**6, 0, None, np.int64(0)]:
        with pytest.raises(IllegalAction, match=r"plays nothing: the game is over and every "
                                                r"agent has stepped out"):
            environment.step(action)
        assert _snapshot(environment) == before
    environment.reset(seed=4)
    assert environment.agents and environment.last()[2] is False
