"""What a game's classes declare (``variants``, tables, counts) is read-only, deep down.

A class attribute is shared by every game of the class (or every state, or view): a list or
dict there that a user can change (``game.variants[0].clear()``) changes every later
``load`` of the game, and what the conformance suite plays. ``check_class_data`` reads each
public data attribute of the game's class, and of its states' and views' classes, and fails,
naming the attribute and the path to the part, when something in it could be changed. It
looks without trying a change, since a change it made would stay on the class for the rest
of the process.

>>> import tabletop
>>> game = tabletop.load("lava-flows")
>>> check_class_data(game, game.new(seed=0))
"""

from __future__ import annotations

import inspect
import numbers
from collections.abc import Iterator, Mapping, MutableMapping, Sequence, Set
from typing import Any

import networkx as nx
import numpy as np

from ..game import Game, State
from ..readonly import ReadOnlyDict
from .common import fail

#: How far into nested containers the check looks.
DEPTH = 4


def check_class_data(game: Game, state: State | None = None) -> None:
    """Raise ``ConformanceError`` if a public data attribute of ``type(game)`` (or of the
    classes of ``state`` and its views) holds a part that a user could change (a list, dict,
    set, writeable array or unfrozen graph)."""
    owners: list[tuple[str, str, object]] = [("game", "game", game)]
    if state is not None:
        owners.append(("state", "state", state))
        owners += [(f"view({p})", "view", state.view(p)) for p in range(game.players)]
    for label, kind, owner in owners:
        for name, value in _class_data(owner):
            for path, part in _changeable(value, f"{label}.{name}", 0):
                fail(game.name, f"{path} is a {type(part).__name__} that every {game.name} "
                                f"{kind} shares: a change to it reaches every load (make it a "
                                "tuple, frozenset or MappingProxyType)")


def _class_data(owner: object) -> Iterator[tuple[str, Any]]:
    """The public attributes set on ``owner``'s class that are data, not behaviour."""
    for name in dir(type(owner)):
        if name.startswith("_"):
            continue
        static = inspect.getattr_static(type(owner), name)
        if (isinstance(static, property | classmethod | staticmethod | type)
                or callable(static) or hasattr(static, "__get__")):
            continue
        yield name, static


def _changeable(value: Any, path: str, depth: int) -> Iterator[tuple[str, Any]]:
    """Each part of ``value`` (with its path) that could be changed in place."""
    if value is None or isinstance(value, str | bytes | numbers.Number | type):
        return
    if isinstance(value, np.ndarray):
        if value.flags.writeable:
            yield path, value
    elif isinstance(value, nx.Graph):
        if not nx.is_frozen(value):
            yield path, value
    elif isinstance(value, Mapping):
        if isinstance(value, MutableMapping) and not isinstance(value, ReadOnlyDict):
            yield path, value
        elif depth < DEPTH:
            for key, item in list(value.items()):
                yield from _changeable(item, f"{path}[{key!r}]", depth + 1)
    elif isinstance(value, Sequence | Set):
        if not isinstance(value, tuple | frozenset | range):
            yield path, value
        elif depth < DEPTH:
            for i, item in enumerate(value):
                yield from _changeable(item, f"{path}[{i}]", depth + 1)


__all__ = ["check_class_data"]
