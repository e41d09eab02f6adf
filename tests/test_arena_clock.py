"""``move_time`` covers every call into an agent — building it and each move — and the
game ends whatever the agent does: one that ignores the interruption (a bare ``except:``)
is left running in its own thread, and its game is lost by timeout."""

from __future__ import annotations

import threading

import pytest

import tabletop
from tabletop.arena import arena, clock, play_game

RELEASE = threading.Event()  # set at the end of each test: the stubborn bots then stop


@pytest.fixture(autouse=True)
def release():
    RELEASE.clear()
    yield
    RELEASE.set()


class Stubborn:
    """A bot that thinks until something good turns up, swallowing everything."""

    name = "stubborn"

    def __init__(self, seed=None):
        pass

    def act(self, view):
        while not RELEASE.is_set():
            try:
                RELEASE.wait(0.001)
            except:  # noqa: E722 — a student's bare except: swallows MoveTimeout too
                pass
        return view.legal_actions()[0]


class SlowStart:
    """A bot whose constructor never returns (unless interrupted) after the first."""

    name = "slow-start"
    built = 0

    def __init__(self, seed=None):
        SlowStart.built += 1
        while SlowStart.built > 1 and not RELEASE.is_set():
            pass

    def act(self, view):
        return view.legal_actions()[0]


class Stuck:
    """A bot whose constructor never returns (unless interrupted)."""

    name = "stuck"

    def __init__(self, seed=None):
        while not RELEASE.is_set():
            pass

    def act(self, view):
        return view.legal_actions()[0]


def finishes(call, seconds=60.0):
    """``call()``'s result, from a daemon thread, or a failure if it has not returned after
    ``seconds`` (a safety net, not a measurement: it hangs without the fix)."""
    out = {}

    def run():
        try:
            out["value"] = call()
        except Exception as err:
            out["error"] = err

    runner = threading.Thread(target=run, daemon=True)
    runner.start()
    runner.join(seconds)
    assert not runner.is_alive(), "the tournament did not end"
    if "error" in out:
        raise out["error"]
    return out["value"]


def test_a_bot_that_swallows_the_interruption_loses_and_the_tournament_ends(monkeypatch):
    monkeypatch.setattr(clock, "GRACE", 0.2)  # (a shorter wait for what will not stop)
    result = finishes(lambda: arena("lava-flows", [Stubborn, "random"], games=2,
                                    progress=False, move_time=0.2))
    errors = [g.error for g in result.games]
    assert [e["kind"] for e in errors] == ["timeout", "timeout"]
    assert all("did not stop when interrupted: its thread was left running" in e["message"]
               for e in errors)
    assert [g.winner for g in result.games] == ["random", "random"]
    RELEASE.set()  # the abandoned bots return at last: their threads end, none is left idle
    for thread in threading.enumerate():
        if thread.name == "tabletop-agent":
            thread.join(30)
            assert not thread.is_alive()


def test_a_bot_that_stops_when_interrupted_says_only_that_it_took_too_long():
    class Spinner(Stubborn):
        def act(self, view):
            while not RELEASE.is_set():
                pass

    result = finishes(lambda: arena("lava-flows", [Spinner, "random"], games=1,
                                    progress=False, move_time=0.2))
    assert result.games[0].error["message"] == "took longer than 0.2 s to move"


def test_building_an_agent_is_under_the_move_time():
    game = tabletop.load("lava-flows")
    SlowStart.built = 1  # the next one built is slow
    result = finishes(lambda: play_game(game, [SlowStart, "random"], ["slow", "random"], 0,
                                        seed=0, move_time=0.2))
    assert result.error["kind"] == "timeout" and result.length == 0
    assert result.error["message"] == "took longer than 0.2 s to be built"
    assert result.winner == "random"


def test_an_agent_too_slow_to_build_is_refused_before_any_game():
    with pytest.raises(ValueError, match=r"agent 'stuck' took longer than move_time=0.2 s "
                                         r"to be built"):
        finishes(lambda: arena("lava-flows", [Stuck, "random"], games=1, progress=False,
                               move_time=0.2))


def test_without_a_move_time_a_move_is_played_in_the_calling_thread():
    seen = []

    class Where(Stubborn):
        def act(self, view):
            seen.append(threading.get_ident())
            return view.legal_actions()[0]

    arena("lava-flows", [Where, "random"], games=1, progress=False)
    assert set(seen) == {threading.get_ident()}
