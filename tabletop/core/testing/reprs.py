"""Reprs a debugger can read: short for games and actions, growing slowly with the game for
states and views.

A state's repr is exact (it rebuilds the state), so it may grow with what the position keeps
(Lava Flows' repetition keys and announcements: about 50 characters a ply). What it must
not do is grow by a board's worth every ply, or nest earlier states: that is what pdb's
``p state``, ``logging.debug("%r", state)`` and pytest's reports print.
``check_repr_sizes(game, seeds)`` plays each seeded game as ``check_long_games`` extends it
and holds, at five plies along it, the repr of the state and of every player's view to at
most ``PER_PLY`` characters a ply more than at the start (with ``SLACK`` to spare), the
game's repr to ``GAME_REPR`` characters and each legal action's to ``ACTION_REPR``.

>>> import tabletop
>>> check_repr_sizes(tabletop.load("landlock"), seeds=[0])
"""

from __future__ import annotations

from collections.abc import Iterable

from ..game import Game
from .common import fail
from .longgames import extended_game

#: How many characters a state's or view's repr may grow by per ply of the game.
PER_PLY = 250
#: How many characters it may grow by beyond that (a field that fills once, say).
SLACK = 400
#: The longest repr of a game (its ``tabletop.load(...)`` call).
GAME_REPR = 1000
#: The longest repr of one action.
ACTION_REPR = 200


def check_repr_sizes(game: Game, seeds: Iterable[int]) -> None:
    """Hold the reprs of seeded games' states, views, actions and the game to their bounds."""
    if len(repr(game)) > GAME_REPR:
        fail(game.name, f"the game's repr is {len(repr(game)):,} characters "
             f"(at most {GAME_REPR:,})")
    for seed in seeds:
        states = extended_game(game, seed)
        last = len(states) - 1
        start = [states[0], *(states[0].view(p) for p in range(game.players))]
        for ply in sorted({0, last // 4, last // 2, 3 * last // 4, last}):
            state = states[ply]
            where = f"{game.name} seed {seed} ply {ply} (of {last})"
            now = [state, *(state.view(p) for p in range(game.players))]
            for before, after in zip(start, now, strict=True):
                _check_growth(before, after, ply, where)
            for action in state.legal_actions()[:5]:
                if len(repr(action)) > ACTION_REPR:
                    fail(where, f"the repr of action {str(action)!r} is "
                         f"{len(repr(action)):,} characters (at most {ACTION_REPR})")


def _check_growth(before: object, after: object, ply: int, where: str) -> None:
    grown = len(repr(after)) - len(repr(before))
    if grown > PER_PLY * ply + SLACK:
        fail(where, f"the {type(after).__name__}'s repr is {len(repr(after)):,} characters, "
             f"{grown:,} more than at the start (at most {PER_PLY} a ply and {SLACK} more): "
             "a repr that copies the board every ply, or nests earlier states, is too long "
             "to read in pdb, a log or a pytest report; keep the history out of the "
             "position's fields, or out of its repr where equality does not read it")
