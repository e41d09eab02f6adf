"""``Action``: the base of every game's actions (``tabletop.core.game`` re-exports it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Action:
    """A move, decision or claim. Subclasses are frozen dataclasses; ``str(a)`` is notation."""

    def __str__(self) -> str:  # pragma: no cover - every game overrides
        return type(self).__name__.lower()


def of_game(action: Action, game: Any) -> bool:
    """Whether ``action``'s class comes from the package of ``game``'s class, or of a game
    class it derives from: one of the game's own actions, not another game's."""
    package = type(action).__module__.rpartition(".")[0]
    for cls in type(game).__mro__:
        if cls.__module__.startswith("tabletop.core."):  # Game and what it derives from
            return False
        if cls.__module__.rpartition(".")[0] == package:
            return True
    return False
