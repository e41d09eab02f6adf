"""Interrupt a block still running after a time limit, so that a hang fails a check instead
of stalling it — on every system: a timer signal where there is one (Linux, macOS), else
(Windows) a timer thread that interrupts the main thread as Ctrl-C does, seen by a handler
of its own so that a real Ctrl-C is still a ``KeyboardInterrupt`` (Python code is
interrupted; one C call that holds the GIL throughout, as a backtracking regex, only by a
real signal). Outside the main thread (where Python delivers no signal) the block runs
unguarded. Where no thread can start (Pyodide), a timer signal is not delivered either: the
functions the block calls are traced instead (``tabletop.core.threads.deadline``).

>>> with hang_guard(5.0):
...     total = sum(range(10))
>>> total
45
"""

from __future__ import annotations

import _thread
import contextlib
import signal
import threading
import time
from collections.abc import Iterator
from typing import Any

from ..threads import deadline, threads_start


class Hung(BaseException):
    """Raised inside a block that ran past its limit (a BaseException, so that no
    ``except Exception`` in the code under test swallows it)."""


@contextlib.contextmanager
def hang_guard(seconds: float) -> Iterator[None]:
    """Raise ``Hung`` inside the block once it has run ``seconds``, where possible."""
    if not threads_start():  # Pyodide: a timer signal is not delivered while Python runs
        with deadline(seconds, Hung):
            yield
    elif threading.current_thread() is not threading.main_thread():
        yield
    elif hasattr(signal, "setitimer"):
        with by_timer_signal(seconds):
            yield
    else:  # pragma: no cover - Windows (tests/test_hang_guard.py runs it on Linux too)
        with by_interrupting_main(seconds):
            yield


@contextlib.contextmanager
def by_timer_signal(seconds: float) -> Iterator[None]:
    """``SIGALRM`` after ``seconds`` (POSIX). A timer the caller had armed (a test runner's
    time limit, a user's ``signal.alarm``) runs again afterwards with the time it had left,
    due at once if that time passed inside the block."""
    def interrupt(signum: int, frame: Any) -> None:
        raise Hung

    previous = signal.signal(signal.SIGALRM, interrupt)
    started = time.monotonic()
    outer_delay, outer_interval = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer_delay > 0:
            left = outer_delay - (time.monotonic() - started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 1e-6), outer_interval)


@contextlib.contextmanager
def by_interrupting_main(seconds: float) -> Iterator[None]:
    """A timer thread that simulates Ctrl-C after ``seconds``; this block's own ``SIGINT``
    handler turns it into ``Hung`` and passes a real Ctrl-C on to the handler before it."""
    previous = signal.getsignal(signal.SIGINT)
    if previous is None:  # a handler not set from Python: it could not be put back
        yield
        return
    fired, done = threading.Event(), threading.Event()

    def interrupt(signum: int, frame: Any) -> None:
        if done.is_set():  # the timer fired as the block ended: nothing to interrupt
            return
        if fired.is_set():
            raise Hung
        if callable(previous):
            previous(signum, frame)
        elif previous == signal.SIG_DFL:  # (SIG_IGN: ignored, as it was)
            raise KeyboardInterrupt

    def fire() -> None:
        fired.set()
        _thread.interrupt_main(signal.SIGINT)

    signal.signal(signal.SIGINT, interrupt)
    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        done.set()
        timer.cancel()
        timer.join()
        signal.signal(signal.SIGINT, previous)
