"""``TreeCursor``: a small canvas laid over the tree's selected node, which takes the keyboard.

The tree is one canvas in a region that scrolls, and ipywidgets cannot scroll a region from
Python. A browser does scroll a region to show the element it gives the focus to, so the
cursor, a canvas just the size of a node's ring placed over the selected node (in the same
grid cell as the tree's canvas, moved by its margins), is given the focus when a key moves
the selection: the region scrolls to the node, and the next key pressed is the cursor's
(ipycanvas sends it to Python like the tree's own). It draws a dark ring round the node, so
the selection shows without its colour too; a click or tap on it is a click on the node.

A browser does not scroll to an element that has the focus already and is given it again,
and taking the focus off first (``blur``) would drop a key pressed in between. So the
cursor is two canvases taking turns: the one shown moves with the selection, and a key's
move gives it the focus, or if it has the focus, shows the other at the same place and gives
that one the focus (the region scrolls), then hides the first. A key pressed meanwhile
reaches one of the two, which do the same.

>>> cursor = TreeCursor(on_key=lambda key, shift: None, on_click=lambda: None)
>>> cursor.place(100.0, 52.0)
>>> cursor.widget.layout.margin, cursor.widget.layout.width
('40px 0 0 88px', '24px')
>>> first = cursor.widget
>>> cursor.take_focus()  # the focus on no part yet: the one shown takes it
>>> cursor.widget is first
True
>>> cursor.take_focus()  # it has the focus: the other, at the same place, takes it
>>> cursor.widget is not first, cursor.widget.layout.margin, first.layout.display
(True, '40px 0 0 88px', 'none')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ipycanvas import Canvas
from ipywidgets import Layout

from ..render.canvasclose import close_when_drawn
from ..render.scenecanvas import running_loop
from .keyfocus import FOCUS_DELAY

__all__ = ["CURSOR_SIZE", "TreeCursor"]

#: The cursor's side in CSS pixels: a node (radius 6) with its selection halo (+4) and a
#: ring round them.
CURSOR_SIZE = 24
#: Canvas pixels per CSS pixel (sharp on a 2x screen).
_SHARP = 2
_INK = "#1f2430"


class TreeCursor:
    """The canvases over the selected node (see the module); ``parts`` go in the tree
    canvas's frame, ``widget`` is the one shown, ``on_key(key, shift)`` hears their keys,
    ``on_click()`` their presses."""

    def __init__(self, *, on_key: Callable[[str, bool], Any],
                 on_click: Callable[[], Any]) -> None:
        self.parts = (self._part(on_key, on_click), self._part(on_key, on_click))
        self.parts[1].layout.display = "none"
        self.widget = self.parts[0]
        self._holder: Any = None  # the part the focus was sent to last (None: no part)
        self._due: Any = None

    def _part(self, on_key: Callable[[str, bool], Any],
              on_click: Callable[[], Any]) -> Canvas:
        side = CURSOR_SIZE * _SHARP
        part = Canvas(width=side, height=side, layout=Layout(
            grid_area="1 / 1", width=f"{CURSOR_SIZE}px", height=f"{CURSOR_SIZE}px",
            align_self="flex-start", margin="0"))
        part.add_class("tabletop-tree-cursor")
        _draw(part)
        part.on_client_ready(lambda: _repaint(part))
        part.on_key_down(lambda key, shift, _ctrl, _meta: on_key(key, shift))
        part.on_mouse_down(lambda _x, _y: on_click())
        part.on_touch_start(lambda touches: on_click() if len(touches) == 1 else None)
        return part

    def place(self, x: float, y: float) -> None:
        """Lay the cursor over scene point ``(x, y)`` (the tree is drawn one CSS pixel per
        scene unit)."""
        half = CURSOR_SIZE / 2
        self.widget.layout.margin = f"{y - half:g}px 0 0 {x - half:g}px"

    def show(self, shown: bool) -> None:
        """Show the cursor, or hide it (its node is not drawn)."""
        self.widget.layout.display = None if shown else "none"

    def take_focus(self) -> None:
        """Give the focus to the cursor where it is now (the region scrolls to it): if the
        part shown has it, the other is shown there instead; the part shown takes it once
        its place has reached the page (``FOCUS_DELAY`` after, while an event loop runs),
        and the other is hidden then. Keys pressed faster than that move the part still
        waiting for the focus, which takes it after the last."""
        self.cancel()
        shown = self.widget
        if shown is self._holder:
            after = self.parts[self.parts[0] is shown]
            after.layout.margin = shown.layout.margin
            after.layout.display = shown.layout.display
            self.widget = after
        loop = running_loop()
        if loop is None:  # no page listening: the messages are harmless
            self._focus()
            return
        self._due = loop.call_later(FOCUS_DELAY, self._focus)

    def _focus(self) -> None:
        self._due = None
        if self.widget.comm is not None:
            self.widget.focus()
            self._holder = self.widget
            for part in self.parts:
                if part is not self.widget:
                    part.layout.display = "none"

    def leave(self) -> None:
        """Take the focus off the tree past the cursor (a focus still due is forgotten):
        the cursor shown takes it and lets it go, so the page's next Tab goes on from the
        cursor, not to it (the tree's canvas comes before it)."""
        self.cancel()
        if self.widget.layout.display != "none":
            self.widget.focus()
        for part in self.parts:
            part.blur()
        self._holder = None

    def cancel(self) -> None:
        """Forget a focus still due."""
        if self._due is not None:
            self._due.cancel()
            self._due = None

    def close(self) -> None:
        """Close the cursor's canvases (once the page has drawn them: ``canvasclose``)."""
        self.cancel()
        close_when_drawn([x for part in self.parts for x in (part, part.layout)])


def _draw(part: Canvas) -> None:
    side = CURSOR_SIZE * _SHARP
    part.clear()
    part.stroke_style = _INK
    part.line_width = 2 * _SHARP
    part.stroke_circle(side / 2, side / 2, side / 2 - 2 * _SHARP)


def _repaint(part: Canvas) -> None:
    """A new frontend (a page reload, Voilà): draw the ring again, addressing the canvas
    explicitly (see ``SceneCanvas._client_ready`` for ipycanvas's remembered canvas)."""
    if part.comm is None:
        return
    manager = getattr(part, "_canvas_manager", None)
    if manager is not None and hasattr(manager, "_current_canvas"):
        manager._current_canvas = None
    _draw(part)
