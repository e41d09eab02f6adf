"""Click controllers for the widget (``input_for``, from ``tabletop.core.input``, which needs
no widget library) and the move box, where a move is typed instead of clicked."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..core.errors import IllegalAction
from ..core.input import ActionButtons, input_for

__all__ = ["ActionButtons", "input_for", "move_box"]


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
