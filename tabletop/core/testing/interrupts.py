"""``check_interrupts``: a call interrupted anywhere leaves no half-filled memo behind.

A notebook's Interrupt raises ``KeyboardInterrupt`` wherever the kernel happens to be: in
the middle of a search, of a fresh layout's first legal list, of a memo being filled. The
user then carries on with the same objects. A memo (a state's cache, a game's or a layout's
table, a per-process memo) that stores an entry before it is complete, or fills two tables
one after the other, then answers wrongly for the rest of the session.

Here a short seeded game — each state, its legal actions, each player's view and its legal
actions, the scores, and a rollout from a determinization — is played by a fresh copy of the
game with every memo bounded at one entry (``core.memos.small_memos``: the memos fill again
all along), interrupted as one function after another first calls another (under way, as a
memo being filled is), and then played again by the same game, which must give what an
uninterrupted game gives (``check_small_memos`` holds those to the usual answers).

>>> import tabletop
>>> check_interrupts(tabletop.load("lascaux", players=3), seeds=[1])
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterable
from functools import partial
from types import CodeType, FrameType
from typing import Any

from ..collector import collector_paused
from ..game import Game
from ..memos import small_memos
from .common import fail

#: Plies of each seeded game played (the first ones: where memos are filled first).
PLIES = 16
#: At most this many interruptions per seed (each function's first call out, spread).
POINTS = 160


class _Interrupt(KeyboardInterrupt):
    """The interruption the check raises (a ``KeyboardInterrupt``, as a notebook's is)."""


def check_interrupts(game: Game, seeds: Iterable[int] = range(1)) -> None:
    """Play each seed's short game interrupted at ``POINTS`` places, then again with the
    same game; raise ``ConformanceError`` where the second play differs from an
    uninterrupted one, or raises."""
    for seed in seeds:
        where = f"{game.name} seed {seed}"
        with small_memos(1):  # each play then starts from memos in the same state
            usual = answers(_fresh(game), seed)
            counted = _fresh(game)  # (made outside the counting, as each ``again`` is)
            firsts = _first_calls(partial(answers, counted, seed))
            for at in _spread(firsts, POINTS):
                again = _fresh(game)
                _interrupted(partial(answers, again, seed), at)
                try:
                    found = answers(again, seed)
                except Exception as error:  # noqa: BLE001 - any failure is the finding
                    fail(where, f"interrupted at call {at}, the same game then raised "
                                f"{type(error).__name__}: {error}")
                for k, (a, b) in enumerate(zip(usual, found, strict=False)):
                    if a != b:
                        fail(f"{where} answer {k}",
                             f"interrupted (KeyboardInterrupt) at call {at}, the same game then "
                             f"answers {b!r:.200}, not {a!r:.200}: a memo kept an entry before "
                             f"it was complete (store each entry whole, once worked out)")
                if len(found) != len(usual):
                    fail(where, f"interrupted at call {at}, the same game then gave "
                                f"{len(found)} answers, not {len(usual)}")


def answers(game: Game, seed: int) -> list[str]:
    """The first ``PLIES`` plies of a seeded random game, as text: each state and its legal
    actions, each player's view and its legal actions, the scores, a rollout's end."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    out = []
    for _ in range(PLIES):
        legal = state.legal_actions()
        out.append(f"{state} | {' '.join(map(str, legal))} | {state.scores}")
        for p in range(game.players):
            view = state.view(p)
            out.append(f"{view} | {' '.join(map(str, view.legal_actions()))}")
        if state.current_player is None:
            break
        rollout = state.view(state.current_player).determinize(rng)
        for _ in range(PLIES):
            if rollout.current_player is None:
                break
            rollout = rollout._apply(rollout._pick(rng.random()))
        out.append(f"rollout {rollout} {rollout.scores}")
        state = state.apply(legal[rng.randrange(len(legal))])
    return out


def _fresh(game: Game) -> Game:
    """A new game equal to ``game``: its own per-game memos, none filled yet."""
    make, args = game.__reduce__()[:2]
    fresh: Game = make(*args)
    return fresh


def _first_calls(call: Callable[[], Any]) -> list[int]:
    """The Python call counts at which each function ``call()`` runs first calls another:
    where it is under way, part of its work done (a memo half-filled, if it fills one so)."""
    count, seen, firsts = 0, set[CodeType](), []

    def tracer(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal count
        count += 1
        caller = frame.f_back
        if caller is not None and caller.f_code not in seen:
            seen.add(caller.f_code)
            firsts.append(count)

    with collector_paused():  # a collector's callback (hypothesis adds one) is no call of it
        sys.settrace(tracer)
        try:
            call()
        finally:
            sys.settrace(None)
    return firsts


def _spread(points: list[int], most: int) -> list[int]:
    """At most ``most`` of ``points``, evenly spread, the first always among them."""
    if len(points) <= most:
        return points
    return [points[k * len(points) // most] for k in range(most)]


def _interrupted(call: Callable[[], Any], at: int) -> None:
    """``call()``, with a ``KeyboardInterrupt`` raised as its ``at``-th Python call starts
    (caught here; anything else the call raises comes out)."""
    count = 0

    def tracer(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal count
        count += 1
        if count == at:
            sys.settrace(None)
            raise _Interrupt

    def unraisable(report: Any) -> None:  # the interrupt landed in a finaliser (a generator
        if not isinstance(report.exc_value, _Interrupt):  # closed): Python drops it there,
            earlier(report)  # as it would a real Ctrl-C; anything else is reported as usual

    earlier = sys.unraisablehook
    with collector_paused():  # counted as ``_first_calls`` counts, and never swallowed by
        sys.unraisablehook = unraisable  # a collector's callback (there only printed)
        sys.settrace(tracer)
        try:
            call()
        except _Interrupt:
            pass
        finally:
            sys.settrace(None)
            sys.unraisablehook = earlier


__all__ = ["answers", "check_interrupts"]
