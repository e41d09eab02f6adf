"""Pictures of a hand-built ``last``: the drawing option that names an action.

``state.svg(last=...)`` marks the last action on the board. A notebook may pass any action
object of the game there, built by hand: one whose fields are of the wrong type, or that
name a cell, flower or colour the subject lacks. The picture must still come out (the mark
left off), or the call be refused with a ``TypeError`` or ``ValueError`` naming what is
wrong; never an ``IndexError`` or ``KeyError`` from the renderer's tables.

The check draws, at seeded positions, the state and each player's view with ``last`` set to
every malformed variant (``malformed.malformed_variants``) of every kind of action met.

>>> import tabletop
>>> check_drawn_last(tabletop.load("lascaux", players=3), seeds=[0])
"""

from __future__ import annotations

from collections.abc import Iterable

from ..game import Action, Game, State, View
from ..quoting import brief
from .common import fail, random_states
from .malformed import malformed_variants

#: How many positions of each seed are drawn (the first, then every ``every``-th).
POSITIONS = 4


def check_drawn_last(game: Game, seeds: Iterable[int] = range(2), every: int = 9) -> None:
    """Every subject draws, or refuses with ``TypeError``/``ValueError``, any ``last``:
    at every ``every``-th position and each end (``POSITIONS`` a seed at most), with the
    variants of each kind of action met so far."""
    samples: dict[type, Action] = {}
    drawn: dict[str, int] = {}
    for where, state in random_states(game, seeds):
        for action in state.legal_actions():
            samples.setdefault(type(action), action)
        seed, ply = where.rsplit(" ply ", 1)
        if int(ply) % every and not state.is_terminal or drawn.get(seed, 0) >= POSITIONS:
            continue
        drawn[seed] = drawn.get(seed, 0) + 1
        bad = [variant for sample in samples.values()
               for variant, _ in malformed_variants(sample)]
        subjects: tuple[State | View, ...] = (state, *map(state.view, range(game.players)))
        for subject in subjects:
            for last in bad:
                _drawn(game, subject, last, where)


def _drawn(game: Game, subject: State | View, last: Action, where: str) -> None:
    try:
        game.draw(subject, last=last)
    except (TypeError, ValueError):
        pass
    except Exception as error:  # noqa: BLE001 - any other exception is the breach
        whose = f"view of player {subject.player}" if isinstance(subject, View) else "state"
        fail(where, f"drawing the {whose} with last={brief(last)} raised "
                    f"{type(error).__name__}: {brief(str(error))} (draw it unmarked, or "
                    "refuse it with a TypeError or ValueError)")
