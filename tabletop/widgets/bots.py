"""Bots for the widget's seats, by name or as any object with ``act(view) -> Action``.

Names resolve through this module's registry first (``register_bot``), then through
``tabletop.core.agents.make_agent(name, seed)``.

>>> make_bot("random", seed=1).act                               # doctest: +ELLIPSIS
<bound method RandomAgent.act of RandomAgent()>
>>> "random" in bot_names()
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import agents
from ..core.choices import unknown
from ..core.errors import UnknownAgent

BotFactory = Callable[[int | None], Any]

_FACTORIES: dict[str, BotFactory] = {"random": lambda seed: agents.RandomAgent(seed)}


def register_bot(name: str, factory: BotFactory) -> None:
    """Offer ``factory(seed) -> agent`` as a seat choice called ``name``."""
    _FACTORIES[name] = factory


def bot_names() -> tuple[str, ...]:
    """The bot names a seat may be given."""
    return tuple(dict.fromkeys((*_FACTORIES, *agents.agent_names())))


def make_bot(spec: Any, seed: int | None = None) -> Any:
    """The agent ``spec`` means: itself if it has ``act``, else a bot made by name.

    A name that is no bot's raises ``UnknownAgent`` naming the bots and the nearest:

    >>> make_bot("mtcs")
    Traceback (most recent call last):
    ...
    tabletop.core.errors.UnknownAgent: no bot called 'mtcs'; did you mean 'mcts'? ...
    """
    if hasattr(spec, "act"):
        return spec
    if isinstance(spec, str):
        if spec in _FACTORIES:
            return _FACTORIES[spec](seed)
        if spec.strip().lower() in agents.agent_names():
            return agents.make_agent(spec, seed)
    raise UnknownAgent(unknown("bot", spec, bot_names()) + ", or an object with .act(view)")


def bot_label(agent: Any) -> str:
    """A short name for a seat's agent (its ``name`` attribute, else its class)."""
    return str(getattr(agent, "name", None) or type(agent).__name__)
