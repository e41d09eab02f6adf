"""``check_guest``: a game is a guest in someone else's process.

tabletop runs inside a user's notebook or service, beside their own libraries. Playing a
game must leave that process as it found it: numpy's print options and error handling,
Python's and numpy's global random generators, the warning filters, the logging tree, the
recursion limit, the exception hooks, signal handlers, the environment, the locale,
``sys.path``, the standard streams (nothing printed), the ``atexit`` handlers, the cycle
collector's settings, the threads running, the modules imported (``process.py`` records
them all). ``check_guest`` walks one game's whole public surface between two records.

>>> import tabletop
>>> check_guest(tabletop.load("landlock"), seeds=[0])
"""

from __future__ import annotations

import contextlib
import io
import random
from collections.abc import Iterable

import numpy as np

from ..errors import TabletopError
from ..game import Game, State
from .common import fail, random_states
from .entry import suite_game, suite_seeds
from .process import process_state, settled, short, state_changes


def _tour(game: Game, seeds: tuple[int, ...]) -> None:
    """Everything a user does with one game: deal, play, print, draw, save and replay,
    refuse a bad move, look through each player's eyes, search, explore."""
    from ...agents import MCTSAgent  # (the agents build on the core: imported when used)
    from ..record import replay
    from ..tree import explore

    game.new()  # a seed drawn from the operating system
    for setup in ("decide", "random"):
        last: State | None = None
        for _, state in random_states(game, seeds, every=5, setup=setup):
            last = state
            str(state), repr(state), state.svg(), state.legal_mask()
            with contextlib.suppress(TabletopError):
                state.apply("no such move")
            for player in range(game.players):
                view = state.view(player)
                str(view), view.svg(), view.observation(), view.information_state()
                view.determinize(random.Random(player))
            if state.is_terminal:
                replay(state.to_record())
        if last is not None and not last.is_terminal:
            mover = last.current_player
            if mover is not None:
                MCTSAgent(iterations=8, seed=seeds[0]).act(last.view(mover))
                MCTSAgent(iterations=8).act(last.view(mover))
    explore(game.new(seed=seeds[0], setup="random"), depth=1, max_nodes=200)


def check_guest(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Play ``game`` through its public surface and check it left the process as it found
    it (``process_state``), printed nothing and imported none of the ``OPTIONAL``
    packages; ``ConformanceError`` naming every change otherwise. The global generators it
    seeds for the tour are put back as they were."""
    game = suite_game(game, "check_guest")
    seeds = suite_seeds(seeds, "check_guest")
    users = random.getstate(), np.random.get_state()  # (put back afterwards)
    random.seed(12345)  # (a user's own stream: the tour must leave it where it was)
    np.random.seed(12345)
    printed, errors = io.StringIO(), io.StringIO()
    try:
        before = process_state()
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(errors):
            _tour(game, seeds)
        changes = state_changes(before, settled(before, process_state))
    finally:
        random.setstate(users[0])
        np.random.set_state(users[1])
    for name, stream in (("stdout", printed), ("stderr", errors)):
        if stream.getvalue():
            changes.append(f"wrote to {name}: {short(stream.getvalue())}")
    if changes:
        fail(f"{game.name} seeds {list(seeds)}", "played, drawn, saved and searched, it left "
             "the process changed: " + "; ".join(changes))
