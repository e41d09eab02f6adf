"""Whether this Python can start threads, and a time limit that needs none.

Pyodide (JupyterLite's Python) runs in a browser page's one thread: ``Thread.start`` raises
``RuntimeError`` there, and a timer signal is not delivered while Python runs. Code that
thinks in a thread or interrupts after a time limit asks ``threads_start()`` first and, where
threads do not start, does the same work here and now; ``deadline`` interrupts a call after
its time without a thread or a signal, by tracing it (pure Python only, and slower).

>>> threads_start()  # CPython here (in Pyodide: False)
True
>>> class Late(BaseException):
...     pass
>>> with deadline(5.0, Late):
...     total = sum(range(10))
>>> total
45
"""

from __future__ import annotations

import sys
import threading
import time
from types import FrameType
from typing import Any

from .warn import warn

_started: bool | None = None  # threads_start()'s answer, found once a process


def threads_start() -> bool:
    """Whether a thread can start here (once per process: a thread that does nothing is
    started and joined); ``False`` in Pyodide and wherever ``Thread.start`` fails."""
    global _started
    if _started is None:
        if sys.platform in ("emscripten", "wasi"):
            _started = False
        else:
            probe = threading.Thread(target=int, name="tabletop-thread-probe", daemon=True)
            try:
                probe.start()
            except (RuntimeError, OSError):
                _started = False
            else:
                probe.join()
                _started = True
    return _started


def skipped_without_threads(check: str, needs: str) -> bool:
    """``True``, after a ``RuntimeWarning`` saying ``check`` was skipped, where no thread (and
    so no process either: Pyodide, WASI) can start; ``False`` where one can. For the
    conformance checks that compare with another thread or process.

    >>> skipped_without_threads("check_threads", "threads")
    False
    """
    if threads_start():
        return False
    warn(f"{check} skipped: it needs {needs}, which cannot start here (Pyodide?)",
         RuntimeWarning)
    return True


class deadline:  # noqa: N801 - used as a function: ``with deadline(seconds, error):``
    """Raise ``error`` (a ``BaseException`` subclass, so no ``except Exception`` swallows
    it) in the Python functions the block calls once it has run ``seconds``, by a trace
    function checking the clock at each of their lines (``sys.settrace``; a tracer set
    before, a debugger's or coverage's, is put back after the block). Raised once: code
    that swallows it runs on unguarded. Not interrupted: a C call that runs long (the block
    ends late, when it returns) and the lines of the block's own frame."""

    def __init__(self, seconds: float, error: type[BaseException]) -> None:
        self.end = time.monotonic() + seconds
        self.error = error
        self.fired = False
        self.previous: Any = None

    def _trace(self, frame: FrameType, event: str, arg: Any) -> Any:
        if frame.f_code is _EXIT:  # leaving the block: nothing left to interrupt
            return None
        if not self.fired and time.monotonic() > self.end:
            self.fired = True
            raise self.error
        return self._trace

    def __enter__(self) -> deadline:
        self.previous = sys.gettrace()
        sys.settrace(self._trace)
        return self

    def __exit__(self, *exc: object) -> None:
        sys.settrace(self.previous)


_EXIT = deadline.__exit__.__code__
