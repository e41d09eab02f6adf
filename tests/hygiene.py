"""What a test leaves behind: a pytest plugin (``tests/conftest.py`` loads it when
``TABLETOP_HYGIENE=1``) that fails a test leaving the process changed for the tests that
run after it in the same process.

Two checks, each naming the test (or test file) and what it left:

- after each test (its setup, call and teardown): the cheap items of ``EACH_TEST``, read
  in a few microseconds (the working directory, ``sys.path``, the standard streams, the
  hooks, signal handlers and the real-time timer, the root logger, the recursion limit,
  tabletop's game and agent registries, a global IPython shell, cloudpickle's by-value
  modules, matplotlib's backend);
- after the last test of each file: the dearer items of ``EACH_FILE`` (threads and child
  processes still running, tabletop's loggers, matplotlib's settings, numpy's print and
  error settings, modules imported from a file that no longer exists).

``os.environ`` is put back after each test by ``tests/conftest.py`` (Dask's cluster sets
variables in the process that starts it). Python's and numpy's global generators are not
checked: tests and the libraries they drive (Dask, Hypothesis) draw from them, and no code
of tabletop does (``check_reproducible`` holds each game to that).

A fixture that changes one of them and puts it back at its teardown is fine; so is a
``monkeypatch``. Browser tests and notebooks (nbval) get the cheap check only: their
servers and kernels live for the whole session.

>>> before = snapshot(EACH_TEST)
>>> changes(before, snapshot(EACH_TEST))
[]
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

#: How long threads and child processes a file started may take to end by themselves.
GRACE_SECONDS = 5.0

_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGALRM")
                 if hasattr(signal, name))


def _signal_handlers() -> tuple[object, ...]:
    return tuple(signal.getsignal(number) for number in _SIGNALS)


def _timer_armed() -> bool:
    if not hasattr(signal, "getitimer"):
        return False
    return signal.getitimer(signal.ITIMER_REAL) != (0.0, 0.0)


def _games() -> tuple[str, ...]:
    registry = sys.modules.get("tabletop.core.registry")
    return tuple(registry._entries) if registry is not None else ()


def _agents() -> tuple[str, ...] | None:
    """(``None`` before ``tabletop.agents`` is imported: its import registers the built-in
    agents, no test's doing.)"""
    base = sys.modules.get("tabletop.agents.base")
    return tuple(base._REGISTRY) if base is not None else None


def _ipython_shell() -> bool:
    shells = sys.modules.get("IPython.core.interactiveshell")
    return shells is not None and shells.InteractiveShell.initialized()


def _by_value() -> frozenset[str]:
    pickler = sys.modules.get("cloudpickle.cloudpickle")
    modules = getattr(pickler, "_PICKLE_BY_VALUE_MODULES", ())
    return frozenset(modules)


def _backend() -> object:
    matplotlib = sys.modules.get("matplotlib")
    if matplotlib is None:
        return "(chosen at first use)"
    backend = dict.__getitem__(matplotlib.rcParams, "backend")  # (read: never resolved)
    return backend if isinstance(backend, str) else "(chosen at first use)"


def _figures() -> int:
    pyplot = sys.modules.get("matplotlib.pyplot")
    return len(pyplot.get_fignums()) if pyplot is not None else 0


#: Read after every test: each in a few microseconds.
EACH_TEST: dict[str, Callable[[], object]] = {
    "the working directory (os.chdir)": os.getcwd,
    "sys.path": lambda: tuple(sys.path),
    "sys.stdin/stdout/stderr": lambda: (sys.stdin, sys.stdout, sys.stderr),
    "sys.excepthook, threading.excepthook, sys.unraisablehook, sys.displayhook":
        lambda: (sys.excepthook, threading.excepthook, sys.unraisablehook, sys.displayhook),
    "sys.gettrace()/getprofile()": lambda: (sys.gettrace(), sys.getprofile()),
    "the handlers of SIGINT, SIGTERM, SIGALRM": _signal_handlers,
    "a real-time timer still armed (signal.setitimer/alarm)": _timer_armed,
    "the root logger (level, handlers)":
        lambda: (logging.root.level, tuple(logging.root.handlers)),
    "logging.disable": lambda: logging.root.manager.disable,
    "sys.getrecursionlimit()": sys.getrecursionlimit,
    "the cycle collector (gc.enable/disable)": gc.isenabled,
    "tabletop's registered games (register without unregister)": _games,
    "tabletop's registered agents (register_agent: use the agent_registry fixture)": _agents,
    "a global IPython shell (InteractiveShell.instance())": _ipython_shell,
    "cloudpickle.register_pickle_by_value": _by_value,
    "matplotlib's backend (matplotlib.use: use the off_screen_matplotlib fixture)": _backend,
    "matplotlib figures open (plt.close them)": _figures,
}


def _loggers() -> dict[str, tuple[object, ...]]:
    """tabletop's loggers' levels, handlers, propagation and ``disabled`` flags (other
    libraries set their own up as they are first imported: distributed sets tornado's)."""
    return {name: (logger.level, tuple(logger.handlers), logger.propagate, logger.disabled)
            for name, logger in list(logging.Logger.manager.loggerDict.items())
            if isinstance(logger, logging.Logger) and name.split(".")[0] == "tabletop"}


def _rc_params() -> dict[str, object] | None:
    matplotlib = sys.modules.get("matplotlib")
    if matplotlib is None:
        return None
    return {key: value for key, value in dict.items(matplotlib.rcParams) if key != "backend"}


def _lost_modules() -> frozenset[str]:
    """Modules imported from a file that is gone (a toy package written to ``tmp_path``):
    the next test that imports the same name gets the stale module."""
    lost = set()
    for name, module in list(sys.modules.items()):
        where = getattr(module, "__file__", None)
        if isinstance(where, str) and "pytest-of-" in where and not Path(where).exists():
            lost.add(name)
    return frozenset(lost)


#: Threads and processes a library starts once, at its first use, and keeps for the life
#: of the process (no test can end them): distributed's offload thread, multiprocessing's
#: resource tracker.
PERSISTENT = ("Dask-Offload", "multiprocessing.resource_tracker")


def _children() -> frozenset[str]:
    import psutil

    found = set()
    for process in psutil.Process().children(recursive=True):
        try:
            if process.status() == psutil.STATUS_ZOMBIE:
                continue
            line = " ".join(process.cmdline())
        except psutil.Error:  # (ended meanwhile)
            continue
        if not any(name in line for name in PERSISTENT):
            found.add(f"{process.pid} {line[:100]}")
    return frozenset(found)


def _threads() -> frozenset[str]:
    return frozenset(f"{t.name} ({type(t).__name__})" for t in threading.enumerate()
                     if t.is_alive() and not t.name.startswith(PERSISTENT))


#: Read after the last test of each file.
EACH_FILE: dict[str, Callable[[], object]] = {
    "threads still running": _threads,
    "child processes still running": _children,
    "tabletop's loggers (levels, handlers)": _loggers,
    "matplotlib.rcParams": _rc_params,
    "numpy's print options and error handling": lambda: (np.get_printoptions(), np.geterr()),
    "modules imported from a file since deleted (sys.modules)": _lost_modules,
}

#: Items that may end by themselves a moment after the test (a thread told to stop).
_SETTLING = ("threads still running", "child processes still running")


def snapshot(items: dict[str, Callable[[], object]]) -> dict[str, object]:
    """Each item read now."""
    return {name: read() for name, read in items.items()}


def changes(before: dict[str, object], after: dict[str, object]) -> list[str]:
    """What differs, one line per item: what was there before and what is there now (for a
    set, what appeared and what went)."""
    found = []
    for name, old in before.items():
        new = after[name]
        if new == old or old is None:  # (None: its module not imported yet)
            continue
        if isinstance(old, dict) and name.startswith("tabletop's loggers"):
            shown = _logging_changes(old, new)  # type: ignore[arg-type]
            if not shown:
                continue
        elif isinstance(old, frozenset) and isinstance(new, frozenset):
            shown = ", ".join([f"+ {x}" for x in sorted(new - old)]
                              + [f"- {x}" for x in sorted(old - new)])
        elif isinstance(old, dict) and isinstance(new, dict):
            shown = ", ".join(f"{k}: {_short(old.get(k))} -> {_short(new.get(k))}"
                              for k in sorted(set(old) | set(new), key=str)
                              if old.get(k) != new.get(k))
        else:
            shown = f"{_short(old)} -> {_short(new)}"
        found.append(f"{name}: {shown}")
    return found


def _logging_changes(old: dict[str, object], new: dict[str, object]) -> str:
    """Loggers that were there and changed, and new ones that hold a handler
    (``logging.getLogger(__name__)`` as a module is first imported makes one without)."""
    changed = [f"{k}: {_short(old[k])} -> {_short(new.get(k))}"
               for k in sorted(old) if old[k] != new.get(k)]
    made = [f"{k}: made with {_short(new[k])}" for k in sorted(set(new) - set(old))
            if new[k][1]]  # type: ignore[index]
    return ", ".join(changed + made)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 160 else text[:157] + "..."


def _settled(before: dict[str, object]) -> dict[str, object]:
    """``EACH_FILE`` read again while a thread or child process started since ``before`` is
    still ending by itself, for up to ``GRACE_SECONDS``."""
    deadline = time.monotonic() + GRACE_SECONDS
    while True:
        now = snapshot(EACH_FILE)
        started = any(isinstance(now[k], frozenset) and now[k] - before[k]  # type: ignore[operator]
                      for k in _SETTLING)
        if not started or time.monotonic() > deadline:
            return now
        time.sleep(0.05)


@contextlib.contextmanager
def matplotlib_off_screen() -> Iterator[None]:
    """matplotlib draws with its Agg backend in the block (never a window); its backend
    choice and its open figures as they were afterwards."""
    import matplotlib
    import matplotlib.pyplot as plt

    chosen = dict.__getitem__(matplotlib.rcParams, "backend")  # (read: never resolved)
    figures = set(plt.get_fignums())
    plt.switch_backend("Agg")
    try:
        yield
    finally:
        for number in set(plt.get_fignums()) - figures:
            plt.close(number)
        dict.__setitem__(matplotlib.rcParams, "backend", chosen)


@contextlib.contextmanager
def sys_path_kept() -> Iterator[None]:
    """``sys.path`` as it was after the block. A Dask server puts its scratch directory
    first on ``sys.path`` and takes it out as it closes only if it is still first, so two
    servers closing in the order they started (a ``LocalCluster``'s scheduler, then a
    worker's) leave one behind."""
    before = list(sys.path)
    try:
        yield
    finally:
        sys.path[:] = before


class LeftBehind(Exception):
    """A test left the process changed for the tests after it."""


def _whole_process(item: pytest.Item) -> bool:
    """Does ``item`` take the file check (not a browser test or a notebook cell)?"""
    return isinstance(item, pytest.Function) and item.get_closest_marker("browser") is None


class Hygiene:
    """The plugin: snapshots before each test's setup, compares after its teardown."""

    def __init__(self) -> None:
        self.file: Path | None = None
        self.file_before: dict[str, object] | None = None
        self.item: pytest.Item | None = None
        self.fixture_before: dict[int, dict[str, object]] = {}
        # Imported here, before any test, so that none is blamed for what they do as they
        # are first imported: jedi (which IPython imports) sets the recursion limit to
        # 3,000, setuptools appends its vendored packages' folder to sys.path.
        for module in ("jedi", "setuptools"):
            with contextlib.suppress(ImportError):
                importlib.import_module(module)

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_fixture_setup(self, fixturedef: pytest.FixtureDef[Any]) -> Iterator[object]:
        """A fixture of a file, class or session may change the process for the tests it
        serves: what it changed joins the test's baseline, and what was there before it
        comes back after its teardown (which must undo what it did)."""
        if fixturedef.scope == "function" or self.item is None:
            return (yield)
        before = snapshot(EACH_TEST)
        result = yield
        after = snapshot(EACH_TEST)
        changed = [name for name in before if after[name] != before[name]]
        self.fixture_before[id(fixturedef)] = {name: before[name] for name in changed}
        self.item.stash[_BEFORE].update({name: after[name] for name in changed})
        return result

    def pytest_fixture_post_finalizer(self, fixturedef: pytest.FixtureDef[Any]) -> None:
        before = self.fixture_before.pop(id(fixturedef), None)
        if before is not None and self.item is not None:
            self.item.stash[_BEFORE].update(before)

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> Iterator[None]:
        self.item = item
        item.stash[_BEFORE] = snapshot(EACH_TEST)
        if item.path != self.file:
            self.file = item.path
            self.file_before = snapshot(EACH_FILE) if _whole_process(item) else None
        return (yield)

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_runtest_teardown(self, item: pytest.Item,
                                nextitem: pytest.Item | None) -> Iterator[None]:
        result = yield
        found = changes(item.stash[_BEFORE], snapshot(EACH_TEST))
        last_of_file = nextitem is None or nextitem.path != item.path
        if last_of_file and self.file_before is not None:
            found += [f"(by {item.path.name} as a whole) {line}"
                      for line in changes(self.file_before, _settled(self.file_before))]
            self.file_before = None
        if found:
            raise LeftBehind(f"{item.nodeid} left the process changed for the tests after "
                             "it (tests/hygiene.py):\n  " + "\n  ".join(found))
        return result


_BEFORE = pytest.StashKey[dict[str, Any]]()



def pytest_configure(config: pytest.Config) -> None:
    """As a plugin of its own (``pytest -p hygiene``); ``tests/conftest.py`` registers
    ``Hygiene`` itself."""
    if not config.pluginmanager.has_plugin("tabletop-hygiene"):
        config.pluginmanager.register(Hygiene(), "tabletop-hygiene")
