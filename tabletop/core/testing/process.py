"""What a library could change in the process it runs in: ``process_state`` records it,
``state_changes`` says in words how two records differ (``check_guest`` compares them
around a game's tour; ``tests/guest_tour.py`` around the whole library's).

This module needs only the standard library and numpy, so that a test can load it from its
file to record a process before it imports tabletop at all.

>>> before = process_state()
>>> state_changes(before, process_state())
[]
"""

from __future__ import annotations

import atexit
import contextlib
import decimal
import gc
import locale
import logging
import os
import random
import signal
import socket
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

#: Optional packages a game's play, pictures and bots never need: one of them imported by
#: ``check_guest``'s tour is a cost (seconds, memory) the user did not ask for.
OPTIONAL = ("pandas", "dask", "distributed", "matplotlib", "IPython", "ipywidgets",
            "ipycanvas", "tqdm", "pyarrow", "pyspiel", "pettingzoo", "gymnasium", "scipy",
            "PIL", "hypothesis")

#: How long a thread the tour started may take to end by itself (seconds).
GRACE = 3.0


def _loggers() -> dict[str, tuple[Any, ...]]:
    """Every logger's level, handlers (by identity), propagation and ``disabled`` flag."""
    found: dict[str, tuple[Any, ...]] = {}
    everyone = [("", logging.getLogger())] + [
        (name, logger) for name, logger in list(logging.Logger.manager.loggerDict.items())
        if isinstance(logger, logging.Logger)]
    for name, logger in everyone:
        found[name] = (logger.level, tuple(logger.handlers), logger.propagate, logger.disabled)
    return found


def _signals() -> dict[str, object]:
    handlers: dict[str, object] = {}
    for number in sorted(signal.valid_signals()):
        with contextlib.suppress(OSError, ValueError):  # (SIGKILL, SIGSTOP: not readable)
            handlers[signal.Signals(number).name] = signal.getsignal(number)
    return handlers


def _formatters() -> dict[str, tuple[dict[Any, Any], dict[Any, Any]]] | None:
    """The running IPython shell's display formatters' printers by type (``for_type``),
    ``None`` outside IPython (a library registering one changes every notebook cell)."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return None
    return {name: (dict(f.type_printers), dict(f.deferred_printers))
            for name, f in shell.display_formatter.formatters.items()}


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def process_state() -> dict[str, Any]:
    """What a library could change in the process it runs in, each item comparable with
    ``==`` (``threads`` and ``modules`` as sets; ``loggers`` a dict by logger name)."""
    numpy_random = np.random.get_state(legacy=True)
    assert isinstance(numpy_random, tuple)  # (legacy=True: the MT19937 tuple, not a dict)
    context = decimal.getcontext()
    return {
        "numpy print options": np.get_printoptions(),
        "numpy error handling (np.seterr)": np.geterr(),
        "numpy error callback (np.seterrcall)": np.geterrcall(),
        "the random module's generator": random.getstate(),
        "numpy's global generator (np.random)": (numpy_random[0], numpy_random[1].tobytes(),
                                                 *numpy_random[2:]),
        "warnings.filters": list(warnings.filters),
        "warnings.showwarning": warnings.showwarning,
        "the logging tree": _loggers(),
        "logging.disable": logging.root.manager.disable,
        "sys.getrecursionlimit()": sys.getrecursionlimit(),
        "sys.excepthook": sys.excepthook,
        "threading.excepthook": threading.excepthook,
        "sys.unraisablehook": sys.unraisablehook,
        "sys.displayhook": sys.displayhook,
        "sys.breakpointhook": sys.breakpointhook,
        "sys.gettrace()/getprofile()": (sys.gettrace(), sys.getprofile()),
        "signal handlers": _signals(),
        "os.environ": dict(os.environ),
        "IPython's display formatters": _formatters(),
        "the locale": locale.setlocale(locale.LC_ALL),
        "sys.path": list(sys.path),
        "sys.meta_path": list(sys.meta_path),
        "sys.path_hooks": list(sys.path_hooks),
        "sys.stdin/stdout/stderr": (sys.stdin, sys.stdout, sys.stderr),
        "atexit handlers (how many)": atexit._ncallbacks(),
        "the cycle collector (gc)": (gc.isenabled(), gc.get_threshold(), gc.get_debug(),
                                     gc.get_freeze_count()),
        "sys.getswitchinterval()": sys.getswitchinterval(),
        "sys.get_int_max_str_digits()": sys.get_int_max_str_digits(),
        "the decimal context": (context.prec, context.rounding, context.Emin, context.Emax,
                                tuple(sorted(k.__name__ for k, v in context.traps.items()
                                             if v))),
        "socket.getdefaulttimeout()": socket.getdefaulttimeout(),
        "os.getcwd()": os.getcwd(),
        "os.umask": _umask(),
        "threads": set(threading.enumerate()),
        "modules": set(sys.modules),
    }


def _threads_left(before: set[threading.Thread], after: set[threading.Thread]) -> list[str]:
    return sorted(t.name for t in after - before if t.is_alive())


def state_changes(before: dict[str, Any], after: dict[str, Any],
                  optional: Iterable[str] = OPTIONAL) -> list[str]:
    """How ``after`` differs from ``before`` (both from ``process_state``), one line per
    item, ``[]`` if not at all. New loggers are fine when they hold no handler but a
    ``NullHandler`` (``logging.getLogger(__name__)`` makes one); new modules are reported
    only when they are (or belong to) one of the ``optional`` packages."""
    changes = []
    for key, old in before.items():
        new = after[key]
        if key == "threads":
            left = _threads_left(old, new)
            if left:
                changes.append(f"threads still running: {', '.join(left)}")
        elif key == "modules":
            heavy = sorted(m for m in new - old if m.split(".")[0] in set(optional)
                           and "." not in m)
            if heavy:
                changes.append(f"imported {', '.join(heavy)}")
        elif key == "the logging tree":
            changes += _logging_changes(old, new)
        elif isinstance(old, dict) and isinstance(new, dict):
            changed = sorted((k for k in set(old) | set(new) if old.get(k) != new.get(k)),
                             key=str)
            if key == "os.environ":  # (names only: a value may be a secret)
                changes += [f"{key} changed: {', '.join(changed)}"] if changed else []
            elif changed:
                changes.append(f"{key} changed: " + ", ".join(
                    f"{k}: {short(old.get(k))} -> {short(new.get(k))}" for k in changed))
        elif new != old:
            shown = "" if key.startswith(("the random", "numpy's global")) else \
                f": {short(old)} -> {short(new)}"
            changes.append(f"{key} changed{shown}")
    return changes


def short(value: object) -> str:
    """``value``'s repr, cut to 120 characters."""
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."


def _logging_changes(old: dict[str, tuple[Any, ...]],
                     new: dict[str, tuple[Any, ...]]) -> list[str]:
    changes = []
    for name, now in new.items():
        was = old.get(name)
        shown = name or "the root logger"
        if was is None:
            handlers = [h for h in now[1] if not isinstance(h, logging.NullHandler)]
            if handlers:
                changes.append(f"logger {shown!r} made with handlers {handlers}")
        elif was != now:
            changes.append(f"logger {shown!r} changed (level, handlers, propagate, disabled): "
                           f"{short(was)} -> {short(now)}")
    return changes


def settled(before: dict[str, Any], after: Callable[[], dict[str, Any]],
            grace: float = GRACE) -> dict[str, Any]:
    """``after()``, taken again for up to ``grace`` seconds while a thread started since
    ``before`` is still ending by itself (a thread that ends soon leaves nothing behind)."""
    deadline = time.monotonic() + grace
    now = after()
    while _threads_left(before["threads"], now["threads"]) and time.monotonic() < deadline:
        time.sleep(0.05)
        now = after()
    return now
