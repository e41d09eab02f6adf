"""Pausing Python's cycle collector while a search or ``explore`` runs.

A search (``MCTSAgent``) and ``explore`` make thousands of small objects (nodes, states,
reward lists, a graph's dicts) and keep their tree alive until they end, so the cycle
collector runs again and again during them, and each of its full passes walks every object
in the process: in a notebook holding data frames, most of the memory. None of what they
make is cyclic garbage (reference counting frees it: ``check_cycles`` and
``tests/test_collector_paused.py`` check every game), so the collector has nothing to find.
``collector_paused`` turns it off for the duration and back on after, if it was on before (a
caller who turned it off keeps it off).

>>> import gc
>>> with collector_paused():
...     gc.isenabled()
False
>>> gc.isenabled()
True
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector off inside the block, restored after (even on an error)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
