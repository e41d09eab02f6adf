"""The conformance suite's hang guard works where there is no timer signal (Windows): a
hang fails ``check_fuzzing`` there too instead of stalling it for ever, and a real Ctrl-C
is still a ``KeyboardInterrupt``. Simulated here by taking ``signal.setitimer`` away."""

from __future__ import annotations

import signal
import time

import pytest

from tabletop.core.testing.hangguard import Hung, by_interrupting_main, hang_guard


def busy(seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


@pytest.mark.parametrize("guard", [hang_guard, by_interrupting_main])
def test_a_block_past_its_limit_is_interrupted(guard):
    before = signal.getsignal(signal.SIGINT)
    start = time.perf_counter()
    with pytest.raises(Hung), guard(0.2):
        busy(10)
    assert time.perf_counter() - start < 5
    assert signal.getsignal(signal.SIGINT) is before  # put back


def test_a_block_within_its_limit_runs_and_leaves_no_interrupt_behind():
    before = signal.getsignal(signal.SIGINT)
    for _ in range(30):
        try:
            with by_interrupting_main(0.01):  # the timer fires as the block ends, or in it
                busy(0.01)
        except Hung:
            pass
    busy(0.05)  # a stray interrupt would be raised here
    assert signal.getsignal(signal.SIGINT) is before


def test_a_real_ctrl_c_is_still_a_keyboard_interrupt():
    with pytest.raises(KeyboardInterrupt), by_interrupting_main(10):
        signal.raise_signal(signal.SIGINT)
        busy(1)


def test_a_timer_the_caller_armed_runs_on_with_the_time_it_had_left():
    fired = []
    before = signal.signal(signal.SIGALRM, lambda *_: fired.append(True))
    runner_timer = signal.setitimer(signal.ITIMER_REAL, 30)  # (the suite's time limit)
    try:
        with hang_guard(5):
            busy(0.01)
        left, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 25 < left <= 30  # (the old guard disarmed it: 0)
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        with pytest.raises(Hung), hang_guard(0.2):  # the caller's is due inside the block
            busy(10)
        deadline = time.monotonic() + 60
        while not fired and time.monotonic() < deadline:  # due at once after it
            time.sleep(0.01)
        assert fired
    finally:
        signal.signal(signal.SIGALRM, before)
        signal.setitimer(signal.ITIMER_REAL, *runner_timer)
