"""Optional dependencies (pandas, matplotlib), imported when a feature asks for them.

>>> require("math", "this doctest").sqrt(4)
2.0
"""

from __future__ import annotations

import importlib
from typing import Any


def require(module: str, what: str) -> Any:
    """Import an optional dependency, or say which ``pip install`` ``what`` needs."""
    try:
        return importlib.import_module(module)
    except ImportError:
        package = module.split(".")[0]
        raise ImportError(f"{what} needs {package}: pip install {package}") from None
