"""The targets picked so far, outlined on a copy of the board's scene.

>>> from tabletop.render.scene import Scene
>>> scene = Scene(100, 100)
>>> scene.circle(50, 50, 10, target="a")
>>> len(mark_picked(scene, ("a",)).shapes), len(scene.shapes)
(2, 1)
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace

from .scene import Circle, Rect, Scene, Shape, Style, Text

#: The colour that marks the targets picked so far.
PICKED = "#f5b700"


def mark_picked(scene: Scene, picked: tuple[Hashable, ...]) -> Scene:
    """A copy of ``scene`` with the picked targets' shapes outlined above everything else."""
    marked = Scene(scene.width, scene.height, background=scene.background, title=scene.title)
    marked.shapes = list(scene.shapes)
    shapes = scene.targets()
    top = max((s.layer for s in scene.shapes), default=0) + 1
    for target in picked:
        shape = shapes.get(target)
        if shape is not None:
            marked.add(_outline(shape, top))
    return marked


def _outline(shape: Shape, layer: int) -> Shape:
    style = Style(fill=None, stroke=PICKED, stroke_width=4)
    if isinstance(shape, Text):
        x0, y0, x1, y1 = shape.bounds()
        return Rect(style, layer, None, None, x0 - 3, y0 - 3, x1 - x0 + 6, y1 - y0 + 6, 4)
    if isinstance(shape, Circle):
        return replace(shape, style=style, layer=layer, target=None, title=None,
                       r=shape.r + 2)
    return replace(shape, style=style, layer=layer, target=None, title=None)

