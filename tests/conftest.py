"""Shared fixtures: toy games registered for the duration of a test; and the worked
example of ``docs/adding-a-game.md`` (``examples/goofspiel``) made importable, as a game
package living outside the library would be."""

import faulthandler
import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent / "examples"))

from hygiene import Hygiene, matplotlib_off_screen  # noqa: E402  (what a test leaves behind)

from tabletop.core.diffs import pytest_assertrepr_compare  # noqa: F401  (failing == of states)
from tabletop.core.registry import register, unregister

#: Longest a test may take, its setup and teardown included (so the module's fixtures it
#: starts or ends: a JupyterLab server, Chromium, a Dask cluster): a hang (a promise a browser
#: test awaits that never settles, a browser that does not close, a lock never released)
#: fails the test instead of holding the run until CI's own limit.
TEST_SECONDS = {"browser": 420, "other": 600}
#: How long the clean-up after an expired test may take before the run stops (the stacks of
#: every thread printed): a hang that outlives the ``TimeoutError`` would hold the run too.
LAST_RESORT_SECONDS = 120


def pytest_configure(config: pytest.Config) -> None:
    """With ``TABLETOP_HYGIENE=1``, a test that leaves the process changed fails
    (``tests/hygiene.py``; not yet by default: see CONTRIBUTING.md)."""
    if os.environ.get("TABLETOP_HYGIENE") == "1":
        config.pluginmanager.register(Hygiene(), "tabletop-hygiene")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    if not hasattr(signal, "SIGALRM"):  # Windows: no limit
        yield
        return
    seconds = TEST_SECONDS["browser" if item.get_closest_marker("browser") else "other"]
    expired = []

    def expire(signum, frame):
        if expired:
            capture = item.config.pluginmanager.getplugin("capturemanager")
            if capture is not None:  # (what follows must reach the terminal, not a capture)
                capture.suspend_global_capture(in_=False)
            print(f"\n{item.nodeid}: still stuck {LAST_RESORT_SECONDS} s after its time limit; "
                  "stopping the test run. Every thread's stack:", file=sys.stderr, flush=True)
            faulthandler.dump_traceback(all_threads=True)
            os._exit(3)
        expired.append(True)
        signal.alarm(LAST_RESORT_SECONDS)
        raise TimeoutError(f"{item.nodeid} still running after {seconds} s (its setup, call "
                           "and teardown, module fixtures included)")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


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
def off_screen_matplotlib():
    """matplotlib draws with its Agg backend for the test (never a window); its backend
    choice and open figures as they were afterwards (``tests/hygiene.py`` checks both)."""
    pytest.importorskip("matplotlib")
    with matplotlib_off_screen():
        yield


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
