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
