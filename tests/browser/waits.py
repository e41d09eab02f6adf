"""Waiting for what a browser test awaits, not for a fixed time.

A fixed ``page.wait_for_timeout(800)`` before an assertion is a guess at how long the page,
the kernel and the bots take; on a loaded CI machine (two cores shared with other jobs) the
guess is sometimes short and the test fails at random. These helpers ask again and again
until the awaited thing is seen; their deadline is only a hang guard (generous, and its
failure names what was awaited and what was last seen).

Asking the kernel is done from the test, one execute request at a time: a loop inside the
kernel (``time.sleep`` in a cell) would hold the kernel's shell channel, so the widget's own
messages (a key press, a click) and its event loop (the bots) would wait behind it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from pages import changed_pixels, run_in_kernel

#: How long any awaited thing may take before the test fails (a hang guard, seconds).
HANG_GUARD = 60.0


def kernel_until(page: Any, code: str, accept: Callable[[str], bool], what: str,
                 seconds: float = HANG_GUARD) -> str:
    """What ``code`` printed in the kernel once ``accept`` takes it (stripped), asking again
    every 0.1 s; fails after ``seconds`` saying ``what`` was awaited."""
    deadline = time.monotonic() + seconds
    while True:
        printed = run_in_kernel(page, code).strip()
        if accept(printed):
            return printed
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds:g} s for {what}; the kernel last printed "
                                 f"{printed!r} for {code!r}")
        time.sleep(0.1)


def redrawn(locator: Any, before: bytes, what: str, least: int = 20,
            seconds: float = HANG_GUARD) -> int:
    """How many pixels of ``locator``'s screenshot differ from ``before`` once more than
    ``least`` do; fails after ``seconds`` saying ``what`` was awaited."""
    deadline = time.monotonic() + seconds
    while True:
        changed = changed_pixels(before, locator.screenshot())
        if changed > least:
            return changed
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds:g} s for {what}: {changed} pixels changed")
        time.sleep(0.1)
