"""A small machine: a process that may use fewer CPUs than the machine has (a Binder's quota,
``taskset -c 0``, a CI runner's cgroup). ``tabletop.core.cpus.usable_cpus`` says how many it
may use; timed games on local workers never outnumber them (``tabletop.arena.sharing``)."""

from __future__ import annotations

import os
import random
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

from tabletop.arena import arena, sharing
from tabletop.arena import run as arena_run
from tabletop.core import cpus


@pytest.fixture
def affinity(monkeypatch):
    """Set what Python says the process may use (``process_cpu_count`` on 3.13+, the
    affinity before), with no cgroup quota unless a test writes one."""
    def pretend(count: int, cores: int = 64) -> None:
        monkeypatch.setattr(os, "cpu_count", lambda: cores)
        monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(count)),
                            raising=False)
        monkeypatch.setattr(os, "process_cpu_count", lambda: count, raising=False)
    monkeypatch.setattr(cpus, "CGROUP_ROOT", Path("/nonexistent-cgroup-root"))
    return pretend


def test_the_affinity_counts_not_the_machines_cores(affinity):
    affinity(1, cores=64)
    assert cpus.usable_cpus() == 1
    assert cpus.cpus_text() == "1 usable CPU of 64 cores"


def test_before_python_3_13_the_affinity_is_read(affinity, monkeypatch):
    affinity(3, cores=64)
    monkeypatch.delattr(os, "process_cpu_count")
    assert cpus.usable_cpus() == 3


def test_without_an_affinity_call_the_cores_count(affinity, monkeypatch):
    affinity(3, cores=6)
    monkeypatch.delattr(os, "process_cpu_count")
    monkeypatch.delattr(os, "sched_getaffinity")
    assert cpus.usable_cpus() == 6
    monkeypatch.setattr(os, "cpu_count", lambda: None)  # unknown: one
    assert cpus.usable_cpus() == 1


@pytest.mark.parametrize("written, expected", [
    ("100000 100000\n", 1), ("150000 100000\n", 2), ("50000 100000\n", 1),
    ("400000 100000\n", 4), ("max 100000\n", 8), ("", 8), ("nonsense\n", 8),
])
def test_a_cgroup_v2_quota_bounds_the_count(affinity, tmp_path, written, expected):
    affinity(8)
    (tmp_path / "cpu.max").write_text(written, encoding="utf-8")
    assert cpus.usable_cpus(tmp_path) == expected


@pytest.mark.parametrize("quota, expected", [("200000", 2), ("-1", 8)])
def test_a_cgroup_v1_quota_bounds_the_count(affinity, tmp_path, quota, expected):
    affinity(8)
    (tmp_path / "cpu").mkdir()
    (tmp_path / "cpu" / "cpu.cfs_quota_us").write_text(quota + "\n", encoding="utf-8")
    (tmp_path / "cpu" / "cpu.cfs_period_us").write_text("100000\n", encoding="utf-8")
    assert cpus.usable_cpus(tmp_path) == expected


def test_the_quota_read_by_default_is_the_containers(affinity, tmp_path, monkeypatch):
    affinity(4)
    (tmp_path / "cpu.max").write_text("100000 100000\n", encoding="utf-8")
    monkeypatch.setattr(cpus, "CGROUP_ROOT", tmp_path)
    assert cpus.usable_cpus() == 1


@pytest.mark.parametrize("usable, window", [(1, 1), (3, 3), (500, 100)])
def test_timed_games_on_a_process_pool_are_at_most_one_per_cpu(affinity, usable, window):
    affinity(usable)
    with ProcessPoolExecutor(8) as pool:  # (no worker starts: nothing is submitted)
        assert sharing.timed_window(pool, 100, move_time=0.5) == window
        assert sharing.timed_window(pool, 100, move_time=None) == 100


def test_a_thread_pool_takes_timed_games_one_at_a_time_under_the_gil(affinity, monkeypatch):
    affinity(4)
    monkeypatch.setattr(sharing.sys, "_is_gil_enabled", lambda: True, raising=False)
    with ThreadPoolExecutor(4) as pool:
        assert sharing.timed_window(pool, 100, move_time=0.5) == 1
        monkeypatch.setattr(sharing.sys, "_is_gil_enabled", lambda: False, raising=False)
        assert sharing.timed_window(pool, 100, move_time=0.5) == 4  # free-threaded Python


def test_a_remote_executor_is_bounded_by_batch_alone(affinity):
    affinity(1)

    class Remote:  # anything with submit: its workers are elsewhere
        cluster = object()

        def submit(self, *args):  # pragma: no cover - never called here
            raise AssertionError

    assert sharing.timed_window(Remote(), 100, move_time=0.5) == 100


class Overlaps:
    """Random moves, counting how many games' agents are moving at the same time. Each
    agent's first move waits (up to ``PATIENCE`` seconds) for another game's to begin."""

    PATIENCE = 0.5
    lock = threading.Lock()
    moving = 0
    most = 0

    def __init__(self, seed=None):
        self.rng, self.first = random.Random(seed), True

    def act(self, view):
        cls = type(self)
        with cls.lock:
            cls.moving += 1
            cls.most = max(cls.most, cls.moving)
        try:
            if self.first:
                self.first = False
                give_up = time.monotonic() + self.PATIENCE
                while cls.most < 2 and time.monotonic() < give_up:
                    time.sleep(0.001)
            return self.rng.choice(list(view.legal_actions()))
        finally:
            with cls.lock:
                cls.moving -= 1


def test_timed_games_on_a_thread_pool_never_share_the_interpreter(monkeypatch):
    """Four games at once in one interpreter spend one another's move_time: agents that
    move in a tenth of it lost most games on time (7 of 8 in lava-flows on one CPU)."""
    monkeypatch.setattr(sharing, "_threads_run_in_parallel", lambda: False)
    Overlaps.most = 0
    with ThreadPoolExecutor(4) as pool:
        result = arena("landlock", [Overlaps, Overlaps], games=2, seed=0, move_time=30,
                       executor=pool, progress=False, max_plies=4)
    assert all(g.error is None for g in result.games)
    assert Overlaps.most == 1
    Overlaps.most = 0
    with ThreadPoolExecutor(4) as pool:  # untimed games fill the pool as before
        arena("landlock", [Overlaps, Overlaps], games=2, seed=0, executor=pool,
              progress=False, max_plies=4)
    assert Overlaps.most == 2


def test_arena_sends_no_more_timed_games_than_usable_cpus(affinity, monkeypatch):
    affinity(1)
    windows = []
    sent = arena_run.in_flight

    def spy(executor, call, todo, window, retries):
        windows.append(window)
        return sent(executor, call, todo, window, retries)

    monkeypatch.setattr(arena_run, "in_flight", spy)
    with ProcessPoolExecutor(2) as pool:
        result = arena("landlock", ["random", "random"], games=2, seed=0, move_time=30,
                       executor=pool, progress=False, max_plies=2)
    assert len(result) == 2 and windows == [1]


def test_a_dask_local_clusters_client_counts_as_local(affinity, monkeypatch):
    """Dask is not needed for it: a client's ``cluster`` of the class Dask's module holds."""
    affinity(2)

    class LocalCluster:
        pass

    class Client:
        cluster = LocalCluster()

    module = type(os)("distributed.deploy.local")
    module.LocalCluster = LocalCluster  # type: ignore[attr-defined]
    monkeypatch.setitem(sharing.sys.modules, "distributed.deploy.local", module)
    assert sharing.timed_window(Client(), 100, move_time=1.0) == 2
    assert sharing.timed_window(Client(), 100, move_time=None) == 100
