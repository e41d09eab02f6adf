"""Letting an event loop run until what a test awaits has happened, not for a fixed time.

``await asyncio.sleep(0.2)`` before asserting that a bot has moved, a panel was redrawn or a
task has ended guesses how long the machine takes; on a loaded CI machine the guess is
sometimes short and the test fails at random. ``until`` asks again every 10 ms; its deadline
is only a hang guard, and its failure names what was awaited.

>>> import asyncio
>>> asyncio.run(until(lambda: True, "nothing"))
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

#: How long anything awaited may take before the test fails (a hang guard, seconds).
HANG_GUARD = 60.0


async def until(check: Callable[[], object], what: str, seconds: float = HANG_GUARD) -> None:
    """Let the running loop go on until ``check()`` is true; fails after ``seconds`` saying
    ``what`` was awaited."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds:g} s for {what}")
        await asyncio.sleep(0.01)
