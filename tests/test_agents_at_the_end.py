"""Agents asked to move where they cannot (round 57, loose ends): after the end of a game,
or for a player who is not to move, every agent refuses with ``IllegalAction`` saying why,
as ``state.apply`` does there, not with a bare ``ValueError``."""

import pytest

import tabletop
from tabletop import IllegalAction
from tabletop.agents import agent_names, make_agent
from tabletop.core.testing import random_playout


def _end(name):
    *_, last = random_playout(tabletop.load(name), 1)
    assert last.is_terminal
    return last


def _agents():
    yield from ((name, make_agent(name, seed=1, iterations=2) if name == "mcts"
                 else make_agent(name, seed=1)) for name in agent_names())
    try:
        from tabletop.adapters.openspiel_agent import ISMCTSAgent
    except ImportError:  # the openspiel extra is optional
        return
    yield "openspiel-ismcts", ISMCTSAgent(simulations=2, seed=1)


@pytest.mark.parametrize("game", tabletop.games())
def test_every_agent_asked_to_move_after_the_end_says_the_game_is_over(game):
    end = _end(game)
    tried = 0
    for _name, agent in _agents():
        for subject in (end, *(end.view(p) for p in range(end.game.players))):
            calls = [agent.act] + ([agent.analyse] if hasattr(agent, "analyse") else [])
            for call in calls:
                with pytest.raises(IllegalAction, match="^the game is over: there is no "
                                                        "move to choose$"):
                    call(subject)
                tried += 1
    assert tried >= 8 * 3  # 5 agents (3 of them analyse too) x the state and 2 views


@pytest.mark.parametrize("game", tabletop.games())
def test_every_agent_given_another_players_view_says_whose_turn_it_is(game):
    state = tabletop.load(game).new(seed=2, setup="random")
    other = (state.current_player + 1) % state.game.players
    for _name, agent in _agents():
        with pytest.raises(IllegalAction, match=rf"^it is player {state.current_player}'s "
                                                rf"turn, not player {other}'s"):
            agent.act(state.view(other))
