"""Where a game started: the seed of ``new()``, or the call of ``position(...)`` (a puzzle).

A state built by a game's ``position(...)`` builder remembers the builder's arguments as
JSON data (``Composed``), and every state played on from it carries them, as a state from
``new()`` carries its seed. So a composed game has a record (``"seed": null`` and its
``"position"``), replays, and opens in a widget from its composed start, not from ``new()``.

>>> import tabletop
>>> puzzle = tabletop.load("lava-flows").position({"c3": "W w", "b2": "B"}, to_move=1)
>>> puzzle.composed
{'cells': {'c3': 'W w', 'b2': 'B'}, 'to_move': 1}
>>> later = puzzle.apply(puzzle.legal_actions()[0])
>>> start_of(later) == puzzle, later.seed is None
(True, True)
"""

from __future__ import annotations

import inspect
from copy import deepcopy
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import InvalidRecord

if TYPE_CHECKING:
    from .game import State


@dataclass(frozen=True, slots=True)
class Composed:
    """The arguments a ``position(...)`` call was given, by name, as JSON data; or, when one
    of them is no JSON data (a ``Fraction``, a set), ``problem`` says which."""

    arguments: dict[str, Any]
    problem: str = ""


def composed_from(call: str, bound: inspect.BoundArguments) -> Composed:
    """A builder's ``bound`` arguments (the game's, first, left out) by name, as JSON data:
    a copy that the caller's later changes to a list or dict they passed do not reach."""
    from .record import checked_json  # (record reads games; builders load with the game)

    given: dict[str, Any] = {}
    for name, value in list(bound.arguments.items())[1:]:
        kind = bound.signature.parameters[name].kind
        if kind is inspect.Parameter.VAR_KEYWORD:
            given.update(value)
        elif kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.POSITIONAL_ONLY):
            return Composed({}, f"{call} takes {name} by position only, and a record keeps "
                                f"the arguments by name")
        else:
            given[name] = value
    kept = {}
    for name, value in given.items():
        try:
            kept[name] = checked_json(value, f"position({name}=...)")
        except InvalidRecord as refused:
            return Composed({}, f"{refused}; give it as numbers, text, lists and dicts")
    return Composed(kept)


def arguments_of(state: State, strict: bool = False) -> dict[str, Any] | None:
    """A copy of the ``position(...)`` arguments ``state``'s game started from, or ``None``
    for a game started by ``new()`` or drawn by ``determinize``, or (unless ``strict``: then
    ``InvalidRecord`` saying why) one whose arguments are no JSON data."""
    origin = state._origin
    if not isinstance(origin, Composed) or origin.problem and not strict:
        return None
    if origin.problem:
        raise InvalidRecord(f"this game started from a position(...) call that a record "
                            f"cannot hold: {origin.problem}")
    return deepcopy(origin.arguments)


def start_of(state: State) -> State | None:
    """The first state of ``state``'s game: ``new(seed, start=...)`` again (the start data
    its record keeps, never a fresh sample), or the same ``position(...)`` call again; ``None``
    for a state drawn by ``determinize`` (it has no start of its own)."""
    game = state.game
    if state.seed is not None:
        return game.new(seed=state.seed, start=state._start_data())
    origin = state._origin
    if isinstance(origin, Composed) and not origin.problem:
        built: State = getattr(game, "position")(**deepcopy(origin.arguments))  # noqa: B009
        return built
    return None


__all__ = ["Composed", "arguments_of", "composed_from", "start_of"]
