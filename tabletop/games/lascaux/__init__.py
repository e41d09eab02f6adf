"""Lascaux for tabletop: ``tabletop.load("lascaux", players=3|4|5)``."""

from .rules import Lascaux, LascauxState, LascauxView

__all__ = ["Lascaux", "LascauxState", "LascauxView"]
