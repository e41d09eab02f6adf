"""OpenSpiel's other tools on the adapter, each where it applies (docs/adapters.md,
"OpenSpiel's tools"): ``random_sim_test_with_specific_initial_state`` from the middle of a
game, OpenSpiel's C++ random bots through ``pyspiel.evaluate_bots``, ``rl_environment``
with OpenSpiel's own agents (``RandomAgent``, the tabular ``QLearner``, ``MCTSAgent`` over
the serialized state), ``sample_some_states``, outcome-sampling MCCFR, the game's
``GameType`` and its text read back by ``pyspiel.load_game``, and the tensors and strings
OpenSpiel's C++ side reads through its own ``State`` methods.

Without OpenSpiel these tests skip; in CI (``CI=true``) they must run.
"""

from __future__ import annotations

import os
import random

import numpy as np
import pytest

import tabletop

if os.environ.get("CI") == "true":
    import pyspiel
else:
    pyspiel = pytest.importorskip(
        "pyspiel", reason='needs the [openspiel] extra: pip install "tabletop[openspiel]"')

from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import (  # noqa: E402
    mcts,
    mcts_agent,
    outcome_sampling_mccfr,
    random_agent,
    sample_some_states,
    tabular_qlearner,
)

from tabletop.adapters import openspiel  # noqa: E402


def _cases():
    for name in tabletop.games():
        counts = tabletop.load(name).player_counts
        for players in sorted({min(counts), max(counts)}):
            for fixed in (None, 7):
                label = f"{name}-{players}-" + ("chance" if fixed is None else "seed")
                yield pytest.param(name, players, fixed, id=label)


CASES = list(_cases())


def _game(name: str, players: int, fixed: int | None):
    options = {} if fixed is None else {"seed": fixed}
    return openspiel.load_game(name, players=players, **options)


def _version() -> str:
    from importlib.metadata import version
    return version("open_spiel")


def _into_the_game(game, plies: int = 4):
    state = game.new_initial_state()
    if state.is_chance_node():
        state.apply_action(5)
    for _ in range(plies):
        state.apply_action(state.legal_actions()[0])
    return state


@pytest.mark.parametrize(("name", "players", "fixed"), CASES)
def test_random_sim_test_from_a_state_in_the_middle_of_a_game(name, players, fixed):
    if not hasattr(pyspiel, "random_sim_test_with_specific_initial_state"):
        pytest.skip(f"OpenSpiel {_version()} has no random_sim_test_with_specific_initial_state "
                    "(OpenSpiel 2.0.2 has it; Python 3.10 gets an older release)")
    game = _game(name, players, fixed)
    pyspiel.random_sim_test_with_specific_initial_state(game, 2, _into_the_game(game), True)


@pytest.mark.parametrize(("name", "players", "fixed"), CASES)
def test_openspiels_cpp_random_bots_play_to_the_end(name, players, fixed):
    game = _game(name, players, fixed)
    bots = [pyspiel.make_uniform_random_bot(player, 17 + player) for player in range(players)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 3)
    assert len(returns) == players and set(returns) <= {-1.0, 0.0, 1.0}
    if game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
        assert sum(returns) == 0


@pytest.mark.parametrize(("name", "players", "fixed"), CASES)
def test_the_game_type_and_the_games_text_read_back(name, players, fixed):
    game = _game(name, players, fixed)
    kind = game.get_type()
    counts = tabletop.load(name).player_counts
    assert kind.short_name == openspiel.short_name(name)
    assert (kind.min_num_players, kind.max_num_players) == (min(counts), max(counts))
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.chance_mode == (pyspiel.GameType.ChanceMode.DETERMINISTIC if fixed is not None
                                else pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC)
    assert game.max_chance_outcomes() == (0 if fixed is not None else 1000)
    assert game.max_history_length() == game.max_game_length() + (fixed is None)
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game) and again.get_parameters() == game.get_parameters()
    assert again.num_players() == players


@pytest.mark.parametrize(("name", "players", "fixed"), CASES)
def test_openspiels_own_state_methods_read_the_sizes_the_game_declares(name, players, fixed):
    """``pyspiel.State.method(state, ...)`` calls OpenSpiel's C++ side, as its C++
    algorithms do, which reaches the adapter's Python methods through its trampoline."""
    game = _game(name, players, fixed)
    state = _into_the_game(game, 2)
    for player in range(players):
        assert len(pyspiel.State.observation_tensor(state, player)) == \
            game.observation_tensor_size()
        assert len(pyspiel.State.information_state_tensor(state, player)) == \
            game.information_state_tensor_size()
        assert pyspiel.State.observation_string(state, player) == str(
            state.tabletop.view(player))
    text = pyspiel.State.serialize(state)
    assert str(game.deserialize_state(text)) == str(state)
    copy = pyspiel.State.clone(state)
    copy.apply_action(copy.legal_actions()[0])
    assert state.history() != copy.history() and len(copy.history()) == len(state.history()) + 1


def test_cpp_callers_do_not_reach_the_python_resampling_hook():
    """OpenSpiel's trampoline for Python states forwards no ``ResampleFromInfostate``: from
    Python the adapter's hook draws; OpenSpiel's C++ side says it is not implemented."""
    state = _into_the_game(openspiel.load_game("landlock", players=2), 3)
    player = state.current_player()
    drawn = state.resample_from_infostate(player, random.Random(0).random)
    assert drawn.information_state_string(player) == state.information_state_string(player)
    with pytest.raises(pyspiel.SpielError, match="not implemented"):
        pyspiel.State.resample_from_infostate(state, player, random.Random(0).random)


@pytest.mark.parametrize(("name", "players", "fixed"), CASES)
def test_rl_environment_with_openspiels_random_and_q_learning_agents(name, players, fixed):
    game = _game(name, players, fixed)
    environment = rl_environment.Environment(game)
    environment.seed(3)
    actions = environment.action_spec()["num_actions"]
    size = environment.observation_spec()["info_state"][0]
    random_agents = [random_agent.RandomAgent(player, actions) for player in range(players)]
    learners = [tabular_qlearner.QLearner(player, actions) for player in range(players)]
    for agents in (random_agents, learners):
        step = environment.reset()
        while not step.last():
            mover = step.observations["current_player"]
            assert len(step.observations["info_state"][mover]) == size
            chosen = agents[mover].step(step).action
            assert chosen in step.observations["legal_actions"][mover]
            step = environment.step([chosen])
        for agent in agents:
            agent.step(step)
        assert environment.get_state.is_terminal()
        assert step.rewards == environment.get_state.returns()


def test_rl_environments_seed_repeats_the_deal():
    game = openspiel.load_game("landlock", players=4)
    deals = []
    for _ in range(2):
        environment = rl_environment.Environment(game)
        environment.seed(11)
        environment.reset()
        deals.append(environment.get_state.history())
    assert deals[0] == deals[1] and len(deals[0]) == 1


@pytest.mark.parametrize("name", tabletop.games())
def test_mcts_agent_reads_the_serialized_game_and_state(name):
    """``MCTSAgent`` rebuilds the state from ``pyspiel.serialize_game_and_state`` in every
    time step (``include_full_state=True``)."""
    game = openspiel.load_game(name)
    environment = rl_environment.Environment(game, include_full_state=True)
    environment.seed(2)
    search = mcts.MCTSBot(game, 1.5, 3, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)))
    agents = [mcts_agent.MCTSAgent(player, game.num_distinct_actions(), search)
              for player in range(game.num_players())]
    step = environment.reset()
    for _ in range(6):
        if step.last():
            break
        mover = step.observations["current_player"]
        chosen = agents[mover].step(step).action
        assert chosen in step.observations["legal_actions"][mover]
        step = environment.step([chosen])


@pytest.mark.parametrize(("name", "players", "fixed"), CASES)
def test_sample_some_states_and_outcome_sampling_mccfr(name, players, fixed):
    game = _game(name, players, fixed)
    sampled = sample_some_states.sample_some_states(game, max_states=12)
    assert len(sampled) == 12
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(2):
        solver.iteration()
    assert solver.average_policy().action_probabilities(sampled[-1]) or sampled[-1].is_terminal()
