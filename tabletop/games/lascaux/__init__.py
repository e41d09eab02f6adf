"""Lascaux for tabletop: ``tabletop.load("lascaux", players=3|4|5)``."""

from ...core.exports import package_dir
from .rules import Lascaux, LascauxState, LascauxView

__all__ = ["Lascaux", "LascauxState", "LascauxView"]
__dir__ = package_dir(globals())
