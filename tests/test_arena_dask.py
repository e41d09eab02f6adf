"""``tabletop.arena`` on Dask for real: a ``LocalCluster`` with two worker processes plays
the same games, game by game, as this process; games go out in bounded batches; a worker
killed mid-run costs only its games in flight, which are played again.

Without ``distributed`` these tests skip, except under ``CI=true``, where they fail."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from concurrent.futures import Future
from pathlib import Path

import pytest
from hygiene import sys_path_kept

from tabletop.arena import arena
from tabletop.arena.run import in_flight

SPECS = {"mcts": ("mcts", {"iterations": 10}), "random": "random"}


def distributed():
    if os.environ.get("CI") == "true":
        import distributed as module

        return module
    return pytest.importorskip("distributed")


def cluster(**kw):
    d = distributed()
    return d.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                          dashboard_address=":0", **kw)


@pytest.fixture(scope="module")
def client():
    d = distributed()
    with sys_path_kept(), cluster() as c, d.Client(c) as client:
        yield client


def same_games(a, b):
    assert [g.record for g in a.games] == [g.record for g in b.games]
    strip = [[{k: v for k, v in row.items() if k != "seconds"} for row in r.rows()]
             for r in (a, b)]
    assert strip[0] == strip[1]
    assert a.games == b.games and a == b  # equal results: the clock's seconds aside


def test_a_dask_cluster_plays_the_same_games_as_this_process(client):
    assert len(client.scheduler_info()["workers"]) == 2
    here = arena("lava-flows", SPECS, games=6, seed=3, progress=False)
    there = arena("lava-flows", SPECS, games=6, seed=3, progress=False, executor=client)
    same_games(here, there)
    pids = set(client.run(os.getpid).values())
    assert len(pids) == 2 and os.getpid() not in pids  # two processes, not this one


def test_an_agent_object_plays_the_same_games_on_dask_as_here(client):
    from tabletop.agents import MCTSAgent

    bot = {"bot": MCTSAgent(seed=1, iterations=10), "random": "random"}
    here = arena("lava-flows", bot, games=6, seed=3, progress=False)
    there = arena("lava-flows", bot, games=6, seed=3, progress=False, executor=client,
                  batch=2)
    same_games(here, there)


class Counting:
    """Anything with ``submit``: counts the futures in flight (not done) at each submit.

    Counted from the futures themselves, not from done-callbacks: a future wakes the arena's
    ``wait`` before it runs its callbacks, so a callback's count can lag behind a game the
    arena already saw finish and replaced (the race made this test fail under load)."""

    def __init__(self, executor):
        self.executor, self.futures, self.peak = executor, [], 0

    def submit(self, fn, *args):
        self.peak = max(self.peak, 1 + sum(not f.done() for f in self.futures))
        future = self.executor.submit(fn, *args)
        self.futures.append(future)
        return future

    @property
    def flying(self):
        return sum(not f.done() for f in self.futures)


def test_games_go_out_in_bounded_batches(client):
    counting = Counting(client.get_executor(pure=False))
    result = arena("lascaux", ["random"] * 3, games=20, progress=False, executor=counting,
                   batch=4)
    assert len(result) == 20 and counting.peak <= 4 and counting.flying == 0


def test_a_killed_worker_costs_only_its_games_in_flight(tmp_path: Path):
    d = distributed()
    games, save = 30, tmp_path / "run"
    here = arena("lava-flows", SPECS, games=games, seed=1, progress=False)
    killed: dict[str, int] = {}

    def kill_one_worker_midway(client):
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            parts = list((save / "games").glob("*.part"))
            done = parts[0].read_text(encoding="utf-8").count("\n") if parts else 0
            if done >= 4:
                pid = next(iter(client.run(os.getpid).values()))
                killed.update(pid=pid, done=done)
                os.kill(pid, signal.SIGKILL)
                return
            time.sleep(0.02)

    with sys_path_kept(), cluster() as c, d.Client(c) as client:
        killer = threading.Thread(target=kill_one_worker_midway, args=(client,))
        killer.start()
        there = arena("lava-flows", SPECS, games=games, seed=1, progress=False,
                      executor=client, save=save, batch=games)
        killer.join()
        alive = set(client.run(os.getpid).values())
    assert killed and killed["done"] < games and killed["pid"] not in alive
    same_games(here, there)


class Flaky:
    """An executor whose first attempt at some games fails as a lost worker's would."""

    def __init__(self, lose):
        self.lose, self.calls = set(lose), []

    def submit(self, fn, index):
        future: Future = Future()
        self.calls.append(index)
        if index in self.lose:
            self.lose.discard(index)
            future.set_exception(ConnectionError(f"worker lost with game {index}"))
        else:
            future.set_result(fn(index))
        return future


def test_lost_games_are_submitted_again_and_only_they():
    flaky = Flaky(lose={1, 4})
    with pytest.warns(UserWarning) as caught:
        there = arena("lascaux", ["random"] * 3, games=6, progress=False, executor=flaky,
                      batch=2)
    assert sorted(str(w.message) for w in caught) == [
        f"game {i} was lost (ConnectionError: worker lost with game {i}); submitted again"
        for i in (1, 4)]
    assert {w.filename for w in caught} == {__file__}  # the user's line, not tabletop's
    assert sorted(flaky.calls) == [0, 1, 1, 2, 3, 4, 4, 5]
    same_games(arena("lascaux", ["random"] * 3, games=6, progress=False), there)


def test_a_game_lost_too_often_stops_the_run():
    class Hopeless(Flaky):
        def submit(self, fn, index):
            self.lose.add(index)
            return super().submit(fn, index)

    with pytest.warns(UserWarning), pytest.raises(RuntimeError, match="failed 3 times"):
        arena("lascaux", ["random"] * 3, games=2, progress=False, executor=Hopeless({}),
              retries=2)
    assert sorted(in_flight(Flaky(()), lambda i: i * i, [1, 2, 3], 2, 0)) == [1, 4, 9]


class Spinner:
    """A student's bot that thinks forever (sent to the workers by value)."""

    name = "spinner"

    def act(self, view):
        while True:
            pass


def test_the_move_time_is_enforced_in_the_dask_worker(client):
    import cloudpickle

    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        result = arena("lascaux", [Spinner, "random", "random"], games=3, progress=False,
                       executor=client, move_time=0.3)
    finally:
        cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
    assert [g.error["kind"] for g in result.games if g.error] == ["timeout"] * 3
    assert all(g.winners == tuple(p for p in range(3) if g.seats[p] != "spinner")
               for g in result.games)


def test_a_local_clusters_client_gets_timed_games_one_per_usable_cpu(client, monkeypatch):
    """``tabletop.arena.sharing``: its workers share this machine's CPUs."""
    from tabletop.arena import sharing

    monkeypatch.setattr(sharing, "usable_cpus", lambda: 1)
    assert sharing.timed_window(client, 100, move_time=1.0) == 1
    assert sharing.timed_window(client, 100, move_time=None) == 100


def test_anything_else_is_refused_as_an_executor():
    with pytest.raises(TypeError, match="a concurrent.futures.Executor or a Dask client"):
        arena("lascaux", ["random"] * 3, games=1, progress=False, executor=object())


class Quitter:
    """A bot that ends the worker process it plays in (``os._exit``), and plays its first
    legal move in the main process."""

    name = "quitter"

    def act(self, view):
        import multiprocessing

        if multiprocessing.parent_process() is not None:
            os._exit(3)
        return view.legal_actions()[0]


def test_a_broken_process_pool_stops_the_run_saying_so(tmp_path: Path):
    """A worker process that dies breaks a ``ProcessPoolExecutor`` for good: the games were
    warned about as "submitted again" into the broken pool, and ``BrokenProcessPool`` escaped
    from its ``submit``. Now the run stops at once with an error that says what happened and
    what to do, and the saved games resume elsewhere."""
    import warnings
    from concurrent.futures import ProcessPoolExecutor

    agents = {"quitter": Quitter, "random": "random"}
    with ProcessPoolExecutor(1) as pool, warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(RuntimeError, match=r"the executor broke while playing game \d: "
                                               r"BrokenProcessPool: .*make a new one"):
            arena("lava-flows", agents, games=3, progress=False, executor=pool,
                  save=tmp_path / "run")
    resumed = arena("lava-flows", agents, games=3, progress=False, save=tmp_path / "run")
    same_games(arena("lava-flows", agents, games=3, progress=False), resumed)
