"""How well a scene's text stands out from what it is drawn on (WCAG 2's contrast ratio).

A label is read against the colour beneath its middle: the scene's background, then every
filled shape under that point drawn before it (a circle, rectangle or polygon), each blended
in by its opacity. Text needs 4.5:1, large text (24 units, or 18.5 bold) 3:1 — WCAG 2.1's
AA levels, taking a scene unit for a CSS pixel (the widget draws scenes at that size).

>>> from tabletop.render.scene import Scene
>>> scene = Scene(100, 40, background="white")
>>> scene.rect(0, 0, 50, 40, fill="#222222")
>>> scene.text(25, 20, "dark", fill="#333333")
>>> scene.text(75, 20, "light", fill="#333333")
>>> [round(contrast_of(scene, t), 1) for t in scene.shapes[1:]]
[1.3, 12.6]
>>> round(contrast("#ffffff", "#767676"), 2)
4.54
"""

from __future__ import annotations

from ..core.memos import memo
from .canvas import parse_color
from .scene import Circle, Polygon, Rect, Scene, Shape, Text

#: WCAG 2.1 AA: the least contrast for text, and for large text.
TEXT, LARGE_TEXT = 4.5, 3.0

RGB = tuple[float, float, float]


def luminance(colour: RGB) -> float:
    """The relative luminance of an sRGB colour given as three numbers 0..255."""
    def linear(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str | RGB, b: str | RGB) -> float:
    """WCAG 2's contrast ratio of two colours (CSS strings or RGB triples): 1 to 21."""
    high, low = sorted((luminance(_rgb(a)), luminance(_rgb(b))), reverse=True)
    return (high + 0.05) / (low + 0.05)


def least(text: Text) -> float:
    """The contrast ``text`` needs: 3 for large text, else 4.5."""
    size, bold = text.style.font_size, text.style.font_weight in ("bold", "bolder", "600",
                                                                  "700", "800", "900")
    return LARGE_TEXT if size >= 24 or (bold and size >= 18.5) else TEXT


def contrast_of(scene: Scene, text: Text) -> float:
    """The contrast of ``text`` (its fill, at its opacity) on what is beneath its middle."""
    x0, y0, x1, y1 = text.bounds()
    below = backdrop(scene, (x0 + x1) / 2, (y0 + y1) / 2, text)
    ink = _over(text.style.fill or "black", text.style.opacity, below)
    return contrast(ink, below)


def backdrop(scene: Scene, x: float, y: float, before: Shape | None = None) -> RGB:
    """The colour a label at ``(x, y)`` is read on: the filled shapes there (all of them, or
    those drawn before ``before``) blended over the scene's background."""
    below: RGB = _rgb(scene.background or "white")
    for shape in scene.ordered():
        if shape is before:
            break
        fill = shape.style.fill
        if isinstance(shape, Circle | Rect | Polygon) and fill not in (None, "none") \
                and _painted(shape, x, y):
            below = _over(fill, shape.style.opacity, below)
    return below


def _painted(shape: Circle | Rect | Polygon, x: float, y: float) -> bool:
    """Whether ``shape`` paints ``(x, y)``: a circle within its drawn radius, not the larger
    hit area a small mark may have (``hit_r``), which is clicked but not seen."""
    if isinstance(shape, Circle):
        return (x - shape.x) ** 2 + (y - shape.y) ** 2 <= shape.r * shape.r
    return shape.contains(x, y)


@memo(256)  # a renderer asks for the same few colours on every draw
def ink_on(background: str | RGB, dark: str = "#111111", light: str = "#ffffff") -> str:
    """Whichever of ``dark`` and ``light`` text reads better on ``background``.

    >>> ink_on("#3cb44b"), ink_on("#4363d8")
    ('#111111', '#ffffff')
    """
    return dark if contrast(dark, background) >= contrast(light, background) else light


def faint_texts(scene: Scene) -> list[tuple[Text, float]]:
    """Each text of ``scene`` below the contrast it needs, with its contrast."""
    found = []
    for shape in scene.shapes:
        if isinstance(shape, Text) and shape.text.strip():
            ratio = contrast_of(scene, shape)
            if ratio < least(shape):
                found.append((shape, ratio))
    return found


def _rgb(colour: str | RGB) -> RGB:
    if isinstance(colour, tuple):
        return colour
    r, g, b, _ = parse_color(colour)
    return float(r), float(g), float(b)


def _over(colour: str, opacity: float, below: RGB) -> RGB:
    r, g, b, alpha = parse_color(colour)
    a = alpha * opacity
    return (r * a + below[0] * (1 - a), g * a + below[1] * (1 - a), b * a + below[2] * (1 - a))
