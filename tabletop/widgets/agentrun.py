"""Bots' turns in a running event loop: searched off the loop, shown one move at a time.

``GameWidget`` hands its bots' turns to an ``AgentRunner`` when an event loop runs (a Jupyter
kernel) and ``agent_delay > 0``. Each turn goes:

1. the turn line says "<name> (<agent>) is thinking…", sent to the page at once;
2. the search runs in the worker thread ``SEARCHES`` (which ends when no search waits); the
   loop stays free, so clicks (Pause, stepping, the view) are handled while an agent thinks;
3. back on the loop, the move is played — no sooner than ``agent_delay`` seconds after the move
   before it appeared, and only if the position on show, its timeline and the seat's agent are
   still the ones searched;
4. the next agent's turn begins, until a human is to move or the game is over.

Where no thread can start (Pyodide, in JupyterLite) step 2 runs on the loop itself, after the
turn line is sent: the moves still come one at a time, ``agent_delay`` apart, but a click made
during a search waits for it to end.

**Pause** stops the sequence. A search already running finishes in its thread; its move is
*held*, not played. On resume a held move is played at once if the position is unchanged (so
pausing never changes what the agents play), else dropped. **Cancel** (a step, a new move, a
seat change, a record opened) drops everything: a search in progress finishes in its thread and
its result is thrown away; a search still queued never starts. **Close** (the widget's
``close()``) cancels so for good: nothing the runner held or searched is played after it.

Every search goes through ``decide``, which holds ``SEARCH_LOCK``: one search at a time in the
process, so an agent (its random generator, its ``last_analysis``) is never used by two threads
at once, not even by a synchronous "Bot move" while a dropped search is still finishing.
"""

from __future__ import annotations

import asyncio
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, Protocol

from ..agents import agent_label
from ..agents.base import fresh_view
from ..core.errors import TabletopError
from ..core.game import Action, View
from ..core.threads import threads_start
from .agentcall import agent_act
from .messages import Message
from .session import Session
from .starting import option_number


class Worker:
    """Runs submitted calls one after another in a thread of its own, which ends as soon as
    no call is waiting (and starts again with the next): unlike a ``ThreadPoolExecutor``'s,
    it does not stay in the user's process after the bots stop. A call cancelled before it
    starts never runs.

    >>> worker = Worker("doc-worker")
    >>> worker.submit(sum, [1, 2]).result()
    3
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self._lock = threading.Lock()
        self._queue: deque[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = deque()
        self._thread: threading.Thread | None = None

    def submit(self, call: Callable[..., Any], *args: Any) -> Future[Any]:
        """``call(*args)`` in the worker's thread, after the calls submitted before it."""
        future: Future[Any] = Future()
        with self._lock:
            self._queue.append((future, call, args))
            if self._thread is None:
                self._thread = threading.Thread(target=self._serve, name=self.name,
                                                daemon=True)
                self._thread.start()
        return future

    def _serve(self) -> None:
        while True:
            with self._lock:
                if not self._queue:
                    self._thread = None
                    return
                future, call, args = self._queue.popleft()
            if not future.set_running_or_notify_cancel():
                continue
            try:
                result = call(*args)
            except BaseException as err:  # noqa: BLE001 - handed to whoever waits on it
                future.set_exception(err)
            else:
                future.set_result(result)


#: The worker thread agents search in (searches never overlap: see ``SEARCH_LOCK``).
SEARCHES = Worker("tabletop-bot")
#: Held around every agent search, in the worker thread or not.
SEARCH_LOCK = threading.Lock()


@dataclass(frozen=True)
class Decision:
    """An agent's move decided by a search, played later by ``Session.agent_move``: it acts as
    the agent did (same label, same ``last_analysis``) without searching again."""

    name: str
    action: Action
    last_analysis: Any = None

    def act(self, view: View) -> Action:
        return self.action


def decide(agent: Any, view: View, move_time: float | None) -> Decision:
    """Let ``agent`` choose from ``view`` (holding ``SEARCH_LOCK``) within ``move_time``
    seconds (see ``agentcall``); an agent whose ``last_analysis`` can't be read reported none."""
    with SEARCH_LOCK:
        action = agent_act(agent, view, move_time)  # an exit or an overrun: its failure, told
        try:
            analysis = getattr(agent, "last_analysis", None)
        except Exception:  # noqa: BLE001 - the agent's own failure: no thinking to show
            analysis = None
        return Decision(agent_label(agent), action, analysis)


class Host(Protocol):
    """What an ``AgentRunner`` needs of its widget."""

    session: Session
    agent_delay: float

    def _show_turn(self) -> None: ...

    def _refresh(self, full: bool = False) -> None: ...


#: Where an agent's turn was decided: the timeline, its cursor, the state and the seat's agent.
Key = tuple[int, int, int, int]


class AgentRunner:
    """The agents' turns of one widget, as an asyncio task (see the module's docstring).

    ``thinking`` is the player whose bot is searching now (``None`` if none); ``paused``
    says whether agents wait for a resume.
    """

    def __init__(self, host: Host) -> None:
        self.host = host
        self.thinking: int | None = None
        self.paused = False
        self.closed = False
        self._task: asyncio.Task[None] | None = None
        self._held: tuple[Key, Decision] | None = None
        self._shown = 0.0  # loop time when the last move appeared

    @property
    def running(self) -> bool:
        """Whether agents' turns are under way (thinking, or waiting to show a move)."""
        return self._task is not None and not self._task.done()

    def _key(self) -> Key:
        s = self.host.session
        return (id(s.timeline), s.timeline.cursor, id(s.state), id(s.agent_to_move()))

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Begin the agents' turns from the position on show (after a move just shown)."""
        self.cancel()
        if self.closed or self.paused or self.host.session.agent_to_move() is None:
            return
        self._shown = loop.time()
        self._task = loop.create_task(self._run())

    def cancel(self) -> None:
        """Drop pending agent work: no move searched so far will be played."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self._held = None
        self._set_thinking(None)

    def close(self) -> None:
        """Cancel, for good: after it no turn starts and no move is played."""
        self.closed = True
        self.cancel()

    def pause(self) -> None:
        """Stop after the search in progress (its move is held for ``resume``)."""
        self.paused = True
        self.host._show_turn()

    def resume(self) -> bool:
        """Stop pausing; play the held move if the position is unchanged. Returns whether a
        move was played (the caller then starts the next turns)."""
        self.paused = False
        held, self._held = self._held, None
        if held is not None and held[0] == self._key():
            self._play(held[1])
            return True
        self.host._show_turn()
        return False

    def _set_thinking(self, player: int | None) -> None:
        if self.thinking != player:
            self.thinking = player
            self.host._show_turn()

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while not (self.paused or self.closed):
            session = self.host.session
            agent = session.agent_to_move()
            if agent is None:
                return
            key = self._key()
            player = session.state.current_player
            assert player is not None  # an agent is to move (above): the game is not over
            view = fresh_view(session.state, player)  # the bot's own: see ``fresh_view``
            self._set_thinking(player)  # the page hears it before the search starts
            try:
                decision = await self._search(agent, view, session.move_time)
            except asyncio.CancelledError:
                raise
            except Exception as err:  # noqa: BLE001 - any agent failure is told, not lost
                self._fail(err)
                return
            wait = self._shown + self.host.agent_delay - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            if key != self._key():  # not reached after a cancel; a safety net all the same
                self._set_thinking(None)
                return
            if self.paused:
                self._held = (key, decision)
                self._set_thinking(None)
                return
            self.thinking = None  # the turn line follows with the move's panels
            self._play(decision)
            self._shown = loop.time()

    @staticmethod
    async def _search(agent: Any, view: View, move_time: float | None) -> Decision:
        """``decide`` in the worker thread ``SEARCHES``; where no thread can start (Pyodide),
        on the loop itself, once the loop has sent the turn line (the page then waits for
        the search, as for any cell)."""
        if threads_start():
            return await asyncio.wrap_future(SEARCHES.submit(decide, agent, view, move_time))
        await asyncio.sleep(0)
        return decide(agent, view, move_time)

    def _play(self, decision: Decision) -> None:
        if self.closed:  # a safety net: closing cancels the task that would get here
            return
        try:
            self.host.session.agent_move(decision)
        except Exception as err:  # noqa: BLE001 - an illegal choice is told, not lost
            self._fail(err)
            return
        self.host._refresh(full=True)

    def _fail(self, err: Exception) -> None:
        self._set_thinking(None)
        session = self.host.session  # the agent's words: told as ``messages.may_hear`` says
        session.message = Message(failure(err), "error", agent=session.state.current_player)
        self.host._refresh()


def failure(err: Exception) -> str:
    """The message line for an agent that failed: what it raised, and its kind unless it is
    one of tabletop's errors (which say it all).

    >>> from tabletop.core.errors import IllegalAction
    >>> failure(KeyError("x")), failure(IllegalAction("no move"))
    ("bot failed: 'x' (KeyError)", 'bot failed: no move')
    """
    kind = "" if isinstance(err, TabletopError) else f" ({type(err).__name__})"
    return f"bot failed: {err}{kind}"


def synchronous(step: Callable[[], Any]) -> Any:
    """Run a synchronous agent move (``Session.agent_move``) under ``SEARCH_LOCK``."""
    with SEARCH_LOCK:
        return step()


class Seconds:
    """A delay in seconds, checked whenever it is set: a finite number ≥ 0."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name, self.slot = name, f"_{name}"

    def __get__(self, widget: Any, owner: type | None = None) -> Any:
        """The widget's delay; the descriptor itself when read from the class."""
        return self if widget is None else getattr(widget, self.slot)

    def __set__(self, widget: Any, value: object) -> None:
        setattr(widget, self.slot, option_number(value, f"{self.name} must be a finite "
                                                 "number ≥ 0"))
