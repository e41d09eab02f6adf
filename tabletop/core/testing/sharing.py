"""``check_sharing``: ``apply`` shares what didn't change (DESIGN.md, "States are values").

A state's fields are immutable, so the state an action makes can hold the very objects of
the old state's fields the action left alone: a search that keeps thousands of states in
memory then pays only for what each move changed. A rule that rebuilds such a field — a
pass whose empty pot still copies every player's stones, a bubble that turns a stack into
itself and copies the whole board — keeps an equal copy per state instead.

At every ply of seeded random games, up to ``SAMPLE`` legal actions are applied, and every
field of the new state that equals the old state's must be the same object. Numbers,
strings, ``None`` and ``bytes`` are left out (Python itself decides whether equal ones are
one object), and so are fields whose names start with ``_`` (a game's own caches).

>>> import tabletop
>>> check_sharing(tabletop.load("lascaux", players=3), seeds=[0])
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable

from ..game import Game, State
from .common import fail, random_states

#: Legal actions applied at each ply (all of them where there are fewer).
SAMPLE = 12

#: Values Python may or may not make one object when they are equal: not checked.
_ATOMS = (int, float, complex, str, bytes, type(None))


def check_sharing(game: Game, seeds: Iterable[int] = range(2), setup: str = "decide") -> None:
    """Every field an action leaves equal is the old state's own object; else raise
    ``ConformanceError`` naming the action and the field."""
    for where, state in random_states(game, seeds, setup=setup):
        if state.is_terminal:
            continue
        legal = state.legal_actions()
        rng = random.Random(where)
        for action in rng.sample(list(legal), min(SAMPLE, len(legal))):
            _check_child(state, state.apply(action), f"{where}, after {str(action)!r}")


def _check_child(state: State, child: State, where: str) -> None:
    """Fail if ``child`` holds a copy of a field of ``state`` equal to the original."""
    for field in dataclasses.fields(state):
        name = field.name
        if name.startswith("_") or not field.compare:
            continue
        old, new = getattr(state, name), getattr(child, name)
        if old is new or isinstance(old, _ATOMS) or old != new:
            continue
        fail(where, f"the new state's {name!r} equals the old state's ({old!r:.80}) but is "
                    f"a copy of it: apply should share what an action leaves unchanged "
                    f"(keep the old field's object where nothing in it changed)")
