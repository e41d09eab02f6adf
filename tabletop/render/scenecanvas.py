"""``SceneCanvas``: the ipycanvas widget that shows scenes and maps clicks back to them.

A fixed CSS size, or (``fit_height``) one that scales with the width it is given; clicks
mapped back to scene units; a full repaint whenever a new frontend connects. The painting
itself is ``canvas.CanvasRenderer``'s. Under the canvas lies a still picture of the same
scene (an ``Image`` widget holding its SVG), which a page rebuilt from saved widget state
shows where the canvas stays blank: ipycanvas' drawings are messages, not widget state.
The still is the larger half of what a draw sends (its SVG is 9-25 KB against the frame's
5-25 KB), so while an event loop runs it is sent once the draws pause for ``STILL_DELAY``
seconds (or after ``STILL_MAX_WAIT``), with the scene drawn last (see ``SceneCanvas.draw``).

>>> from tabletop.render.scene import Scene
>>> board = SceneCanvas()
>>> scene = Scene(100, 50, background="white")
>>> scene.circle(25, 25, 10, fill="red", target=("cell", "a1"))
>>> board.draw(scene)
>>> board.to_scene(50.0, 50.0)   # a click at canvas pixel (50, 50), at resolution 2
(25.0, 25.0)
"""

from __future__ import annotations

import asyncio
import math
import weakref
from collections.abc import Callable, Hashable
from typing import Any

from ..core.plain import real
from .canvas import LAYERS, CanvasRenderer
from .canvasclose import close_parts, page_drawing
from .scene import Circle, Scene, Shape, Text
from .svg import to_svg

#: The most shapes a scene may have for its still picture to be kept (a giant tree's SVG
#: would cost more than its picture is worth): past that the still is hidden.
STILL_SHAPES = 5000
#: Seconds without a draw after which the still is sent, when an event loop runs, so that a
#: run of draws (a person's clicks and steps, bots playing each other) sends one still for
#: them all: the last scene's; and sent at the latest ``STILL_MAX_WAIT`` seconds after the
#: first draw it waits for. A cell's draws are sent when it ends (``_flush_after_cells``), so
#: a notebook executed by nbconvert or papermill keeps every board's last picture; one saved
#: within ``STILL_DELAY`` of a click may keep the picture before it.
STILL_DELAY = 2.0
STILL_MAX_WAIT = 20.0
_WAITING: weakref.WeakSet[SceneCanvas] = weakref.WeakSet()  # canvases whose still is due


class SceneCanvas:
    """A ``MultiCanvas`` that shows scenes, with clicks reported in scene units.

    ``widget`` is the canvas; ``frame`` (a ``Box`` holding it) is what to put in a layout.
    ``on_click(f)`` calls ``f(x, y)`` with scene coordinates; ``resolution`` is canvas pixels
    per scene unit (2 keeps text sharp on high-density screens).

    By default the canvas shows one CSS pixel per scene unit. With ``fit_height`` it fills the
    width its frame is given instead, keeping the scene's proportions, up to one CSS pixel per
    scene unit and ``fit_height`` CSS pixels tall: the browser scales the picture, and the
    frontend reports clicks in canvas pixels whatever the scale, so ``to_scene`` still holds.
    ``fit_css`` (with ``fit_height``) is a CSS length the board is at most as tall as too,
    worked out by the browser: one that follows the window's height keeps a short window's
    controls below the board on screen.
    """

    def __init__(self, *, layers: int = LAYERS, resolution: float = 2.0,
                 fit_height: float | None = None, fit_css: str | None = None) -> None:
        from ipycanvas import MultiCanvas
        from ipywidgets import Box, Image, Layout

        self._resolution = _resolution_of(resolution)
        self.fit_height = fit_height
        self.fit_css = fit_css
        self.widget = MultiCanvas(layers, width=1, height=1)
        self.widget.add_class("tabletop-canvas")
        # the still and the canvas share the frame's one grid cell; the canvas paints over it
        self.still = Image(format="svg+xml", layout=Layout(grid_area="1 / 1", display="none",
                                                           margin="0"))
        self.still.add_class("tabletop-still")
        self.widget.layout.grid_area = "1 / 1"
        self.frame = Box([self.still, self.widget], layout=Layout(display="grid"))
        self.frame.add_class("tabletop-board")
        self.canvases = [self.widget[i] for i in range(layers)]
        self.renderer = CanvasRenderer(self.canvases, scale=resolution)
        self._click_handlers: list[Callable[[float, float], Any]] = []
        self.widget.on_mouse_down(self._mouse_down)
        # ipycanvas stops a touch's emulated mouse events, so a finger's tap comes as a touch
        self.widget.on_touch_start(self._touch_start)
        for canvas in self.canvases:
            canvas.on_client_ready(self._client_ready)
        self.frames = 0  # how many draws were sent (for tests and benchmarks)
        self.still_delay = STILL_DELAY
        self._still_scene: Scene | None = None  # drawn, its still not yet sent
        self._still_due: asyncio.TimerHandle | None = None
        self._still_since = 0.0  # the loop's time of the first draw the still waits for
        self.closed = False

    @property
    def resolution(self) -> float:
        """Canvas pixels per scene unit: a finite number above 0 (checked when set)."""
        return self._resolution

    @resolution.setter
    def resolution(self, resolution: float) -> None:
        self.set_resolution(resolution)

    def fitted_width(self, width: float, height: float) -> float:
        """The widest a ``width`` x ``height`` scene is shown, in CSS pixels."""
        if self.fit_height is None or height <= 0:
            return width
        return min(width, self.fit_height * width / height)

    @property
    def scene(self) -> Scene | None:
        """The scene drawn now (``None`` before the first draw)."""
        return self.renderer.scene

    def draw(self, scene: Scene) -> None:
        """Show ``scene``, resizing the canvas when the scene's size changed (nothing once
        closed: a closed canvas has no comm to draw through).

        The still under the canvas shows ``scene`` at once when no event loop runs or
        ``still_delay`` is 0, else once no draw came for ``still_delay`` seconds, or
        ``STILL_MAX_WAIT`` seconds after the first draw it waits for (``flush_still`` sends
        it now).
        """
        if self.closed:
            return
        width = max(1, math.ceil(scene.width * self.resolution))
        height = max(1, math.ceil(scene.height * self.resolution))
        if (self.widget.width, self.widget.height) != (width, height):
            self.widget.width, self.widget.height = width, height
            self._size(scene.width, scene.height)
            self.renderer.forget()
        self.renderer.draw(scene)
        self.frames += 1
        self._keep_still(scene)

    def _keep_still(self, scene: Scene) -> None:
        """Have the still show ``scene``: now, or with the next still sent (see ``draw``)."""
        self._still_scene = scene
        loop = running_loop()
        if self.still_delay <= 0 or loop is None or not self.still.value:
            self.flush_still()  # (a board's first still at once: no board is without one)
        else:
            now = loop.time()
            if self._still_due is None:
                self._still_since = now
                _WAITING.add(self)
                _flush_after_cells()
            else:
                self._still_due.cancel()
            due = min(now + self.still_delay, self._still_since + STILL_MAX_WAIT)
            self._still_due = loop.call_at(due, self.flush_still)

    def flush_still(self) -> None:
        """Send the still of the scene drawn last now, if it was not (hidden for a giant
        scene)."""
        if self._still_due is not None:
            self._still_due.cancel()
            self._still_due = None
        _WAITING.discard(self)
        scene, self._still_scene = self._still_scene, None
        if scene is None or self.still.comm is None:  # nothing new, or closed
            return
        if len(scene.shapes) > STILL_SHAPES:
            self.still.layout.display = "none"
            self.still.value = b""  # no earlier picture left in the widget state
            return
        self.still.value = to_svg(scene).encode("utf-8")
        self.still.layout.display = None

    def set_resolution(self, resolution: float) -> None:
        """Draw the next scenes at ``resolution`` canvas pixels per scene unit."""
        resolution = _resolution_of(resolution)
        if resolution != self._resolution:
            self._resolution = resolution
            self.renderer.scale = resolution
            self.renderer.forget()

    def _size(self, width: float, height: float) -> None:
        """The CSS size for a ``width`` x ``height`` scene: fixed, or fitted to the frame."""
        layout, still = self.widget.layout, self.still.layout
        if self.fit_height is None:
            layout.width, layout.height = f"{width:g}px", f"{height:g}px"
            layout.min_width = f"{width:g}px"
            still.width, still.height = layout.width, layout.height
            return
        # The canvas fills its frame's width and its height follows the canvas's own
        # proportions; the frame's widest is where the picture is 1:1 or fit_height tall.
        layout.width, layout.height = "100%", "auto"
        still.width, still.height = "100%", "auto"
        self.frame.layout.grid_template_columns = "minmax(0, 1fr)"
        widest = f"{math.floor(self.fitted_width(width, height))}px"
        if self.fit_css is not None and height > 0:  # the width for fit_css's height
            widest = f"min({widest}, calc({self.fit_css} * {width / height:.4f}))"
        self.frame.layout.max_width = widest

    def close(self) -> None:
        """Close the canvases and their frame, with their layouts (the page forgets them),
        and let go of everything drawn or called: ipycanvas' one process-wide canvas manager
        remembers the canvas it last drew on, so a closed board it still named kept its
        click handlers alive (the whole widget, its game and timeline) until another board
        drew. In a kernel the canvases close once the page has drawn what was sent to them
        (``tabletop.render.canvasclose``), elsewhere at once."""
        self.closed = True
        if self._still_due is not None:
            self._still_due.cancel()
            self._still_due = None
        _WAITING.discard(self)
        self._still_scene = None
        self._click_handlers.clear()
        manager = getattr(self.canvases[0], "_canvas_manager", None) if self.canvases else None
        if manager is not None and getattr(manager, "_current_canvas", None) in [
                self.widget, *self.canvases]:
            manager._current_canvas = None
        self.widget.on_mouse_down(self._mouse_down, remove=True)
        self.widget.on_touch_start(self._touch_start, remove=True)
        for canvas in self.canvases:
            canvas.on_client_ready(self._client_ready, remove=True)
        # The still and the frame go now; the canvases once the page has drawn what was
        # sent to them (closed sooner, a page's every canvas stops drawing: canvasclose).
        close_parts([x for part in [*self.canvases, self.widget, self.still, self.frame]
                     for x in (part, part.layout)])

    def to_scene(self, x: float, y: float) -> tuple[float, float]:
        """Canvas pixel coordinates (what ipycanvas reports) in scene units."""
        return (x / self.resolution, y / self.resolution)

    def to_canvas(self, x: float, y: float) -> tuple[float, float]:
        """Scene units in canvas pixels."""
        return (x * self.resolution, y * self.resolution)

    def on_click(self, handler: Callable[[float, float], Any]) -> None:
        """Call ``handler(x, y)`` (scene units) on every press: a mouse button or a pen, or a
        finger touching the screen while no other does (a tap; a second finger is not one)."""
        self._click_handlers.append(handler)

    def on_key(self, handler: Callable[[str, bool], Any]) -> None:
        """Call ``handler(key, shift)`` on every key pressed while the board has the focus.

        ipycanvas gives its canvas the focus (``tabindex``) and keeps every key pressed
        there for the kernel, Tab included: the page never moves the focus on from a board,
        so whoever listens here must (``GameWidget`` sends Tab to its next control)."""
        self.widget.on_key_down(lambda key, shift, _ctrl, _meta: handler(key, shift))

    def _mouse_down(self, x: float, y: float) -> None:
        sx, sy = self.to_scene(x, y)
        for handler in self._click_handlers:
            handler(sx, sy)

    def _touch_start(self, touches: list[tuple[float, float]]) -> None:
        """The fingers on the canvas (canvas pixels) when one more touched it: a lone finger
        presses like a mouse button, on the target it covers (``tap_point``)."""
        if len(touches) == 1:
            x, y = self.to_scene(*touches[0])
            if self.scene is not None:
                x, y = tap_point(self.scene, x, y, self.tap_reach(self.scene))
            for handler in self._click_handlers:
                handler(x, y)

    def tap_reach(self, scene: Scene) -> float:
        """How far (scene units) a tap on no target reaches: ``TAP_REACH`` CSS px, on the
        narrowest board shown (a board scaled to its width shrinks down to a phone's
        ``NARROWEST_BOARD`` CSS px: Lacuna's 640-unit board at 330 px, half a pixel a unit).

        >>> board = SceneCanvas(fit_height=500)
        >>> board.tap_reach(Scene(640, 540)), board.tap_reach(Scene(100, 100))
        (24.0, 12.0)
        >>> SceneCanvas().tap_reach(Scene(640, 540))  # one CSS pixel a unit
        12.0
        """
        if self.fit_height is None:
            return TAP_REACH
        return max(TAP_REACH, TAP_REACH * scene.width / NARROWEST_BOARD)

    def _client_ready(self) -> None:
        """A new frontend connected (first display, page reload, Voilà): repaint everything.

        ipycanvas remembers which canvas its last command addressed and skips the switch
        command when the next one addresses the same canvas, so a fresh frontend would draw
        on no canvas at all. Forgetting that choice (a private attribute, touched only here)
        makes the next command switch explicitly (it is touched in ``close()`` too).
        """
        if self.closed:
            return
        page_drawing()
        manager = getattr(self.canvases[0], "_canvas_manager", None)
        if manager is not None and hasattr(manager, "_current_canvas"):
            manager._current_canvas = None
        self.renderer.redraw()


#: How far (CSS px: scene units on a canvas shown one pixel a unit) a finger's tap on no
#: target reaches for the nearest one: a finger covers about 24 CSS px, more than Lacuna's
#: flowers and spots (16 units across).
TAP_REACH = 12.0
#: The narrowest a board scaled to its width is shown (CSS px): a phone's 360 px screen less
#: Voilà's margins gives it 330 (``SceneCanvas.tap_reach``).
NARROWEST_BOARD = 320.0


def tap_point(scene: Scene, x: float, y: float, reach: float = TAP_REACH
              ) -> tuple[float, float]:
    """Where a finger's tap at ``(x, y)`` lands: there if it hits a target or no target is
    within ``reach``, else the nearest point (2 units apart, 16 directions) that hits one.

    >>> scene = Scene(100, 100)
    >>> scene.circle(50, 50, 8, target="flower")
    >>> tap_point(scene, 66, 50), tap_point(scene, 80, 50)
    ((58.0, 50.0), (80, 50))
    """
    if scene.hit(x, y) is not None:
        return (x, y)
    # Every targeted shape a point within reach can hit, topmost first (as ``Scene.hit``).
    near = [s for s in reversed(scene.ordered())
            if s.target is not None and _within(s, x, y, reach)]
    for step in range(1, int(reach // 2) + 1):
        for k in range(16 if near else 0):
            angle = math.pi * k / 8
            px = round(x + 2 * step * math.cos(angle), 6)
            py = round(y + 2 * step * math.sin(angle), 6)
            if any(s.contains(px, py) for s in near):
                return (px, py)
    return (x, y)


def _within(shape: Shape, x: float, y: float, reach: float) -> bool:
    x0, y0, x1, y1 = shape.bounds()
    return x0 - reach <= x <= x1 + reach and y0 - reach <= y <= y1 + reach


def shape_center(shape: Shape) -> tuple[float, float]:
    """The middle of a shape's bounds: where to click it."""
    if isinstance(shape, Circle):
        return (shape.x, shape.y)
    if isinstance(shape, Text):
        x0, _, x1, _ = shape.bounds()
        return ((x0 + x1) / 2, shape.y)
    x0, y0, x1, y1 = shape.bounds()
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def click_point(scene: Scene, target: Hashable) -> tuple[float, float]:
    """A point that hits ``target`` in ``scene`` (its shape's centre, or a nearby point).

    ``KeyError`` if no shape carries the target, ``ValueError`` if it is fully covered.
    """
    shape = scene.targets().get(target)
    if shape is None:
        raise KeyError(f"no shape in the scene has target {target!r}")
    cx, cy = shape_center(shape)
    if scene.hit(cx, cy) == target:
        return (cx, cy)
    x0, y0, x1, y1 = shape.bounds()
    steps = 8
    for i in range(1, steps):
        for j in range(1, steps):
            x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * j / steps
            if scene.hit(x, y) == target:
                return (x, y)
    raise ValueError(f"target {target!r} is covered by other shapes everywhere")


def flush_stills(*_: object) -> None:
    """Send every still that waits (run after each cell: see ``STILL_DELAY``)."""
    for board in list(_WAITING):
        board.flush_still()


_hooked: list[object] = []  # the IPython shell whose cells end with ``flush_stills``


def _flush_after_cells() -> None:
    """Have IPython send the waiting stills when a cell ends, before the kernel says it is
    idle (once per shell): what a cell drew is in the notebook it runs in."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - ipywidgets needs IPython
        return
    # IPython annotates get_ipython from 9 on, not before: called through a typed name, it
    # type-checks under both (an ignore would be "unused" under one of them)
    current: Callable[[], Any] = get_ipython
    shell = current()
    if shell is None or any(hooked is shell for hooked in _hooked):
        return
    shell.events.register("post_run_cell", flush_stills)
    _hooked.append(shell)


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running in this thread, if any."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _resolution_of(resolution: object) -> float:
    """``resolution`` as a float, or a ``ValueError`` if it is no finite number above 0."""
    return real(resolution, "a canvas's resolution must be a finite number > 0", low=0.0,
                above=True)
