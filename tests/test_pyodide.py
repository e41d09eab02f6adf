"""tabletop in JupyterLite (Pyodide), simulated: no thread or process starts, no timer signal
is delivered (``tests/pyodide_limits.py``). The whole library still works there — every game
played, recorded, replayed and drawn, the widget and its bots, the arena with ``move_time``,
the conformance suite's hang guard — through fallbacks that do the same work without a
thread (``tabletop.core.threads``); where threads start, nothing changes. Pyodide itself
cannot run here (no network for its distribution): its limits are imposed on this CPython."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from tabletop.arena import clock
from tabletop.core import threads
from tabletop.core.testing.hangguard import Hung, hang_guard
from tabletop.core.threads import deadline, threads_start

ROOT = Path(__file__).resolve().parents[1]
#: What Pyodide's distribution builds for WebAssembly itself; every other package must be a
#: ``*-none-any`` wheel for micropip to install it.
PYODIDE_BUILT = {"numpy", "pillow"}
#: Pure Python upstream, though an environment here may hold a compiled build of it (the
#: Python 3.10 one of `.ci/run` installed wcwidth from a ``cp310-abi3`` wheel): Pyodide
#: installs the ``none-any`` wheel.
PURE_UPSTREAM = {"wcwidth"}
#: The environment markers of Pyodide.
PYODIDE = {"sys_platform": "emscripten", "platform_system": "Emscripten",
           "platform_machine": "wasm32", "os_name": "posix",
           "platform_python_implementation": "CPython", "implementation_name": "cpython"}


@pytest.fixture(scope="module")
def tour() -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, str(ROOT / "tests" / "pyodide_tour.py")],
                         capture_output=True, text=True, timeout=600, env=env, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-3000:]
    return run.stdout.splitlines()


def test_every_step_of_the_tour_works_under_pyodides_limits(tour):
    failed = [line for line in tour if line.startswith("FAIL")]
    assert not failed, "\n".join(tour)
    assert sum(line.startswith("ok ") for line in tour) == 4 * 4 + 4, "\n".join(tour)


def test_the_tour_never_sleeps_which_would_block_the_page(tour):
    assert tour[-1] == "sleeps []", tour[-1]


def test_threads_start_here_so_nothing_changes_where_they_do():
    assert threads_start()


def no_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(threads, "_started", False)


def test_a_clock_without_threads_runs_the_call_here_and_stops_an_overrun(monkeypatch):
    no_threads(monkeypatch)
    timer = clock.Clock(0.2)
    assert timer.thread is None and timer.call(sum, [1, 2]) == 3

    def spin() -> None:
        while True:
            pass
    start = time.monotonic()
    with pytest.raises(clock.Overrun) as caught:
        timer.call(spin)
    assert caught.value.stopped and time.monotonic() - start < 5
    with pytest.raises(clock.Overrun):  # back late from a call that no trace can stop
        timer.call(time.sleep, 0.3)
    with pytest.raises(KeyError):  # the agent's own error, as with a thread
        timer.call({}.__getitem__, "x")


def test_the_hang_guard_without_threads_traces_instead_of_waiting_for_a_signal(monkeypatch):
    no_threads(monkeypatch)
    monkeypatch.setattr("signal.setitimer", lambda *a: (0.0, 0.0))  # never delivered
    start = time.monotonic()
    with pytest.raises(Hung), hang_guard(0.2):
        while_true()
    assert time.monotonic() - start < 5


def while_true() -> None:
    while True:
        pass


def test_a_deadline_puts_back_the_tracer_before_it_and_fires_once():
    seen: list[str] = []

    def tracer(frame, event, arg):  # noqa: ANN001, ANN202 - a tracer's shape
        seen.append(event)

    class Late(BaseException):
        pass

    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        with pytest.raises(Late), deadline(0.05, Late):
            while_true()
        assert sys.gettrace() is tracer
    finally:
        sys.settrace(previous)
    with deadline(0.0, Late) as late:  # past it already, and nothing called: no raise
        pass
    assert not late.fired


def test_every_default_dependency_installs_in_pyodide():
    """The default install's dependencies, all the way down (Pyodide's markers): each is a
    pure-Python wheel here, or one Pyodide builds itself."""
    todo = _project_requirements()
    seen: dict[str, str] = {}
    while todo:
        req = todo.pop()
        if req.marker is not None and not req.marker.evaluate({**PYODIDE, "extra": "",
                                                               "python_version": "3.12"}):
            continue
        name = req.name.lower().replace("_", "-")
        if name in seen:
            continue
        dist = metadata.distribution(req.name)
        tags = [line.split(": ", 1)[1] for line in (dist.read_text("WHEEL") or "").splitlines()
                if line.startswith("Tag: ")]
        seen[name] = ", ".join(tags)
        todo.extend(Requirement(r) for r in dist.requires or [])
    assert {"numpy", "networkx", "ipywidgets", "ipycanvas"} <= set(seen), seen
    compiled = {n: t for n, t in seen.items()
                if n not in PYODIDE_BUILT | PURE_UPSTREAM and not all(t.endswith("-none-any")
                                                      for t in t.split(", "))}
    assert not compiled, compiled


def _project_requirements() -> list[Requirement]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return [Requirement(r) for r in project["project"]["dependencies"]]


def test_without_threads_the_widgets_bots_still_show_thinking_first_and_move_one_at_a_time(
        monkeypatch):
    """``test_widget_waits``' first scenario where no thread starts: the same turn lines and
    moves in the same order; only the search runs on the loop's own thread."""
    import asyncio
    import threading

    from test_widget_waits import PLAYERS, human_seat, lascaux, recorded, until

    no_threads(monkeypatch)
    log: list[tuple[str, object]] = []
    shell: list = []
    bot, bots = recorded(log, shell)

    async def scenario() -> None:
        widget = lascaux(bots, agent_delay=0.02)
        shell.append(widget)
        widget.turn_html.observe(lambda c: log.append(("turn", c["new"])), "value")
        widget.observe(lambda c: log.append(("state", len(c["new"].history))), "state")
        widget.play(widget.state.legal_actions()[0])
        assert widget.runner.running  # the person's move returned before any bot moved
        await until(lambda: widget.state.current_player == human_seat())
        assert "thinking" not in widget.turn_html.value and "failed" not in widget.message

    asyncio.run(scenario())
    plies = [n for kind, n in log if kind == "state"]
    assert plies == list(range(plies[0], plies[0] + PLAYERS))  # one ply at a time
    searches = [i for i, (kind, _) in enumerate(log) if kind == "search"]
    moves = [i for i, (kind, _) in enumerate(log) if kind == "state"]
    assert len(searches) == PLAYERS - 1
    for k, at in enumerate(searches):
        player, turn, thread = log[at][1]
        assert "is thinking…" in turn and thread == threading.main_thread().name
        assert moves[k] < at < moves[k + 1]


def test_conformance_checks_that_need_a_thread_or_process_are_skipped_with_a_warning(
        monkeypatch):
    import subprocess

    import tabletop
    from tabletop.core.testing.hashseeds import check_hash_seeds
    from tabletop.core.testing.optimized import check_optimized
    from tabletop.core.testing.values import check_threads

    no_threads(monkeypatch)

    def no_process(*args: object, **kwargs: object) -> None:
        raise OSError(38, "Function not implemented")
    monkeypatch.setattr(subprocess, "run", no_process)
    game = tabletop.load("lava-flows")
    for check, needs in ((check_hash_seeds, "another process"),
                         (check_optimized, "another process"), (check_threads, "threads")):
        with pytest.warns(RuntimeWarning, match=f"{check.__name__} skipped: it needs {needs}"):
            check(game)
