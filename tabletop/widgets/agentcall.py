"""One bot's move in the game widget, within its time limit.

A student's bot may loop for ever. Without a limit its search holds the one thread that every
widget's bots search in (``agentrun.SEARCHES``), and the **Bot move** button waits for it:
no bot of the kernel moves again until a restart. With ``move_time=`` (the widget's option,
as in ``tabletop.arena``) each move runs on the arena's clock (``tabletop.arena.clock``):
past the limit the bot is interrupted and fails, told in the message line, and the other
widgets' bots go on. A bot's ``sys.exit()`` fails so too (``tabletop.agents.exits``).

>>> class Quick:
...     def act(self, view):
...         return view.legal_actions()[0]
>>> import tabletop
>>> s = tabletop.load("lava-flows").new(seed=1)
>>> str(agent_act(Quick(), s.view(s.current_player), 5.0)) == str(s.legal_actions()[0])
True
"""

from __future__ import annotations

from typing import Any

from ..agents.exits import agent_call
from ..core.game import Action, View


class AgentTimeout(RuntimeError):
    """A bot of the widget that took longer than its ``move_time`` to move."""


def move_time_option(value: object) -> float | None:
    """The widget's ``move_time`` checked as ``tabletop.arena`` checks it (``None``: no limit)."""
    if value is None:
        return None
    from ..arena.play import move_time_of  # (the arena only when a limit is asked for)

    return move_time_of(value)


def agent_act(agent: Any, view: View, move_time: float | None) -> Action:
    """``agent.act(view)``: a bot's exit raised as ``AgentExit``; past ``move_time`` seconds
    (if not ``None``) the bot is interrupted and ``AgentTimeout`` says so."""
    if move_time is None:
        return agent_call(agent.act, view)
    from ..arena.clock import Overrun, limited
    from ..arena.play import overrun_message

    try:
        return limited(move_time, agent_call, agent.act, view)
    except Overrun as over:
        raise AgentTimeout(overrun_message(move_time, "move", over.stopped)) from None
