"""Adapters that put tabletop's games into other game-AI libraries (optional extras).

``openspiel`` (``pip install "tabletop[openspiel]"``) and ``pettingzoo``
(``pip install "tabletop[pettingzoo]"``) are imported the first time they are asked for,
``tabletop.adapters.openspiel`` as well as ``from tabletop.adapters import openspiel``; an
extra not installed is an ``ImportError`` naming it.
"""

from __future__ import annotations

import sys
from types import ModuleType

from ..core.exports import package_dir


def __getattr__(name: str) -> ModuleType:
    # ``import tabletop.adapters.x`` written out per name, so the import-cycle test reads them
    if name == "openspiel":
        import tabletop.adapters.openspiel
    elif name == "pettingzoo":
        import tabletop.adapters.pettingzoo  # noqa: F401
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module: ModuleType = sys.modules[f"{__name__}.{name}"]
    return module


__all__ = ["openspiel", "pettingzoo"]
__dir__ = package_dir(globals())
