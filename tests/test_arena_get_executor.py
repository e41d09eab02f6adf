"""Issue 19: ``arena(..., executor=)`` takes a Dask ``Client`` "or anything with
``get_executor()``/``submit``". A cluster object whose ``get_executor()`` takes no
arguments is such a thing too (Dask's own takes ``pure=``); one whose ``get_executor()``
gives no executor is refused by name, before any game is sent."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from tabletop.arena import arena

PLAYERS = ["random", "random"]


class Plain:
    """A cluster whose ``get_executor()`` takes nothing."""

    def __init__(self, pool):
        self.pool = pool

    def get_executor(self):
        return self.pool


class Keywords(Plain):
    """One that takes options, as Dask's ``Client.get_executor(**kwargs)`` does."""

    def get_executor(self, **options):
        self.options = options
        return self.pool


def test_a_get_executor_without_arguments_runs_the_tournament():
    here = arena("landlock", PLAYERS, games=3, seed=5, progress=False)
    with ThreadPoolExecutor(2) as pool:
        there = arena("landlock", PLAYERS, games=3, seed=5, progress=False,
                      executor=Plain(pool))
    assert there == here


def test_a_get_executor_taking_options_is_told_games_are_not_pure():
    with ThreadPoolExecutor(2) as pool:
        cluster = Keywords(pool)
        arena("landlock", PLAYERS, games=2, progress=False, executor=cluster)
    assert cluster.options == {"pure": False}


@pytest.mark.parametrize("made", ["an executor", None, 3])
def test_a_get_executor_that_gives_no_executor_is_refused_by_name(made):
    class Odd:
        def get_executor(self):
            return made

    with pytest.raises(TypeError, match=r"get_executor\(\) .*gave .*no executor"):
        arena("landlock", PLAYERS, games=2, progress=False, executor=Odd())


def test_a_submit_that_is_not_callable_is_refused():
    class Odd:
        submit = "not a method"

    with pytest.raises(TypeError, match="executor should be"):
        arena("landlock", PLAYERS, games=2, progress=False, executor=Odd())
