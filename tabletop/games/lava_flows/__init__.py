"""Lava Flows (Andrew Looney, Looney Labs, 2017): hidden Mediums, bluffed announcements and
Cinder Cones on a 3×3 grid. ``tabletop.load("lava-flows")``.

>>> import tabletop
>>> tabletop.load("lava-flows").new(seed=3, setup="random").current_player in (0, 1)
True
"""

from ...core.exports import package_dir
from .actions import Arrange, Bubble, Eject, Move, Pass, Slide
from .input import LavaFlowsInput
from .rules import Claim, LavaFlows, LavaState, LavaView, Oreo

__all__ = ["Arrange", "Bubble", "Claim", "Eject", "LavaFlows", "LavaFlowsInput", "LavaState",
           "LavaView", "Move", "Oreo", "Pass", "Slide"]
__dir__ = package_dir(globals())
