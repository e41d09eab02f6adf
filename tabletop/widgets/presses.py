"""Telling the second press of a double click from a press of its own.

A double click sends the kernel two presses at one spot a fraction of a second apart. When
the first changes what the board shows, the second lands on a board the person had not seen
yet (over a slow link, not even the first press's result): after a move, on Lascaux's "pay",
the next player paid too; after a press that lifted the hot-seat cover, the second played
a move on a board its player had never seen; after a pick, the second took the pick back.
``Presses`` drops a press from the page that comes within ``DOUBLE_CLICK`` seconds of a
press that changed the board (a move, a pick or its undoing, the cover lifted: ``mark``), at
the same spot, on the board that press left: a double click is one click, but a press
after the board changed again (Forget pressed in between, a step, a bot's move) is a press
of its own. Presses made from Python (``GameWidget.click``, ``choose``) are never dropped.

>>> presses = Presses(clock=iter([0.0, 0.0, 0.2, 0.2, 0.9]).__next__)
>>> presses.repeats(("board", 10.0, 10.0))   # the first press: its own
False
>>> presses.made_move(("board", 10.0, 10.0))
>>> presses.repeats(("board", 11.0, 10.0)), presses.repeats(("board", 10.0, 10.0))
(True, False)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from typing import Any

#: Seconds within which a second press at the spot of a press that made a move is the second
#: half of a double click (desktops' default double-click time is 400-500 ms).
DOUBLE_CLICK = 0.5
#: How far apart (scene units) two presses on the board may be and still be one double click.
SAME_SPOT = 4.0


class Presses:
    """The last press from the page that changed the board: when, and where (a board point
    ``("board", x, y)`` or a button's ``("button", target)``)."""

    def __init__(self, window: float = DOUBLE_CLICK,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.window = window
        self.clock = clock
        self._last: tuple[float, Hashable, object] | None = None

    def repeats(self, where: Hashable, board: object = None) -> bool:
        """Whether a press at ``where`` now, on ``board`` (its ``mark``), is the second half
        of a double click: soon after, at the spot, with the board as that press left it
        (it is forgotten then: a third press is a press of its own)."""
        now = self.clock()
        last, self._last = self._last, None
        if last is None or now - last[0] > self.window or last[2] != board:
            return False
        return _same_spot(last[1], where)

    def made_move(self, where: Hashable, board: object = None) -> None:
        """The press at ``where`` just changed the board (a move, a pick, the cover lifted)
        to ``board`` (its ``mark``)."""
        self._last = (self.clock(), where, board)


def _same_spot(a: Hashable, b: Hashable) -> bool:
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b) == 3 \
            and a[0] == b[0] == "board":
        return abs(a[1] - b[1]) <= SAME_SPOT and abs(a[2] - b[2]) <= SAME_SPOT
    return a == b


def mark(session: Any) -> tuple[object, ...]:
    """What a press may change on a ``Session``'s board: the position on show, whether the
    hot-seat cover is up, and the targets picked so far."""
    picked = session._input.selection if session._input is not None else ()
    return (session.timeline.cursor, id(session.state), session.covered(), picked)


def press(widget: Any, where: Hashable, act: Callable[[], object]) -> None:
    """A press from the page at ``where`` on a ``GameWidget``: ``act()`` (its click or
    choice) unless the press repeats one, noting a press that changed the board."""
    before = mark(widget.session)
    if widget.presses.repeats(where, before):
        return
    acted = None
    try:
        acted = act()
    finally:  # (a notebook's observer may raise after the move: it was made all the same)
        after = mark(widget.session)
        if acted is not None or after != before:
            widget.presses.made_move(where, after)
