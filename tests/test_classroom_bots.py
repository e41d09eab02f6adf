"""A teacher's class tournament of students' bots that misbehave (round 56, "classroom").

A student's bot may call ``sys.exit()`` (or ``exit()``) or let a ``GeneratorExit`` out, in its
constructor or its move. That is the bot's failure, to be told and attributed like any other:
it must not end the notebook's event loop (the kernel), a tournament, or pass unreported.
"""

from __future__ import annotations

import asyncio
import sys

import pytest

import tabletop
from tabletop.agents.exits import AgentExit, agent_call
from tabletop.arena import arena

GAMES = tabletop.games()


class Exiter:
    """A bot that gives up the way a script does."""

    def __init__(self, how: str = "exit") -> None:
        self.how = how

    def act(self, view):
        if self.how == "exit":
            sys.exit("I give up")
        raise GeneratorExit


class BrokenInit:
    """A bot whose constructor fails (a typo in it, say)."""

    def __init__(self, seed=None):
        raise ZeroDivisionError("division by zero in __init__")

    def act(self, view):  # pragma: no cover - never built
        return view.legal_actions()[0]


class ExitInit(BrokenInit):
    def __init__(self, seed=None):
        sys.exit("not today")


def _first_mover(name: str) -> int:
    state = tabletop.load(name).new(seed=1)
    assert state.current_player is not None
    return state.current_player


@pytest.mark.parametrize("how", ["exit", "generator-exit"])
@pytest.mark.parametrize("name", GAMES)
def test_a_bot_seat_that_exits_is_told_and_the_event_loop_goes_on(name, how):
    """Was: ``sys.exit()`` in a bot ended the asyncio loop running the bots' turns (the
    kernel's own loop in Jupyter), and a ``GeneratorExit`` ended the turns silently, the
    message line empty."""
    seat = _first_mover(name)
    before = None

    async def scenario():
        nonlocal before
        widget = tabletop.play(name, seed=1, bots={seat: Exiter(how)}, agent_delay=0.01)
        before = widget.session.state
        for _ in range(100):
            await asyncio.sleep(0.01)
            if widget.session.message.text:
                break
        return widget

    widget = asyncio.run(scenario())  # (a SystemExit here was the defect)
    message = widget.session.message
    assert message.kind == "error" and message.agent == seat
    assert "bot failed: the bot exited" in message.text
    assert ("SystemExit('I give up')" if how == "exit" else "GeneratorExit") in message.text
    assert widget.session.state is before  # nothing was played


@pytest.mark.parametrize("name", GAMES)
def test_bot_move_of_a_bot_that_exits_raises_an_error_and_changes_nothing(name):
    seat = _first_mover(name)
    widget = tabletop.play(name, seed=1, bots={seat: Exiter()}, agent_delay=0)
    state = widget.session.state  # (no event loop: the bot's first turn was tried at once)
    assert "the bot exited" in widget.session.message.text
    with pytest.raises(AgentExit, match=r"the bot exited: SystemExit\('I give up'\)"):
        widget.session.agent_move()
    assert widget.session.state is state


def test_agent_call_leaves_ctrl_c_alone():
    def interrupted():
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        agent_call(interrupted)


@pytest.mark.parametrize("move_time", [None, 5.0])
@pytest.mark.parametrize("bot", [BrokenInit, ExitInit])
def test_a_constructor_that_fails_forfeits_that_students_games_only(bot, move_time):
    """Was: the arena's pre-check re-raised the constructor's bare error (``ZeroDivisionError:
    division by zero in __init__``, not saying whose bot) — or, for ``sys.exit()``, let the
    ``SystemExit`` out of ``arena`` — and no game of the class was played."""
    result = arena("lava-flows", {"alice": bot, "bob": "random"}, games=4, seed=2,
                   progress=False, move_time=move_time)
    assert [g.error["agent"] for g in result.games if g.error] == ["alice"] * 4
    assert all(g.error["message"].startswith("could not be built: ")
               for g in result.games if g.error)
    assert all(g.winner_agents == ("bob",) for g in result.games)
    assert "alice 4 errors" in result.forfeits()


@pytest.mark.parametrize("bot, said", [
    (BrokenInit, "ZeroDivisionError: division by zero in __init__"),
    (ExitInit, r"AgentExit: the bot exited: SystemExit\('not today'\)"),
])
def test_with_errors_raise_a_failing_constructor_is_refused_naming_the_agent(bot, said):
    with pytest.raises(ValueError, match=f"agent 'alice' could not be built: {said}"):
        arena("lava-flows", {"alice": bot, "bob": "random"}, games=2, progress=False,
              errors="raise")


def test_a_misspelt_name_is_still_refused_before_any_game():
    with pytest.raises(tabletop.core.errors.UnknownAgent):
        arena("lava-flows", ["mtcs", "random"], games=2, progress=False)


class Looper:
    """A bot whose search never ends (a `while True:` without a way out)."""

    def act(self, view):
        while True:
            pass


@pytest.mark.parametrize("name", GAMES)
def test_a_bot_seat_with_move_time_stops_a_bot_that_loops_for_ever(name):
    """Was: no time limit in the widget: a looping bot held the thread every widget's bots
    search in, and the widget (made without an event loop, or "Bot move") never returned."""
    seat = _first_mover(name)
    widget = tabletop.play(name, seed=1, bots={seat: Looper()}, agent_delay=0, move_time=0.2)
    message = widget.session.message
    assert message.kind == "error" and message.agent == seat
    assert message.text == "bot failed: took longer than 0.2 s to move (AgentTimeout)"
    assert widget.session.state.history == ()  # nothing was played


def test_a_looping_bot_with_move_time_leaves_the_other_widgets_bots_playing():
    async def scenario():
        stuck = tabletop.play("lava-flows", seed=1, bots={0: Looper()}, agent_delay=0.01,
                              move_time=0.2)
        other = tabletop.play("lava-flows", seed=2, bots={0: "random", 1: "random"},
                              agent_delay=0.01)
        for _ in range(3000):
            await asyncio.sleep(0.01)
            if stuck.session.message.text and other.session.state.is_terminal:
                break
        return stuck, other

    stuck, other = asyncio.run(scenario())
    assert "took longer than 0.2 s to move" in stuck.session.message.text
    assert other.session.state.is_terminal


def test_move_time_is_checked_as_the_arena_checks_it():
    with pytest.raises(ValueError, match="move_time must be a finite number of seconds > 0"):
        tabletop.play("lava-flows", seed=1, move_time=-1)


class ViewMutator:
    """A bot that writes on the view it was handed (frozen fields, through
    ``object.__setattr__``) before it moves."""

    def act(self, view):
        action = view.legal_actions()[0]
        object.__setattr__(view, "player", (view.player + 1) % view.game.players)
        return action


@pytest.mark.parametrize("name", GAMES)
def test_a_bot_that_writes_on_its_view_changes_nothing_the_widget_shows(name):
    """Was: the bot was handed the view its state keeps (``state.view(p)`` is cached), so
    stepping back to that position showed the seat the bot's scribbles (another seat's
    name on the bot's view, its legal actions gone)."""
    seat = _first_mover(name)
    widget = tabletop.play(name, seed=1, bots={seat: ViewMutator()}, agent_delay=0)
    assert widget.session.state.history  # the bot moved
    widget.goto(0)
    start = widget.session.state
    assert start.history == ()
    assert start.view(seat).player == seat and start.view(seat).legal_actions()


def test_an_arena_agent_that_writes_on_its_view_leaves_the_game_alone():
    from tabletop.arena import play_game

    game = tabletop.load("lava-flows")
    result = play_game(game, [ViewMutator, "random"], ["scribbler", "random"], 0, seed=4,
                       max_plies=6, errors="raise")
    assert result.length == 6 and result.error is None  # its moves count; nothing else broke


class Stopper:
    """A bot that lets a ``StopIteration`` (or a ``StopAsyncIteration``) out of its move, as
    a ``next()`` on an exhausted iterator does."""

    def __init__(self, seed=None, how=StopIteration):
        self.how = how

    def act(self, view):
        raise self.how


def _async_stopper(seed=None):
    return Stopper(seed, StopAsyncIteration)


@pytest.mark.parametrize("executor", [None, "threads"])
@pytest.mark.parametrize("spec, kind", [(Stopper, "StopIteration"),
                                        (_async_stopper, "StopAsyncIteration")])
def test_with_errors_raise_a_bot_that_raises_stopiteration_stops_the_tournament(
        spec, kind, executor):
    """Was: the ``StopIteration`` ended the arena's loop over its games silently, and the
    arena failed with ``KeyError: 0`` (a ``RuntimeError`` about a generator with an
    executor), naming no agent."""
    from concurrent.futures import ThreadPoolExecutor

    pool = ThreadPoolExecutor(2) if executor else None
    try:
        with pytest.raises(RuntimeError, match=f"agent 'stopper' raised {kind}") as caught:
            arena("landlock", {"stopper": spec, "random": "random"}, games=2,
                  progress=False, errors="raise", executor=pool)
    finally:
        if pool is not None:
            pool.shutdown()
    assert caught.value.arena_fault["agent"] == "stopper"
    assert isinstance(caught.value.__cause__, StopIteration | StopAsyncIteration)


@pytest.mark.parametrize("move_time", [None, 5.0])
def test_with_errors_forfeit_a_bot_that_raises_stopiteration_loses_its_games(move_time):
    result = arena("landlock", {"stopper": Stopper, "random": "random"}, games=2,
                   progress=False, move_time=move_time)
    assert [g.error["message"] for g in result.games] == ["StopIteration: "] * 2
    assert all(g.winner_agents == ("random",) for g in result.games)


def test_an_agent_task_names_the_stopiteration_of_the_learners_bot():
    """Was: "It stopped the game: KeyError: 0"."""
    from tabletop.teaching import AgentTask

    task = AgentTask("Beat random.", "landlock", ["random"], 0.5, games=2,
                     solution="random")
    said = str(task.answer(Stopper))
    assert "agent 'yours' raised StopIteration" in said and "KeyError" not in said


@pytest.mark.parametrize("name", ["lava-flows", "landlock"])
def test_a_bot_seat_that_raises_stopiteration_is_told_and_the_event_loop_goes_on(name):
    """Was: asyncio cannot hand a ``StopIteration`` to a future: the bot's turn never ended,
    its message line stayed empty (and "Bot move" showed the bare exception)."""
    seat = _first_mover(name)

    async def scenario():
        widget = tabletop.play(name, seed=1, bots={seat: Stopper()}, agent_delay=0.01)
        for _ in range(1000):
            await asyncio.sleep(0.01)
            if widget.session.message.text:
                break
        return widget

    widget = asyncio.run(scenario())
    message = widget.session.message
    assert message.kind == "error" and message.agent == seat
    assert "the bot raised StopIteration()" in message.text
    with pytest.raises(AgentExit, match=r"the bot raised StopIteration\(\)"):
        widget.session.agent_move()
    assert widget.session.state.history == ()


def test_decide_raises_a_bots_stopiteration_as_its_error():
    """Was: ``decide`` never returned (asyncio's future refused the ``StopIteration``)."""
    from tabletop.agents.awaiting import decide

    state = tabletop.load("lava-flows").new(seed=1)

    async def scenario():
        return await asyncio.wait_for(decide(Stopper(), state), 60)

    with pytest.raises(AgentExit, match=r"the bot raised StopIteration\(\)"):
        asyncio.run(scenario())
