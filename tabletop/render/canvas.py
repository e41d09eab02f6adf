"""``Scene`` → ipycanvas: the whole frame in one message, shapes in vectorised calls.

``paint(canvas, shapes)`` turns shapes into canvas calls on anything with the ipycanvas
``Canvas`` API (a recording stand-in in tests): shapes are grouped into runs of one kind
(``batches``, which never reorders overlapping shapes), and each run becomes one vectorised
call per paint (``fill_circles``, or ``fill_styled_circles`` when its colours differ).
``CanvasRenderer`` spreads a scene's layers over the canvases of a ``MultiCanvas`` and
repaints only the canvases whose shapes changed, each frame sent as one message.
The widget that shows scenes with it is ``scenecanvas.SceneCanvas``.

>>> from tabletop.render.scene import Scene
>>> scene = Scene(100, 50, background="white")
>>> scene.circle(25, 25, 10, fill="red")
>>> [len(run) for run in batches(scene.shapes)]
[1]
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any, cast

import numpy as np

from ..core.memos import memo
from ..core.quoting import brief
from .scene import Circle, Line, Polygon, Rect, Scene, Shape, Text

#: How many ``MultiCanvas`` layers a ``SceneCanvas`` has. One: the frontend composites every
#: layer again for each layer a frame repaints, which costs the page more (measured in
#: JupyterLab: 8-17 ms a frame with three layers, 4-10 ms with one) than re-sending the
#: unchanged layers costs the kernel.
LAYERS = 1
#: Segments per quarter circle when a rounded rectangle becomes a polygon.
CORNER_STEPS = 4

RGBA = tuple[int, int, int, float]


# --- colours -------------------------------------------------------------------------------
_HEX = re.compile(r"#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})")
_FUNC = re.compile(r"rgba?\(([^)]*)\)")
#: CSS's sixteen basic colour keywords (and ``grey``), read without Pillow: the scenes name
#: ``white`` and ``black``, and a picture drawn as SVG should not import an image library
#: into the user's process (``check_guest``). Other names (``sienna``) and ``hsl()`` are
#: Pillow's to read, which comes with ipycanvas.
_BASIC = {
    "black": (0, 0, 0), "silver": (192, 192, 192), "gray": (128, 128, 128),
    "grey": (128, 128, 128), "white": (255, 255, 255), "maroon": (128, 0, 0),
    "red": (255, 0, 0), "purple": (128, 0, 128), "fuchsia": (255, 0, 255),
    "green": (0, 128, 0), "lime": (0, 255, 0), "olive": (128, 128, 0),
    "yellow": (255, 255, 0), "navy": (0, 0, 128), "blue": (0, 0, 255),
    "teal": (0, 128, 128), "aqua": (0, 255, 255),
}


@memo(1024)
def parse_color(color: str) -> RGBA:
    """A CSS colour as ``(r, g, b, alpha)``; ``ValueError`` quoting it if it isn't one.

    >>> parse_color("#ff000080")
    (255, 0, 0, 0.502)
    >>> parse_color("rgba(0, 128, 0, 0.5)"), parse_color("sienna")
    ((0, 128, 0, 0.5), (160, 82, 45, 1.0))
    """
    if not isinstance(color, str):
        raise TypeError(f"a colour is a CSS colour string, not {brief(color)}")
    text = color.strip().lower()
    if text == "transparent":
        return (0, 0, 0, 0.0)
    match = _HEX.fullmatch(text)
    if match:
        digits = match.group(1)
        if len(digits) in (3, 4):
            digits = "".join(d * 2 for d in digits)
        values = [int(digits[i:i + 2], 16) for i in range(0, len(digits), 2)]
        alpha = round(values[3] / 255, 3) if len(values) == 4 else 1.0
        return (values[0], values[1], values[2], alpha)
    match = _FUNC.fullmatch(text)
    if match:
        parts = [p.strip() for p in match.group(1).replace("/", ",").split(",")]
        if len(parts) in (3, 4):
            r, g, b = (_channel(p) for p in parts[:3])
            return (r, g, b, _fraction(parts[3]) if len(parts) == 4 else 1.0)
    if text in _BASIC:
        return (*_BASIC[text], 1.0)
    from PIL import ImageColor  # names and hsl(); Pillow comes with ipycanvas

    try:
        named = ImageColor.getrgb(text)
    except ValueError:
        raise ValueError(f"{brief(color)} is not a CSS colour the canvas backend knows") \
            from None
    alpha = round(named[3] / 255, 3) if len(named) == 4 else 1.0
    return (named[0], named[1], named[2], alpha)


def _channel(text: str) -> int:
    value = float(text[:-1]) * 2.55 if text.endswith("%") else float(text)
    return max(0, min(255, round(value)))


def _fraction(text: str) -> float:
    value = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    return max(0.0, min(1.0, value))


# --- shapes → canvas calls ------------------------------------------------------------------
def _rounded(shape: Rect) -> tuple[tuple[float, float], ...]:
    """A rounded rectangle as polygon points."""
    return _rounded_points(shape.x, shape.y, shape.w, shape.h, shape.rx)


@memo(4096)
def _rounded_points(x: float, y: float, w: float, h: float, rx: float
                    ) -> tuple[tuple[float, float], ...]:
    r = min(rx, w / 2, h / 2)
    x0, y0, x1, y1 = x, y, x + w, y + h
    corners = ((x1 - r, y0 + r, -90), (x1 - r, y1 - r, 0), (x0 + r, y1 - r, 90),
               (x0 + r, y0 + r, 180))
    points = []
    for cx, cy, start in corners:
        for i in range(CORNER_STEPS + 1):
            angle = math.radians(start + 90 * i / CORNER_STEPS)
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return tuple(points)


def _kind(shape: Shape) -> str:
    if isinstance(shape, Circle):
        return "circle"
    if isinstance(shape, Rect):
        return "poly" if shape.rx else "rect"
    if isinstance(shape, Polygon):
        return "poly"
    if isinstance(shape, Line):
        return "line"
    if isinstance(shape, Text):
        return "text"
    raise TypeError(f"the canvas backend cannot draw {type(shape).__name__}")


def _painted(color: str | None) -> bool:
    """Whether a style colour paints anything (``None`` and ``"none"`` do not, as in SVG)."""
    return color is not None and color.strip().lower() not in ("none", "transparent", "")


def _group_key(shape: Shape) -> tuple[Any, ...]:
    s = shape.style
    kind = _kind(shape)
    if kind == "text":
        return (kind, s.font_size, s.font_weight, s.anchor)
    stroked = _painted(s.stroke) and s.stroke_width > 0
    width = s.stroke_width if stroked else 0.0
    return (kind, _painted(s.fill), stroked, width, s.dash if stroked else ())


def _box(shape: Shape) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = shape.bounds()
    if isinstance(shape, Text):  # its bounds are an estimate: keep a wide margin
        dx, dy = (x1 - x0) * 0.2 + 2, (y1 - y0) * 0.2 + 2
        return (x0 - dx, y0 - dy, x1 + dx, y1 + dy)
    return (x0, y0, x1, y1)


def batches(shapes: Sequence[Shape]) -> list[list[Shape]]:
    """The shapes (in drawing order) grouped into runs that one call per paint can draw.

    A run holds shapes of one kind, stroke width and dash (text: one font). A shape joins the
    latest run of its kind unless a later run holds a shape it overlaps (which must stay
    below it), so the picture is the one painted shape by shape. Shapes with both fill and
    stroke never share a run with a shape they overlap, since a run fills all its shapes
    before stroking any (touching edges are allowed).
    """
    runs: list[list[Shape]] = []
    boxes: list[list[tuple[float, float, float, float]]] = []
    hulls: list[list[float]] = []  # each run's bounding box, to skip it quickly
    latest: dict[tuple[Any, ...], int] = {}
    for shape in shapes:
        key = _group_key(shape)
        box = _box(shape)
        run = latest.get(key, -1)
        if run >= 0:
            both = key[0] != "text" and key[1] and key[2]
            last = run if both else run + 1
            for later in range(len(runs) - 1, last - 1, -1):
                if _overlap(box, hulls[later]) and any(_overlap(box, b) for b in boxes[later]):
                    run = -1
                    break
        if run < 0:
            run = len(runs)
            runs.append([])
            boxes.append([])
            hulls.append(list(box))
            latest[key] = run
        runs[run].append(shape)
        boxes[run].append(box)
        hull = hulls[run]
        hull[0], hull[1] = min(hull[0], box[0]), min(hull[1], box[1])
        hull[2], hull[3] = max(hull[2], box[2]), max(hull[3], box[3])
    return runs


def _overlap(a: Sequence[float], b: Sequence[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class _Pen:
    """The canvas state set so far in a frame, so each setting is sent once."""

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self.values: dict[str, Any] = {"global_alpha": 1.0, "line_width": 1.0,
                                       "fill_style": "black", "stroke_style": "black"}

    def set(self, name: str, value: Any) -> None:
        if self.values.get(name) != value:
            self.values[name] = value
            self._send(name, value)

    def _send(self, name: str, value: Any) -> None:
        # Setting an ipycanvas attribute validates it as a traitlet and notifies observers,
        # which costs more than the drawing itself; the command it sends is cheap. Send that
        # command straight to the canvas manager (private API, used only here), else setattr.
        canvas = self.canvas
        manager = getattr(canvas, "_canvas_manager", None)
        codes = getattr(type(canvas), "ATTRS", None)
        if manager is None or codes is None or name not in codes:
            setattr(canvas, name, value)
            return
        from ipycanvas.canvas import COMMANDS

        manager.send_command(canvas, [COMMANDS["set"], [codes[name], value]])

    def dash(self, dash: tuple[float, ...]) -> None:
        if self.values.get("dash", ()) != dash:
            self.values["dash"] = dash
            self.canvas.set_line_dash(list(dash))


def _colors(shapes: Sequence[Shape], attr: str) -> tuple[np.ndarray, np.ndarray]:
    rgba = [parse_color(getattr(s.style, attr)) for s in shapes]
    color = np.array([c[:3] for c in rgba], dtype=np.uint8)
    alpha = np.array([c[3] * s.style.opacity for c, s in zip(rgba, shapes, strict=True)],
                     dtype=np.float32)
    return color, alpha


def _array(values: list[float]) -> np.ndarray:
    return np.array(values, dtype=np.float32)


def _column(values: list[float]) -> float | np.ndarray:
    """One number if all are equal (sent inline), else an array (sent as a buffer).

    At least one argument of a vectorised call must be an array: the frontend loops over
    the shortest argument, and a call of scalars alone would never end. Callers pass the
    ``x`` coordinates through ``_array``.
    """
    first = values[0]
    if all(v == first for v in values):
        return float(first)
    return np.array(values, dtype=np.float32)


def _paint_run(canvas: Any, pen: _Pen, run: list[Shape]) -> None:
    key = _group_key(run[0])
    if key[0] == "text":
        for shape in cast("list[Text]", run):
            _paint_text(canvas, pen, shape)
        return
    kind, filled, stroked, width, dash = key
    if stroked:
        pen.set("line_width", width)
        pen.dash(dash)
    for paint in ("fill", "stroke"):
        if not (filled if paint == "fill" else stroked) or (paint == "fill" and kind == "line"):
            continue
        styles = {(getattr(s.style, paint), s.style.opacity) for s in run}
        if len(styles) == 1:  # one colour: set it once and use the plain vectorised call
            colour, opacity = styles.pop()
            pen.set(f"{paint}_style", colour)
            pen.set("global_alpha", opacity)
            _plain(canvas, kind, paint, run)
        else:
            pen.set("global_alpha", 1.0)
            _styled(canvas, kind, paint, run)


def _outlines(run: list[Shape]) -> tuple[np.ndarray, np.ndarray]:
    outlines = [_rounded(s) if isinstance(s, Rect) else s.points
                for s in cast("list[Rect | Line | Polygon]", run)]
    counts = np.array([len(p) for p in outlines], dtype=np.int32)
    flat = np.array([xy for p in outlines for xy in p], dtype=np.float32)
    return flat, counts


def _plain(canvas: Any, kind: str, paint: str, run: list[Shape]) -> None:
    if kind == "circle":
        circles = cast("list[Circle]", run)
        _call(canvas, f"{paint}_circles",
              _array([s.x for s in circles]), _column([s.y for s in circles]),
              _column([s.r for s in circles]))
    elif kind == "rect":
        rects = cast("list[Rect]", run)
        _call(canvas, f"{paint}_rects",
              _array([s.x for s in rects]), _column([s.y for s in rects]),
              _column([s.w for s in rects]), _column([s.h for s in rects]))
    else:
        flat, counts = _outlines(run)
        method = "stroke_line_segments" if kind == "line" else f"{paint}_polygons"
        _call(canvas, method, flat, counts)


def _styled(canvas: Any, kind: str, paint: str, run: list[Shape]) -> None:
    color, alpha = _colors(run, paint)
    if kind == "circle":
        circles = cast("list[Circle]", run)
        _call(canvas, f"{paint}_styled_circles",
              _array([s.x for s in circles]), _column([s.y for s in circles]),
              _column([s.r for s in circles]), color, alpha)
    elif kind == "rect":
        rects = cast("list[Rect]", run)
        _call(canvas, f"{paint}_styled_rects",
              _array([s.x for s in rects]), _column([s.y for s in rects]),
              _column([s.w for s in rects]), _column([s.h for s in rects]),
              color, alpha)
    else:
        flat, counts = _outlines(run)
        method = "stroke_styled_line_segments" if kind == "line" else f"{paint}_styled_polygons"
        _call(canvas, method, flat, color, alpha, counts)


_DTYPES = {np.dtype(np.float32): "float32", np.dtype(np.int32): "int32",
           np.dtype(np.uint8): "uint8"}
_SEGMENTS = {"fill_polygons", "stroke_polygons", "stroke_line_segments",
             "fill_styled_polygons", "stroke_styled_polygons", "stroke_styled_line_segments"}


def _call(canvas: Any, method: str, *args: Any) -> None:
    """``getattr(canvas, method)(*args)``; for an ipycanvas canvas, the same command sent
    straight to its manager.

    ipycanvas packs each array argument with ``str(array.dtype)`` and, for polygons, copies
    and checks the points again; that costs more than the drawing (about 50 µs an array).
    The arrays here are already contiguous and of the frontend's types, so the command is
    packed directly, in the same format (private API, used only here and in ``_Pen``).
    """
    manager = getattr(canvas, "_canvas_manager", None)
    if manager is None or not hasattr(manager, "send_draw_command"):
        getattr(canvas, method)(*args)
        return
    from ipycanvas.canvas import COMMANDS

    if method in _SEGMENTS:  # (points, [color, alpha,] counts) -> (n, points, counts, ...)
        points, *style, counts = args
        style = [style[0].ravel(), style[1]] if style else []
        args = (len(counts), points.ravel(), counts, *style)
    wire: list[Any] = []
    buffers: list[Any] = []
    for arg in args:
        if isinstance(arg, np.ndarray):
            wire.append({"shape": arg.shape, "dtype": _DTYPES[arg.dtype], "idx": len(buffers)})
            buffers.append(memoryview(arg))  # type: ignore[arg-type]
        else:
            wire.append(arg)
    manager.send_draw_command(canvas, COMMANDS[_camel(method)], wire, buffers)


@memo(64)
def _camel(method: str) -> str:
    """``fill_styled_circles`` → ``fillStyledCircles`` (the frontend's command name)."""
    return "".join(part.capitalize() if i else part for i, part in enumerate(method.split("_")))


_ALIGN = {"start": "left", "middle": "center", "end": "right"}


def _paint_text(canvas: Any, pen: _Pen, shape: Text) -> None:
    s = shape.style
    pen.set("font", f"{s.font_weight} {s.font_size:g}px sans-serif")
    pen.set("text_align", _ALIGN.get(s.anchor, "center"))
    pen.set("text_baseline", "middle")
    pen.set("global_alpha", s.opacity)
    if _painted(s.fill):
        pen.set("fill_style", s.fill)
        canvas.fill_text(shape.text, shape.x, shape.y)
    if _painted(s.stroke) and s.stroke_width > 0:
        pen.set("stroke_style", s.stroke)
        pen.set("line_width", s.stroke_width)
        pen.dash(s.dash)
        canvas.stroke_text(shape.text, shape.x, shape.y)


def paint(canvas: Any, shapes: Iterable[Shape], *, scale: float = 1.0,
          background: str | None = None, size: tuple[float, float] | None = None) -> None:
    """Clear ``canvas`` and paint ``shapes`` (already in drawing order) on it.

    ``scale`` maps scene units to canvas pixels; ``background`` fills ``size`` first.
    """
    canvas.clear()
    canvas.save()
    if scale != 1.0:
        canvas.scale(scale)
    pen = _Pen(canvas)
    if background is not None and size is not None:
        pen.set("fill_style", background)
        canvas.fill_rect(0, 0, size[0], size[1])
    for run in batches(list(shapes)):
        _paint_run(canvas, pen, run)
    canvas.restore()


# --- layers ---------------------------------------------------------------------------------
def split_layers(scene: Scene, count: int) -> list[list[Shape]]:
    """The scene's shapes spread over ``count`` canvases, bottom first.

    The lowest scene layer goes to the bottom canvas, the highest to the top one, and the
    layers between share the middle ones, so that a change in the top layer (highlights,
    marks) repaints only the top canvas.
    """
    buckets: list[list[Shape]] = [[] for _ in range(count)]
    layers = list(scene.layers())
    n = len(layers)
    for i, (_, shapes) in enumerate(layers):
        if n <= count:
            slot = i if i < n - 1 else count - 1
        elif i == 0 or count == 1:
            slot = 0
        elif i == n - 1:
            slot = count - 1
        else:
            slot = min(count - 2, 1 + (i - 1) * (count - 2) // (n - 2))
        buckets[slot].extend(shapes)
    return buckets


def _hold() -> AbstractContextManager[Any]:
    try:
        from ipycanvas import hold_canvas
    except ImportError:  # pragma: no cover - ipycanvas is a dependency
        return nullcontext()
    held: AbstractContextManager[Any] = hold_canvas()
    return held


class CanvasRenderer:
    """Paints scenes on a stack of canvases, repainting only the canvases that changed.

    ``layers`` are canvas-like objects, bottom first; ``hold`` makes the context in which a
    frame is sent as one message (ipycanvas' ``hold_canvas`` by default).
    """

    def __init__(self, layers: Sequence[Any], *, scale: float = 1.0,
                 hold: Callable[[], AbstractContextManager[Any]] = _hold) -> None:
        if not layers:
            raise ValueError("a CanvasRenderer needs at least one canvas")
        self.layers = list(layers)
        self.scale = scale
        self.hold = hold
        self.scene: Scene | None = None
        self._painted: list[tuple[Any, ...] | None] = [None] * len(self.layers)

    def draw(self, scene: Scene, *, force: bool = False) -> list[int]:
        """Paint ``scene``; returns the indices of the canvases repainted."""
        self.scene = scene
        buckets = split_layers(scene, len(self.layers))
        size = (scene.width, scene.height)
        changed = []
        with self.hold():
            for i, (canvas, shapes) in enumerate(zip(self.layers, buckets, strict=True)):
                background = scene.background if i == 0 else None
                key = (size, background, tuple(shapes))
                if force or self._painted[i] != key:
                    paint(canvas, shapes, scale=self.scale, background=background, size=size)
                    self._painted[i] = key
                    changed.append(i)
        return changed

    def redraw(self, layers: Iterable[int] | None = None) -> None:
        """Repaint the last scene on ``layers`` (all by default), changed or not."""
        if self.scene is None:
            return
        wanted = set(range(len(self.layers)) if layers is None else layers)
        for i in wanted:
            self._painted[i] = None
        self.draw(self.scene)

    def forget(self) -> None:
        """Treat every canvas as blank (after a resize, or for a new frontend)."""
        self._painted = [None] * len(self.layers)
