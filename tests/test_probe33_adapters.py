"""Probe 33 of the adapters, on every game: OpenSpiel's player arguments (a player's
``legal_actions_mask`` at the chance node wrote the seeds past the end of OpenSpiel's
buffer), ``string_to_action``, damaged or tampered serialized text, the arguments of
``TabletopState``, observers and resamplers; PettingZoo's raw environment before
``reset`` and after every agent has left, and its copies and pickles. Skips without
OpenSpiel or PettingZoo, unless ``CI`` is ``"true"``."""

import copy
import os
import pickle
import random
import subprocess
import sys

import numpy as np
import pytest

if os.environ.get("CI") == "true":
    import pettingzoo  # noqa: F401
    import pyspiel
else:
    pyspiel = pytest.importorskip(
        "pyspiel", reason='OpenSpiel is an optional extra: pip install "tabletop[openspiel]"')
    pytest.importorskip(
        "pettingzoo", reason='PettingZoo is an optional extra: pip install "tabletop[pettingzoo]"')

from test_adapter_openspiel_checks import _played

import tabletop
from tabletop.adapters import openspiel
from tabletop.adapters.pettingzoo import env, raw_env
from tabletop.core.errors import IllegalAction, InvalidRecord
from tabletop.core.registry import game_class

CASES = [(name, n) for name in tabletop.games() for n in game_class(name).player_counts]
IDS = [f"{name}-{n}" for name, n in CASES]
PLAYER_METHODS = ("observation_tensor", "information_state_tensor", "observation_string",
                  "information_state_string", "player_return", "player_reward",
                  "legal_actions", "legal_actions_mask")


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_a_player_has_no_legal_actions_at_the_chance_node(name, players):
    game = openspiel.load_game(name, players=players)
    state = game.new_initial_state()
    size = game.num_distinct_actions()
    for player in range(players):
        assert state.legal_actions(player) == []
        assert state.legal_actions_mask(player) == [0] * size
    assert state.legal_actions(-1) == list(range(game.max_chance_outcomes()))
    assert state.legal_actions_mask(pyspiel.PlayerId.CHANCE) == [1] * game.max_chance_outcomes()
    state.apply_action(3)
    mover = state.current_player()
    assert state.legal_actions(-1) == [] and not any(state.legal_actions_mask(-1))
    assert state.legal_actions(mover) == state.legal_actions()
    assert state.legal_actions_mask(mover) == state.legal_actions_mask()


def test_a_players_mask_at_the_chance_node_does_not_corrupt_memory():
    script = ("from tabletop.adapters import openspiel\n"
              "game = openspiel.load_game('lascaux', players=3)\n"
              "for _ in range(300):\n"
              "    game.new_initial_state().legal_actions_mask(1)\n"
              "print('survived')\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0 and "survived" in done.stdout, done.stderr[-500:]


@pytest.mark.parametrize("name", tabletop.games())
@pytest.mark.parametrize("method", PLAYER_METHODS)
def test_every_player_argument_is_a_player_of_the_game(name, method):
    game = openspiel.load_game(name)
    state = _played(game)
    players = game.num_players()
    call = getattr(state, method)
    assert call(np.int64(1)) == call(1)
    for bad in (True, np.True_, 1.0, "0", None, players, -4, 10**30):
        with pytest.raises(ValueError, match=r"player must be 0 \.\. "):
            call(bad)


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_string_to_action_round_trips_and_refuses_in_words(name, players):
    game = openspiel.load_game(name, players=players)
    state = game.new_initial_state()
    assert state.string_to_action("seed 5") == 5 == state.string_to_action(-1, "seed 5")
    state.apply_action(5)
    rng = random.Random(1)
    for _ in range(6):
        mover = state.current_player()
        for action in state.legal_actions():
            text = state.action_to_string(mover, action)
            assert state.string_to_action(mover, text) == action
            assert state.string_to_action(text) == action
        state.apply_action(rng.choice(state.legal_actions()))
    with pytest.raises(IllegalAction, match="names no legal action here; legal: "):
        state.string_to_action("no such move")
    with pytest.raises(IllegalAction, match="legal: none"):
        state.string_to_action((state.current_player() + 1) % players, "seed 5")
    with pytest.raises(TypeError, match=r"one or two arguments, not 3"):
        state.string_to_action(0, "x", "y")
    with pytest.raises(TypeError, match=r"one or two arguments, not 0"):
        state.action_to_string()
    with pytest.raises(ValueError, match="player must be"):
        state.action_to_string(True, state.legal_actions()[0])


@pytest.mark.parametrize("name", tabletop.games())
def test_damaged_serialized_text_is_an_invalid_record(name):
    game = openspiel.load_game(name)
    text = _played(game).serialize()
    damaged = ["", "junk", text[:-8], text.replace("__dict__=", "__dict__=!!"),
               text.replace("\nmove_number=", "\nmoves=")]
    for bad in damaged:
        with pytest.raises(InvalidRecord):
            game.deserialize_state(bad)
    with pytest.raises(TypeError, match="takes the text serialize"):
        game.deserialize_state(None)


@pytest.mark.parametrize("name", tabletop.games())
def test_a_serialized_history_that_is_not_its_states_is_refused(name):
    game = openspiel.load_game(name)
    state = _played(game)
    text = state.serialize()
    head, moves = text.split("\n")[0].split(":", 1)
    tampered = {"history": text.replace(f"{head}:{moves.split(',')[0]}",
                                        f"{head}:{int(moves.split(',')[0]) + 1}", 1),
                "move_number": text.replace("move_number=4", "move_number=9")}
    whole = pyspiel.serialize_game_and_state(game, state).split("[State]\n")[0]
    for field, bad in tampered.items():
        with pytest.raises(InvalidRecord, match=rf"{field} differs"):
            game.deserialize_state(bad)
        with pytest.raises(InvalidRecord, match=rf"{field} differs"):
            pyspiel.deserialize_game_and_state(whole + "[State]\n" + bad)
    # a resampled state starts a fresh history (a wrapped one has its own): both round-trip
    for fresh in (openspiel.TabletopState(game, state.tabletop),
                  state.resample(state.current_player(), random.Random(3))):
        fresh.apply_action(fresh.legal_actions()[0])
        back = game.deserialize_state(fresh.serialize())
        assert back.history() == fresh.history() and back.tabletop == fresh.tabletop
        assert pickle.loads(pickle.dumps(fresh)).history() == fresh.history()


def test_what_wraps_observes_and_resamples_is_checked():
    game = openspiel.load_game("lascaux", players=3)
    state = _played(game)
    view = state.tabletop.view(0)
    for bad in (view, "junk", 3):
        with pytest.raises(TypeError, match=r"wraps a tabletop State .*view\.determinize"):
            openspiel.TabletopState(game, bad)
    with pytest.raises(TypeError, match="takes a game of tabletop.adapters.openspiel"):
        openspiel.TabletopState(pyspiel.load_game("tic_tac_toe"), state.tabletop)
    for bad in ("junk", 5, {"x": 1}.keys()):
        with pytest.raises(TypeError, match="iig_obs_type should be a pyspiel"):
            game.make_py_observer(bad)
    observer = game.make_py_observer()
    with pytest.raises(TypeError, match="reads a TabletopState"):
        observer.set_from("x", 0)
    with pytest.raises(TypeError, match="reads a TabletopState"):
        observer.string_from(state.tabletop, 0)
    with pytest.raises(TypeError, match="a game's name is a string"):
        openspiel.short_name(3)
    for bad in ("x", -1, 1.5, True, [1], 2**64):
        with pytest.raises(ValueError, match="seed must be an int from 0 to 2\\*\\*64 - 1"):
            openspiel.resampler(seed=bad)
    assert openspiel.resampler(seed=np.uint64(2**64 - 1)) is not None
    with pytest.raises(TypeError, match="a resampler draws from a TabletopState"):
        openspiel.resampler(seed=1)(state.tabletop, 0)
    for drawn in ("x", 2.0, -0.5, float("nan"), None, True):
        with pytest.raises(ValueError, match="probability_sampler\\(\\) must return a number"):
            state.resample_from_infostate(0, lambda drawn=drawn: drawn)
    assert state.resample_from_infostate(0, lambda: 1.0).tabletop.view(0) == view


# --- PettingZoo ----------------------------------------------------------------------------

@pytest.mark.parametrize("name", tabletop.games())
def test_a_raw_env_before_reset_says_to_reset(name):
    raw = raw_env(name, render_mode="ansi")
    with pytest.raises(IllegalAction, match=r"step\(0\) plays nothing: no game has started: "
                                            r"call reset\(\)"):
        raw.step(0)
    with pytest.raises(ValueError, match=r"last\(\) has no agent .*call reset\(\)"):
        raw.last()
    with pytest.raises(ValueError, match=r"render\(\) has no game .*call reset\(\)"):
        raw.render()
    raw.reset(seed=1)
    assert raw.last()[2] is False and isinstance(raw.render(), str)


def _to_the_end(environment, seed):
    rng = np.random.default_rng(seed)
    for _ in environment.agent_iter(100_000):
        obs, _, done, cut, _ = environment.last()
        mask = obs["action_mask"]
        environment.step(None if done or cut else int(rng.choice(np.flatnonzero(mask))))


@pytest.mark.parametrize("name", tabletop.games())
def test_after_every_agent_has_left_last_and_step_say_so(name):
    raw = raw_env(name)
    raw.reset(seed=2)
    _to_the_end(raw, 2)
    assert raw.agents == []
    with pytest.raises(ValueError, match=r"last\(\) has no agent .*every agent has stepped "
                                         r"out of it: reset\(\) starts another"):
        raw.last()
    for action in (None, 0):
        with pytest.raises(IllegalAction, match="plays nothing: the game is over"):
            raw.step(action)
    wrapped = env(name)
    wrapped.reset(seed=2)
    _to_the_end(wrapped, 2)
    with pytest.raises(ValueError, match=r"last\(\) has no agent .*stepped out"):
        wrapped.last()
    wrapped.reset(seed=3)
    assert wrapped.last()[2] is False


@pytest.mark.parametrize("name", tabletop.games())
@pytest.mark.parametrize("copier", [copy.deepcopy, copy.copy,
                                    lambda e: pickle.loads(pickle.dumps(e))],
                         ids=["deepcopy", "copy", "pickle"])
def test_copies_and_pickles_of_an_env_keep_the_game(name, copier):
    raw = raw_env(name)
    raw.reset(seed=5)
    for _ in range(3):
        raw.step(int(np.flatnonzero(raw.observe(raw.agent_selection)["action_mask"])[0]))
    twin = copier(raw)
    assert twin.tabletop == raw.tabletop and twin.agent_selection == raw.agent_selection
    assert twin.agents == raw.agents and twin.last()[1:4] == raw.last()[1:4]
    before = (raw.tabletop, raw.agent_selection, dict(raw._cumulative_rewards))
    twin.step(int(np.flatnonzero(twin.observe(twin.agent_selection)["action_mask"])[0]))
    assert (raw.tabletop, raw.agent_selection, dict(raw._cumulative_rewards)) == before
    twin.reset()
    raw.reset()
    assert twin.tabletop == raw.tabletop  # the generator was copied too
    fresh = copier(raw_env(name))
    with pytest.raises(ValueError, match="no game has started"):
        fresh.last()
