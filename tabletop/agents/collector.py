"""Pausing Python's cycle collector while a search runs.

A search makes and drops thousands of small objects (nodes, states, reward lists) and keeps
the tree alive until it ends, so the cycle collector runs again and again during it, and
each of its full passes walks every object in the process: in a notebook holding data
frames, that is most of the memory. None of what a search makes is cyclic garbage (reference
counting frees it; ``tests/test_agents.py`` checks that a search of every game leaves none),
so the collector has nothing to find there. ``collector_paused`` turns it off for the
duration and back on after, if it was on before (a caller who turned it off keeps it off).

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
