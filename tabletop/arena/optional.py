"""Optional dependencies (pandas, matplotlib), imported when a feature asks for them; without
one, the error names the extra of ``pyproject.toml`` that installs it.

>>> require("math", "this doctest").sqrt(4)
2.0
>>> require("matplotlib_missing", "plot")
Traceback (most recent call last):
ImportError: plot needs matplotlib_missing: pip install matplotlib_missing
>>> EXTRAS["matplotlib"]
'plot'
"""

from __future__ import annotations

import importlib
from typing import Any

#: The extra that installs each optional module (tests/test_distributions.py checks it does).
EXTRAS = {"matplotlib": "plot", "pandas": "plot"}


def require(module: str, what: str) -> Any:
    """Import an optional dependency, or say which ``pip install`` ``what`` needs."""
    try:
        return importlib.import_module(module)
    except ImportError:
        package = module.split(".")[0]
        extra = EXTRAS.get(package)
        how = f'pip install "tabletop[{extra}]" (or pip install {package})' if extra \
            else f"pip install {package}"
        raise ImportError(f"{what} needs {package}: {how}") from None
