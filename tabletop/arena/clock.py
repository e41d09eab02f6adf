"""The time limit of a tournament's agents: ``move_time`` covers every call into an agent —
building it and each of its moves — and the game always ends, whatever the agent does.

A thread cannot be killed, so each call runs in a helper thread that the game's own thread
waits for. At the limit the game's thread stops waiting: the move is lost. It then raises
``MoveTimeout`` in the helper thread (a ``BaseException``, so an ``except Exception`` in the
bot does not swallow it) and gives it ``GRACE`` seconds to stop. A bot that stops — pure
Python code stops at once, a call into C when it returns — leaves nothing behind. One that
goes on (a bare ``except:`` in its loop, a ten-minute C call) is abandoned: its daemon
thread keeps running in the background of that process until it ends by itself or the
process exits, but the game is over and the tournament goes on.

Where no thread can start (Pyodide, in JupyterLite) each call runs here instead, under
``tabletop.core.threads.deadline``: at the limit ``MoveTimeout`` is raised in the agent's
Python code by a trace function (the agent runs several times slower while traced), and a
call that returns late all the same (a long C call) is an overrun too. An agent that
swallows ``MoveTimeout`` and goes on cannot be abandoned there: the game waits for it.

>>> clock = Clock(1.0)
>>> clock.call(sum, [1, 2])
3
>>> clock.close()
"""

from __future__ import annotations

import ctypes
import threading
import time
from collections.abc import Callable
from queue import SimpleQueue
from typing import Any

from ..core.threads import deadline, threads_start

#: How long an interrupted agent has to stop before its thread is abandoned (seconds).
GRACE = 1.0
#: How often, within the grace period, the interruption is sent again.
RESEND = 0.1


class MoveTimeout(BaseException):
    """Raised inside an agent that overruns ``move_time`` (a ``BaseException``, so that a
    bot's own ``except Exception`` does not swallow it)."""


class Overrun(Exception):
    """A call into an agent took longer than its limit; ``stopped`` says whether the agent
    stopped when interrupted (else its thread was abandoned, still running)."""

    def __init__(self, stopped: bool) -> None:
        super().__init__("stopped" if stopped else "abandoned")
        self.stopped = stopped

    def __reduce__(self) -> tuple[Any, ...]:
        """Made again from ``stopped`` (a pickle or copy of an exception calls its class
        with its ``args``, here the word, which would read as ``stopped=True``)."""
        return type(self), (self.stopped,), self.__dict__


class _Call:
    """One call into an agent, run by the helper thread."""

    def __init__(self, function: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.function, self.args = function, args
        self.value: Any = None
        self.error: BaseException | None = None
        self.done = threading.Event()

    def run(self) -> None:
        try:
            self.value = self.function(*self.args)
        except BaseException as err:  # noqa: B036 — handed to the game's thread
            self.error = err
        finally:
            self.done.set()


class Clock:
    """Runs calls into agents in one helper thread, at most ``seconds`` each (see above)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.calls: SimpleQueue[_Call | None] = SimpleQueue()
        self.abandoned = False
        self.last: _Call | None = None  # the latest call handed to the thread
        self.thread: threading.Thread | None = None
        if threads_start():
            self.thread = threading.Thread(target=self._serve, daemon=True,
                                           name="tabletop-agent")
            self.thread.start()

    def _serve(self) -> None:
        while True:
            try:
                call = self.calls.get()
                if call is None:
                    return
                call.run()
            except MoveTimeout:  # an interruption that arrived after its call was over
                continue

    def _interrupt(self) -> None:
        assert self.thread is not None  # (only a clock with a thread interrupts it)
        ident = self.thread.ident
        if ident is not None:
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident),
                                                       ctypes.py_object(MoveTimeout))

    def call(self, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` in the helper thread; its exception is raised here. Past
        ``seconds``, ``Overrun`` (and no later call may be made)."""
        if self.abandoned:
            raise RuntimeError("this clock's thread was abandoned")
        if self.thread is None:
            return self._call_here(function, args)
        job = self.last = _Call(function, args)
        self.calls.put(job)
        if job.done.wait(self.seconds):
            if job.error is not None:
                raise job.error
            return job.value
        waited = 0.0
        while waited < GRACE and not job.done.is_set():
            self._interrupt()
            job.done.wait(RESEND)
            waited += RESEND
        self.abandoned = not job.done.is_set()
        raise Overrun(stopped=not self.abandoned)

    def _call_here(self, function: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        """The call without a thread (see the module's docstring)."""
        start = time.monotonic()
        try:
            with deadline(self.seconds, MoveTimeout):
                value = function(*args)
        except MoveTimeout:
            raise Overrun(stopped=True) from None
        if time.monotonic() - start > self.seconds:
            raise Overrun(stopped=True)
        return value

    def close(self) -> None:
        """Let the helper thread end: now (it has ended when ``close`` returns, so a
        tournament that is over leaves no thread of its own behind), or, if it was abandoned
        or a call is still running (the waiting thread was interrupted: Ctrl-C), once that
        call returns (if ever: nothing waits for it)."""
        self.calls.put(None)
        idle = self.last is None or self.last.done.is_set()
        if self.thread is not None and idle and self.thread is not threading.current_thread():
            self.thread.join(GRACE)


def limited(seconds: float | None, function: Callable[..., Any], *args: Any) -> Any:
    """``function(*args)`` as one call on a fresh ``Clock`` of ``seconds`` (here, without
    a limit, when ``seconds`` is ``None``); ``Overrun`` past it."""
    if seconds is None:
        return function(*args)
    clock = Clock(seconds)
    try:
        return clock.call(function, *args)
    finally:
        clock.close()
