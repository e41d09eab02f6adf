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
    """The click controller of ``game`` on ``subject``.

    Its routes (every legal action's click paths) depend only on ``subject``, yet
    ``ClickInput`` recomputes them for each question (next targets, candidates, click): the
    widget asks several per click, so they are computed once here per controller.
    """
    cls: Any = getattr(game, "input_class", None) or ActionButtons
    controller: ClickInput = cls(subject)
    routes = controller._routes
    cached: list[list[tuple[tuple[Target, ...], Action]]] = []

    def once() -> list[tuple[tuple[Target, ...], Action]]:
        if not cached:
            cached.append(routes())
        return cached[0]

    controller._routes = once  # type: ignore[method-assign]
    return controller
