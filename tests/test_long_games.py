"""Copies and pickles of long games: no recursion over the history, no stale caches; and the
long-games check passes sound games and catches a broken toy for each way to fail."""

import copy
import gc
import os
import pickle
import random
import subprocess
import sys

import pytest
from broken_longgames import DeepNim, LongNim, PinnedIdsNim, StaleCacheNim
from toygame import SecretNim, Take

import tabletop
from tabletop.core.errors import IllegalAction
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.longgames import check_long_games, extended_game
from tabletop.core.testing.roundtrip import check_round_trips
from tabletop.games.lascaux.actions import Choose, Pay

COPIERS = [copy.copy, copy.deepcopy, lambda s: pickle.loads(pickle.dumps(s)),
           lambda s: pickle.loads(pickle.dumps(s, pickle.HIGHEST_PROTOCOL))]


def same_state(a, b):
    return (a == b and hash(a) == hash(b) and a.history == b.history
            and a.to_record() == b.to_record() and a.legal_actions() == b.legal_actions()
            and str(a) == str(b))


def long_lascaux():
    """A legal 385-ply Lascaux game: pay while possible, choose colours not on the table."""
    state = tabletop.load("lascaux", players=3).new(seed=197)
    rng = random.Random(197)
    states = [state]
    while not state.is_terminal:
        legal = state.legal_actions()
        pay = [a for a in legal if isinstance(a, Pay)]
        unseen = [a for a in legal
                  if isinstance(a, Choose) and not (state.table_mask >> a.colour) & 1]
        state = state.apply((pay or unseen or [rng.choice(legal)])[0])
        states.append(state)
    return states


@pytest.fixture
def default_recursion_limit():
    """Python's default limit, whatever an earlier test (or IPython) set it to."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)
    yield
    sys.setrecursionlimit(old)


def test_a_385_ply_lascaux_game_copies_deep_copies_and_pickles(default_recursion_limit):
    states = long_lascaux()
    assert len(states[-1].history) == 385
    for state in (states[365], states[-1]):
        for copier in COPIERS:
            assert same_state(copier(state), state)
        check_round_trips(state, "lascaux 385", headroom=100)
    restored = copy.deepcopy(states[365])
    action = states[365].legal_actions()[0]
    assert same_state(restored.apply(action), states[366])


def test_a_lava_flows_game_of_thousands_of_plies_pickles_and_goes_on(default_recursion_limit):
    game = tabletop.load("lava-flows", ply_cap=100000)
    states = extended_game(game, seed=9)
    assert len(states) - 1 == 2081
    state = states[2000]
    for copier in COPIERS:
        restored = copier(state)
        assert same_state(restored, state)
        assert same_state(restored.apply(state.legal_actions()[0]),
                          state.apply(state.legal_actions()[0]))
        assert restored.view(1) == state.view(1)
    for view in (state.view(0), states[-1].view(1)):
        for copier in COPIERS:
            assert copier(view) == view and str(copier(view)) == str(view)


def test_a_copy_never_takes_a_stranger_for_a_legal_action_by_its_id():
    # Secret Nim makes fresh Take objects for each state; once the original state is gone,
    # their ids are free, and new objects (here an illegal ``take 9``) get them.
    state = SecretNim().new(seed=0, setup="random")
    legal = state.is_legal(state.legal_actions()[0])  # fills the state's cache of ids
    stale = set(state._legal_ids(state.legal_actions()))
    copies = [copy.deepcopy(state), pickle.loads(pickle.dumps(state))]
    del state  # (no assert above: pytest's rewriting would keep the action objects alive)
    gc.collect()
    assert legal and stale
    impostors = [Take(9) for _ in range(200_000)]
    reused = [t for t in impostors if id(t) in stale]
    if not reused:
        pytest.skip("the allocator reused none of the freed ids")
    for restored in copies:
        for impostor in reused:
            assert not restored.is_legal(impostor)
            with pytest.raises(IllegalAction, match="'take 9' is not legal here"):
                restored.apply(impostor)


MADE_ELSEWHERE = """
import pickle, sys, tabletop
state = tabletop.load("lascaux", players=4).new(seed=3)
for _ in range(20):
    state = state.apply(state.legal_actions()[-1])
assert state.is_legal(state.legal_actions()[0])  # fills the cache of ids
sys.stdout.buffer.write(pickle.dumps([state, state.view(2)]))
"""


def test_a_state_pickled_in_another_process_works_here():
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    data = subprocess.run([sys.executable, "-c", MADE_ELSEWHERE], capture_output=True,
                          check=True, env=env).stdout
    state, view = pickle.loads(data)
    here = tabletop.load("lascaux", players=4).new(seed=3)
    for _ in range(20):
        here = here.apply(here.legal_actions()[-1])
    assert state._cache == {} and view._cache == {} and not here.is_terminal
    assert same_state(state, here) and view == here.view(2) and str(view) == str(here.view(2))
    assert state._legal_ids(state.legal_actions()) == frozenset(map(id, state.legal_actions()))
    for action in here.legal_actions():
        assert same_state(state.apply(action), here.apply(action))
    assert state.svg() == here.svg()


def test_restored_states_and_views_start_with_no_cached_data():
    state = tabletop.load("landlock").new(seed=4)
    state = state.apply(state.legal_actions()[0])
    state.view(0), state.scores, state._legal_ids(state.legal_actions()), state.svg()
    for copier in COPIERS[1:]:
        restored = copier(state)
        assert restored._cache == {} and copier(state.view(0))._cache == {}
        legal = restored.legal_actions()
        assert restored._legal_ids(legal) == frozenset(map(id, legal))


def test_a_deep_copy_keeps_sharing_within_what_it_copies():
    state = tabletop.load("lascaux", players=4).new(seed=2)
    a, b, view = copy.deepcopy([state, state, state.view(1)])
    assert a is b and a == state and view == state.view(1)


def test_an_unpickled_lacuna_state_rebuilds_its_geometry_read_only():
    state = tabletop.load("lacuna").new(seed=5, setup="random")
    state = state.apply(state.legal_actions()[0])
    state.legal_actions()
    data = pickle.dumps(state)
    restored = pickle.loads(data)
    geo = restored.geometry
    assert geo is not state.geometry and geo.pairs == state.geometry.pairs
    assert not any(a.flags.writeable for a in (geo.x, geo.y, geo.pa, geo.pb))
    assert len(data) < 5000  # the layout, not its arrays and memos
    assert same_state(restored, state) and restored.svg() == state.svg()


def test_sound_games_pass_even_when_they_last_thousands_of_plies(registered):
    check_long_games(registered(SecretNim), seeds=range(3))
    game = registered(LongNim)
    assert len(extended_game(game, 0)) > 1000
    check_long_games(game, seeds=range(2))


@pytest.mark.parametrize("broken, message", [
    (DeepNim, r"copy.deepcopy recursed too deep with 100 frames of stack to spare"),
    (StaleCacheNim, r"copy.deepcopy: the restored object carries the original's cache "
                    r"\(legal, legal_ids"),
    (PinnedIdsNim, r"copy.copy: the restored object accepts actions by the ids of "
                   r"objects that are not its own legal actions"),
])
def test_each_broken_toy_is_caught(registered, broken, message):
    with pytest.raises(ConformanceError, match=message):
        check_long_games(registered(broken), seeds=range(2))


def test_a_history_that_recurses_is_caught_at_the_default_limit_too(registered,
                                                                  default_recursion_limit):
    # Without the check's tight headroom, a long enough game still breaks the recursion limit.
    game = registered(DeepNim, pile=3000)
    state = extended_game(game, 0)[-1]
    with pytest.raises(ConformanceError, match="copy.deepcopy recursed too deep: "):
        check_round_trips(state, "deep-nim")
