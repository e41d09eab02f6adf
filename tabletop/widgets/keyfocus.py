"""Where the keyboard's focus goes when the control a player pressed is shut or hidden.

A browser drops the focus of a control that becomes disabled or hidden: the focus falls to
the page, where Enter and Space do nothing and Tab starts again from the page's top. A
player using only the keyboard meets this at every turn: Enter in the move box shuts the box
while a bot replies (or under the hot-seat cover), **Show my board** hides itself once
pressed, **Jump to the start** is disabled once at the start, a choice button goes away with
the move it made. ``FocusKeeper`` follows the control last pressed *from the page* and,
whenever the widget's controls have changed (``settle``), sends the focus (ipywidgets' own
``DOMWidget.focus()``: no JavaScript of ours) to where the player would press next:

- the pressed control, if it is open and shown again within ``RETURN_SECONDS`` (the move box
  once the bot replied);
- else the first open and shown control of the fallbacks the widget names for it (the move
  box after **Show my board**, **Show my board** when the cover comes down after a typed move,
  **Step forward** after **Jump to the start**).

A call from Python (a notebook cell's ``widget.play(...)``) forgets the pressed control: the
focus is then in the notebook, where the person typed, and is never taken from there.

>>> import ipywidgets as w
>>> box, show = w.Text(), w.Button(layout={"display": "none"})
>>> keeper = FocusKeeper(now=lambda: 0.0)
>>> with keeper.from_page(box):
...     box.disabled = True  # the move was played: a bot's turn
>>> keeper.settle([show]) is None  # nothing else to press: wait for the box
True
>>> box.disabled = False  # the bot replied
>>> keeper.settle([show]) is box
True
>>> keeper.settle([show]) is None  # focused already
True
>>> with keeper.from_page(box):
...     box.disabled = True  # under the hot-seat cover
...     show.layout.display = ""
>>> keeper.settle([show]) is show
True
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

import ipywidgets as w

from ..render.scenecanvas import SceneCanvas, running_loop

__all__ = ["FOCUS_DELAY", "RETURN_SECONDS", "FocusKeeper", "leave", "usable"]

#: Seconds between the controls' change and the focus sent after it. ipywidgets applies a
#: change of a control's state after the messages before it are decoded (a chain of
#: promises), but a ``focus`` message at once: sent together, the focus would reach a
#: control still disabled, which takes none.
FOCUS_DELAY = 0.15

#: How long a shut control may take to open again and still get the focus back (a bot's
#: reply); after that the player has surely moved on.
RETURN_SECONDS = 30.0


def usable(control: w.DOMWidget) -> bool:
    """Whether ``control`` can take the focus: not disabled, not hidden, not closed.

    >>> b = w.Button()
    >>> usable(b), usable(w.Button(disabled=True)), usable(w.Button(layout={"display": "none"}))
    (True, False, False)
    """
    return (control.comm is not None and not getattr(control, "disabled", False)
            and control.layout.display != "none"
            and control.layout.visibility != "hidden")


class FocusKeeper:
    """Follows the control pressed from the page and sends the focus on (see the module)."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.pressed: w.DOMWidget | None = None
        self._now = now
        self._depth = 0  # inside ``from_page``
        self._shut_at: float | None = None  # when the pressed control was found shut
        self._focused: w.DOMWidget | None = None  # where the focus was sent last
        self._due: asyncio.TimerHandle | None = None

    @contextmanager
    def from_page(self, control: w.DOMWidget) -> Iterator[None]:
        """Run what pressing ``control`` on the page does (the page has the focus on it)."""
        self.pressed, self._focused, self._shut_at = control, control, None
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1

    def from_python(self) -> None:
        """A change made by a call from Python: the focus is the notebook's; forget the
        pressed control (nothing inside ``from_page``, which calls the same methods)."""
        if self._depth == 0:
            self.pressed = self._focused = self._shut_at = None
            self._cancel()

    def settle(self, fallbacks: Sequence[w.DOMWidget]) -> w.DOMWidget | None:
        """After the controls changed: the control the focus is sent to now (sent after
        ``FOCUS_DELAY`` while an event loop runs), or ``None`` where it stays.

        ``fallbacks`` are the controls to press next, first choice first, should the
        pressed one be shut or hidden."""
        pressed = self.pressed
        if pressed is None:
            return None
        if usable(pressed):
            late = self._shut_at is not None and self._now() - self._shut_at > RETURN_SECONDS
            self._shut_at = None
            target = None if late else pressed
        else:
            if self._shut_at is None:
                self._shut_at = self._now()
            target = next((c for c in fallbacks if c is not pressed and usable(c)), None)
        if target is None or target is self._focused:
            if target is None and not usable(pressed):
                self._focused = None  # the page dropped it
            return None
        self._focused = target
        self._send(target)
        return target

    def _send(self, control: w.DOMWidget) -> None:
        self._cancel()
        loop = running_loop()
        if loop is None:  # no page is listening (a script, a test): the message is harmless
            control.focus()
            return

        def send() -> None:
            self._due = None
            if usable(control):
                control.focus()

        self._due = loop.call_later(FOCUS_DELAY, send)

    def _cancel(self) -> None:
        if self._due is not None:
            self._due.cancel()
            self._due = None


def leave(board: SceneCanvas) -> None:
    """Take the keyboard's focus off ``board`` (ipycanvas keeps every key pressed on a
    canvas, Tab too: see ``SceneCanvas.on_key``); the page's next Tab goes on from there."""
    board.widget.blur()
    for canvas in board.canvases:  # the layer on top has the focus
        canvas.blur()
