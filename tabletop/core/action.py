"""``Action``: the base of every game's actions (``tabletop.core.game`` re-exports it)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Action:
    """A move, decision or claim. Subclasses are frozen dataclasses; ``str(a)`` is notation."""

    def __str__(self) -> str:  # pragma: no cover - every game overrides
        return type(self).__name__.lower()
