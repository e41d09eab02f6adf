"""``check_values``: states and views are values — made with checked fields, shared by threads.

Two ways a state stops being a value that the other checks do not try:

* **fields given by hand**: ``dataclasses.replace(state, pot=None)`` (or the constructor)
  with a field a position cannot hold must be refused at once with a ``TypeError`` or
  ``ValueError`` naming the field, never accepted and met later as an ``IndexError`` from
  the game's insides (``core.derived`` checks every field against its annotation, and a
  view's ``player``). ``check_replaced_fields`` gives each field of seeded states and views
  an object of no type a position holds, and each view a player the game does not have.
* **threads**: a notebook reads states while a bot searches in a worker thread (the game
  widget), and the arena leaves a timed-out bot's thread running; both use the game's
  per-process memos at once. A memo that stores an entry and reads it back, or empties
  itself while another thread is between the two, then raises or answers wrongly.
  ``check_threads`` plays the seeded games and rollouts of ``check_small_memos`` in several
  threads at once, every memo bounded at one entry and the interpreter switching threads
  often, and each thread must give what one thread alone gives.

>>> import tabletop
>>> check_values(tabletop.load("lascaux", players=3), seeds=[0])
"""

from __future__ import annotations

import dataclasses
import sys
import threading
from collections.abc import Iterable
from typing import Any

from ..game import Game, State, View
from ..memos import small_memos
from ..threads import skipped_without_threads
from .common import fail, random_playout
from .memos import played_answers

#: Threads playing at once, and how often the interpreter switches between them (s).
THREADS = 3
SWITCH = 1e-5
#: Positions of each seeded game whose fields are replaced (spread over the game).
SAMPLES = 4


class _Junk:
    """A field value no position holds."""

    def __repr__(self) -> str:
        return "<junk>"


def check_values(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """``check_replaced_fields`` and ``check_threads``; raise ``ConformanceError`` on the
    first breach."""
    seeds = tuple(seeds)
    check_replaced_fields(game, seeds)
    check_threads(game, seeds)


def check_replaced_fields(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Every field of seeded states and views replaced by junk, and every view given a
    player the game lacks, must be refused at once with ``TypeError`` or ``ValueError``."""
    for seed in seeds:
        states = list(random_playout(game, seed))
        step = max(1, len(states) // SAMPLES)
        for ply in range(0, len(states), step):
            state = states[ply]
            where = f"{game.name} seed {seed} ply {ply}"
            subjects: list[State | View] = [state]
            subjects += [state.view(p) for p in range(game.players)]
            for subject in subjects:
                for f in dataclasses.fields(subject):
                    if f.init:
                        _refused(where, subject, f.name, _Junk())
                if isinstance(subject, View):
                    for player in (-1, game.players, True):
                        _refused(where, subject, "player", player)


def _refused(where: str, subject: State | View, name: str, junk: Any) -> None:
    label = f"{type(subject).__name__} (player {subject.player})" \
        if isinstance(subject, View) else type(subject).__name__
    try:
        made = dataclasses.replace(subject, **{name: junk})
    except (TypeError, ValueError):
        return
    except Exception as error:  # noqa: BLE001 - any other exception is the finding
        fail(where, f"dataclasses.replace({label}, {name}={junk!r}) raised "
                    f"{type(error).__name__}: {error}, not a TypeError or ValueError naming "
                    f"the field")
    del made
    fail(where, f"dataclasses.replace({label}, {name}={junk!r}) was accepted: a position "
                f"holding it fails later, inside the game; refuse it at once, naming the "
                f"field (annotate the field with the plain type it holds, and keep "
                f"core.derived's __post_init__)")


def check_threads(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """The answers of ``check_small_memos`` (seeded games and rollouts), played in
    ``THREADS`` threads at once with every memo bounded at one entry, must be those of one
    thread alone; no thread may raise."""
    seeds = tuple(seeds)
    if skipped_without_threads("check_threads", "threads"):
        return
    with small_memos(1):
        alone = {seed: played_answers(game, seed) for seed in seeds}
        found: dict[tuple[int, int], list[str]] = {}
        errors: list[tuple[int, BaseException]] = []

        def play(k: int) -> None:
            order = seeds[k % len(seeds):] + seeds[:k % len(seeds)]
            for seed in order:
                try:
                    found[k, seed] = played_answers(game, seed)
                except Exception as error:  # noqa: BLE001 - reported by the main thread
                    errors.append((seed, error))
                    return

        switch = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH)
        try:
            threads = [threading.Thread(target=play, args=(k,)) for k in range(THREADS)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        finally:
            sys.setswitchinterval(switch)
    for seed, error in errors:
        fail(f"{game.name} seed {seed}", f"played in {THREADS} threads at once (memos shared, "
                                         f"bounded at one entry), play raised "
                                         f"{type(error).__name__}: {error}: a memo is read "
                                         f"back after another thread may have emptied it")
    for (_, seed), answers in sorted(found.items()):
        for k, (a, b) in enumerate(zip(alone[seed], answers, strict=False)):
            if a != b:
                fail(f"{game.name} seed {seed} answer {k}",
                     f"played in {THREADS} threads at once the answer is {b!r:.200}, not "
                     f"{a!r:.200}: threads share a memo that is not safe to share")


__all__ = ["check_replaced_fields", "check_threads", "check_values"]
