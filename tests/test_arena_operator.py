"""A tournament operator's run stopping part way: whatever stops it — Ctrl-C, a full disk
under ``save=``, the progress bar failing — the games it still had in flight are cancelled
at once, not when the stopped run is garbage-collected (a notebook keeps the traceback, and
with it the run, alive: the cluster went on playing up to ``batch`` games nobody would
read)."""

from __future__ import annotations

from concurrent.futures import Executor, Future
from html import escape

import pytest
from hygiene import sys_path_kept

from tabletop.arena import arena, run


class Held(Executor):
    """An executor that plays the first ``finish`` games at once and holds every other
    game's future pending, as a busy cluster would."""

    def __init__(self, finish: int) -> None:
        self.finish, self.futures = finish, []

    def submit(self, fn, /, *args, **kwargs):
        future: Future = Future()
        if len(self.futures) < self.finish:
            future.set_result(fn(*args, **kwargs))
        self.futures.append(future)
        return future


def test_a_run_that_fails_while_reading_results_cancels_its_games_in_flight(monkeypatch):
    def full_disk(self, game):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(run.Progress, "update", full_disk)
    held = Held(finish=1)
    with pytest.raises(OSError, match="No space") as caught:
        arena("lascaux", ["random"] * 3, games=20, progress=False, executor=held, batch=5)
    assert caught.value is not None  # the traceback (and the run's frame) is still held
    assert len(held.futures) == 5
    assert [f.cancelled() for f in held.futures[1:]] == [True] * 4


class Faulty:
    """A bot that raises on its second move."""

    name = "faulty"

    def __init__(self, seed=0):
        self.moves = 0

    def act(self, view):
        self.moves += 1
        if self.moves == 2:
            raise ValueError("lost the thread")
        return view.legal_actions()[0]


def test_the_summary_and_the_progress_bar_say_which_agents_forfeited_games():
    """A tournament where a bot forfeited games printed only win rates: on a busy cluster
    a bot that timed out a third of its games looked merely weak."""
    result = arena("lava-flows", [Faulty, "random"], games=4, progress=False)
    assert sum(g.error is not None for g in result.games) == 4
    line = "4 games lost by an agent's fault: faulty 4 errors (each game's error says more)"
    assert result.forfeits() == line
    assert str(result).splitlines()[-1] == line and escape(line) in result._repr_html_()
    clean = arena("lava-flows", ["random", "random"], games=2, progress=False)
    assert clean.forfeits() == "" and "fault" not in str(clean) + clean._repr_html_()
    bar = run.Progress(4, result.games, "lava-flows", enabled=False)
    assert bar.standings().endswith(" · 4 forfeited")


class KilledWorker(Exception):
    """What Dask raises for a task every worker it ran on died of (matched by name)."""


class Killing(Executor):
    """An executor on which game ``deadly`` kills its workers every time it is sent."""

    def __init__(self, deadly: int) -> None:
        self.deadly, self.calls = deadly, []

    def submit(self, fn, /, index):
        future: Future = Future()
        self.calls.append(index)
        if index == self.deadly:
            future.set_exception(KilledWorker(f"attempted to run task {index} on 4 different "
                                              f"workers, but all those workers died"))
        else:
            future.set_result(fn(index))
        return future


def test_a_game_that_kills_its_workers_stops_the_run_naming_it_and_is_not_sent_again(
        tmp_path):
    """Dask raises ``KilledWorker`` once a game's workers died as often as it allows (4): the
    arena sent it again 3 more times (16 dead workers for one game, a restart of seconds
    each), then said only that game 1 "failed 4 times"."""
    killing = Killing(deadly=1)
    with pytest.raises(RuntimeError, match=r"game 1 killed every Dask worker that played it "
                       r"\(KilledWorker: attempted .*\): an agent in it \(seats: 'random', "
                       r"'quitter'\) most likely ends or crashes its process") as caught:
        arena("lava-flows", {"quitter": "random", "random": "random"}, games=4,
              progress=False, executor=killing, batch=1, save=tmp_path / "run")
    assert killing.calls == [0, 1] and "resumes" in str(caught.value)


def test_a_lost_game_whose_error_says_nothing_is_named_by_its_type():
    class Cancelling(Executor):
        def __init__(self):
            self.cancelled = False

        def submit(self, fn, /, index):
            future: Future = Future()
            if index == 0 and not self.cancelled:
                self.cancelled = True
                future.cancel()  # as a restarted Dask client leaves its futures
                future.set_running_or_notify_cancel()
            else:
                future.set_result(fn(index))
            return future

    with pytest.warns(UserWarning, match=r"^game 0 was lost \(CancelledError\); submitted "
                                         r"again$"):
        result = arena("lascaux", ["random"] * 3, games=2, progress=False,
                       executor=Cancelling())
    assert len(result) == 2


class Quitter:
    """A bot that ends the Dask worker it plays in, and plays its first legal move here."""

    name = "quitter"

    def act(self, view):
        import os

        from distributed import get_worker

        try:
            get_worker()
        except ValueError:  # not in a worker
            return view.legal_actions()[0]
        os._exit(3)


def test_on_a_real_cluster_a_worker_killing_bot_stops_the_run_after_dask_gives_up():
    import os
    import sys

    if os.environ.get("CI") != "true":
        pytest.importorskip("distributed")
    import cloudpickle
    import dask
    import distributed

    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        with sys_path_kept(), dask.config.set({"distributed.scheduler.allowed-failures": 0}), \
                distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                         dashboard_address=":0") as cluster, \
                distributed.Client(cluster) as client:
            with pytest.raises(RuntimeError, match=r"killed every Dask worker .*KilledWorker"):
                arena("lava-flows", [Quitter, "random"], games=2, progress=False,
                      executor=client, batch=1)
            assert len(arena("lava-flows", ["random"] * 2, games=2, progress=False,
                             executor=client)) == 2  # the cluster is still usable
    finally:
        cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
