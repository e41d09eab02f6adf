"""Backend-neutral pictures (``Scene``) and their SVG and canvas backends."""

from .scene import Circle, Line, Polygon, Rect, Scene, Shape, Style, Text
from .svg import to_svg

__all__ = ["Circle", "Line", "Polygon", "Rect", "Scene", "Shape", "Style", "Text", "to_svg"]
