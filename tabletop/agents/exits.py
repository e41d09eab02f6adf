"""A bot's own exit is its error: ``sys.exit()``, ``exit()`` or a stray ``GeneratorExit`` raised
in an agent's code must not end the notebook's event loop, the kernel or a tournament; nor
may a stray ``StopIteration`` (or ``StopAsyncIteration``) end silently the loop that called
the agent (asyncio refuses to hand one to a future, and the bot's turn never ended).

Every place the library calls into an agent (the widget's bot seats, the arena's pre-check)
goes through ``agent_call``, which turns those four into ``AgentExit``, an ordinary
exception that the caller reports like any other failure of the bot. ``KeyboardInterrupt``
(Ctrl-C, the notebook's Interrupt) is left alone: it still stops what is running.

>>> import sys
>>> agent_call(sys.exit, "bye")
Traceback (most recent call last):
...
tabletop.agents.exits.AgentExit: the bot exited: SystemExit('bye')
>>> agent_call(next, iter(()))
Traceback (most recent call last):
...
tabletop.agents.exits.AgentExit: the bot raised StopIteration()
>>> agent_call(max, 1, 2)
2
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


class AgentExit(RuntimeError):
    """An agent's ``SystemExit`` or ``GeneratorExit`` (or a ``StopIteration`` or
    ``StopAsyncIteration``), raised as an error of the agent."""


#: What an agent raises that would end its caller, or the loop around it, as no error does.
EXITS = (SystemExit, GeneratorExit)
STOPS = (StopIteration, StopAsyncIteration)


def agent_call(function: Callable[..., T], *args: Any) -> T:
    """``function(*args)`` (a call into an agent's code), with a ``SystemExit``,
    ``GeneratorExit``, ``StopIteration`` or ``StopAsyncIteration`` it raises turned into
    ``AgentExit`` (chained to it)."""
    try:
        return function(*args)
    except EXITS as err:
        raise AgentExit(f"the bot exited: {err!r}") from err
    except STOPS as err:
        raise AgentExit(f"the bot raised {err!r}") from err
