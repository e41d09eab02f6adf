"""The OpenSpiel adapter passes OpenSpiel's own checks on every game at its smallest and
largest player count: ``pyspiel.random_sim_test`` (with serialization), full games of the
Python ``MCTSBot`` and ``ISMCTSBot`` against random bots through ``evaluate_bots``, and
``rl_environment.Environment`` stepped to the end by random agents; with a chance node over
seeds and with a fixed seed. Skips without OpenSpiel, unless ``CI`` is ``"true"``."""

import importlib
import os
import random
import sys

import numpy as np
import pytest

if os.environ.get("CI") == "true":
    import pyspiel
else:
    pyspiel = pytest.importorskip(
        "pyspiel", reason='OpenSpiel is an optional extra: pip install "tabletop[openspiel]"')

from open_spiel.python import rl_environment
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

import tabletop
from tabletop.adapters import openspiel
from tabletop.core.registry import game_class

CASES = [(name, n) for name in tabletop.games()
         for n in sorted({min(game_class(name).player_counts),
                          max(game_class(name).player_counts)})]
IDS = [f"{name}-{n}" for name, n in CASES]
SEEDINGS = {"chance": None, "seeded": 12345}


@pytest.fixture(params=CASES, ids=IDS)
def case(request):
    return request.param


@pytest.fixture(params=list(SEEDINGS), ids=list(SEEDINGS))
def game(request, case):
    name, players = case
    return openspiel.load_game(name, players=players, seed=SEEDINGS[request.param])


def test_random_sim_test(game):
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_metadata(case):
    name, players = case
    mine = tabletop.load(name, players=players)
    game = openspiel.load_game(name, players=players)
    kind, info = game.get_type(), game
    assert kind.short_name == f"tabletop_{name.replace('-', '_')}"
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    zero_sum = pyspiel.GameType.Utility.ZERO_SUM
    assert (kind.utility == zero_sum) == (mine.utility_sum == 0.0)
    assert info.num_distinct_actions() == mine.num_distinct_actions
    assert info.num_players() == players
    assert info.max_chance_outcomes() == openspiel.SEEDS
    # decisions only, as OpenSpiel counts them: the seed's chance node is counted apart
    assert info.max_game_length() == mine.max_game_length
    assert info.max_chance_nodes_in_history() == 1
    assert info.max_history_length() == mine.max_game_length + 1
    assert (info.min_utility(), info.max_utility()) == (mine.min_utility, mine.max_utility)
    assert info.observation_tensor_shape() == list(mine.observation_shape)
    assert info.information_state_tensor_shape() == list(mine.observation_shape)
    seeded = openspiel.load_game(name, players=players, seed=4)
    assert seeded.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert (seeded.max_chance_outcomes(), seeded.max_game_length()) == \
        (0, mine.max_game_length)
    assert (seeded.max_chance_nodes_in_history(), seeded.max_history_length()) == \
        (0, mine.max_game_length)
    assert pyspiel.load_game(kind.short_name, {"players": players}).num_players() == players


def test_states_wrap_tabletop_states(case):
    name, players = case
    game = openspiel.load_game(name, players=players)
    state = game.new_initial_state()
    assert state.is_chance_node() and state.tabletop is None
    state.apply_action(42)
    expected = tabletop.load(name, players=players).new(seed=42)
    assert state.tabletop == expected
    assert state.clone().tabletop is state.tabletop
    player = state.current_player()
    assert state.legal_actions() == list(expected.legal_action_ids())
    assert state.information_state_string(player) == expected.view(player).information_state()
    assert state.observation_string(player) == str(expected.view(player))
    tensor = np.reshape(state.observation_tensor(player), game.observation_tensor_shape())
    assert np.array_equal(tensor, expected.view(player).observation())
    action = state.legal_actions()[0]
    assert state.action_to_string(player, action) == str(expected.action_from_id(action))
    again = game.deserialize_state(state.serialize())
    assert again.tabletop == state.tabletop and again.history() == state.history()


def test_resampler_keeps_the_information_state(case):
    name, players = case
    game = openspiel.load_game(name, players=players, seed=8)
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    for _ in range(6):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    drawn = openspiel.resampler(seed=1)(state, player)
    assert drawn.information_state_string(player) == state.information_state_string(player)
    assert drawn.legal_actions() == state.legal_actions()
    assert game.deserialize_state(drawn.serialize()).tabletop == drawn.tabletop


def _plain_loop(state, bots, rng):
    """``evaluate_bots`` without ``restart_at``, which ``ISMCTSBot`` does not implement."""
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(outcomes, p=probs))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state.returns()


def _play(game, bot_at_zero, seed, play=evaluate_bots.evaluate_bots):
    """A full game: ``bot_at_zero`` as player 0, uniform random bots for the others."""
    others = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(1, game.num_players())]
    state = game.new_initial_state()
    returns = play(state, [bot_at_zero, *others], np.random.RandomState(seed))
    assert len(returns) == game.num_players()
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
    return returns


def test_mcts_against_random(game):
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator,
                       random_state=rng)
    _play(game, bot, 3)


def test_ismcts_against_random(game):
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng)
    resample = openspiel.resampler(seed=5)
    drawn = []

    def counting(state, player):
        drawn.append(player)
        return resample(state, player)

    bot.set_resampler(counting)
    _play(game, bot, 5, play=_plain_loop)
    assert drawn and set(drawn) == {0}


def test_rl_environment_steps_to_the_end(game):
    env = rl_environment.Environment(game)
    size = env.observation_spec()["info_state"][0]
    assert size == int(np.prod(game.information_state_tensor_shape()))
    rng = random.Random(7)
    step = env.reset()
    while not step.last():
        player = step.observations["current_player"]
        info = step.observations["info_state"][player]
        assert len(info) == size and any(info)
        step = env.step([rng.choice(step.observations["legal_actions"][player])])
    assert len(step.rewards) == game.num_players()


def test_a_game_pickles_and_copies_as_the_same_game(game):
    """As OpenSpiel's own games do: loaded again from its name and parameters."""
    import copy
    import pickle

    for again in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert type(again) is type(game) and str(again) == str(game)
        assert again.get_parameters() == game.get_parameters()
        assert again.tabletop == game.tabletop and again.seed == game.seed
        first, second = again.new_initial_state(), game.new_initial_state()
        if first.is_chance_node():
            first.apply_action(3)
            second.apply_action(3)
        assert str(first) == str(second)


def test_an_int_is_taken_for_a_float_option_as_tabletop_takes_it():
    game = openspiel.load_game("lacuna", mat_radius=2)
    assert game.get_parameters()["mat_radius"] == 2.0
    assert game.tabletop == tabletop.load("lacuna", mat_radius=2)


def test_bad_parameters_are_refused():
    with pytest.raises(tabletop.InvalidOption, match="seed must be from 0"):
        openspiel.load_game("lava-flows", seed=2**31)
    with pytest.raises(tabletop.InvalidOption, match="seeds"):  # (a setting: docs/api.md)
        openspiel.load_game("lava-flows", seeds=0)


def test_without_openspiel_the_import_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.delitem(sys.modules, "tabletop.adapters.openspiel")
    with pytest.raises(ImportError, match=r'pip install "tabletop\[openspiel\]"'):
        importlib.import_module("tabletop.adapters.openspiel")


def test_any_tabletop_state_of_the_game_wraps_as_an_openspiel_state():
    game = openspiel.load_game("lava-flows")
    start = tabletop.load("lava-flows").new(seed=3, setup="random")
    guess = start.view(0).determinize(random.Random(1))
    wrapped = openspiel.TabletopState(game, guess)
    assert wrapped.tabletop is guess
    assert wrapped.legal_actions() == list(guess.legal_action_ids())
    with pytest.raises(ValueError, match="cannot be a state of"):
        openspiel.TabletopState(game, tabletop.load("lacuna").new(seed=1))


def test_an_action_id_that_names_no_action_is_refused_not_printed_as_none():
    state = openspiel.load_game("lascaux", players=3).new_initial_state()
    with pytest.raises(tabletop.IllegalAction, match="action id 999 names no lascaux action"):
        state.action_to_string(0, 999)
    state.apply_action(3)
    with pytest.raises(tabletop.IllegalAction, match="action id 1000 is out of range"):
        state.action_to_string(state.current_player(), 1000)
    assert state.action_to_string(state.current_player(), state.legal_actions()[0]) != "None"


@pytest.mark.parametrize("name", tabletop.games())
def test_string_to_action_reads_tabletops_notation_as_apply_does(name):
    """Any spelling tabletop's notation reads (case, spacing; Lacuna's ``@0.5``) names the
    same id as the exact ``action_to_string``; text naming no legal action is refused."""
    game = openspiel.load_game(name, players=max(game_class(name).player_counts), seed=4)
    state, rng = game.new_initial_state(), random.Random(4)
    for _ in range(6):
        player = state.current_player()
        legal = state.legal_actions()
        for action in rng.sample(legal, min(len(legal), 12)):
            text = state.action_to_string(player, action)
            for typed in (text.upper(), f"  {text.replace(' ', '   ')} ",
                          text.replace("@1/2", "@0.5").replace("@3/4", "@0.75")):
                assert state.string_to_action(player, typed) == action, typed
                assert state.string_to_action(typed) == action, typed
        with pytest.raises(tabletop.IllegalAction, match="names no legal action here"):
            state.string_to_action(player, "no such move")
        state.apply_action(rng.choice(state.legal_actions()))


def test_string_to_action_reads_a_seed_in_any_case_and_spacing():
    state = openspiel.load_game("lava-flows", seeds=10).new_initial_state()
    assert [state.string_to_action(text) for text in ("seed 3", " SEED  3 ", "Seed 9")] \
        == [3, 3, 9]
    with pytest.raises(tabletop.IllegalAction, match="'seed 10' names no legal action"):
        state.string_to_action(pyspiel.PlayerId.CHANCE, "seed 10")
