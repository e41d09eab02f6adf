"""The Legend of Landlock: build a map of paths and streams, tile by tile.

>>> import tabletop
>>> game = tabletop.load("landlock", players=2)
>>> game.title
'The Legend of Landlock'
"""

from ...core.exports import package_dir
from .actions import Bridge, Place, Role
from .input import LandlockInput
from .rules import Landlock, LandlockState, LandlockView

__all__ = ["Bridge", "Landlock", "LandlockInput", "LandlockState", "LandlockView", "Place",
           "Role"]
__dir__ = package_dir(globals())
