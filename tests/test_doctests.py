"""Every docstring example in the package runs and shows what it says."""

import doctest
import importlib
import os
import pkgutil

import pytest
from guards import failure

import tabletop

MODULES = sorted(m.name for m in pkgutil.walk_packages(tabletop.__path__, "tabletop."))

#: Modules of the optional extras (``tabletop.adapters.*``): without their third-party
#: package they raise ImportError, and their examples skip, except in CI (``CI=true``).
OPTIONAL = "tabletop.adapters."


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    try:
        module = importlib.import_module(name)
    except ImportError as error:
        if not name.startswith(OPTIONAL) or os.environ.get("CI") == "true":
            raise
        pytest.skip(f"{name} needs an optional extra: {error}")
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testmod(module, optionflags=flags, verbose=False)
    assert result.failed == 0, failure(
        f"docstring examples failed in {name} (doctest printed each above)",
        [f"{result.failed} of {result.attempted}"],
        f"make each example show what the code returns (`python -m pytest "
        f"tests/test_doctests.py -k {name}` runs these alone); a set's order varies, so an "
        f"example shows sorted(...) rather than a set")
