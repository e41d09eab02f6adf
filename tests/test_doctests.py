"""Every docstring example in the package runs and shows what it says."""

import doctest
import importlib
import pkgutil

import pytest

import tabletop

MODULES = sorted(m.name for m in pkgutil.walk_packages(tabletop.__path__, "tabletop."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testmod(module, optionflags=flags, verbose=False)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"
