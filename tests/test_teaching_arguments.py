"""The teaching package refuses what a notebook author passes by mistake: every public maker
and function, given junk in each argument, either works or raises ``TypeError``,
``ValueError`` or one of tabletop's errors — never an error from its insides (an
``AttributeError``, a ``ZeroDivisionError``, a ``StatisticsError`` …) and never a wrong
answer later."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tabletop
from tabletop.arena import arena
from tabletop.core.errors import TabletopError
from tabletop.teaching import (
    AgentTask,
    Example,
    Exercise,
    Task,
    WinRate,
    games_needed,
    moves,
    shrinking,
    side_by_side,
    why_not,
)

JUNK = (None, 0, -1, 2.5, math.nan, math.inf, "", "zz", "x" * 300, b"ab", [], [None], (1, 2),
        {"a": 1}, {1, 2}, object(), np.int64(-3), True, lambda *a: None)
ALLOWED = (TypeError, ValueError, TabletopError)


def _right(before, action, after):
    return str(action) == "pass"


@pytest.fixture(scope="module")
def lascaux():
    return tabletop.load("lascaux").new(seed=1, setup="random")


@pytest.fixture(scope="module")
def tournament():
    return arena("lascaux", ["random"] * 3, games=6, seed=1, progress=False)


def _calls(state, result):
    """Each maker or function with good arguments, by name, as ``(function, kwargs)``."""
    return {
        "Exercise": (Exercise, dict(state=state, question="Pass?", right=_right, why="",
                                    hint="", viewer=None, draw=None, explain=None,
                                    solution="pass", wrong=("pay",))),
        "Example": (Example, dict(state=state, steps=[("pass", "Pass.")], intro="start",
                                  viewer=None, draw=None, start=True)),
        "Task": (Task, dict(question="Nine?", check=lambda n: n == 9, solution=9,
                            explain=None, why="", hint="", wrong=(6,))),
        "AgentTask": (AgentTask, dict(question="Win.", game="lascaux",
                                      opponents=["random", "random"], target=0.0,
                                      solution="random", games=2, seed=0)),
        "WinRate": (WinRate, dict(wins=3, games=10, confidence=0.95)),
        "games_needed": (games_needed, dict(margin=0.05, rate=0.5, confidence=0.95)),
        "shrinking": (shrinking, dict(result=result, agent="random", steps=[2, 6])),
        "side_by_side": (lambda subject, **kw: side_by_side(subject, **kw),
                         dict(subject=state, captions=["a"], draw=None, width=300)),
        "moves": (lambda subject, start: moves(subject, start),
                  dict(subject=state, start="p")),
        "why_not": (why_not, dict(state=state, action="zz")),
    }


def test_every_maker_works_with_good_arguments(lascaux, tournament):
    for function, kwargs in _calls(lascaux, tournament).values():
        str(function(**kwargs))


@pytest.mark.parametrize("name", ["Exercise", "Example", "Task", "AgentTask", "WinRate",
                                  "games_needed", "shrinking", "side_by_side", "moves",
                                  "why_not"])
def test_junk_in_any_argument_is_refused_plainly(name, lascaux, tournament):
    function, good = _calls(lascaux, tournament)[name]
    for key in good:
        for junk in JUNK:
            try:
                made = function(**{**good, key: junk})
                str(made), getattr(made, "_repr_html_", str)()  # shows itself, too
            except ALLOWED:
                continue
            except Exception as error:  # noqa: BLE001 - the failure this test is about
                pytest.fail(f"{name}({key}={junk!r}) raised {type(error).__name__}: {error}")


def test_what_used_to_slip_through_is_refused_when_made(lascaux, tournament):
    with pytest.raises(ValueError, match="margin should be a number above 0"):
        games_needed(0)
    with pytest.raises(ValueError, match="rate should be a win rate from 0 to 1"):
        games_needed(0.05, rate=2)
    with pytest.raises(ValueError, match="no seat of the tournament is called 'nobody'"):
        shrinking(tournament, "nobody", [3])
    with pytest.raises(TypeError, match="captions should be a list of strings"):
        side_by_side(lascaux, captions="ab")
    with pytest.raises(ValueError, match="width should be a number of pixels"):
        side_by_side(lascaux, width=-5)
    with pytest.raises(TypeError, match="wrong should be a list"):
        Exercise(lascaux, "Pass?", _right, wrong="pay")
    with pytest.raises(TypeError, match="right should be a function"):
        Exercise(lascaux, "Pass?", right=5)
    with pytest.raises(ValueError, match="viewer should be a player 0..2"):
        Example(lascaux, [], viewer=9)
    with pytest.raises(TypeError, match=r"each step should be a \(move, comment\) pair"):
        Example(lascaux, ["pass"])
    with pytest.raises(ValueError, match="wins should be a number from 0 to games=10"):
        WinRate(wins=11, games=10)
