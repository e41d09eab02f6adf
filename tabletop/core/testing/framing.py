"""A picture taken out of the notebook is whole: ``check_framed(scene, svg, where)``.

An author puts a position into a paper, a slide or a web page as its SVG file. The file
must stand alone (one ``<svg>`` root in the SVG namespace, with a width, a height and a
``viewBox`` so that it scales, and no ``id`` twice, so two pictures inlined in one page
cannot borrow each other's parts), and everything drawn must lie inside the picture: a
shape or a line of text past the edge is cut off, in the notebook and in every copy.
Text is measured generously (``tabletop.render.metrics``: the widest usual sans-serif), so
text that passes fits whichever font the viewer has.

``check_pictures`` (and so ``check_game``) applies this to every picture it draws.

>>> from tabletop.render.scene import Scene
>>> from tabletop.render.svg import to_svg
>>> scene = Scene(100, 40)
>>> scene.text(90, 20, "a long caption", anchor="start")
>>> try:
...     check_framed(scene, to_svg(scene), "a toy")
... except AssertionError as err:
...     print(str(err).replace(", past", ",\\n past"))
a toy: the text 'a long caption' is drawn at x 90..175.2, y 14..26,
 past the edge of the 100×40 picture, where it is cut off
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections import Counter
from typing import cast

from ...render.metrics import is_bold, text_width
from ...render.scene import Scene, Shape, Text
from ..quoting import cut
from .common import fail

#: How far a shape may stick out of the picture, in picture units (rounding, not clipping).
TOLERANCE = 0.5

_SVG = "{http://www.w3.org/2000/svg}"


def extent(shape: Shape) -> tuple[float, float, float, float]:
    """``(x0, y0, x1, y1)`` of what ``shape`` draws; text measured by ``text_width``."""
    if shape.kind != "text":
        return shape.bounds()
    text = cast(Text, shape)  # (the shape of kind "text")
    style = text.style
    size = style.font_size
    width = text_width(text.text, size, is_bold(style.font_weight))
    x, y = text.x, text.y
    left = {"start": x, "end": x - width}.get(style.anchor, x - width / 2)
    return (left, y - size / 2, left + width, y + size / 2)


def check_framed(scene: Scene, svg: str, where: str) -> None:
    """``svg`` (the SVG of ``scene``) is a standalone document and draws nothing past its
    edges; fails (``ConformanceError``) at the first problem, naming the shape."""
    _check_document(svg, where)
    for shape in scene.shapes:
        x0, y0, x1, y1 = extent(shape)
        if all(map(math.isfinite, (x0, y0, x1, y1))) and (
                x0 >= -TOLERANCE and y0 >= -TOLERANCE
                and x1 <= scene.width + TOLERANCE and y1 <= scene.height + TOLERANCE):
            continue
        what = f"the text {cut(getattr(shape, 'text', ''), 60)!r}" if shape.kind == "text" \
            else f"a {shape.kind}" + (f" ({shape.title!r})" if shape.title else "")
        fail(where, f"{what} is drawn at x {x0:g}..{x1:g}, y {y0:g}..{y1:g}, past the edge "
                    f"of the {scene.width:g}×{scene.height:g} picture, where it is cut off")


def _check_document(svg: str, where: str) -> None:
    try:
        root = ET.fromstring(svg)
    except ET.ParseError as err:
        fail(where, f"the SVG is not well-formed XML ({err})")
    if root.tag != f"{_SVG}svg":
        fail(where, f"the SVG's root is {root.tag!r}, not an <svg> in the SVG namespace")
    missing = [name for name in ("width", "height", "viewBox") if name not in root.attrib]
    if missing:
        fail(where, f"the SVG's root has no {', '.join(missing)}: a standalone picture needs "
                    "a size and a viewBox to scale")
    twice = sorted(i for i, n in Counter(e.get("id") for e in root.iter()).items()
                   if i is not None and n > 1)
    if twice:
        fail(where, f"the SVG uses the id {twice[0]!r} more than once")
