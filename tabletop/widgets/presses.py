"""Telling a press the person meant from one that lands on a position they had not seen.

A double click sends the kernel two presses at one spot a fraction of a second apart. When
the first makes a move, the second lands on the next position, which the person had not
seen yet (over a slow link, not even the first press's result): on Lascaux's "pay", the
next player paid too. ``Presses`` drops a press from the page that comes within
``DOUBLE_CLICK`` seconds of a press that made a move, at the same spot: a double click is one
click. Likewise a press within ``UNSEEN`` seconds of a bot's move: it was aimed at the board
before the move, which the page had not drawn yet (the kernel sends the new board, then the
page draws it, then a person sees it and moves the mouse), so it is dropped, and the widget
says so. Presses made from Python (``GameWidget.click``, ``choose``) are never dropped.

>>> presses = Presses(clock=iter([0.0, 0.0, 0.2, 0.2, 0.9]).__next__)
>>> presses.repeats(("board", 10.0, 10.0))   # the first press: its own
False
>>> presses.made_move(("board", 10.0, 10.0))
>>> presses.repeats(("board", 11.0, 10.0)), presses.repeats(("board", 10.0, 10.0))
(True, False)
>>> presses = Presses(clock=iter([5.0, 5.1, 5.2, 9.0, 9.9]).__next__)
>>> presses.changed()                        # a bot moved at 5.0
>>> presses.unseen(), presses.unseen()       # 0.1 s later: not seen; then it counts
(True, False)
>>> presses.changed(); presses.unseen()      # at 9.0, pressed at 9.9: seen
False
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import Any

#: Seconds within which a second press at the spot of a press that made a move is the second
#: half of a double click (desktops' default double-click time is 400-500 ms).
DOUBLE_CLICK = 0.5
#: Seconds after a bot's move within which a press from the page was aimed at the board before
#: it (the page draws the move after a message's trip; a person sees it and clicks after
#: another 0.2 s or more).
UNSEEN = 0.4
#: What the message line says of a press dropped as ``unseen``.
UNSEEN_TEXT = "Your click came as the board changed, so it was not played: look, then click."
#: How far apart (scene units) two presses on the board may be and still be one double click.
SAME_SPOT = 4.0


class Presses:
    """The last press from the page that made a move: when, and where (a board point
    ``("board", x, y)`` or a button's ``("button", target)``)."""

    def __init__(self, window: float = DOUBLE_CLICK,
                 clock: Callable[[], float] = time.monotonic, unseen: float = UNSEEN) -> None:
        self.window = window
        self.clock = clock
        self.unseen_window = unseen
        self._last: tuple[float, Hashable] | None = None
        self._changed: float | None = None

    def repeats(self, where: Hashable) -> bool:
        """Whether a press at ``where`` now is the second half of a double click (it is
        forgotten then: a third press is a press of its own)."""
        now = self.clock()
        last, self._last = self._last, None
        if last is None or now - last[0] > self.window:
            return False
        return _same_spot(last[1], where)

    def made_move(self, where: Hashable) -> None:
        """The press at ``where`` just made a move."""
        self._last = (self.clock(), where)

    def changed(self) -> None:
        """A bot just moved: the board changed under the person's mouse."""
        self._changed = self.clock()

    def dropped(self, where: Hashable) -> str | None:
        """Why a press from the page at ``where`` now does not count — ``"double"`` (it
        ``repeats`` one), ``"unseen"`` (``unseen``) — or ``None``: it counts."""
        if self.repeats(where):
            return "double"
        return "unseen" if self.unseen() else None

    def unseen(self) -> bool:
        """Whether a press now comes too soon after a bot's move to have been aimed at it
        (it is forgotten then: the next press counts)."""
        now = self.clock()
        changed, self._changed = self._changed, None
        return changed is not None and now - changed <= self.unseen_window


def _same_spot(a: Hashable, b: Hashable) -> bool:
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b) == 3 \
            and a[0] == b[0] == "board":
        return abs(a[1] - b[1]) <= SAME_SPOT and abs(a[2] - b[2]) <= SAME_SPOT
    return a == b


def press(widget: Any, where: Hashable, act: Callable[[], object]) -> None:
    """A press from the page at ``where`` on a ``GameWidget``: ``act()`` (its click or
    choice) if the press counts, noting a move it makes; the message line tells of one aimed
    at the board before a bot's move."""
    dropped = widget.presses.dropped(where)
    if dropped == "unseen":
        widget.session.message = replace(widget.session.message, text=UNSEEN_TEXT)
        widget._refresh()
    elif dropped is None and act() is not None:
        widget.presses.made_move(where)
