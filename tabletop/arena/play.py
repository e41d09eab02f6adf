"""Playing one game of a tournament, in this process or in a worker: seats, agent seeds,
and the rule that an agent which raises or overruns its time loses without stopping anything.

>>> agent_seed(5, 1, 0) == agent_seed(5, 1, 0) != agent_seed(5, 1, 1)
True
>>> import tabletop
>>> g = play_game(tabletop.load("lascaux", players=3), ["random"] * 3, ["r"] * 3, 0, seed=4)
>>> g.finished, g.seed, g.error
(True, 4, None)
"""

from __future__ import annotations

import ctypes
import random
import threading
import time
from collections.abc import Sequence
from typing import Any

from ..agents import Agent, resolve_agent
from ..core.errors import IllegalAction
from ..core.game import Action, Game, View
from ..core.quoting import brief
from .results import GameResult

Spec = Any  # str | tuple[str, dict] | an agent class | Callable[[int], Agent] | Agent


class MoveTimeout(BaseException):
    """Raised inside an agent that overruns ``move_time`` (a ``BaseException``, so that a
    bot's own ``except Exception`` does not swallow it)."""


def agent_seed(seed: int, index: int, entrant: int) -> int:
    """The seed of entrant ``entrant``'s agent in game ``index`` (stable across processes)."""
    return random.Random(f"arena/{seed}/{index}/{entrant}").randrange(2**32)


class Watchdog:
    """Interrupts the thread that made it when a move runs past ``seconds``.

    One daemon thread per game waits for the deadline of the move in progress and raises
    ``MoveTimeout`` in the playing thread (again every ``seconds`` while the move goes on).
    Pure Python code stops at once; a call into C (a long ``sleep``, a numpy kernel)
    stops when it returns, and the move is judged by its measured time anyway.
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.target = threading.get_ident()
        self.cond = threading.Condition()
        self.deadline: float | None = None
        self.fired = False
        self.closed = False
        self.thread = threading.Thread(target=self._watch, daemon=True,
                                       name="tabletop-move-watchdog")
        self.thread.start()

    def _raise(self, exc: type[BaseException] | None) -> None:
        ctypes.pythonapi.PyThreadState_SetAsyncExc(
            ctypes.c_ulong(self.target), ctypes.py_object(exc) if exc else ctypes.c_void_p())

    def _watch(self) -> None:
        with self.cond:
            while not self.closed:
                if self.deadline is None:
                    self.cond.wait()
                    continue
                left = self.deadline - time.monotonic()
                if left > 0:
                    self.cond.wait(left)
                    continue
                self.fired = True
                self.deadline = time.monotonic() + self.seconds
                self._raise(MoveTimeout)

    def act(self, agent: Agent, view: View) -> Action:
        """``agent.act(view)``, or ``MoveTimeout`` if it takes longer than ``seconds``."""
        start = time.monotonic()
        with self.cond:
            self.deadline, self.fired = start + self.seconds, False
            self.cond.notify()
        try:
            action = agent.act(view)
        finally:
            self.disarm()
        if self.fired or time.monotonic() - start > self.seconds:
            raise MoveTimeout
        return action

    def disarm(self) -> None:
        """No deadline any more; an interruption sent but not yet raised is cancelled."""
        with self.cond:
            self.deadline = None
            if self.fired:
                self._raise(None)

    def close(self) -> None:
        self.disarm()
        with self.cond:
            self.closed = True
            self.cond.notify()


#: What ``play_game`` does with an agent's exception: lose the game, or raise it.
ERRORS = ("forfeit", "raise")


def mark(err: BaseException, index: int, fault: dict[str, Any]) -> None:
    """Mark ``err`` as an agent's fault in game ``index`` (the mark survives pickling)."""
    try:
        err.arena_fault = {"game": index, **fault}  # type: ignore[attr-defined]
    except AttributeError:  # an exception type with __slots__
        pass


def forfeit_winners(players: int, seat: int) -> tuple[int, ...]:
    """The winners of a game lost by ``seat`` on an error: every other seat.

    >>> forfeit_winners(3, 1)
    (0, 2)
    """
    return tuple(p for p in range(players) if p != seat)


def play_game(game: Game, specs: Sequence[Spec], labels: Sequence[str], index: int,
              seed: int, max_plies: int | None = None,
              move_time: float | None = None, errors: str = "raise") -> GameResult:
    """Play game ``index`` of a tournament (module-level, so that workers can run it).

    Entrant ``j`` sits at seat ``(j + index) % players``; the game's seed is
    ``seed + index``. An agent that takes longer than ``move_time`` seconds to move loses
    the game, and ``error`` says why. So does one that cannot be built, raises or returns an
    illegal action when ``errors="forfeit"``; with ``errors="raise"`` its exception is
    raised, marked with ``arena_fault`` (the game, seat and agent) so that the arena does
    not take it for a lost worker.
    """
    if errors not in ERRORS:
        raise ValueError(f"errors should be one of {ERRORS}, not {brief(errors)}")
    n = game.players
    start = time.perf_counter()
    seats = [(j + index) % n for j in range(n)]  # entrant j sits at seats[j]
    by_seat: list[Agent | None] = [None] * n
    labels_by_seat = [""] * n
    state = game.new(seed=seed + index)
    error: dict[str, Any] | None = None

    def fault(seat: int, kind: str, message: str) -> dict[str, Any]:
        return {"seat": seat, "agent": labels_by_seat[seat], "kind": kind,
                "message": message[:500], "ply": plies}

    plies = 0
    for j in range(n):
        labels_by_seat[seats[j]] = labels[j]
    for j, spec in enumerate(specs):
        try:
            by_seat[seats[j]] = resolve_agent(spec, agent_seed(seed, index, j))
        except Exception as err:
            error = fault(seats[j], "error", f"could not be built: {type(err).__name__}: "
                                             f"{err}")
            if errors == "raise":
                mark(err, index, error)
                raise
            break
    watchdog = Watchdog(move_time) if move_time is not None and error is None else None
    try:
        while (error is None and not state.is_terminal
               and (max_plies is None or plies < max_plies)):
            player = state.current_player
            assert player is not None
            agent = by_seat[player]
            assert agent is not None
            view = state.view(player)
            try:
                action = watchdog.act(agent, view) if watchdog else agent.act(view)
                state = state.apply(action)
            except MoveTimeout:
                if watchdog is not None:  # in case the move's own clean-up was cut short
                    watchdog.disarm()
                error = fault(player, "timeout", f"took longer than {move_time:g} s to move")
            except IllegalAction as err:
                error = fault(player, "error", f"illegal action: {err}")
                if errors == "raise":
                    mark(err, index, error)
                    raise
            except Exception as err:
                error = fault(player, "error", f"{type(err).__name__}: {err}")
                if errors == "raise":
                    mark(err, index, error)
                    raise
            else:
                plies += 1
    finally:
        if watchdog is not None:
            watchdog.close()
    winners = tuple(state.winners) if error is None else forfeit_winners(n, error["seat"])
    return GameResult(
        index=index, seed=seed + index, seats=tuple(labels_by_seat),
        scores=tuple(state.scores), winners=winners, length=plies,
        finished=state.is_terminal, seconds=round(time.perf_counter() - start, 3),
        record=state.to_record(), error=error,
    )
