"""A backend-neutral picture: shapes with styles, layers and hit targets.

Renderers build a ``Scene``; ``to_svg`` and the canvas backend draw it; ``Scene.hit`` says
which target a click at ``(x, y)`` lands on, so hit-testing is pure Python.

>>> scene = Scene(100, 60)
>>> scene.rect(0, 0, 50, 60, fill="#eee", target=("cell", "a1"))
>>> scene.circle(25, 30, 10, fill="black", layer=1, target=("piece", 0))
>>> scene.hit(25, 30), scene.hit(5, 5), scene.hit(80, 30)
(('piece', 0), ('cell', 'a1'), None)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, cast

from ..core.choices import unknown
from ..core.plain import coordinates
from . import checks
from .svg import to_svg

Point = tuple[float, float]

MIN_HIT = 16.0
"""The least width of a clickable target's hit area, in CSS pixels on the page: a small mark
is drawn small and hit wider (``Circle.hit_r``). In scene units it is ``min_hit`` of the
picture's size."""
#: The board's box, CSS px ``(width, height)``, at the size the widget is laid out for:
#: JupyterLab at 1280×800 with the file browser open (``widgets.layout``), a little under
#: the 505.8 × 500 that ``tests/browser/test_first_sight.py`` measures. A wider or taller
#: picture is shown smaller.
LAPTOP_BOARD = (504.0, 500.0)


def min_hit(width: float, height: float) -> float:
    """The least hit width, in scene units, of a target in a ``width`` × ``height`` picture:
    ``MIN_HIT`` CSS px where the laptop's board box shows the picture (scaled down to fit it,
    never up).

    >>> min_hit(380, 90), round(min_hit(640, 540), 2), round(min_hit(620, 590), 2)
    (16.0, 20.32, 19.68)
    """
    return MIN_HIT / min(1.0, LAPTOP_BOARD[0] / width, LAPTOP_BOARD[1] / height)


@dataclass(frozen=True, slots=True)
class Style:
    """How a shape is painted. ``None`` means "not painted" (no fill, no stroke)."""

    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 1.0
    opacity: float = 1.0
    dash: tuple[float, ...] = ()
    font_size: float = 12.0
    font_weight: str = "normal"
    anchor: str = "middle"  # text: start | middle | end

    def __post_init__(self) -> None:
        checks.style(self.fill, self.stroke, self.font_weight, self.anchor,
                     self.stroke_width, self.opacity, self.font_size, *self.dash)


@dataclass(frozen=True, slots=True)
class Shape:
    """Common to all shapes: style, layer (higher draws on top), hit target, tooltip."""

    #: What the shape is, for the backends that draw it ("circle", "rect", …).
    kind: ClassVar[str] = ""

    style: Style
    layer: int
    target: Hashable | None
    title: str | None

    def __post_init__(self) -> None:
        """Refuse a wrong field now (a shape made directly, or by ``dataclasses.replace``,
        as well as by a ``Scene`` method), not later in ``to_svg`` or on a canvas."""
        if not isinstance(self.style, Style):
            raise TypeError(f"a {self.kind}'s style should be a Style, not "
                            f"{checks.brief(self.style)}")
        self._check()

    def _check(self) -> None:
        """Refuse this kind's own fields (the common ones with ``checks.shape``)."""
        raise TypeError(f"a scene draws only {', '.join(KINDS)}, not a bare "
                        f"{type(self).__name__}")

    def contains(self, x: float, y: float) -> bool:
        """Whether a click at scene point ``(x, y)`` hits the shape (a small mark's hit area
        may be larger than it is drawn: ``Circle(hit_r=...)``)."""
        raise NotImplementedError

    def bounds(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)``."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Circle(Shape):
    """A circle; a click within ``max(r, hit_r)`` of the centre hits it (``hit_r`` gives a
    small mark a larger hit area than it is drawn)."""

    kind: ClassVar[str] = "circle"

    x: float
    y: float
    r: float
    hit_r: float = 0.0

    def _check(self) -> None:
        checks.shape("circle", self.layer, self.target, self.title, self.x, self.y, self.r,
                     self.hit_r)
        checks.sizes("circle", positive=True, r=self.r)
        checks.sizes("circle", hit_r=self.hit_r)

    def contains(self, x: float, y: float) -> bool:
        reach = max(self.r, self.hit_r)
        return (x - self.x) ** 2 + (y - self.y) ** 2 <= reach * reach

    def bounds(self) -> tuple[float, float, float, float]:
        return (self.x - self.r, self.y - self.r, self.x + self.r, self.y + self.r)


@dataclass(frozen=True, slots=True)
class Rect(Shape):
    kind: ClassVar[str] = "rect"

    x: float
    y: float
    w: float
    h: float
    rx: float = 0.0

    def _check(self) -> None:
        checks.shape("rectangle", self.layer, self.target, self.title, self.x, self.y, self.w,
                     self.h, self.rx)
        checks.sizes("rectangle", positive=True, w=self.w, h=self.h)
        checks.sizes("rectangle", rx=self.rx)

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.w and self.y <= y <= self.y + self.h

    def bounds(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.x + self.w, self.y + self.h)


@dataclass(frozen=True, slots=True)
class Line(Shape):
    """An open polyline; a click within half its width (at least 4 units) hits it."""

    kind: ClassVar[str] = "line"

    points: tuple[Point, ...]

    def _check(self) -> None:
        object.__setattr__(self, "points", checks.points("line", self.points, least=2))
        checks.shape("line", self.layer, self.target, self.title)

    def contains(self, x: float, y: float) -> bool:
        reach = max(self.style.stroke_width / 2, 4.0)
        return any(
            _segment_distance(x, y, a, b) <= reach for a, b in itertools.pairwise(self.points)
        )

    def bounds(self) -> tuple[float, float, float, float]:
        return _points_bounds(self.points)


@dataclass(frozen=True, slots=True)
class Polygon(Shape):
    kind: ClassVar[str] = "polygon"

    points: tuple[Point, ...]

    def _check(self) -> None:
        object.__setattr__(self, "points", checks.points("polygon", self.points, least=3))
        checks.shape("polygon", self.layer, self.target, self.title)

    def contains(self, x: float, y: float) -> bool:
        inside = False
        pts = self.points
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
            if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                inside = not inside
        return inside

    def bounds(self) -> tuple[float, float, float, float]:
        return _points_bounds(self.points)


@dataclass(frozen=True, slots=True)
class Text(Shape):
    kind: ClassVar[str] = "text"

    x: float
    y: float
    text: str

    def _check(self) -> None:
        checks.shape("text", self.layer, self.target, self.title, self.x, self.y)
        if not isinstance(self.text, str):
            raise TypeError(f"a text's text should be a string, not {checks.brief(self.text)}")

    def contains(self, x: float, y: float) -> bool:
        x0, y0, x1, y1 = self.bounds()
        return x0 <= x <= x1 and y0 <= y <= y1

    def bounds(self) -> tuple[float, float, float, float]:
        size = self.style.font_size
        width = 0.6 * size * len(self.text)
        left = {"start": self.x, "end": self.x - width}.get(self.style.anchor, self.x - width / 2)
        return (left, self.y - size / 2, left + width, self.y + size / 2)


#: The kinds of shape a scene holds, as ``Shape.kind`` names them (what the backends draw).
KINDS = checks.KINDS
#: The keywords a shape takes for its ``Style`` (``scene.circle(x, y, r, fill="red")``).
STYLE_KEYWORDS = tuple(f.name for f in fields(Style))


#: Farther from the origin than any scene reaches: a point out there hits nothing (and its
#: squared distances would overflow).
FAR = 1e150


class Scene:
    """A picture of ``width`` × ``height`` units, built by adding shapes.

    Shapes draw in order of ``layer``, then of addition; ``hit`` finds the topmost target.
    """

    __slots__ = ("width", "height", "background", "shapes", "title")

    def __init__(
        self, width: float, height: float, background: str | None = None, title: str = ""
    ) -> None:
        checks.numbers("scene", width, height)
        checks.sizes("scene", width=width, height=height)  # 0: a width settled later
        checks.texts("scene", background=background, title=title)
        self.width = width
        self.height = height
        self.background = background
        self.title = title
        self.shapes: list[Shape] = []

    def _style(self, style: Style | None, kw: dict[str, Any]) -> Style:
        """The shape's ``style``, with the style keywords ``kw`` (``fill``, ``stroke``, …)
        over it; a keyword that is no part of a style is refused, naming the nearest."""
        for name in kw:
            if name not in STYLE_KEYWORDS:
                raise TypeError(unknown("style keyword", name, STYLE_KEYWORDS))
        if style is None:
            return Style(**kw)
        if not isinstance(style, Style):
            raise TypeError(f"a shape's style should be a Style, not {checks.brief(style)}")
        if kw:
            from dataclasses import replace

            return replace(style, **kw)
        return style

    def add(self, shape: Shape) -> Shape:
        """Add a shape made elsewhere (checked when it was made); returns it.

        >>> Scene(10, 10).add("circle")
        Traceback (most recent call last):
        ...
        TypeError: a scene takes shapes (circle, rect, line, polygon, text), not 'circle'
        """
        checks.shape_type(shape, KINDS)
        self.shapes.append(shape)
        return shape

    def circle(self, x: float, y: float, r: float, *, layer: int = 0,
               target: Hashable | None = None, title: str | None = None,
               hit_r: float = 0.0, style: Style | None = None, **style_kw: Any) -> None:
        """Add a circle centred at ``(x, y)``; clicks within ``max(r, hit_r)`` hit it."""
        self.shapes.append(
            Circle(self._style(style, style_kw), layer, target, title, x, y, r, hit_r))

    def rect(self, x: float, y: float, w: float, h: float, *, rx: float = 0.0, layer: int = 0,
             target: Hashable | None = None, title: str | None = None,
             style: Style | None = None, **style_kw: Any) -> None:
        """Add a rectangle with top-left corner ``(x, y)``."""
        self.shapes.append(
            Rect(self._style(style, style_kw), layer, target, title, x, y, w, h, rx)
        )

    def line(self, points: Sequence[Point], *, layer: int = 0, target: Hashable | None = None,
             title: str | None = None, style: Style | None = None, **style_kw: Any) -> None:
        """Add a polyline through ``points``."""
        self.shapes.append(Line(self._style(style, style_kw), layer, target, title,
                                cast(tuple[Point, ...], points)))

    def polygon(self, points: Sequence[Point], *, layer: int = 0,
                target: Hashable | None = None, title: str | None = None,
                style: Style | None = None, **style_kw: Any) -> None:
        """Add a closed polygon."""
        self.shapes.append(Polygon(self._style(style, style_kw), layer, target, title,
                                   cast(tuple[Point, ...], points)))

    def text(self, x: float, y: float, text: str, *, layer: int = 0,
             target: Hashable | None = None, title: str | None = None,
             style: Style | None = None, **style_kw: Any) -> None:
        """Add text whose anchor point (baseline middle by default) is ``(x, y)``."""
        self.shapes.append(Text(self._style(style, style_kw), layer, target, title, x, y, text))

    def ordered(self) -> list[Shape]:
        """The shapes in drawing order: by layer, then as added."""
        return sorted(self.shapes, key=lambda s: s.layer)

    def layers(self) -> Iterator[tuple[int, list[Shape]]]:
        """``(layer, shapes)`` pairs from the bottom layer up."""
        by_layer: dict[int, list[Shape]] = {}
        for shape in self.shapes:
            by_layer.setdefault(shape.layer, []).append(shape)
        for layer in sorted(by_layer):
            yield layer, by_layer[layer]

    def hit(self, x: float, y: float) -> Hashable | None:
        """The target of the topmost targeted shape under ``(x, y)``, or ``None`` (also for a
        point that is not finite, or too far out to compute with). A point is two real
        numbers, as a click's is (``ValueError`` else).

        >>> Scene(10, 10).hit("5", 5)
        Traceback (most recent call last):
        ...
        ValueError: a click is at two numbers x, y, not '5', 5
        """
        x, y = coordinates(x, y)
        if not (math.isfinite(x) and math.isfinite(y)) or max(abs(x), abs(y)) > FAR:
            return None
        for shape in reversed(self.ordered()):
            if shape.target is not None and shape.contains(x, y):
                return shape.target
        return None

    def targets(self) -> dict[Hashable, Shape]:
        """Each target with the topmost shape that carries it."""
        return {s.target: s for s in self.ordered() if s.target is not None}

    def __repr__(self) -> str:
        return f"<Scene {self.width}×{self.height}, {len(self.shapes)} shapes>"

    def _repr_svg_(self) -> str:
        return to_svg(self)

    def _repr_html_(self) -> str:
        """The picture as an ``<img>``, which untrusted notebooks show too (see ``img_html``)."""
        from .svg import img_html

        return img_html(self._repr_svg_(), repr(self)[1:-1])


def _segment_distance(x: float, y: float, a: Point, b: Point) -> float:
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length2))
    return math.hypot(x - (ax + t * dx), y - (ay + t * dy))


def _points_bounds(points: Sequence[Point]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))
