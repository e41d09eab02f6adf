"""A tournament operator's run stopping part way: whatever stops it — Ctrl-C, a full disk
under ``save=``, the progress bar failing — the games it still had in flight are cancelled
at once, not when the stopped run is garbage-collected (a notebook keeps the traceback, and
with it the run, alive: the cluster went on playing up to ``batch`` games nobody would
read)."""

from __future__ import annotations

from concurrent.futures import Executor, Future
from html import escape

import pytest

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
