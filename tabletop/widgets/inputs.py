"""Click controllers for the widget (``input_for``, from ``tabletop.core.input``, which needs
no widget library) and the move box, where a move is typed instead of clicked."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext

import ipywidgets as w

from ..core.errors import IllegalAction
from ..core.input import ActionButtons, input_for
from ..render.scenecanvas import running_loop

__all__ = ["ActionButtons", "MoveBox", "input_for", "move_box"]


#: What the move box says while empty.
MOVE_PLACEHOLDER = "type a move as the log writes it, then Enter"


class MoveBox(w.Text):
    """The move box: ``enter()`` is what Enter does in it; typing alone, and leaving the
    box (Tab, a click elsewhere), plays nothing.

    ipywidgets' Text sends its value when Enter is pressed *and* when the box is left, and
    sends Enter itself (a ``submit`` message) just before that value. So a value arriving
    right after a ``submit`` is the move entered; one arriving alone is a box left, and stays
    in the box unplayed; a ``submit`` followed by no value (the text was sent already: Enter
    again on a refused move) plays the text after ``SUBMIT_WAIT`` seconds.
    """

    #: How long after Enter a value may still be on its way, in seconds.
    SUBMIT_WAIT = 0.5

    def __init__(self, play: Callable[[str], object], empty: Callable[[], object],
                 from_page: Callable[[w.DOMWidget], AbstractContextManager[None]] | None = None
                 ) -> None:
        super().__init__(value="", placeholder=MOVE_PLACEHOLDER, description="move",
                         tooltip="Type a move in its notation and press Enter to play it",
                         continuous_update=False, layout=w.Layout(width="100%"))
        self._play = play
        self._empty = empty
        self._from_page = from_page  # wraps Enter pressed on the page (``keyfocus``)
        self._due: asyncio.TimerHandle | None = None
        self.on_msg(self._submitted)
        self.observe(self._sent, "value")

    def _submitted(self, _widget: object, content: object, _buffers: object) -> None:
        if not (isinstance(content, dict) and content.get("event") == "submit"):
            return
        loop = running_loop()
        if loop is None:  # no front-end's messages to wait for
            self._enter_from_page()
            return
        if self._due is not None:
            self._due.cancel()
        self._due = loop.call_later(self.SUBMIT_WAIT, self._enter_from_page)

    def _sent(self, _change: object) -> None:
        if self._due is not None:  # the value Enter sent: play it now
            self._enter_from_page()

    def _enter_from_page(self) -> None:
        with self._from_page(self) if self._from_page is not None else nullcontext():
            self.enter()

    def enter(self, text: str | None = None) -> None:
        """Play the text in the box (``text``, put in the box first, if given), as Enter
        does: a refused move (``IllegalAction``, which ``play`` reports in the message line)
        stays in the box to be corrected, a played one clears it; an empty box calls
        ``empty`` (the widget then says what may be typed)."""
        if self._due is not None:
            self._due.cancel()
            self._due = None
        if text is not None:
            self.value = text
        typed = self.value.strip()
        if not typed:
            self._empty()
            return
        try:
            self._play(typed)
        except IllegalAction:
            return  # the message line says why; the text stays to be corrected
        self.value = ""


def move_box(play: Callable[[str], object], empty: Callable[[], object] = lambda: None,
             from_page: Callable[[w.DOMWidget], AbstractContextManager[None]] | None = None
             ) -> MoveBox:
    """A text box in which a move is typed in its notation (as the move log writes it) and
    played with Enter (``MoveBox.enter``): every move a click makes, made from the keyboard.
    Leaving the box with a move typed plays nothing (ipywidgets' own Text sends its value on
    leaving, which played it).

    >>> played = []
    >>> box = move_box(played.append)
    >>> box.value = " pass "
    >>> played
    []
    >>> box.enter()
    >>> played, box.value
    (['pass'], '')
    """
    box = MoveBox(play, empty, from_page)
    box.style.description_width = "40px"
    box.add_class("tabletop-move-box")
    return box
