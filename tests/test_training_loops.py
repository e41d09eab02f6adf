"""The adapters as a reinforcement-learning trainer drives them: OpenSpiel states wrapped
mid-game (``TabletopState(game, state)``) answer every query as the same state reached by
``apply_action`` from the start; PettingZoo loops with action masks. Every game, every
player count. Skips without the extras, unless ``CI`` is ``"true"``."""

import os
import pickle
import random

import pytest

if os.environ.get("CI") == "true":
    import pyspiel
else:
    pyspiel = pytest.importorskip(
        "pyspiel", reason='OpenSpiel is an optional extra: pip install "tabletop[openspiel]"')

import broken_openspiel_wrap

import tabletop
from tabletop.adapters import openspiel, openspiel_history
from tabletop.adapters.openspiel_checks import disagreement
from tabletop.core.registry import game_class

CASES = [(name, players, seed) for name in tabletop.games()
         for players in game_class(name).player_counts for seed in (None, 11)]


def _walk(game, rng, plies):
    """States of ``game`` from the start, by ``apply_action`` (the chance node's seed too)."""
    state = game.new_initial_state()
    yield state
    for _ in range(plies):
        if state.is_terminal():
            return
        state = state.child(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_a_state_wrapped_mid_game_is_the_state_played(name, players, seed):
    game = openspiel.load_game(name, players=players, seed=seed)
    rng = random.Random(players)
    for played in _walk(game, rng, 6):
        if played.tabletop is None:
            continue
        wrapped = openspiel.TabletopState(game, played.tabletop)
        assert wrapped.tabletop is played.tabletop
        assert disagreement(played, wrapped) is None
        for other in (wrapped.clone(), game.deserialize_state(wrapped.serialize()),
                      pickle.loads(pickle.dumps(wrapped))):
            assert disagreement(played, other) is None
        if not played.is_terminal():  # and they go on alike
            action = rng.choice(played.legal_actions())
            assert disagreement(played.child(action), wrapped.child(action)) is None


@pytest.mark.parametrize("name", tabletop.games())
def test_a_finished_game_wrapped_is_the_game_played(name):
    game = openspiel.load_game(name)
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    wrapped = openspiel.TabletopState(game, state.tabletop)
    assert disagreement(state, wrapped) is None
    assert wrapped.history()[0] == state.tabletop.seed  # the chance outcome comes first


def test_the_check_catches_a_state_wrapped_with_an_empty_history():
    game = openspiel.load_game("lascaux", players=3)
    played = list(_walk(game, random.Random(1), 3))[-1]
    broken = broken_openspiel_wrap.wrapped_fresh(game, played.tabletop)
    assert disagreement(played, broken).startswith("history differs: expected [")
    assert disagreement(played, played.clone()) is None


def test_a_history_with_an_action_outside_the_integer_space_is_not_replayed(monkeypatch):
    game = openspiel.load_game("lava-flows", seed=3)
    played = list(_walk(game, random.Random(1), 2))[-1]

    class NoIds:
        def id_of(self, action):
            return None

    monkeypatch.setattr(openspiel_history, "action_space", lambda game: NoIds())
    assert openspiel_history.steps(played.tabletop, chance=False) is None
    wrapped = openspiel.TabletopState(game, played.tabletop)
    assert wrapped.history() == [] and wrapped.tabletop is played.tabletop


# --- PettingZoo -------------------------------------------------------------------------------

PZ_CASES = [(name, players, mask) for name in tabletop.games()
            for players in game_class(name).player_counts for mask in ("observation", "info")]


def _scribble(observation, info):
    """What a trainer might do to what ``last()`` handed it: write over the mask, replace
    it in the info, add to the info; the tensor is read-only."""
    import numpy as np

    tensor = observation if isinstance(observation, np.ndarray) else observation["observation"]
    with pytest.raises(ValueError, match="read-only"):
        tensor[...] = 7
    mask = info["action_mask"] if "action_mask" in info else observation["action_mask"]
    if mask.flags.writeable:  # the observation's own mask is the agent's to change
        mask[...] = 1 - mask
    else:
        with pytest.raises(ValueError, match="read-only"):
            mask[...] = 1 - mask
    info["action_mask"] = np.ones_like(mask)
    info["scribbled"] = True


def _last(environment, mask):
    observation, reward, terminated, truncated, info = environment.last()
    legal = info["action_mask"] if mask == "info" else observation["action_mask"]
    return observation, legal, reward, terminated, info


@pytest.mark.parametrize(("name", "players", "mask"), PZ_CASES)
def test_what_last_hands_a_trainer_is_its_own(name, players, mask):
    import numpy as np

    pettingzoo = pytest.importorskip("tabletop.adapters.pettingzoo")
    for make in (pettingzoo.env, pettingzoo.raw_env):
        clean, scribbled = (make(name, players=players, mask=mask) for _ in range(2))
        for environment in (clean, scribbled):
            environment.reset(seed=5)
        rng = np.random.default_rng(players)
        for agent in clean.agent_iter():
            assert scribbled.agent_selection == agent
            observation, legal, reward, terminated, info = _last(clean, mask)
            _scribble(*_last(scribbled, mask)[::4])
            again = _last(scribbled, mask)
            assert np.array_equal(again[1], legal) and again[2:4] == (reward, terminated)
            assert "scribbled" not in again[4]
            action = None if terminated else int(rng.choice(np.flatnonzero(legal)))
            clean.step(action)
            scribbled.step(action)
        assert scribbled.unwrapped.tabletop.history == clean.unwrapped.tabletop.history
        assert scribbled.rewards == clean.rewards


@pytest.mark.parametrize("mask", ["observation", "info"])
def test_an_illegal_move_ends_the_game_whatever_the_agent_did_to_its_mask(mask):
    import numpy as np

    pettingzoo = pytest.importorskip("tabletop.adapters.pettingzoo")
    environment = pettingzoo.env("lava-flows", mask=mask)
    environment.reset(seed=4)
    observation, legal, *_ = _last(environment, mask)
    illegal = int(np.flatnonzero(legal == 0)[0])
    if legal.flags.writeable:
        legal[...] = 1
    environment.step(illegal)
    assert environment.terminations["player_0"] and environment.rewards["player_0"] == -1.0


def _episode(environment, seed, mask):
    """One episode of random legal moves: the ids played, and each agent's summed rewards;
    every observation is checked against its space, and the agents observed after the end."""
    import numpy as np

    environment.reset(seed=seed)
    rng = np.random.default_rng(0)
    played, summed = [], dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, legal, reward, terminated, _ = _last(environment, mask)
        assert environment.observation_space(agent).contains(observation)
        assert legal.dtype == np.int8 and legal.shape == (environment.action_space(agent).n,)
        summed[agent] += reward
        if terminated:
            assert not _last(environment, mask)[1].any()  # nothing left to play
            environment.step(None)
            continue
        played.append(int(rng.choice(np.flatnonzero(legal))))
        assert environment.action_space(agent).contains(np.int64(played[-1]))
        environment.step(played[-1])
    return played, summed


@pytest.mark.parametrize(("name", "players", "mask"), PZ_CASES)
def test_an_aec_training_loop(name, players, mask):
    pettingzoo = pytest.importorskip("tabletop.adapters.pettingzoo")
    environment = pettingzoo.env(name, players=players, mask=mask)
    played, summed = _episode(environment, 3, mask)
    returns = environment.unwrapped.tabletop.returns()
    assert tuple(summed.values()) == returns
    assert _episode(environment, 3, mask) == (played, summed)  # reset(seed=s): the same game
    streams = []
    for _ in range(2):  # reset() after reset(seed=s) draws a reproducible stream of games
        environment.reset(seed=9)
        environment.reset()
        first = environment.unwrapped.tabletop.seed
        environment.reset()
        streams.append((first, environment.unwrapped.tabletop.seed))
    assert streams[0] == streams[1] and streams[0][0] != streams[0][1]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_an_openspiel_training_loop(name, players, seed):
    import math

    game = openspiel.load_game(name, players=players, seed=seed, seeds=20)
    size = math.prod(game.observation_tensor_shape())
    assert size == game.observation_tensor_size() == game.information_state_tensor_size()
    rng = random.Random(players)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            state.apply_action(rng.choice(outcomes)[0])
            continue
        player, legal = state.current_player(), state.legal_actions()
        mask = state.legal_actions_mask(player)
        assert len(mask) == game.num_distinct_actions()
        assert [i for i, bit in enumerate(mask) if bit] == legal
        for other in range(players):
            assert len(state.observation_tensor(other)) == size
            assert len(state.information_state_tensor(other)) == size
        texts = [state.action_to_string(player, action) for action in legal]
        assert len(set(texts)) == len(texts)
        assert [state.string_to_action(player, text) for text in texts] == legal
        assert state.rewards() == [0.0] * players
        state.apply_action(rng.choice(legal))
    returns = state.returns()
    assert state.rewards() == returns == [state.player_return(p) for p in range(players)]
    assert game.min_utility() <= min(returns) <= max(returns) <= game.max_utility()
    if game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
        assert sum(returns) == 0.0


QUERIES = ("observation_tensor", "information_state_tensor", "observation_string",
           "information_state_string")


def _refused_without_a_player(state, node):
    for query in QUERIES:
        with pytest.raises(pyspiel.SpielError,
                           match=rf"{query}\(\) is of the player to move, and at {node} no "
                                 rf"player is: pass one, {query}\(player\) with player 0 \.\. "):
            getattr(state, query)()
        assert getattr(state, query)(0) is not None


@pytest.mark.parametrize("name", tabletop.games())
def test_an_observation_of_nobody_says_to_name_a_player(name):
    game = openspiel.load_game(name)
    state = game.new_initial_state()
    _refused_without_a_player(state, "the chance node")
    state.apply_action(0)
    for query in QUERIES:  # mid-game: the player to move's
        assert getattr(state, query)() == getattr(state, query)(state.current_player())
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    _refused_without_a_player(state, "the end of the game")
    with pytest.raises(TypeError):
        state.player_return()  # no default player: Python's own message
