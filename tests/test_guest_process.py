"""tabletop as a guest in someone else's process (``docs/promises.md``, "A guest in your
process"): importing it and using every part of it leaves the process as it found it.

``check_guest`` (in ``check_abuse``) checks one game's play, pictures, records and bots in
this process; ``guest_tour.py`` runs the whole library (widgets, arena on threads and on
Dask, adapters) in a fresh process whose home, temporary folder and working folder are
empty, and the working folder and home read-only."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import stat
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import numpy as np
import pytest
from broken_guest import RELEASE, ChattyNim, LingeringNim, LoggingNim, QuietingNim
from toygame import SecretNim

import tabletop
from tabletop.core.testing import ConformanceError, check_guest
from tabletop.core.testing.process import process_state, state_changes
from tabletop.widgets.agentrun import Worker

ROOT = Path(__file__).parents[1]
TOUR = Path(__file__).parent / "guest_tour.py"
#: A line of the arena's progress bar: ``lascaux:  33%|###3      | 1/3 [00:10<00:21, …``.
BAR = re.compile(r"[a-z-]+: +\d+%\|[^|]*\| \d+/\d+ \[")


@pytest.mark.parametrize("name", tabletop.games())
def test_every_game_leaves_the_process_as_it_found_it(name):
    check_guest(tabletop.load(name), seeds=range(1))


def test_a_sound_toy_passes(registered):
    check_guest(registered(SecretNim), seeds=range(2))


def test_numpy_error_handling_changed_by_a_game_is_caught(registered):
    before = np.geterr()
    try:
        with pytest.raises(ConformanceError, match=r"numpy error handling \(np.seterr\) "
                                                   r"changed: divide: 'warn' -> 'ignore'"):
            check_guest(registered(QuietingNim), seeds=range(1))
    finally:
        np.seterr(**before)


def test_a_handler_added_to_the_root_logger_is_caught(registered):
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        with pytest.raises(ConformanceError, match=r"logger 'the root logger' changed"):
            check_guest(registered(LoggingNim), seeds=range(1))
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)


def test_text_printed_by_a_game_is_caught(registered):
    with pytest.raises(ConformanceError, match=r"wrote to stdout: 'chatty-nim: applying"):
        check_guest(registered(ChattyNim), seeds=range(1))


def test_a_thread_left_running_is_caught(registered):
    try:
        with pytest.raises(ConformanceError, match=r"threads still running: nim-helper"):
            check_guest(registered(LingeringNim), seeds=range(1))
    finally:
        RELEASE.set()


def test_the_records_compare_what_the_promise_names():
    before = process_state()
    old = warnings.filters[:]
    try:
        warnings.simplefilter("ignore", UserWarning)
        np.set_printoptions(precision=3)
        os.environ["TABLETOP_GUEST_TEST"] = "1"
        found = state_changes(before, process_state())
    finally:
        warnings.filters[:] = old
        np.set_printoptions(precision=before["numpy print options"]["precision"])
        del os.environ["TABLETOP_GUEST_TEST"]
    assert [f.split(" changed")[0] for f in found] == [
        "numpy print options", "warnings.filters", "os.environ"]
    assert state_changes(before, process_state()) == []


def test_bots_thinking_in_an_event_loop_leave_no_thread_once_they_stop():
    """The widget's bots search in a worker thread (the loop stays free); once the widgets
    are closed no thread of theirs is left in the user's kernel."""
    before = set(threading.enumerate())

    async def scenario() -> None:
        for name in tabletop.games():
            players = tabletop.load(name).players
            widget = tabletop.play(name, seed=1, bots=dict.fromkeys(range(players), "mcts"),
                                   agent_delay=0.01, panel_delay=0.01)
            await asyncio.sleep(0.3)
            widget.close()

    asyncio.run(scenario())
    deadline = time.monotonic() + 60  # a hang guard: a search under way ends first
    while time.monotonic() < deadline:
        left = [t.name for t in set(threading.enumerate()) - before
                if t.is_alive() and not t.name.startswith("tabletop-warm-up")]
        if not left:
            break
        time.sleep(0.05)
    assert left == []


def test_a_search_cancelled_before_it_starts_never_runs():
    worker = Worker("test-worker")
    gate, ran = threading.Event(), []
    first = worker.submit(gate.wait, 5)
    second = worker.submit(ran.append, 1)
    assert second.cancel()
    gate.set()
    assert first.result(5) is True
    third = worker.submit(ran.append, 3)
    third.result(5)
    assert ran == [3]


def tour(part: str, tmp_path: Path, *extra: str, env: dict[str, str] | None = None) -> dict:
    """Run ``guest_tour.py part`` in a fresh process in empty, read-only folders."""
    home, temp, cwd = (tmp_path / "home", tmp_path / "tmp", tmp_path / "cwd")
    for folder in (home, temp, cwd):
        folder.mkdir()
    out = tmp_path / "found.json"
    environ = {**os.environ, "HOME": str(home), "TMPDIR": str(temp),
               "PYTHONPATH": str(ROOT), "MPLCONFIGDIR": str(tmp_path / "mpl")}
    environ.update(env or {})
    environ = {k: v for k, v in environ.items() if v}  # ``""``: unset
    for folder in (home, cwd):
        folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        done = subprocess.run([sys.executable, str(TOUR), part, str(out), *extra], cwd=cwd,
                              env=environ, capture_output=True, text=True, timeout=600)
    finally:
        for folder in (home, cwd):
            folder.chmod(stat.S_IRWXU)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout == "", done.stdout[-2000:]
    found: dict = json.loads(out.read_text(encoding="utf-8"))
    return found


def progress_bars_only(text: str) -> bool:
    """Whether ``text`` is nothing but the arena's progress bars (shown unless
    ``progress=False``: asked for)."""
    lines = [line for line in text.replace("\r", "\n").split("\n") if line.strip()]
    return all(BAR.match(line) for line in lines)


def test_importing_tabletop_and_its_subpackages_changes_nothing(tmp_path):
    found = tour("import", tmp_path)
    assert found == {"changes": [], "stdout": "", "stderr": ""}


def test_importing_tabletop_with_home_unset_changes_nothing(tmp_path):
    found = tour("import", tmp_path, env={"HOME": ""})
    assert found == {"changes": [], "stdout": "", "stderr": ""}


def test_the_whole_library_in_a_notebook_s_process_leaves_it_as_it_was(tmp_path):
    """Every game played, replayed, saved and drawn, its widget built and its bots moved,
    the tree inspector, explore, the arena here and on threads (its progress bar, a saved
    dataset, its plot and ratings), both adapters: the process afterwards is the one
    before, files only where the user said, nothing printed but the progress bars."""
    save = tmp_path / "mine"
    save.mkdir()
    found = tour("library", tmp_path, str(save))
    assert found["changes"] == []
    assert found["stdout"] == ""
    assert progress_bars_only(found["stderr"]), found["stderr"][-1000:]
    made = {p.name for p in save.iterdir()}
    assert made == {"landlock-games"} | {f"{name}.{kind}" for name in tabletop.games()
                                         for kind in ("json", "svg")}


def test_the_arena_on_a_dask_cluster_leaves_the_process_as_it_was(tmp_path):
    """The arena on a two-worker ``LocalCluster`` the user started: nothing of tabletop's
    left behind. (Dask's own scheduler, which runs in this process, draws from the
    ``random`` module: a plain ``client.submit`` moves it too, so that one is left out.)"""
    pytest.importorskip("distributed")
    found = tour("dask", tmp_path)
    assert found["changes"] == []
    assert found["stdout"] == ""
    assert progress_bars_only(found["stderr"]), found["stderr"][-1000:]


def test_check_guest_puts_the_users_global_generators_back():
    import random

    random.seed(7)
    np.random.seed(7)
    expected = random.random(), np.random.random()
    random.seed(7)
    np.random.seed(7)
    check_guest(tabletop.load("landlock"), seeds=[0])
    assert (random.random(), np.random.random()) == expected  # (was reseeded with 12345)
