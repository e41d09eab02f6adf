"""Agents: anything with ``act(view) -> action``, named in one registry.

``base`` holds the protocol, ``RandomAgent`` and the resolver of names, options, classes,
factories and objects; ``mcts`` the information-set Monte Carlo tree search; ``analysis``
what a search leaves behind and how it is shown; ``awaiting`` a move awaited in an asyncio
program (``await decide(agent, view)``).

>>> from tabletop.agents import make_agent
>>> make_agent("mcts-weak", seed=1)
MCTSAgent(iterations=50, seed=1)
"""

from ..core.exports import package_dir
from .analysis import Analysis, Candidate, Node
from .awaiting import decide, decide_analysis
from .base import (
    Agent,
    RandomAgent,
    agent_key,
    agent_label,
    agent_names,
    make_agent,
    register_agent,
    resolve_agent,
)
from .mcts import MCTSAgent, cutoff_value, margin_value
from .settings import STRENGTHS

__all__ = [
    "STRENGTHS", "Agent", "Analysis", "Candidate", "MCTSAgent", "Node", "RandomAgent",
    "agent_key", "agent_label", "agent_names", "cutoff_value", "decide", "decide_analysis",
    "make_agent", "margin_value",
    "register_agent", "resolve_agent",
]
__dir__ = package_dir(globals())
