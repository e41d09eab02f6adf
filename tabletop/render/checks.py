"""What a scene is given, checked when it is given: finite numbers of a sane size, strings
where text or colours go, an int layer and a hashable target. A bad value is refused with a
``TypeError`` or ``ValueError`` naming it, instead of failing later in ``to_svg``, in hit
testing or when the layers are sorted (or being drawn as ``cx="nan"``).

>>> numbers("circle", 1, 2.5)
>>> numbers("circle", float("nan"))
Traceback (most recent call last):
...
ValueError: a circle's numbers should be finite, below 1e+15 in size, not nan
"""

from __future__ import annotations

import numbers as _numbers
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeGuard

from ..core.quoting import brief

if TYPE_CHECKING:  # (only for the type checker: ``scene`` imports this module)
    from .scene import Scene

#: The largest size of a number a scene holds (pixels: anything near is a mistake).
LIMIT = 1e15
#: The kinds of shape a scene holds, as ``Shape.kind`` names them (what the backends draw).
KINDS = ("circle", "rect", "line", "polygon", "text")


def scene(given: object, caller: str) -> None:
    """Refuse what is no ``Scene`` (by its class, not importing the scene module), or one
    whose size, texts or shapes were set since it was made to what it would not take.

    >>> scene("<svg/>", "to_svg")
    Traceback (most recent call last):
    ...
    TypeError: to_svg draws a Scene, not '<svg/>'
    """
    if not _is_scene(given):
        raise TypeError(f"{caller} draws a Scene, not {brief(given)}")
    width, height = given.width, given.height
    numbers("scene", width, height)
    sizes("scene", width=width, height=height)
    texts("scene", background=given.background, title=given.title)
    for shape in given.shapes:  # (a list one may append to)
        shape_type(shape, KINDS)


def _is_scene(given: object) -> TypeGuard[Scene]:
    """Whether ``given`` is a ``Scene``, told by its class's name (not importing ``scene``)."""
    return any(f"{c.__module__}.{c.__qualname__}" == "tabletop.render.scene.Scene"
               for c in type(given).__mro__)


def shape(what: str, layer: object, target: object, title: object, *values: object) -> None:
    """Refuse what a shape is given: its ``layer`` (an int), ``target`` (hashable),
    ``title`` (a string or ``None``) and numbers ``values`` (one call per shape: a scene
    adds hundreds)."""
    if type(layer) is not int:
        placing(layer, target)
    try:
        hash(target)
    except TypeError:
        placing(layer, target)
    if title is not None and type(title) is not str:
        texts(what, title=title)
    numbers(what, *values)


def style(fill: object, stroke: object, font_weight: object, anchor: object,
          stroke_width: float, opacity: float, font_size: float, *dash: float) -> None:
    """Refuse a style's colours, font weight or anchor that is not a string (a colour may be
    ``None``), a number that is not finite, a negative stroke width or dash, an opacity
    outside 0..1 or a font size that is not positive.

    >>> style(None, "red", "bold", "end", -1, 1, 12)
    Traceback (most recent call last):
    ...
    ValueError: a style's stroke_width should be at least 0, not -1
    """
    if not (type(font_weight) is str and type(anchor) is str
            and (fill is None or type(fill) is str) and (stroke is None or type(stroke) is str)):
        texts("style", fill=fill, stroke=stroke, font_weight=font_weight, anchor=anchor)
    numbers("style", stroke_width, opacity, font_size, *dash)
    sizes("style", stroke_width=stroke_width, dash=min(dash, default=0))
    sizes("style", positive=True, font_size=font_size)
    if not 0 <= opacity <= 1:
        raise ValueError(f"a style's opacity should be from 0 to 1, not {brief(opacity)}")


def shape_type(shape: object, kinds: tuple[str, ...]) -> None:
    """Refuse what ``Scene.add`` is given unless it is a shape of one of ``kinds``."""
    if getattr(shape, "kind", None) not in kinds or not hasattr(shape, "bounds"):
        raise TypeError(f"a scene takes shapes ({', '.join(kinds)}), not {brief(shape)}")


def sizes(what: str, positive: bool = False, **values: float) -> None:
    """Refuse any of ``values`` (a name and its number, already checked by ``numbers``) that
    is negative, or with ``positive`` zero too: a size that no backend can draw."""
    for name, value in values.items():
        if value < 0 or (positive and value == 0):
            least = "above 0" if positive else "at least 0"
            raise ValueError(f"a {what}'s {name} should be {least}, not {brief(value)}")


def numbers(what: str, *values: object) -> None:
    """Refuse any of ``values`` that is not a real number (no bool) within ``LIMIT``."""
    for value in values:
        if (type(value) is float or type(value) is int) and -LIMIT < value < LIMIT:
            continue  # the common case, first
        if isinstance(value, _numbers.Real) and not isinstance(value, bool):
            try:
                if -LIMIT < float(value) < LIMIT:
                    continue
            except OverflowError:
                pass
        raise ValueError(f"a {what}'s numbers should be finite, below {LIMIT:.0e} in size, "
                         f"not {brief(value)}")


def points(what: str, given: Sequence[tuple[float, float]],
           least: int = 1) -> tuple[tuple[float, float], ...]:
    """``given`` as a tuple of ``(x, y)`` floats, each number checked; at least ``least``
    of them."""
    try:
        pairs = [tuple(p) for p in given]
    except TypeError:
        raise TypeError(f"a {what} takes a sequence of (x, y) points, not {brief(given)}") \
            from None
    if any(len(p) != 2 for p in pairs):
        raise TypeError(f"a {what} takes (x, y) points, not {brief(given)}")
    numbers(what, *(v for p in pairs for v in p))
    if len(pairs) < least:
        raise ValueError(f"a {what} takes at least {least} (x, y) points, not {len(pairs)}")
    return tuple((float(x), float(y)) for x, y in pairs)


def texts(what: str, **values: object) -> None:
    """Refuse any of ``values`` (a name and its value) that is neither a string nor ``None``."""
    for name, value in values.items():
        if value is not None and not isinstance(value, str):
            raise TypeError(f"a {what}'s {name} should be a string, not {brief(value)}")


def placing(layer: object, target: object) -> None:
    """Refuse a layer that is not an int, or a target that cannot be hashed."""
    if type(layer) is not int:
        if not isinstance(layer, _numbers.Integral) or isinstance(layer, bool):
            raise TypeError(f"a shape's layer should be an int, not {brief(layer)}")
    try:
        hash(target)
    except TypeError:
        raise TypeError(f"a shape's target should be hashable (a tuple, string or number), "
                        f"not {brief(target)}") from None
