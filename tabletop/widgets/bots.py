"""Bots for the widget's seats, by name or as any object with ``act(view) -> Action``.

Names resolve through this module's registry first (``register_bot``), then through
``tabletop.core.agents.make_agent(name, seed)`` when the core provides it.

>>> make_bot("random", seed=1).act                               # doctest: +ELLIPSIS
<bound method RandomAgent.act of RandomAgent()>
>>> "random" in bot_names()
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import agents

BotFactory = Callable[[int | None], Any]

_FACTORIES: dict[str, BotFactory] = {"random": lambda seed: agents.RandomAgent(seed)}


def register_bot(name: str, factory: BotFactory) -> None:
    """Offer ``factory(seed) -> agent`` as a seat choice called ``name``."""
    _FACTORIES[name] = factory


def _core_names() -> tuple[str, ...]:
    listed = getattr(agents, "AGENTS", None) or getattr(agents, "agent_names", None)
    if callable(listed):
        listed = listed()
    names = tuple(listed) if listed else ()
    if not names and hasattr(agents, "MCTSAgent"):
        names = ("mcts",)
    return tuple(str(n) for n in names)


def bot_names() -> tuple[str, ...]:
    """The bot names a seat may be given."""
    return tuple(dict.fromkeys((*_FACTORIES, *_core_names())))


def make_bot(spec: Any, seed: int | None = None) -> Any:
    """The agent ``spec`` means: itself if it has ``act``, else a bot made by name."""
    if hasattr(spec, "act"):
        return spec
    if isinstance(spec, str):
        if spec in _FACTORIES:
            return _FACTORIES[spec](seed)
        maker = getattr(agents, "make_agent", None)
        if maker is not None:
            return maker(spec, seed)
        if spec == "mcts" and hasattr(agents, "MCTSAgent"):
            return agents.MCTSAgent(seed=seed)
    known = ", ".join(repr(n) for n in bot_names())
    raise ValueError(f"no bot called {spec!r}: use one of {known}, or an object with .act(view)")


def bot_label(agent: Any) -> str:
    """A short name for a seat's agent (its ``name`` attribute, else its class)."""
    return str(getattr(agent, "name", None) or type(agent).__name__)
