"""Closing canvases only once the page has drawn everything sent to them.

ipycanvas (0.14) draws every canvas of a page through ONE chain of promises. A drawing
message for a canvas whose model was closed meanwhile (a comm's close is handled at once,
not through the chain) fails with "widget model not found", the chain stays rejected, and
no canvas on the page draws again until it is reloaded. So a canvas is not closed while
commands for it may still wait in that chain: a 1x1 *marker* canvas, never shown, whose page
model sends its pixels back (``sync_image_data``), is painted a new colour after the
canvas's last command; when pixels of that colour (or a later one) come back, the chain is
past that command, and the canvas is closed then.

Nothing waits for ever: outside a kernel (a script, a test: no page can have queued
anything) or with no event loop running, widgets close at once; in a kernel, at the latest
``WAIT`` seconds later (a page that never answers: closed, or none, as under nbconvert).
With two pages open, the first to answer decides.

>>> from ipywidgets import Layout
>>> part = Layout()
>>> close_when_drawn([part])   # no kernel here: closed at once
>>> part.comm is None
True
>>> mark_colour(258), mark_of(bytes([2, 1, 0]))
('#020100', 258)
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as w

#: The longest (seconds) a close waits for the page's answer before closing anyway.
WAIT = 20.0
_MARKS = 1 << 24  # one colour a mark: red, green, blue are its three bytes


def mark_colour(mark: int) -> str:
    """The CSS colour that paints ``mark`` (its three low bytes, lowest first)."""
    return "#" + bytes([mark & 255, mark >> 8 & 255, mark >> 16 & 255]).hex()


def mark_of(rgb: bytes) -> int:
    """The mark a pixel's red, green and blue bytes paint (``mark_colour`` undone)."""
    return rgb[0] | rgb[1] << 8 | rgb[2] << 16


def passed(mark: int, drawn: int) -> bool:
    """Whether the page having drawn mark ``drawn`` means it drew ``mark`` (marks count
    round modulo 2**24: ``drawn`` is at most half of that ahead)."""
    return (drawn - mark) % _MARKS < _MARKS // 2


def pixel_mark(image: bytes) -> int | None:
    """The mark the first pixel of ``image`` (the PNG a page sends back) paints, or ``None``
    for bytes that are no image."""
    try:
        from PIL import Image

        with Image.open(io.BytesIO(image)) as picture:
            rgb = picture.convert("RGB").getpixel((0, 0))
    except Exception:  # noqa: BLE001 - anything unreadable is no answer: the wait goes on
        return None
    return mark_of(bytes(rgb)) if isinstance(rgb, tuple) else None


def in_kernel() -> bool:
    """Whether this process is a Jupyter kernel (a page may be drawing its canvases)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - ipywidgets needs IPython
        return False
    shell: Callable[[], Any] = get_ipython  # (untyped in IPython)
    return getattr(shell(), "kernel", None) is not None


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running in this thread, if any."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _make_marker() -> Any:
    from ipycanvas import Canvas

    return Canvas(width=1, height=1, sync_image_data=True, _send_client_ready_event=False)


class DrawnCloser:
    """Closes widgets once a marker drawn after them comes back (see the module's
    docstring); ``close_when_drawn`` uses one for the whole process. ``front_end`` says
    whether a page may be drawing, ``make_marker`` makes the marker canvas."""

    def __init__(self, *, front_end: Callable[[], bool] = in_kernel,
                 make_marker: Callable[[], Any] = _make_marker, wait: float = WAIT) -> None:
        self.front_end = front_end
        self.make_marker = make_marker
        self.wait = wait
        self.marks = 0
        self.pending: list[tuple[int, list[w.Widget], asyncio.TimerHandle]] = []
        self._marker: Any = None

    def marker(self) -> Any:
        """The marker canvas (made now if there is none open): made early, when a page
        first draws, its page model is there long before the first close."""
        if self._marker is None or self._marker.comm is None:
            self._marker = self.make_marker()
            self._marker.observe(self._answered, "image_data")
        return self._marker

    def close(self, widgets: Iterable[w.Widget]) -> None:
        """Close ``widgets`` once the page has drawn what was sent before now (at once
        outside a kernel or without an event loop; after ``wait`` seconds at the latest)."""
        parts = [part for part in widgets if part.comm is not None]
        loop = running_loop()
        if not parts:
            return
        if loop is None or not self.front_end():
            _close(parts)
            return
        marker = self.marker()
        self.marks = (self.marks + 1) % _MARKS
        mark = self.marks
        self.pending.append((mark, parts, loop.call_later(self.wait, self.flush, mark)))
        marker.fill_style = mark_colour(mark)
        marker.fill_rect(0, 0, 1, 1)

    def flush(self, upto: int | None = None) -> None:
        """Close now what waits (all of it, or what waits for marks up to ``upto``)."""
        self._close_passed(self.marks if upto is None else upto)

    def _answered(self, change: dict[str, Any]) -> None:
        drawn = pixel_mark(change["new"]) if isinstance(change["new"], bytes) else None
        if drawn is not None:
            self._close_passed(drawn)

    def _close_passed(self, drawn: int) -> None:
        done = [entry for entry in self.pending if passed(entry[0], drawn)]
        self.pending = [entry for entry in self.pending if not passed(entry[0], drawn)]
        for _, parts, timer in done:
            timer.cancel()
            _close(parts)


def _close(parts: Iterable[w.Widget]) -> None:
    for part in parts:
        part.close()


#: The process's closer.
CLOSER = DrawnCloser()


def close_when_drawn(widgets: Iterable[w.Widget]) -> None:
    """Close ``widgets`` (canvases and their layouts) once the page has drawn every command
    sent to them (see the module's docstring)."""
    CLOSER.close(widgets)


def is_canvas(widget: w.Widget) -> bool:
    """Whether ``widget`` is one of ipycanvas' (a canvas the page's drawing chain may name).

    >>> is_canvas(w.Layout())
    False
    """
    return type(widget).__module__.split(".")[0] == "ipycanvas"


def close_parts(parts: Iterable[w.Widget]) -> None:
    """Close ``parts``: the canvases among them, with their layouts, once the page has drawn
    them (``close_when_drawn``), the others now."""
    parts = list(parts)
    canvases = [x for part in parts if is_canvas(part)
                for x in (part, getattr(part, "layout", None)) if isinstance(x, w.Widget)]
    later = {id(x) for x in canvases}
    _close(part for part in parts if id(part) not in later)
    close_when_drawn(canvases)


def page_drawing() -> None:
    """Note that a page draws our canvases (a canvas said it is ready): the marker is made
    now, so that its page model is there before any close needs it."""
    if CLOSER.front_end():
        CLOSER.marker()
