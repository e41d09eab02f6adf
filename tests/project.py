"""``pyproject.toml`` as a table, for the tests that keep it in step with everything else
(``tomllib`` from Python 3.11, its ancestor ``tomli`` before)."""

import os
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = Path(__file__).parent.parent


def pyproject() -> dict[str, Any]:
    """The whole of ``pyproject.toml``."""
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def binder_python() -> str:
    """The Python version Binder runs (``binder/runtime.txt``: ``python-3.N``)."""
    runtime = (ROOT / "binder" / "runtime.txt").read_text(encoding="utf-8")
    return runtime.strip().removeprefix("python-")


def on_binder(requirements: list[str]) -> list[Requirement]:
    """The ``requirements`` that apply on Binder's Python (a marker may leave one out)."""
    found = map(Requirement, requirements)
    return [r for r in found if r.marker is None
            or r.marker.evaluate({"python_version": binder_python()})]


def backend_or_skip() -> None:
    """Skip (fail under CI) where the installed setuptools is older than the build needs
    (``build-system.requires``; ``pip install -e '.[test]'`` brings one)."""
    needed = Requirement(pyproject()["build-system"]["requires"][0])
    try:
        have = version("setuptools")
    except PackageNotFoundError:
        have = "0"
    if Version(have) not in needed.specifier:
        message = (f"building needs {needed} (installed: {have}); "
                   f"pip install -e '.[test]' brings it")
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
