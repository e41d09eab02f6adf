"""Lacuna's flower colours told apart by shape as well as hue.

Red and green, orange and green, blue and violet look alike to many colour-blind players
(deuteranopia, protanopia): those flowers are drawn as a square (red), a diamond (orange)
and a hexagon (violet), the others as discs, each of the disc's area, so a flower's colour
can be told by its outline too. The legend beside the mat uses the same marks.

>>> from tabletop.render.scene import Scene
>>> scene = Scene(40, 40)
>>> flower(scene, 20, 20, 8.0, "red", fill="#e6194b")
>>> [s.kind for s in scene.shapes], len(scene.shapes[0].points)
(['polygon'], 4)
"""

from __future__ import annotations

import math
from typing import Any

from tabletop.render.scene import Scene

#: The outline of each colour's flowers (any colour not named is a disc).
SHAPES = {"red": "square", "orange": "diamond", "violet": "hexagon"}
#: Corners and the angle of the first, per shape.
_CORNERS = {"square": (4, math.pi / 4), "diamond": (4, 0.0), "hexagon": (6, math.pi / 6)}


def shape_of(colour: str) -> str:
    """The mark of ``colour``'s flowers: ``"disc"`` or a polygon's name."""
    return SHAPES.get(colour, "disc")


def flower(scene: Scene, x: float, y: float, r: float, colour: str, **style: Any) -> None:
    """Draw a flower of ``colour`` centred at ``(x, y)`` with the area of a disc of radius
    ``r``: a disc, or the colour's polygon (``style`` as ``Scene.circle`` takes it)."""
    shape = shape_of(colour)
    if shape == "disc":
        scene.circle(x, y, r, **style)
        return
    corners, start = _CORNERS[shape]
    # the circumradius of a regular polygon with the disc's area
    reach = r * math.sqrt(2 * math.pi / (corners * math.sin(2 * math.pi / corners)))
    points = [(round(x + reach * math.sin(start + 2 * math.pi * k / corners), 2),
               round(y - reach * math.cos(start + 2 * math.pi * k / corners), 2))
              for k in range(corners)]
    scene.polygon(points, **style)
