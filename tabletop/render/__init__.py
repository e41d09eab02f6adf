"""Backend-neutral pictures (``Scene``) and their SVG and canvas backends."""

from ..core.exports import package_dir
from .export import save_picture
from .scene import Circle, Line, Polygon, Rect, Scene, Shape, Style, Text
from .svg import to_svg

__all__ = ["Circle", "Line", "Polygon", "Rect", "Scene", "Shape", "Style", "Text",
           "save_picture", "to_svg"]
__dir__ = package_dir(globals())
