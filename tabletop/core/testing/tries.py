"""What a player learns from their own tries: a surface for ``check_secrecy``.

A player to move may try any action (a click, typed notation, an id through an adapter) and
read the answer: legal or not, and the refusal's words (``IllegalAction``'s message and its
``reason``). Those answers come from the full state, so a reason that names a hidden part
("not legal here: the piece under d4 is black") tells it to whoever tries. Two states the
player cannot tell apart must answer every try alike. The tries are a fixed sample of the
game's integer actions (the same in both states), each as an action, as its notation and as
its id.

>>> import tabletop
>>> state = tabletop.load("lascaux", players=3).new(seed=1)
>>> len(tries(state, state.current_player)) > 0, tries(state, 1 - state.current_player)
(True, None)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..errors import IllegalAction
from ..game import Action, Game, State
from ..ids import action_space

#: How many of a game's integer actions are tried in each position.
TRIED = 40

#: An answer: ``"legal"``, or the refusal's message and reason.
Answer = tuple[str, ...]


def candidates(game: Game) -> tuple[tuple[int, Action | None], ...]:
    """A fixed sample of ``(id, action the id always names or None)`` for ``game``."""
    size = game.num_distinct_actions
    ids = sorted(random.Random(f"tries/{game.name}").sample(range(size), min(size, TRIED)))
    space = action_space(game)
    return tuple((i, space.action_at(i)) for i in ids)


def tries(state: State, viewer: int | str) -> tuple[Answer, ...] | None:
    """What ``viewer``, to move in ``state``, reads from trying each candidate (``None``
    when it is not their turn: they can try nothing)."""
    if state.current_player != viewer:
        return None
    game = state.game
    answers: list[Answer] = []
    for i, action in candidates(game):
        answers.append(_answer(state.action_from_id, i))
        if action is None:
            continue
        answers.append(_answer(state.apply, action, state.is_legal(action)))
        answers.append(_answer(lambda text: game.parse_action(state, text), str(action)))
        answers.append(_answer(state.action_id, action))
    return tuple(answers)


def _answer(attempt: Callable[[Any], object], tried: Any, legal: bool = False) -> Answer:
    """``("legal",)`` (without trying, when ``legal``), or what ``attempt(tried)`` answers:
    what it found, or what its refusal says."""
    if legal:
        return ("legal",)
    try:
        found = attempt(tried)
    except IllegalAction as err:
        return ("refused", str(err), str(err.reason))
    return ("legal", str(found))
