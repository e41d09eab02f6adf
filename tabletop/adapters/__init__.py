"""Adapters that put tabletop's games into other game-AI libraries (optional extras).

``openspiel`` (``pip install "tabletop[openspiel]"``) and ``pettingzoo``
(``pip install "tabletop[pettingzoo]"``) are imported the first time they are asked for,
``tabletop.adapters.openspiel`` as well as ``from tabletop.adapters import openspiel``; an
extra not installed is an ``ImportError`` naming it.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from ..core.exports import package_dir


def __getattr__(name: str) -> ModuleType:
    # By ``importlib``: the adapters import ``tabletop`` itself (``tabletop.load``), and the
    # package does not depend on them (the import-cycle test reads written-out imports).
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return importlib.import_module(f"{__name__}.{name}")


__all__ = ["openspiel", "pettingzoo"]
__dir__ = package_dir(globals())
