"""``TreeCursor``: a small canvas laid over the tree's selected node, which takes the keyboard.

The tree is one canvas in a region that scrolls, and ipywidgets cannot scroll a region from
Python. A browser does scroll a region to show the element it gives the focus to, so the
cursor, a canvas just the size of a node's ring placed over the selected node (in the same
grid cell as the tree's canvas, moved by its margins), is given the focus when a key moves
the selection: the region scrolls to the node, and the next key pressed is the cursor's
(ipycanvas sends it to Python like the tree's own). It draws a dark ring round the node, so
the selection shows without its colour too; a click or tap on it is a click on the node.

>>> cursor = TreeCursor(on_key=lambda key, shift: None, on_click=lambda: None)
>>> cursor.place(100.0, 52.0)
>>> cursor.widget.layout.margin, cursor.widget.layout.width
('40px 0 0 88px', '24px')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ipycanvas import Canvas
from ipywidgets import Layout

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
    """The canvas over the selected node (see the module); ``widget`` goes in the tree
    canvas's frame, ``on_key(key, shift)`` hears its keys, ``on_click()`` its presses."""

    def __init__(self, *, on_key: Callable[[str, bool], Any],
                 on_click: Callable[[], Any]) -> None:
        side = CURSOR_SIZE * _SHARP
        self.widget = Canvas(width=side, height=side, layout=Layout(
            grid_area="1 / 1", width=f"{CURSOR_SIZE}px", height=f"{CURSOR_SIZE}px",
            align_self="flex-start", margin="0"))
        self.widget.add_class("tabletop-tree-cursor")
        self._draw()
        self.widget.on_client_ready(self._repaint)
        self.widget.on_key_down(lambda key, shift, _ctrl, _meta: on_key(key, shift))
        self.widget.on_mouse_down(lambda _x, _y: on_click())
        self.widget.on_touch_start(lambda touches: on_click() if len(touches) == 1 else None)
        self._due: Any = None

    def _draw(self) -> None:
        side = CURSOR_SIZE * _SHARP
        self.widget.clear()
        self.widget.stroke_style = _INK
        self.widget.line_width = 2 * _SHARP
        self.widget.stroke_circle(side / 2, side / 2, side / 2 - 2 * _SHARP)

    def _repaint(self) -> None:
        """A new frontend (a page reload, Voilà): draw the ring again, addressing the cursor
        explicitly (see ``SceneCanvas._client_ready`` for ipycanvas's remembered canvas)."""
        manager = getattr(self.widget, "_canvas_manager", None)
        if manager is not None and hasattr(manager, "_current_canvas"):
            manager._current_canvas = None
        self._draw()

    def place(self, x: float, y: float) -> None:
        """Lay the cursor over scene point ``(x, y)`` (the tree is drawn one CSS pixel per
        scene unit)."""
        half = CURSOR_SIZE / 2
        self.widget.layout.margin = f"{y - half:g}px 0 0 {x - half:g}px"

    def take_focus(self) -> None:
        """Give the cursor the focus (the region scrolls to it), once its new place has
        reached the page (``FOCUS_DELAY`` after, while an event loop runs)."""
        self.cancel()
        loop = running_loop()
        if loop is None:  # no page listening: the messages are harmless
            self._focus()
            return
        self._due = loop.call_later(FOCUS_DELAY, self._focus)

    def _focus(self) -> None:
        self._due = None
        if self.widget.comm is not None:
            # blurred first: a focused element given the focus again is not scrolled to
            self.widget.blur()
            self.widget.focus()

    def cancel(self) -> None:
        """Forget a focus still due."""
        if self._due is not None:
            self._due.cancel()
            self._due = None

    def close(self) -> None:
        """Close the cursor's canvas."""
        self.cancel()
        self.widget.on_client_ready(self._repaint, remove=True)
        self.widget.close()
        self.widget.layout.close()
