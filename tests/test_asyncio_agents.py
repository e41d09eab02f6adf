"""Agents in an asyncio service: ``await tabletop.agents.decide(agent, view)`` runs the search
in a worker thread. Many games at once on one loop play as they do one by one, for every
registered agent and every game; the loop keeps serving while a search runs; cancelling the
awaiting task stops an ``MCTSAgent``'s search within an iteration (before, the thread searched
on for its whole budget, up to ``mcts-strong``'s 5 seconds) and leaves the agent ready."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

import tabletop
from tabletop.agents import MCTSAgent, agent_names, decide, decide_analysis, make_agent

PLIES = 12  # each game's first plies (enough to cross every game's setup into play)


def start(name, seed):
    game = tabletop.load(name)
    return game.new(seed=seed, setup="random") if name != "landlock" else game.new(seed=seed)


def seats(state, agent, seed):
    # a budget in iterations alone, so that moves repeat exactly (``mcts`` has 1 s at most)
    options = {"iterations": 30} if agent in ("mcts", "mcts-strong") else {}
    return [make_agent("mcts" if options else agent, seed=seed * 10 + p, **options)
            for p in range(state.game.players)]


async def played(name, seed, agent):
    state = start(name, seed)
    agents = seats(state, agent, seed)
    while not state.is_terminal and len(state.history) < PLIES:
        player = state.current_player
        state = state.apply(await decide(agents[player], state.view(player)))
    return state


def played_alone(name, seed, agent):
    state = start(name, seed)
    agents = seats(state, agent, seed)
    while not state.is_terminal and len(state.history) < PLIES:
        player = state.current_player
        state = state.apply(agents[player].act(state.view(player)))
    return state


@pytest.mark.parametrize("agent", agent_names())
def test_many_games_on_one_loop_play_as_one_by_one(agent):
    jobs = [(name, seed) for name in tabletop.games() for seed in range(2)]

    async def service():
        return await asyncio.gather(*(played(name, seed, agent) for name, seed in jobs))

    for (name, seed), state in zip(jobs, asyncio.run(service()), strict=True):
        assert state == played_alone(name, seed, agent), (name, seed)


def test_the_loop_serves_others_while_an_agent_thinks():
    state = start("landlock", 2)
    agent = MCTSAgent(iterations=None, seconds=30.0, seed=1)  # (stopped by the heart below)

    async def service():
        thinking = asyncio.create_task(decide(agent, state.view(state.current_player)))
        for _ in range(20):  # twenty beats of the loop while the search goes on, however slow
            await asyncio.sleep(0.01)
            assert not thinking.done(), "the search ended before the loop could beat"
        thinking.cancel()
        with pytest.raises(asyncio.CancelledError):
            await thinking

    asyncio.run(service())
    assert agent.last_analysis is not None and agent.last_analysis.seconds < 30.0


@pytest.mark.parametrize("name", tabletop.games())
def test_a_cancelled_search_stops_and_leaves_the_agent_ready(name):
    state = start(name, 4)
    view = state.view(state.current_player)
    before = (state, state.to_record(), view)
    agent = MCTSAgent(iterations=None, seconds=30.0, seed=5)
    threads = threading.active_count()

    async def service():
        task = asyncio.create_task(decide(agent, view))
        await asyncio.sleep(0.3)
        task.cancel()
        began = time.perf_counter()
        with pytest.raises(asyncio.CancelledError):
            await task
        return time.perf_counter() - began

    waited = asyncio.run(service())
    assert waited < 5.0, f"the search went on {waited:.1f} s after its task was cancelled"
    assert agent.last_analysis is not None and agent.last_analysis.seconds < 10.0
    assert threading.active_count() <= threads + 1  # no search left running (at most an idle
    # worker of the default executor, which asyncio.run has shut down)
    assert (state, state.to_record(), view) == before
    agent.iterations = 20
    agent.seconds = None
    again = asyncio.run(decide_analysis(agent, view))
    assert state.is_legal(again.choice) and again.iterations == 20


def test_an_agent_that_cannot_stop_is_cancelled_at_once():
    release = threading.Event()

    class Slow:
        def act(self, view):
            release.wait(10)
            return view.legal_actions()[0]

    state = start("lava-flows", 1)

    async def service():
        task = asyncio.create_task(decide(Slow(), state))
        await asyncio.sleep(0.1)
        task.cancel()
        began = time.perf_counter()
        with pytest.raises(asyncio.CancelledError):
            await task
        waited = time.perf_counter() - began
        release.set()
        return waited

    assert asyncio.run(service()) < 5.0  # (rather than the 10 s the agent would take)


def test_decide_analysis_needs_a_searching_agent():
    state = start("lava-flows", 1)
    with pytest.raises(TypeError, match="use decide"):
        asyncio.run(decide_analysis(make_agent("random"), state))
