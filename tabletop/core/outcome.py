"""The result of a finished game in words, as every front end prints it (the widget's turn
line, the terminal's last line): the winners, how the game ended where the rules end in more
than one way, and the scores.

>>> import tabletop
>>> from tabletop.core.testing import playout
>>> end = playout(tabletop.load("lascaux", players=3).new(seed=1), 1)
>>> outcome(end, end.game.player_name)
'Georges wins (all cards taken; scores 14–6–16)'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import State


def number_text(value: float) -> str:
    """A score as a person writes it: ``3`` for 3.0, else the shortest float.

    >>> number_text(3.0), number_text(2.5), number_text(-1)
    ('3', '2.5', '-1')
    """
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def result_text(winners: Sequence[str], scores: Sequence[float], how: str = "") -> str:
    """The result line: the winners, how the game ended (``how``, where the rules end in
    more than one way) and the scores (a negative score listed apart, so no dash reads as
    its minus). Scores beside a draw that differ are called scores, so that they do not
    read as a win.

    >>> result_text(["Gold"], (3, 2)), result_text([], (0, 0))
    ('Gold wins (3–2)', 'a draw (0–0)')
    >>> result_text([], (2, 0), "repetition"), result_text([], (2, 0))
    ('a draw (repetition; scores 2–0)', 'a draw (scores 2–0)')
    >>> result_text(["White"], (3, 1), "three Cinder Cones")
    'White wins (three Cinder Cones; scores 3–1)'
    >>> result_text(["Ann", "Bo", "Di"], (1, 1, -3, 1))
    'Ann, Bo and Di win (1, 1, −3, 1)'
    """
    signed = any(s < 0 for s in scores)
    shown = (", " if signed else "–").join(number_text(s).replace("-", "−") for s in scores)
    if how or (not winners and len(set(scores)) > 1):
        shown = f"scores {shown}"
    if how:
        shown = f"{how}; {shown}"
    if not winners:
        return f"a draw ({shown})"
    if len(winners) == 1:
        return f"{winners[0]} wins ({shown})"
    return f"{', '.join(winners[:-1])} and {winners[-1]} win ({shown})"


def outcome(state: State, name: Callable[[int], str]) -> str:
    """``result_text`` of a finished ``state``, its players called ``name(player)``; a
    ``ValueError`` for anything else (a game going on has no result yet, and a view has no
    winners: its players may not know them).

    >>> import tabletop
    >>> outcome(tabletop.load("lascaux", players=3).new(seed=1), str)
    Traceback (most recent call last):
    ...
    ValueError: the game is not over: it has no result yet (ply 0)
    """
    if not hasattr(state, "winners"):
        raise ValueError(f"outcome takes a finished state, not a {type(state).__name__}")
    if not state.is_terminal:
        raise ValueError(f"the game is not over: it has no result yet (ply "
                         f"{len(state.history)})")
    return result_text([name(p) for p in state.winners], state.scores, state._ending())
