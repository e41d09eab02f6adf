"""Lava Flows (Andrew Looney, Looney Labs, 2017): hidden Mediums, bluffed announcements and
Cinder Cones on a 3×3 grid. ``tabletop.load("lava-flows")``.

>>> import tabletop
>>> tabletop.load("lava-flows").new(seed=3, setup="random").current_player in (0, 1)
True
"""

from ...core.exports import package_dir
from .rules import Claim, LavaFlows, LavaState, LavaView, Oreo

__all__ = ["Claim", "LavaFlows", "LavaState", "LavaView", "Oreo"]
__dir__ = package_dir(globals())
