"""Shared fixtures: toy games registered for the duration of a test; and the worked
example of ``docs/adding-a-game.md`` (``examples/goofspiel``) made importable, as a game
package living outside the library would be."""

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent / "examples"))

from tabletop.core.diffs import pytest_assertrepr_compare  # noqa: F401  (failing == of states)
from tabletop.core.registry import register, unregister


@pytest.fixture
def nim():
    """Secret Nim, registered (so records replay) for the duration of a test."""
    from toygame import SecretNim

    register(SecretNim.name, SecretNim)
    yield SecretNim()
    unregister(SecretNim.name)


@pytest.fixture
def registered():
    """``registered(GameClass, **options)`` registers a toy game and returns an instance;
    every toy registered is forgotten after the test."""
    names = []

    def add(cls, **options):
        register(cls.name, cls)
        names.append(cls.name)
        return cls(**options)

    yield add
    for name in names:
        unregister(name)


@pytest.fixture
def agent_registry():
    """Agent names a test registers (``register_agent``) are forgotten after it: other tests
    list the names. Use it with ``pytestmark = pytest.mark.usefixtures("agent_registry")``."""
    from tabletop.agents import base

    before = dict(base._REGISTRY)
    yield
    base._REGISTRY.clear()
    base._REGISTRY.update(before)


#: The environment as the session began: nbval's kernels inherit this process's environment,
#: so a variable left set (``MPLBACKEND`` by a test once; Dask's cluster sets
#: ``PYTHONHASHSEED`` and the ``*_NUM_THREADS`` in the process that starts it) would change
#: what the notebooks run and output.
_ENVIRONMENT = dict(os.environ)


@pytest.fixture(autouse=True)
def _environment_kept():
    """After each test, ``os.environ`` is as the session began (``PYTEST_*`` aside)."""
    yield
    for key in {*os.environ, *_ENVIRONMENT}:
        if key.startswith("PYTEST_") or os.environ.get(key) == _ENVIRONMENT.get(key):
            continue
        if key in _ENVIRONMENT:
            os.environ[key] = _ENVIRONMENT[key]
        else:
            del os.environ[key]
