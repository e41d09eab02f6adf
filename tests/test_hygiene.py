"""The suite refuses a test that leaves the process changed (``tests/hygiene.py``): each
check catches what it names, and the plugin fails the test that left it, naming both."""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest
from hygiene import EACH_FILE, EACH_TEST, changes, matplotlib_off_screen, snapshot
from toygame import SecretNim

from tabletop.agents import RandomAgent, register_agent
from tabletop.core.registry import register, unregister


@contextlib.contextmanager
def set_and_reset(change: Callable[[], object], reset: Callable[[], object]) -> Iterator[None]:
    change()
    try:
        yield
    finally:
        reset()


def leave_registered_game():
    return set_and_reset(lambda: register("left-nim", SecretNim),
                         lambda: unregister("left-nim"))


def leave_registered_agent():
    from tabletop.agents import base

    return set_and_reset(lambda: register_agent("left-agent", RandomAgent),
                         lambda: base._REGISTRY.pop("left-agent"))


def leave_working_directory(tmp_path: Path):
    here = os.getcwd()
    return set_and_reset(lambda: os.chdir(tmp_path), lambda: os.chdir(here))


def leave_sys_path(tmp_path: Path):
    return set_and_reset(lambda: sys.path.append(str(tmp_path)),
                         lambda: sys.path.remove(str(tmp_path)))


def leave_signal_handler():
    before = signal.getsignal(signal.SIGTERM)
    return set_and_reset(lambda: signal.signal(signal.SIGTERM, lambda *_: None),
                         lambda: signal.signal(signal.SIGTERM, before))


def leave_timer_cleared():
    kept: list[tuple[float, float]] = []
    return set_and_reset(lambda: kept.append(signal.setitimer(signal.ITIMER_REAL, 0)),
                         lambda: signal.setitimer(signal.ITIMER_REAL, *kept[0]))


def leave_root_logger_handler():
    handler = logging.NullHandler()
    return set_and_reset(lambda: logging.root.addHandler(handler),
                         lambda: logging.root.removeHandler(handler))


def leave_logging_disabled():
    return set_and_reset(lambda: logging.disable(logging.INFO),
                         lambda: logging.disable(logging.NOTSET))


def leave_recursion_limit():
    before = sys.getrecursionlimit()
    return set_and_reset(lambda: sys.setrecursionlimit(before + 1),
                         lambda: sys.setrecursionlimit(before))


def leave_gc_disabled():
    return set_and_reset(gc.disable, gc.enable)


def leave_stdout_replaced():
    before = sys.stdout
    return set_and_reset(lambda: setattr(sys, "stdout", open(os.devnull, "w", encoding="utf-8")),
                         lambda: (sys.stdout.close(), setattr(sys, "stdout", before)))


def leave_excepthook():
    before = sys.excepthook
    return set_and_reset(lambda: setattr(sys, "excepthook", lambda *_: None),
                         lambda: setattr(sys, "excepthook", before))


def leave_ipython_shell():
    """(A stand-in: a real ``InteractiveShell.instance()`` starts a history thread, which
    ``clear_instance`` does not end.)"""
    shells = pytest.importorskip("IPython.core.interactiveshell")
    if shells.InteractiveShell.initialized():  # pragma: no cover - another test left one
        pytest.fail("a global IPython shell was already there")
    return set_and_reset(
        lambda: setattr(shells.InteractiveShell, "_instance",
                        object.__new__(shells.InteractiveShell)),
        shells.InteractiveShell.clear_instance)


def leave_trace():
    before = sys.gettrace()
    return set_and_reset(lambda: sys.settrace(lambda *_: None), lambda: sys.settrace(before))


def leave_pickled_by_value():
    cloudpickle = pytest.importorskip("cloudpickle")
    module = sys.modules[__name__]
    return set_and_reset(lambda: cloudpickle.register_pickle_by_value(module),
                         lambda: cloudpickle.unregister_pickle_by_value(module))


def leave_matplotlib_backend():
    matplotlib = pytest.importorskip("matplotlib")
    chosen = dict(dict.items(matplotlib.rcParams))  # (as stored: matplotlib.use also
    return set_and_reset(lambda: matplotlib.use("Agg"),  # turns off backend_fallback)
                         lambda: dict.update(matplotlib.rcParams, chosen))


#: Each cheap check, and something that trips it (put back afterwards).
PER_TEST = {
    "tabletop's registered games": lambda tmp: leave_registered_game(),
    "tabletop's registered agents": lambda tmp: leave_registered_agent(),
    "the working directory": leave_working_directory,
    "sys.path": leave_sys_path,
    "the handlers of SIGINT, SIGTERM, SIGALRM": lambda tmp: leave_signal_handler(),
    "a real-time timer still armed": lambda tmp: leave_timer_cleared(),
    "the root logger": lambda tmp: leave_root_logger_handler(),
    "logging.disable": lambda tmp: leave_logging_disabled(),
    "sys.getrecursionlimit()": lambda tmp: leave_recursion_limit(),
    "the cycle collector": lambda tmp: leave_gc_disabled(),
    "sys.stdin/stdout/stderr": lambda tmp: leave_stdout_replaced(),
    "sys.excepthook": lambda tmp: leave_excepthook(),
    "a global IPython shell": lambda tmp: leave_ipython_shell(),
    "cloudpickle.register_pickle_by_value": lambda tmp: leave_pickled_by_value(),
    "matplotlib's backend": lambda tmp: leave_matplotlib_backend(),
    "sys.gettrace()": lambda tmp: leave_trace(),
}


def test_every_cheap_check_has_a_test_here():
    tested = [*PER_TEST, "matplotlib figures open"]
    assert [n for n in EACH_TEST if not any(n.startswith(k) for k in tested)] == []
    assert len(EACH_TEST) == len(tested)


def test_a_figure_left_open_is_named():
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    with matplotlib_off_screen():
        before = snapshot(EACH_TEST)
        figure = plt.figure()
        found = changes(before, snapshot(EACH_TEST))
        plt.close(figure)
    assert len(found) == 1 and found[0].startswith("matplotlib figures open"), found


@pytest.mark.parametrize("check", PER_TEST)
def test_each_cheap_check_names_what_was_left(check, tmp_path):
    before = snapshot(EACH_TEST)
    with PER_TEST[check](tmp_path):
        found = changes(before, snapshot(EACH_TEST))
    assert len(found) == 1 and found[0].startswith(check), found
    assert changes(before, snapshot(EACH_TEST)) == []  # (and put back)


def test_a_thread_left_running_is_named():
    before = snapshot(EACH_FILE)
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait, name="left-running")
    thread.start()
    try:
        found = changes(before, snapshot(EACH_FILE))
    finally:
        stop.set()
        thread.join()
    assert found == ["threads still running: + left-running (Thread)"]


def test_a_child_process_left_running_is_named():
    before = snapshot(EACH_FILE)
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        found = changes(before, snapshot(EACH_FILE))
    finally:
        child.kill()
        child.wait()
    assert len(found) == 1 and found[0].startswith("child processes still running: + "
                                                   f"{child.pid} "), found


def test_a_tabletop_logger_changed_and_numpy_settings_are_named():
    logger = logging.getLogger("tabletop.arena")
    before = snapshot(EACH_FILE)
    level = logger.level
    logger.setLevel(logging.DEBUG)
    try:
        with np.errstate(divide="raise"):
            found = changes(before, snapshot(EACH_FILE))
    finally:
        logger.setLevel(level)
    assert [line.split(":")[0] for line in found] == [
        "tabletop's loggers (levels, handlers)", "numpy's print options and error handling"]


def test_matplotlib_off_screen_leaves_nothing_behind():
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    before = snapshot(EACH_TEST)
    with matplotlib_off_screen():
        plt.figure()
        assert plt.get_backend().lower() == "agg"
    assert changes(before, snapshot(EACH_TEST)) == []


LEAVING = '''
from toygame import SecretNim
from tabletop.core.registry import register

def test_leaves_a_game():
    register("left-nim", SecretNim)

def test_after_it():
    pass
'''


def test_the_plugin_fails_the_test_that_left_it(tmp_path):
    """In a pytest run of its own (with this directory's plugin): the test is named, so is
    what it left; the test after it is not blamed."""
    (tmp_path / "test_leaving.py").write_text(LEAVING, encoding="utf-8")
    here = Path(__file__).parent
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "hygiene",
         "-c", os.devnull, "--rootdir", str(tmp_path), str(tmp_path / "test_leaving.py")],
        capture_output=True, text=True, cwd=tmp_path, timeout=120,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(here), str(here.parent), os.environ.get("PYTHONPATH", "")])})
    assert "2 passed, 1 error" in run.stdout, run.stdout + run.stderr
    assert ("ERROR at teardown of test_leaves_a_game" in run.stdout
            and "test_leaving.py::test_leaves_a_game left the process changed for the tests "
                "after it" in run.stdout), run.stdout
    left = next(line for line in run.stdout.splitlines() if "registered games" in line)
    assert left.strip().startswith("E") and left.endswith("'left-nim')"), left
