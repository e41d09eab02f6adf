"""Issue 19: "results are identical, game by game, to the same tournament run in-process
(same seeds → same records)". Said in Python, ``there == here``: two results are equal when
their games are — record included — whatever the clock said (``seconds`` is how long a game
took on that machine, not what happened in it)."""

from __future__ import annotations

import dataclasses
from concurrent.futures import ProcessPoolExecutor

from tabletop.arena import arena

SPECS = {"mcts": ("mcts", {"iterations": 5}), "random": "random"}


def test_the_same_tournament_in_a_process_pool_equals_the_one_played_here():
    here = arena("landlock", SPECS, games=4, seed=7, progress=False)
    with ProcessPoolExecutor(2) as pool:
        there = arena("landlock", SPECS, games=4, seed=7, progress=False, executor=pool)
    assert there.games == here.games and there == here


def test_a_game_result_is_equal_whatever_it_took_and_differs_with_its_record():
    game = arena("lava-flows", SPECS, games=1, seed=2, progress=False).games[0]
    slower = dataclasses.replace(game, seconds=game.seconds + 60)
    assert slower == game and hash(slower) == hash(game)
    other = dict(game.record, actions=list(game.record["actions"])[:-1])
    assert dataclasses.replace(game, record=other) != game
    assert len({game, slower}) == 1  # still hashable: a set of results works


class Raising:
    def act(self, view):
        raise ValueError("a student's bug")


def test_a_forfeited_game_is_hashable_and_equal_to_itself_played_again():
    """A game lost to a bot's error was unhashable (its ``error`` is a read-only dict)."""
    first, again = (arena("lava-flows", {"bug": Raising(), "random": "random"}, games=2,
                          progress=False) for _ in range(2))
    assert all(g.error for g in first.games)
    assert len(set(first.games) | set(again.games)) == 2 and first == again
