"""``check_numpy_scalars``: numpy's numbers are taken wherever the API takes a number.

A notebook's numbers often come from numpy — ``np.argmax`` picks a player, ``np.arange``
sweeps seeds, an RL library samples an action id — and a ``numpy.int64`` is no ``int``. So
the game is made again with its player count and options as numpy scalars, and seeded games
are started, viewed, logged, and played by id and by actions built with numpy scalars;
each answer must be the one the plain value gets, holding plain values (no ``np.int64`` in
a state, its history, its record or the game's options).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import fields, is_dataclass, replace
from typing import Any

import numpy as np

from ..game import Game
from .common import fail, random_states

#: Plies of each seeded game played side by side, plain and numpy-made.
MOST_PLIES = 40


def numpy_twin(value: Any) -> Any:
    """``value`` as a numpy scalar if it is a bool, int or float (a float32 where it holds
    the same number); else as it is."""
    if isinstance(value, bool):
        return np.bool_(value)
    if isinstance(value, int):
        return np.int64(value)
    if isinstance(value, float):
        small = np.float32(value)
        return small if float(small) == value else np.float64(value)
    return value


def check_numpy_scalars(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Raise ``ConformanceError`` if ``game`` refuses a numpy scalar where it takes the plain
    number, answers differently, or keeps the numpy scalar."""
    seeds = tuple(seeds)
    where = f"{game.name} made with numpy scalars"
    try:
        made = type(game)(numpy_twin(game.players),
                          **{key: numpy_twin(value) for key, value in game.options.items()})
    except Exception as error:  # noqa: BLE001 - any refusal is the finding
        fail(where, f"refused: {type(error).__name__}: {error}")
    if made != game or _typed(made.options) != _typed(game.options) \
            or type(made.players) is not int:
        fail(where, f"made {made!r} with options {_typed(made.options)}, not {game!r} "
                    f"with {_typed(game.options)}")
    for seed in seeds:
        _check_seeded(made, game, seed)
    for spot, state in random_states(game, seeds, every=7):
        _check_position(game, spot, state)


def _check_seeded(made: Game, game: Game, seed: int) -> None:
    """The game made with numpy scalars, started from a numpy seed, plays as the plain one
    from the plain seed (random moves, the same), holding and recording plain values."""
    where = f"{game.name} made with numpy scalars, seed np.int64({seed})"
    try:
        numpy_seed: Any = np.int64(seed)  # (numpy's: the point)
        state = made.new(seed=numpy_seed)
    except Exception as error:  # noqa: BLE001 - any refusal is the finding
        fail(where, f"game.new refused it: {type(error).__name__}: {error}")
    plain = game.new(seed=seed)
    rng = random.Random(seed)
    for ply in range(MOST_PLIES):
        found = _numpy_scalar_in(state)
        if state != plain or type(state.seed) is not int or found:
            fail(f"{where} ply {ply}", f"{state!r} (seed {state.seed!r}{found}) differs from "
                                       f"{plain!r}")
        if plain.is_terminal:
            break
        i = rng.randrange(len(plain.legal_actions()))
        state, plain = state.apply(state.legal_actions()[i]), plain.apply(plain.legal_actions()[i])
    record = json.dumps(state.to_record(), sort_keys=True)
    if record != json.dumps(plain.to_record(), sort_keys=True):
        fail(where, f"its record differs: {record[:200]}")


def _shown(value: object) -> str:
    """``repr(value)`` with each numpy scalar shown as numpy 2 shows it, ``np.int64(8)``,
    where numpy 1 (which the floor allows) would show ``8``, a plain number's look.

    >>> _shown((np.int64(8), 2))
    '(np.int64(8), 2)'
    """
    if isinstance(value, np.generic):
        return f"np.{type(value).__name__}({value.item()!r})"
    if isinstance(value, tuple | list):
        inner = ", ".join(map(_shown, value)) + ("," if len(value) == 1 and
                                                  isinstance(value, tuple) else "")
        return f"({inner})" if isinstance(value, tuple) else f"[{inner}]"
    return repr(value)


def _numpy_scalar_in(state: Any) -> str:
    """``", holding <field>=<value>"`` for the first public field of ``state`` with a numpy
    scalar in it (inside tuples, lists, sets and dicts too); ``""`` if none."""
    for f in fields(state):
        todo = [getattr(state, f.name)]
        while todo and not f.name.startswith("_"):
            value = todo.pop()
            if isinstance(value, np.generic):
                return f", holding {f.name}={_shown(getattr(state, f.name))}"
            if isinstance(value, tuple | list | set | frozenset):
                todo.extend(value)
            elif isinstance(value, dict):
                todo.extend(value.items())
    return ""


def _check_position(game: Game, where: str, state: Any) -> None:
    """A numpy player views and reads the log as a plain one; a numpy id plays as plain."""
    for player in range(game.players):
        twin = np.int64(player)
        try:
            view, log = state.view(twin), state.log(twin)
        except Exception as error:  # noqa: BLE001 - any refusal is the finding
            fail(where, f"view/log of player np.int64({player}) refused: "
                        f"{type(error).__name__}: {error}")
        if view != state.view(player) or type(view.player) is not int \
                or log != state.log(player):
            fail(where, f"view/log of player np.int64({player}) differ from player {player}'s")
    ids = state.legal_action_ids()
    if ids:
        first = ids[0]
        try:
            action = state.action_from_id(np.int64(first))
        except Exception as error:  # noqa: BLE001 - any refusal is the finding
            fail(where, f"action_from_id(np.int64({first})) refused: "
                        f"{type(error).__name__}: {error}")
        if action != state.action_from_id(first):
            fail(where, f"action_from_id(np.int64({first})) gave {action!r}")
    legal = state.legal_actions()
    if legal and is_dataclass(legal[0]):
        action = legal[len(legal) // 2]
        twin = replace(action, **{f.name: numpy_twin(getattr(action, f.name))
                                  for f in fields(action)})
        try:
            after = state.apply(twin)
        except Exception as error:  # noqa: BLE001 - any refusal is the finding
            fail(where, f"{twin!r}, a legal action built with numpy scalars, was refused: "
                        f"{type(error).__name__}: {error}")
        found = _numpy_scalar_in(after) or _numpy_scalar_in(after.history[-1])
        if after != state.apply(action) or found:
            fail(where, f"{twin!r}, a legal action built with numpy scalars, led to "
                        f"{after!r}{found}")


def _typed(options: Any) -> dict[str, tuple[str, Any]]:
    """Options with each value's type name, so that ``3`` and ``np.int64(3)`` differ."""
    return {key: (type(value).__name__, value) for key, value in options.items()}
