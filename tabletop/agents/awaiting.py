"""An agent's move awaited in an asyncio program (a chat service, an async web app): the
search runs in a worker thread, so the event loop serves everyone else meanwhile.

``await decide(agent, view)`` is ``agent.act(view)`` run by ``asyncio.to_thread``, with one
more promise: cancelling the awaiting task stops the search. An agent whose ``analyse`` takes
``stop=`` (``MCTSAgent``) is told to stop, ends after the iteration it is in (milliseconds),
and the cancellation is raised once its thread has returned: the agent is no longer in use
when the caller gets the ``CancelledError``, so it can be asked again at once (two threads
never share its random generator). Another agent cannot be stopped: the cancellation is
raised at once and its ``act`` runs to its end in the background, its move thrown away (do
not ask that agent again before it ends). The view, and every state, are values: nothing a
cancelled move touched is changed.

An agent object answers one move at a time: give every game its own agents (``make_agent``
per game), or await one agent's moves one after another; read the search of a move from the
``Analysis`` that ``decide_analysis`` returns rather than from ``agent.last_analysis``, which
another game's move may have replaced.

>>> import asyncio, tabletop
>>> from tabletop.agents import make_agent
>>> state = tabletop.load("lava-flows").new(seed=1, setup="random")
>>> action = asyncio.run(decide(make_agent("mcts-weak", seed=1), state))
>>> state.is_legal(action)
True
"""

from __future__ import annotations

import asyncio
import inspect
import threading
from typing import Any

from ..core.game import Action, State, View
from .analysis import Analysis
from .exits import agent_call


def stoppable(agent: Any) -> bool:
    """Whether ``agent.analyse`` takes a ``stop`` event (a search that can end early).

    >>> from tabletop.agents import MCTSAgent, RandomAgent
    >>> stoppable(MCTSAgent(iterations=5)), stoppable(RandomAgent())
    (True, False)
    """
    analyse = getattr(agent, "analyse", None)
    if not callable(analyse):
        return False
    try:
        return "stop" in inspect.signature(analyse).parameters
    except (TypeError, ValueError):
        return False


async def decide(agent: Any, view: View | State) -> Action:
    """``agent.act(view)`` in a worker thread, awaited; cancelling stops the search (see the
    module's docstring)."""
    if stoppable(agent):
        analysis = await decide_analysis(agent, view)
        return analysis.choice
    action: Action = await _stopping(agent.act, view, None)
    return action


async def decide_analysis(agent: Any, view: View | State) -> Analysis:
    """``agent.analyse(view)`` in a worker thread, awaited: the ``Analysis`` of this move (the
    agent's ``last_analysis`` may be another game's by now); cancelling stops the search."""
    if not callable(getattr(agent, "analyse", None)):
        raise TypeError(f"decide_analysis needs an agent that searches (with an analyse "
                        f"method, as MCTSAgent), not {type(agent).__name__}: use decide")
    stop = threading.Event() if stoppable(agent) else None
    analysis: Analysis = await _stopping(agent.analyse, view, stop)
    return analysis


async def _stopping(function: Any, view: View | State, stop: threading.Event | None) -> Any:
    """``function(view[, stop=stop])`` in a thread; on cancellation ``stop`` is set and the
    thread awaited before the ``CancelledError`` goes on. An agent's exit or stray
    ``StopIteration`` is raised as ``AgentExit`` (``tabletop.agents.exits``): asyncio cannot
    hand a ``StopIteration`` to the awaiting task, which would wait for ever."""

    def call() -> Any:
        if stop is None:
            return agent_call(function, view)
        return agent_call(lambda: function(view, stop=stop))

    thread = asyncio.ensure_future(asyncio.to_thread(call))
    try:
        return await asyncio.shield(thread)
    except asyncio.CancelledError:
        if stop is None:  # it cannot be stopped: it finishes in the background, unheard
            thread.add_done_callback(_ignored)
            raise
        stop.set()
        try:  # the agent is free again before the caller hears of the cancellation
            await asyncio.shield(thread)
        except BaseException:  # noqa: BLE001, S110 - its move or error is no one's now
            pass
        raise


def _ignored(future: asyncio.Future[Any]) -> None:
    """Read a move no one awaits any more (so asyncio reports no unread error)."""
    if not future.cancelled():
        future.exception()
