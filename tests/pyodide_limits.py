"""Pyodide's limits, imposed on this CPython: call ``impose()`` before importing tabletop.

Pyodide (the Python of JupyterLite) runs in a browser page's one thread. There:

- a thread cannot start: ``threading.Thread.start`` raises ``RuntimeError`` (so does
  ``ThreadPoolExecutor.submit``, which starts one);
- no process can start: ``subprocess``, ``multiprocessing`` and ``os.fork`` raise ``OSError``;
- a timer signal (``signal.alarm``, ``signal.setitimer``) is set but never delivered while
  Python runs, since the page's event loop that would deliver it waits for Python to return;
- sockets do not connect (``OSError``).

``impose()`` patches those functions so; ``tests/test_pyodide.py`` runs tabletop's tour in a
subprocess that called it first. ``time.sleep`` still sleeps here (it blocks the page there):
the tour counts its calls instead (``SLEEPS``), and tabletop should make none.
"""

from __future__ import annotations

import _thread
import os
import signal
import socket
import subprocess
import threading
import time
from typing import Any

#: ``time.sleep`` calls made since ``impose()`` (each would block the page in Pyodide).
SLEEPS: list[float] = []


def _no_thread(*args: Any, **kwargs: Any) -> Any:
    raise RuntimeError("can't start new thread")


def _no_process(*args: Any, **kwargs: Any) -> Any:
    raise OSError(38, "Function not implemented (no processes in Pyodide)")


def _no_socket(*args: Any, **kwargs: Any) -> Any:
    raise OSError(38, "Function not implemented (no sockets in Pyodide)")


def _never_delivered(*args: Any, **kwargs: Any) -> Any:
    return (0.0, 0.0) if args and isinstance(args[0], int) and len(args) > 1 else 0


def impose() -> None:
    """Make this process behave as Pyodide does in the ways listed above."""
    threading.Thread.start = _no_thread  # type: ignore[method-assign]
    _thread.start_new_thread = _no_thread
    if hasattr(_thread, "start_joinable_thread"):  # Python 3.13
        _thread.start_joinable_thread = _no_thread
    subprocess.Popen.__init__ = _no_process  # type: ignore[method-assign]
    os.fork = _no_process
    os.system = _no_process
    import multiprocessing.process
    multiprocessing.process.BaseProcess.start = _no_process  # type: ignore[method-assign]
    signal.alarm = _never_delivered
    signal.setitimer = _never_delivered
    socket.socket.connect = _no_socket  # type: ignore[method-assign]
    real_sleep = time.sleep

    def sleep(seconds: float) -> None:
        SLEEPS.append(seconds)
        real_sleep(seconds)

    time.sleep = sleep
