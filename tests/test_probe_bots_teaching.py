"""Probe 32, bots: the teaching package refuses a confidence so near 1 that its interval
cannot be computed, a count of games too large for a float, and names what is wrong with an
author's solution code (never a ``SyntaxError`` or ``IndexError`` from the insides)."""

from __future__ import annotations

import pytest

from tabletop.arena import arena
from tabletop.teaching import AgentTask, WinRate, games_needed

NEAR_ONE = 1 - 1e-16  # below 1, yet 0.5 + it / 2 rounds to 1


def test_a_confidence_too_near_one_is_refused_everywhere():
    rule = r"confidence should be a number between 0 and 1 \(at most 1 - 1e-9\)"
    with pytest.raises(ValueError, match=rule):
        WinRate(3, 10, NEAR_ONE)
    with pytest.raises(ValueError, match=rule):
        games_needed(0.1, confidence=NEAR_ONE)
    result = arena("lascaux", ["random"] * 3, games=2, progress=False)
    with pytest.raises(ValueError, match=rule):
        result.win_rates(confidence=NEAR_ONE)
    with pytest.raises(ValueError, match=rule):
        result.ratings(samples=5, confidence=NEAR_ONE)
    assert 0 < WinRate(3, 10, 1 - 1e-9).low < WinRate(3, 10).low


def test_a_count_of_games_too_large_for_a_float_is_refused():
    with pytest.raises(ValueError, match=r"games should be an int ≥ 0 \(at most 1e\+15\)"):
        WinRate(1, 10**400)
    assert str(WinRate(1, 10**15)).startswith("0% of 1000000000000000 games")


class Bot:
    def __init__(self, seed=None):
        pass

    def act(self, view):
        return view.legal_actions()[0]


@pytest.mark.parametrize(("code", "message"), [
    ("class Bot(:", "the solution's code could not be run: SyntaxError"),
    ("class Bot:\n    pass\nraise KeyError('x')", "could not be run: KeyError: 'x'"),
    ("x = 1  # no class here", "the solution's code defines no class"),
])
def test_solution_code_that_cannot_give_a_class_is_named(code, message):
    with pytest.raises(ValueError, match=message):
        AgentTask("Beat random.", "lascaux", ["random", "random"], 0.0, games=2,
                  solution=code)


def test_solution_code_that_gives_a_class_still_works():
    code = ("class First:\n    def __init__(self, seed=None):\n        pass\n"
            "    def act(self, view):\n        return view.legal_actions()[0]\n")
    task = AgentTask("Beat random.", "lascaux", ["random", "random"], 0.0, games=2,
                     solution=code)
    assert task.answer(Bot).right


class Forever:
    def __init__(self, seed=None):
        pass

    def act(self, view):
        while True:
            pass


def test_a_learner_agent_that_never_moves_is_stopped_and_told():
    import time

    task = AgentTask("Beat random.", "lascaux", ["random", "random"], 0.0, games=3,
                     solution=Bot, move_time=0.2)
    start = time.perf_counter()
    verdict = task.answer(Forever)
    assert time.perf_counter() - start < 5
    assert not verdict.right
    assert "It was stopped in game 1: it took longer than 0.2 s to move" in str(verdict)


@pytest.mark.parametrize("move_time", [0, -1, 1e300, "x"])
def test_an_agent_task_takes_a_move_time_up_to_a_day(move_time):
    with pytest.raises(ValueError, match="move_time must be a finite number of seconds > 0"):
        AgentTask("Beat random.", "lascaux", ["random", "random"], 0.0, games=2,
                  solution=Bot, move_time=move_time)
