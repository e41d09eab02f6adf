"""Lacuna (Mark Gerrits, CMYK 2023): collect flowers along open lines on a round mat.

>>> import tabletop
>>> tabletop.load("lacuna").title
'Lacuna'
"""

from ...core.exports import package_dir
from .actions import COLOURS, Place, PlaceFree, SetAside
from .geometry import SAMPLE, STEPS, TICKS, Geometry
from .input import LacunaInput, click_to_place
from .rules import Lacuna, LacunaState, LacunaView

__all__ = [
    "COLOURS", "SAMPLE", "STEPS", "TICKS", "Geometry", "Lacuna", "LacunaInput", "LacunaState",
    "LacunaView", "Place", "PlaceFree", "SetAside", "click_to_place",
]
__dir__ = package_dir(globals())
