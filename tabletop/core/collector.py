"""Pausing Python's cycle collector while a search or ``explore`` runs.

A search (``MCTSAgent``) and ``explore`` make thousands of small objects (nodes, states,
reward lists, a graph's dicts) and keep their tree alive until they end, so the cycle
collector runs again and again during them, and each of its full passes walks every object
in the process: in a notebook holding data frames, most of the memory. None of what they
make is cyclic garbage (reference counting frees it: ``check_cycles`` and
``tests/test_collector_paused.py`` check every game), so the collector has nothing to find.
``collector_paused`` turns it off for the duration and back on after, if it was on before (a
caller who turned it off keeps it off).

The switch is the process's, not the thread's: another thread of the user's (a kernel's
other work, a web server's requests, a second search) runs with it too. So the pause is
limited:

* pauses that overlap in several threads (an arena on threads, bots of two widgets) count
  together: the collector comes back on when the last of them ends, as it was before the
  first, never in the middle of another thread's search;
* the loops under a pause call ``breathe()``, which collects the young generations once
  ``YOUNG`` objects have been made since the last collection (any thread's): the cyclic
  garbage the rest of the process makes meanwhile is freed during a long search, as it
  would be, in a pass over the young objects alone (the full passes, over every object,
  are what the pause holds back).

>>> import gc
>>> with collector_paused():
...     gc.isenabled()
False
>>> gc.isenabled()
True
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

#: How many objects the process may make under a pause before ``breathe`` collects the
#: young generations (Python's own first threshold is 700; a search makes about 30 per
#: iteration).
YOUNG = 50_000

_lock = threading.Lock()
_pauses = 0  # pauses running now, in any thread
_restore = False  # whether the collector was on when the first of them began


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector off inside the block, restored after (even on an error)
    once no other thread's pause is running."""
    global _pauses, _restore
    with _lock:
        if _pauses == 0:
            _restore = gc.isenabled()
            gc.disable()
        _pauses += 1
    try:
        yield
    finally:
        with _lock:
            _pauses -= 1
            if _pauses == 0 and _restore:
                gc.enable()


def breathe(young: int = YOUNG) -> None:
    """Under a pause: collect the young generations once ``young`` objects have been made
    since the last collection; otherwise nothing (nor where the caller had turned the
    collector off before the pause: theirs to run).

    >>> with collector_paused():
    ...     breathe(young=0)
    ...     gc.get_count()[0] < 10   # just collected
    True
    """
    if _pauses and _restore and gc.get_count()[0] >= young:
        gc.collect(1)
