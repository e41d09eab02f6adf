"""Lascaux for tabletop: ``tabletop.load("lascaux", players=3|4|5)``."""

from ...core.exports import package_dir
from .actions import Choose, Pass, Pay
from .input import LascauxInput
from .rules import Lascaux, LascauxState, LascauxView

__all__ = ["Choose", "Lascaux", "LascauxInput", "LascauxState", "LascauxView", "Pass", "Pay"]
__dir__ = package_dir(globals())
