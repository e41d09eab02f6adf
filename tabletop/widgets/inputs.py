"""Click controllers for the widget: the game's own ``input_class``, or buttons as a fallback."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.game import Action, Game, State, View
from ..core.input import ClickInput, Target


class ActionButtons(ClickInput):
    """One button per legal action, labelled with its notation (for games without input)."""

    def paths(self, action: Action) -> Iterable[tuple[Target, ...]]:
        return ((("action", str(action)),),)

    def label(self, target: Target) -> str:
        return str(target[1]) if isinstance(target, tuple) and len(target) == 2 else str(target)


def input_for(game: Game, subject: State | View) -> ClickInput:
    """The click controller of ``game`` on ``subject`` (buttons if the game has none)."""
    cls: Any = getattr(game, "input_class", None) or ActionButtons
    return cls(subject)
