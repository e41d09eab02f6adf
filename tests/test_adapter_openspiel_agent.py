"""OpenSpiel's ISMCTS enters tabletop's arena (issue 18: "run OpenSpiel's ISMCTS against
tabletop's MCTS in a short arena"): ``tabletop.adapters.openspiel_agent.ISMCTSAgent`` plays
every game at its smallest and largest player count, decides from the view alone, repeats
itself with a seed, pickles, and plays in a worker process. Skips without OpenSpiel, unless
``CI`` is ``"true"``."""

import os
import pickle
import random
from concurrent.futures import ProcessPoolExecutor

import pytest

if os.environ.get("CI") == "true":
    import pyspiel  # noqa: F401
else:
    pytest.importorskip(
        "pyspiel", reason='OpenSpiel is an optional extra: pip install "tabletop[openspiel]"')

import tabletop
from tabletop.arena import arena
from tabletop.core.registry import game_class

CASES = [(name, n) for name in tabletop.games()
         for n in sorted({min(game_class(name).player_counts),
                          max(game_class(name).player_counts)})]


def _agent(**kw):
    from tabletop.adapters.openspiel_agent import ISMCTSAgent

    return ISMCTSAgent(**kw)


@pytest.mark.parametrize("name, players", CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_ismcts_plays_a_short_arena_against_tabletop_mcts(name, players):
    ismcts, ours = _agent(simulations=4, seed=1), ("mcts", {"iterations": 4})
    seats = [ismcts if seat % 2 == 0 else ours for seat in range(players)]
    result = arena(name, seats, games=2, players=players, progress=False, errors="raise")
    assert len(result.games) == 2
    assert all(g.finished and g.error is None for g in result.games)


def test_it_decides_from_the_view_alone_and_repeats_with_a_seed():
    game = tabletop.load("landlock", players=2)
    s = game.new(seed=4).apply("land")
    for _ in range(3):
        s = s.apply(s.legal_actions()[0])
    player = s.current_player
    view = s.view(player)
    twin = view.determinize(random.Random(7))  # another state the player cannot tell apart
    first = _agent(simulations=30, seed=5).act(view)
    assert _agent(simulations=30, seed=5).act(twin.view(player)) == first
    assert _agent(simulations=30, seed=5).act(s) == first  # a State: its mover's view
    assert first in s.legal_actions()


def test_it_pickles_as_its_settings_and_plays_in_a_worker():
    agent = _agent(simulations=3, seed=2)
    agent.act(tabletop.load("lacuna").new(seed=1))  # loads and caches its OpenSpiel game
    again = pickle.loads(pickle.dumps(agent))
    assert repr(again) == repr(agent) == "ISMCTSAgent(simulations=3, uct_c=2.0, seed=2)"
    with ProcessPoolExecutor(1) as pool:
        result = arena("lacuna", [again, "random"], games=2, executor=pool, progress=False,
                       errors="raise")
    assert all(g.finished and g.error is None for g in result.games)


@pytest.mark.parametrize("settings, message", [
    ({"simulations": 0}, "simulations must be an int from 1 to 10000000, not 0"),
    ({"simulations": True}, "simulations must be an int"),
    ({"simulations": 2.5}, "simulations must be an int"),
    ({"uct_c": -1}, "uct_c must be a finite number ≥ 0, not -1"),
    ({"uct_c": float("nan")}, "uct_c must be a finite number ≥ 0"),
    ({"seed": -1}, "seed must be an int from 0 to 2\\*\\*64 - 1 or None"),
])
def test_bad_settings_are_refused_when_made(settings, message):
    with pytest.raises(ValueError, match=message):
        _agent(**settings)


def test_a_view_not_to_move_is_refused_clearly():
    s = tabletop.load("lascaux", players=3).new(seed=1)
    idle = s.view((s.current_player + 1) % 3)
    with pytest.raises(ValueError, match="an agent can only act for the player whose view"):
        _agent(simulations=2).act(idle)
