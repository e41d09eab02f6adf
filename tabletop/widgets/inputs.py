"""Click controllers for the widget: the game's own ``input_class``, or buttons as a fallback;
and the move box, where a move is typed instead of clicked."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as w

from ..core.errors import IllegalAction
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


#: What the move box says while empty.
MOVE_PLACEHOLDER = "type a move as the log writes it, then Enter"


def move_box(play: Callable[[str], object]) -> w.Text:
    """A text box in which a move is typed in its notation (as the move log writes it) and
    played with Enter: every move a click makes, made from the keyboard. ``play`` plays it;
    a refused move (``IllegalAction``, which ``play`` reports in the message line) stays in
    the box to be corrected, a played one clears it.

    >>> played = []
    >>> box = move_box(played.append)
    >>> box.value = " pass "
    >>> played, box.value
    (['pass'], '')
    """
    box = w.Text(value="", placeholder=MOVE_PLACEHOLDER, description="move",
                 tooltip="Type a move in its notation and press Enter to play it",
                 continuous_update=False, layout=w.Layout(width="100%"))
    box.style.description_width = "40px"
    box.add_class("tabletop-move-box")

    def typed(change: dict[str, Any]) -> None:
        text = str(change["new"]).strip()
        if not text:
            return
        try:
            play(text)
        except IllegalAction:
            return  # the message line says why; the text stays to be corrected
        box.value = ""

    box.observe(typed, "value")
    return box
