"""Teaching, agents, the session and the arena under wrong arguments (probe 26b #6-9, #13):
a learner's answer never raises and is read by its kind; an author's drawing options and flags
are checked when the exercise or example is made; agent names, seeds, players and what
``evaluate`` returns are checked where they are given."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import tabletop
from tabletop.agents import MCTSAgent, RandomAgent, make_agent
from tabletop.arena import ArenaResult, arena
from tabletop.core.errors import UnknownAgent
from tabletop.teaching import AgentTask, Example, Exercise, Pictures, Task, side_by_side
from tabletop.widgets.session import Session


@pytest.fixture(scope="module")
def lava() -> tabletop.State:
    return tabletop.load("lava-flows").new(seed=1)


@pytest.fixture(scope="module")
def lascaux() -> tabletop.State:
    return tabletop.load("lascaux", players=3).new(seed=1, setup="random")


def right(before: object, action: object, after: object) -> bool:
    return str(action).startswith("arrange black a1")


# --- #6 teaching -------------------------------------------------------------------------------
@pytest.mark.parametrize("answer", [True, np.True_, complex(1, 0)])
def test_a_bool_or_complex_is_not_the_number_one(answer: object) -> None:
    task = Task("How many?", check=lambda n: n == 1, solution=1, wrong=(2,))
    verdict = task.answer(answer)
    assert not verdict and not verdict.legal
    assert "Not understood" in verdict.message and "a number" in verdict.message


def test_numbers_of_any_type_are_still_numbers() -> None:
    task = Task("How many?", check=lambda n: n == 1, solution=1, wrong=(2,))
    assert task.answer(np.int64(1)) and task.answer(1.0) and task.answer("1")


def test_an_answer_the_check_cannot_read_is_not_understood() -> None:
    task = Task("accepted or refused?", check=lambda w: w.lower()[:5] == "refus",
                solution="refused")
    assert "Not understood" in task.answer(5).message
    more = Task("more than 5?", check=lambda n: n > 5, solution=6)
    assert not more.answer([1])


def test_a_check_that_fails_on_an_answer_of_the_right_kind_says_so() -> None:
    task = Task("a word?", check=lambda w: {"a": True}[w], solution="a")
    verdict = task.answer("b")
    assert not verdict and "KeyError" in verdict.message


def test_a_set_answer_with_unhashable_items_is_not_understood() -> None:
    task = Task("Which cells?", lambda c: c == {"a3", "c3"}, solution={"c3", "a3"})
    verdict = task.answer([["a3"]])
    assert not verdict and "Not understood" in verdict.message
    assert task.answer(["a3", "c3"])


def test_a_huge_typed_number_is_not_understood() -> None:
    task = Task("How many?", check=lambda n: n == 1, solution=1)
    assert "Not understood" in task.answer("9" * 5000).message


class _Unprintable:
    def __str__(self) -> str:
        raise RuntimeError("no text")


def _nested(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("solution", [9, {"a3"}, True, "black", {1, 2}])
@pytest.mark.parametrize("answer", [_nested(3000), _Unprintable()], ids=["nested", "no str"])
def test_an_answer_no_text_can_show_is_not_understood(solution: object, answer: object) -> None:
    """``answer`` never raises for a learner's value: one nested past the recursion limit,
    or whose ``__str__`` raises, is shown by its kind."""
    task = Task("Which?", check=lambda value: value == solution, solution=solution)
    verdict = task.answer(answer)
    assert not verdict and "Not understood" in verdict.message and len(verdict.answer) < 100


def test_a_bool_solution_takes_bools_and_their_words() -> None:
    task = Task("Is it?", check=lambda b: b is True, solution=True, wrong=(False,))
    assert task.answer(np.True_) and task.answer("true") and not task.answer(1)


def test_an_exercise_answer_of_a_huge_int_is_not_legal(lava: tabletop.State) -> None:
    ex = Exercise(lava, "Arrange", right)
    verdict = ex.answer(10**5000)
    assert not verdict.legal and "digits" in verdict.message and len(verdict.answer) < 100


@pytest.mark.parametrize("draw, match", [({"zzz": 1}, "no option 'zzz'"),
                                         ({"reveal": "no"}, "reveal should be")])
def test_drawing_options_are_checked_when_an_exercise_is_made(
        lascaux: tabletop.State, draw: dict[str, object], match: str) -> None:
    with pytest.raises(TypeError, match=match):
        Exercise(lascaux, "q", right, draw=draw)
    with pytest.raises(TypeError, match=match):
        Example(lascaux, [], draw=draw)
    with pytest.raises(TypeError, match=match):
        side_by_side(lascaux, draw=draw)


def test_good_drawing_options_still_draw(lascaux: tabletop.State) -> None:
    assert Example(lascaux, [], draw={"reveal": True}).pictures().svgs


@pytest.mark.parametrize("start", ["no", None, 1, [1]])
def test_an_examples_start_is_a_flag(lava: tabletop.State, start: object) -> None:
    with pytest.raises(TypeError, match="start should be True or False"):
        Example(lava, [], start=start)  # type: ignore[arg-type]
    assert Example(lava, [], start=np.False_).start is False


# --- #7 the session ----------------------------------------------------------------------------
def test_agent_move_resolves_names(lascaux: tabletop.State) -> None:
    session = Session(lascaux, seed=3)
    played = session.agent_move("random")
    assert session.state.history[-1] == played
    with pytest.raises(UnknownAgent, match="mtcs"):
        session.agent_move("mtcs")
    with pytest.raises(TypeError):
        session.agent_move(True)


@pytest.mark.parametrize("seat", [-1, True, pytest.param(10**30, id="huge"), "1", None, 1.5, 3])
def test_seat_label_takes_only_a_player(lascaux: tabletop.State, seat: object) -> None:
    with pytest.raises(ValueError, match="player must be 0..2"):
        Session(lascaux).seat_label(seat)  # type: ignore[arg-type]


def test_a_session_seed_is_a_seed(lascaux: tabletop.State) -> None:
    with pytest.raises(ValueError, match="2\\*\\*64"):
        Session(lascaux, seed=2**64)
    session = Session(lascaux, seed=2**64 - 1)
    session.set_seat(2, "random")
    assert session.seat_label(2) == "random"


# --- #8 agent seeds ----------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [-1, 2**64, pytest.param(10**5000, id="huge"), 1.5, True, "1"])
@pytest.mark.parametrize("make", [MCTSAgent, RandomAgent,
                                  lambda seed: make_agent("random", seed=seed)])
def test_agent_seeds_are_seeds(make: object, seed: object) -> None:
    with pytest.raises(ValueError, match="seed must be an int from 0 to 2\\*\\*64 - 1 or None"):
        make(seed=seed)  # type: ignore[operator]


def test_the_largest_seed_and_numpy_seeds_are_taken() -> None:
    assert MCTSAgent(seed=np.uint64(2**64 - 1)).seed == 2**64 - 1
    assert RandomAgent(seed=np.int64(0)).seed == 0


# --- #9 evaluate -------------------------------------------------------------------------------
@pytest.mark.parametrize("returned, match", [
    ((math.nan, math.nan), "nan"), ((5.0, -3.0), "5.0"), ((0.5,), "2 players"),
    ((0.5, 0.5, 0.5), "2 players"), ("ab", "'ab'"), (None, "None"), (5, "5"),
    ((True, False), "True")])
def test_what_evaluate_returns_is_checked(lava: tabletop.State, returned: object,
                                          match: str) -> None:
    agent = MCTSAgent(iterations=30, seed=1, evaluate=lambda state: returned, rollout_depth=0)
    with pytest.raises(ValueError, match=f"evaluate returned .*{match}"):
        agent.analyse(lava.view(0))


def test_a_good_evaluate_still_works(lava: tabletop.State) -> None:
    agent = MCTSAgent(iterations=30, seed=1, rollout_depth=0,
                      evaluate=lambda state: np.array([0.25, 0.75]))
    json.dumps(agent.analyse(lava.view(0)).to_json(), allow_nan=False)


# --- #13 arena and analysis --------------------------------------------------------------------
@pytest.fixture(scope="module")
def result() -> ArenaResult:
    return arena("lava-flows", ["random", "random"], games=2, seed=1,
                                progress=False)


@pytest.mark.parametrize("player", [True, -2, 2, "0", None, 1.5])
def test_credit_takes_only_a_player(result: ArenaResult, player: object) -> None:
    with pytest.raises(ValueError, match="seat must be a player 0..1"):
        result.games[0].credit(player)  # type: ignore[arg-type]


def test_plot_refuses_an_ax_that_is_no_axes(result: ArenaResult) -> None:
    pytest.importorskip("matplotlib")
    for kind in ("win rate", "ratings"):
        with pytest.raises(TypeError, match="ax should be matplotlib axes or None, not 'x'"):
            result.plot(ax="x", kind=kind)


def test_an_analysis_root_is_read_only(lava: tabletop.State) -> None:
    agent = MCTSAgent(iterations=30, seed=1)
    analysis = agent.analyse(lava.view(0))
    top = analysis.top(3)
    with pytest.raises(AttributeError):
        analysis.root.children.clear()  # type: ignore[attr-defined]
    with pytest.raises(AttributeError, match="read-only"):
        analysis.root.visits = 0
    assert isinstance(analysis.root.total, tuple)
    assert analysis.top(3) == top
    with pytest.raises(ValueError, match="player must be 0..1"):
        analysis.root.mean(5)
    with pytest.raises(ValueError, match="player must be 0..1"):
        analysis.root.mean(True)


# --- the same classes, elsewhere in the area ---------------------------------------------------
@pytest.mark.parametrize("width", ['1px"><script>', 0, pytest.param(10**30, id="huge"), True])
def test_a_pictures_width_is_pixels(lava: tabletop.State, width: object) -> None:
    with pytest.raises(ValueError, match="width should be a number of pixels from 1 to"):
        Pictures(("<svg/>",), ("a",), width)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="width should be a number of pixels from 1 to"):
        side_by_side(lava, width=width)  # type: ignore[arg-type]


def test_an_agent_tasks_opponents_and_seed_are_checked_when_made() -> None:
    with pytest.raises(UnknownAgent, match="randm"):
        AgentTask("q", "lascaux", ["randm", "random"], 0.5, solution="random")
    with pytest.raises(ValueError, match="games should be an int from 1 to 10,000,000"):
        AgentTask("q", "lascaux", ["random", "random"], 0.0, solution="random", games=10**8)
    with pytest.raises(ValueError, match="seed should be at most 2\\*\\*64 - games"):
        AgentTask("q", "lascaux", ["random", "random"], 0.0, solution="random", games=2,
                  seed=2**64 - 1)


@pytest.mark.parametrize("point", [("a", "b"), True, 5, (1, 2, 3), "xy"])
def test_a_clicks_point_is_a_pair_of_numbers(lascaux: tabletop.State, point: object) -> None:
    session = Session(lascaux)
    with pytest.raises(ValueError, match="point should be a pair of numbers"):
        session.choose(None, point=point)  # type: ignore[arg-type]


def fussy(before: object, action: object, after: object) -> bool:
    """Right for one move; fails on any slide (an author's bug a learner can meet)."""
    if str(action).startswith("arrange black a1 white c1"):
        raise KeyError("no such move in my table")
    return str(action) == "arrange black a1 white b1"


def test_an_exercise_whose_check_fails_on_a_learners_move_says_so(lava: tabletop.State) -> None:
    ex = Exercise(lava, "Arrange", fussy, solution="arrange black a1 white b1")
    verdict = ex.answer("arrange black a1 white c1")
    assert verdict.legal and not verdict and "could not be checked (KeyError" in verdict.message


def test_a_check_that_fails_on_a_listed_wrong_answer_meets_the_author(
        lava: tabletop.State) -> None:
    with pytest.raises(KeyError, match="no such move"):
        Exercise(lava, "Arrange", fussy, wrong=("arrange black a1 white c1",))
    with pytest.raises(KeyError):
        Task("a word?", check=lambda w: {"a": True}[w], solution="a", wrong=("b",))
