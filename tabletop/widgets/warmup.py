"""Pay a game's first-use costs in a background thread when its first widget is created.

Some work is slow only the first time in a process: lazy tables fill, modules import. Without
a warm-up the person's first click pays for it (1.7 s for Lacuna's first colour choice in a
fresh kernel, when Lacuna's geometry was compiled with numba). So the
first ``GameWidget`` of each game starts a daemon thread that walks the path a click takes on a
private copy of the state — a few plies through a ``Session`` (clicks, pictures, hints, log,
scores, each player's view) and, when a seat holds an MCTS agent, a tiny search — while the
person looks at the board.

The walk shares nothing with the widget: it starts from ``copy.copy(state)`` (a copy without
the derived-data cache), so it never writes to the states on show. A click made before the
walk is done shares the module imports and per-layout tables the walk has already made.
"""

from __future__ import annotations

import copy
import random
import threading
from collections.abc import Sequence
from typing import Any

from ..agents import MCTSAgent
from ..core.game import State
from ..core.threads import threads_start
from .session import Session

#: Whether new widgets warm their game up (benchmarks turn it off to measure the difference).
ENABLED = True
#: Plies the warm-up walks from the state on show.
PLIES = 4
#: Iterations of the warm-up's MCTS search (when a seat holds an MCTS agent).
ITERATIONS = 8

_threads: dict[str, threading.Thread] = {}
_lock = threading.Lock()


def warm_up(state: State, seats: Sequence[Any] = ()) -> threading.Thread | None:
    """Start warming ``state``'s game in a daemon thread, once per game name in a process;
    returns the thread (``None`` if this game was warmed already or is being warmed, or if
    no thread can start here — Pyodide — where the first click pays, as without warm-up)."""
    name = state.game.name
    with _lock:
        if not ENABLED or name in _threads or not threads_start():
            return None
        mcts = any(isinstance(agent, MCTSAgent) for agent in seats)
        thread = threading.Thread(target=_walk, args=(copy.copy(state), mcts), daemon=True,
                                  name=f"tabletop-warm-up-{name}")
        try:
            thread.start()
        except (RuntimeError, OSError):  # no thread now (too many?): the first click pays
            return None
        _threads[name] = thread
    return thread


def wait(timeout: float | None = None) -> bool:
    """Wait for every warm-up started so far; ``True`` if all are done."""
    with _lock:
        threads = list(_threads.values())
    for thread in threads:
        thread.join(timeout)
    return not any(t.is_alive() for t in threads)


def _walk(state: State, mcts: bool) -> None:
    rng = random.Random(0)
    try:
        session = Session(state)
        for _ in range(PLIES):
            _look(session)
            if session.state.is_terminal:
                break
            _click(session, rng.choice(session.state.legal_actions()))
        if mcts and not state.is_terminal:
            MCTSAgent(iterations=ITERATIONS, seed=0).act(state)
    except Exception:  # noqa: BLE001, S110 - a warm-up only saves time; the click path tells
        pass           # of any real fault when it meets it


def _look(session: Session) -> None:
    """What the widget asks of a position: for the full state and the player to move."""
    mover = session.state.current_player
    for viewer in dict.fromkeys([None, mover]):
        session.set_view(viewer)
        session.scene()
        session.hint()
        session.buttons()
        session.log()
        session.scoreboard()
        session.message_line()


def _click(session: Session, action: Any) -> None:
    """Play ``action`` by the clicks a person would make (its first click path), or directly
    if the clicks do not make it."""
    session.set_view(session.state.current_player)
    before = session.timeline.cursor
    inp = session.input
    for target in next(iter(inp.paths(action)), ()) if inp is not None else ():
        session.choose(target)
    if session.timeline.cursor == before:
        session.play(action)
